import SceneReview

/// `scenec build --baseline DIR` and the options that go with it (declared and read in
/// Options/BaselineOptions.swift; BaselineReview does the work).
struct ReviewOptions {
    var baseline: String
    var threshold: ReviewThreshold
    var reportDirectory: String
    /// The report's folder relative to the build folder when it goes there (the default,
    /// `.scenec-review`): written beneath the opened folder. nil for `--review-report DIR`.
    var reportInsideOutput: String?
    var failOnChange: Bool
}
