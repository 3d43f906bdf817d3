import SceneReview
import ScenecBuild

/// `scenec build --baseline DIR` and the options that go with it, declared once: the help text,
/// the spellings the command line accepts, and what they mean (BaselineReview does the work).
extension ReviewOptions {
    static let valued = ["--baseline", "--threshold", "--review-report"]
    static let flags = ["--fail-on-change"]
    static let help = """
          --baseline DIR           review the build against DIR (another build's folder, e.g.
                                   main's): each output is same, changed, new or removed; PNG,
                                   SVG and PDF are compared by their pixels, animated WebP and
                                   PNG frame by frame, other files by bytes. Writes an HTML
                                   report (before | after | diff) and a JSON summary
          --threshold N[,S%]       what counts as a change: a pixel whose red, green, blue or
                                   alpha differs by more than N of 255; an output with more than
                                   S% of its pixels changed, or a new size (default 0,0%: any)
          --review-report DIR      where the report goes: DIR/index.html and DIR/summary.json
                                   (default OUT_DIR/.scenec-review)
          --fail-on-change         exit 1 when any output is changed, new or removed
        """

    /// The review the command line asks for; nil without `--baseline`. Refuses the review
    /// options without it, with a build that makes no folder to review, and a baseline that is
    /// not a folder (before anything is built).
    static func parse(_ args: Arguments, outDir: String) throws -> ReviewOptions? {
        guard let baseline = args.value("--baseline").map(Self.withoutTrailingSlash) else {
            for name in valued + flags where args.values[name] != nil || args.has(name) {
                throw UsageError("\(name) goes with --baseline DIR, the build to compare with")
            }
            return nil
        }
        for (option, why) in [("--emit-ninja", "writes a Ninja file rather than building"), ("--watch", "never ends"),
                              ("--shard", "builds a part of the outputs (review the merged folder instead)")]
        where args.values[option] != nil || args.has(option) {
            throw UsageError("--baseline cannot go with \(option), which \(why)")
        }
        var threshold = ReviewThreshold()
        if let text = args.value("--threshold") {
            guard let t = ReviewThreshold(text) else {
                throw UsageError("--threshold takes N or N,S%: N a channel difference 0–255, S a share of pixels 0–100%, not '\(text)'")
            }
            threshold = t
        }
        guard Files.isDirectory(baseline) else {
            throw FileError("the baseline '\(baseline)' is not a folder: \(Files.exists(baseline) ? "it is a file" : Files.reason())")
        }
        let named = args.value("--review-report").map(Self.withoutTrailingSlash)
        return ReviewOptions(baseline: baseline, threshold: threshold,
                             reportDirectory: named ?? outDir + "/.scenec-review",
                             reportInsideOutput: named == nil ? ".scenec-review" : nil,
                             failOnChange: args.has("--fail-on-change"))
    }

    private static func withoutTrailingSlash(_ path: String) -> String {
        path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    }
}
