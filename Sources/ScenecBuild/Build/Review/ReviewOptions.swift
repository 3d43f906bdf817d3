import SceneReview

/// `scenec build --baseline DIR` (or `--baseline-manifest FILE`) and what goes with it: the
/// build reviewed against another build once done (BaselineReview does the work).
package struct ReviewOptions: Sendable {
    /// The baseline folder, or the baseline's manifest file when `againstManifest`.
    package var baseline: String
    /// Whether `baseline` names another build's manifest (`--baseline-manifest`) rather than
    /// its folder: outputs are then told apart by the SHA-256 the two manifests list, and the
    /// baseline's bytes of a changed output come from `blobs`.
    package var againstManifest = false
    /// `--baseline-manifest cache:NAME`: the manifest a trusted build published as NAME in the
    /// remote cache (PublishedManifest), fetched by the build before it starts into
    /// `manifestBytes`; `baseline` is then `cache:NAME`, for messages.
    package var publishedName: String?
    /// The baseline manifest's bytes when they do not come from the file `baseline` names.
    package var manifestBytes: [UInt8]?
    /// The baseline's bytes by digest, for `--baseline-manifest`; without it a changed output
    /// is reported changed by its bytes, not compared by its pixels.
    package var blobs: (any BlobSource)?
    package var threshold: ReviewThreshold
    package var reportDirectory: String
    /// The report's folder relative to the build folder when it goes there (the default,
    /// `.scenec-review`): written beneath the opened folder. nil for `--review-report DIR`.
    package var reportInsideOutput: String?
    package var failOnChange: Bool
    /// `--review-markdown FILE`: the Markdown summary's path.
    package var markdown: String?
    /// `--review-url URL`: where the report folder is published, for the Markdown's links;
    /// nil: links relative to the Markdown file.
    package var reportURL: String?

    package init(baseline: String, threshold: ReviewThreshold, reportDirectory: String, reportInsideOutput: String?,
                 failOnChange: Bool, markdown: String? = nil, reportURL: String? = nil) {
        self.baseline = baseline
        self.threshold = threshold
        self.reportDirectory = reportDirectory
        self.reportInsideOutput = reportInsideOutput
        self.failOnChange = failOnChange
        self.markdown = markdown
        self.reportURL = reportURL
    }
}
