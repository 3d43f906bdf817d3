import ScenecBuild
import CommandLineOptions
import SceneReview
import ScenecOptions

/// `scenec build --baseline DIR` and the options that go with it, and their reading into
/// `ReviewOptions` (BaselineReview does the work).
enum BaselineOptions {
    static let group = "review against a baseline"
    static let baseline = Option<String?, BuildOptions>.text(
        "--baseline", value: "DIR",
        help: "review the build against DIR (another build's folder, e.g. main's): each output is same, changed, new "
            + "or removed; PNG, SVG and PDF are compared by their pixels, animated WebP and PNG frame by frame, other "
            + "files by bytes. Writes an HTML report (before | after | diff) and a JSON summary",
        path: true, group: group)
    static let baselineManifest = Option<String?, BuildOptions>.text(
        "--baseline-manifest", value: "FILE",
        help: "review the build against another build's manifest (its .scenec-manifest.json, e.g. main's) instead of "
            + "its folder: outputs with the same SHA-256 are the same; a changed one is compared by its pixels when "
            + "--remote-cache holds the baseline's bytes, else reported changed by its digest. cache:NAME fetches the "
            + "manifest a build published as NAME (--publish-manifest) from --remote-cache",
        path: true, group: group)
    static let threshold = Option<ReviewThreshold?, BuildOptions>.parsed(
        "--threshold", value: "N[,S%]",
        help: "what counts as a change: a pixel whose red, green, blue or alpha differs by more than N of 255; an "
            + "output with more than S% of its pixels changed, or a new size (default 0,0%: any)", group: group) { text in
        guard let t = ReviewThreshold(text) else {
            throw UsageError("--threshold takes N or N,S%: N a channel difference 0–255, S a share of pixels 0–100%, not '\(text)'")
        }
        return t
    }
    static let reviewReport = Option<String?, BuildOptions>.text(
        "--review-report", value: "DIR",
        help: "where the report goes: DIR/index.html, a page per scene in DIR/scenes/ and DIR/summary.json (default "
            + "OUT_DIR/.scenec-review)",
        path: true, group: group)
    static let reviewMarkdown = Option<String?, BuildOptions>.text(
        "--review-markdown", value: "FILE",
        help: "also write a Markdown summary to FILE (e.g. $GITHUB_STEP_SUMMARY or a pull-request comment): the counts, "
            + "the most changed scenes and links to their pages. FILE is replaced, not appended to",
        path: true, group: group)
    static let reviewURL = Option<String?, BuildOptions>.text(
        "--review-url", value: "URL",
        help: "where the report folder is published: the Markdown's links begin with URL (default: relative to FILE)",
        group: group)
    static let failOnChange = Flag<BuildOptions>(
        "--fail-on-change", help: "exit 1 when any output is changed, new or removed", group: group)
    static let all = declarations(baseline, baselineManifest, threshold, reviewReport, reviewMarkdown, reviewURL, failOnChange)
}

extension ReviewOptions {
    /// The review the command line asks for; nil without `--baseline` or `--baseline-manifest`.
    /// Refuses the review options without one, both together, with a build that makes no folder
    /// to review, and a baseline that is not a folder (before anything is built).
    static func parse(_ args: Arguments<BuildOptions>, outDir: String) throws -> ReviewOptions? {
        let manifest = try args[BaselineOptions.baselineManifest]
        guard let baseline = try args[BaselineOptions.baseline].map(Self.withoutTrailingSlash) ?? manifest else {
            for option in BaselineOptions.all where args.isGiven(option) {
                throw UsageError("\(option.name) goes with --baseline DIR or --baseline-manifest FILE, the build to compare with")
            }
            return nil
        }
        if manifest != nil, args.isGiven(BaselineOptions.baseline.declaration) {
            throw UsageError("--baseline and --baseline-manifest cannot go together: review against one build")
        }
        let refused = [(BuildOptions.emitNinja.declaration, "writes a Ninja file rather than building"),
                       (OutputOptions.watch.declaration, "never ends"),
                       (BuildOptions.shard.declaration, "builds a part of the outputs (review the merged folder instead)")]
        for (option, why) in refused where args.isGiven(option) {
            throw UsageError("--baseline cannot go with \(option.name), which \(why)")
        }
        let threshold = try args[BaselineOptions.threshold] ?? ReviewThreshold()
        if manifest == nil, !Files.isDirectory(baseline) {
            throw FileError("the baseline '\(baseline)' is not a folder: \(Files.exists(baseline) ? "it is a file" : Files.reason())")
        }
        // `cache:NAME`: fetched from the remote cache once the build has it (BuildRun); a file
        // so named is `./cache:NAME`.
        let published = manifest.flatMap { $0.hasPrefix(cachePrefix) ? String($0.dropFirst(cachePrefix.count)) : nil }
        if let published, !PublishedManifest.isName(published) {
            throw UsageError("--baseline-manifest cache:NAME takes a name of letters, digits and . _ - /, not '\(published)'")
        }
        if manifest != nil, published == nil, !Files.exists(baseline) || Files.isDirectory(baseline) {
            throw FileError("the baseline manifest '\(baseline)' is not a file: \(Files.isDirectory(baseline) ? "it is a folder" : Files.reason())")
        }
        let named = try args[BaselineOptions.reviewReport].map(Self.withoutTrailingSlash)
        var options = ReviewOptions(baseline: baseline, threshold: threshold,
                                    reportDirectory: named ?? outDir + "/.scenec-review",
                                    reportInsideOutput: named == nil ? ".scenec-review" : nil,
                                    failOnChange: args[BaselineOptions.failOnChange],
                                    markdown: try args[BaselineOptions.reviewMarkdown], reportURL: try args[BaselineOptions.reviewURL])
        options.againstManifest = manifest != nil
        options.publishedName = published
        return options
    }

    /// What marks `--baseline-manifest`'s value as a name published in the remote cache.
    static let cachePrefix = "cache:"

    private static func withoutTrailingSlash(_ path: String) -> String {
        path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    }
}
