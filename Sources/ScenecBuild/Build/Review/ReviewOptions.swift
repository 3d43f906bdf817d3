import SceneReview

/// `scenec build --baseline DIR` and what goes with it: the build reviewed against another
/// folder once done (BaselineReview does the work).
package struct ReviewOptions: Sendable {
    package var baseline: String
    package var threshold: ReviewThreshold
    package var reportDirectory: String
    /// The report's folder relative to the build folder when it goes there (the default,
    /// `.scenec-review`): written beneath the opened folder. nil for `--review-report DIR`.
    package var reportInsideOutput: String?
    package var failOnChange: Bool

    package init(baseline: String, threshold: ReviewThreshold, reportDirectory: String, reportInsideOutput: String?,
                 failOnChange: Bool) {
        self.baseline = baseline
        self.threshold = threshold
        self.reportDirectory = reportDirectory
        self.reportInsideOutput = reportInsideOutput
        self.failOnChange = failOnChange
    }
}
