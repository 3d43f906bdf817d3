/// One output of a build set against the file with the same path in the baseline.
public struct ReviewedOutput: Sendable {
    public enum Verdict: String, Sendable, CaseIterable {
        /// Both have it and it draws the same (or has the same bytes, for files that do not draw).
        case same
        /// Both have it and it draws differently, past the threshold (or, for files that do not
        /// draw, its bytes differ).
        case changed
        /// Only the build has it.
        case new
        /// Only the baseline has it.
        case removed

        /// The order of the report's counts and sections.
        public static let reportOrder: [Verdict] = [.changed, .new, .removed, .same]
    }

    /// What the report shows: the file's bytes, or a PNG of them for a vector file.
    public struct Pictures: Sendable {
        public var before: [UInt8]?
        public var after: [UInt8]?
        /// The media type of `before` and `after`: `image/png`, or the animated file's own
        /// (`image/gif`, `image/apng`, `image/webp`, `video/mp4`, `video/webm`).
        public var mediaType: String
        /// Always a PNG.
        public var diff: [UInt8]?
        public init(before: [UInt8]? = nil, after: [UInt8]? = nil, mediaType: String = "image/png", diff: [UInt8]? = nil) {
            self.before = before
            self.after = after
            self.mediaType = mediaType
            self.diff = diff
        }
    }

    /// The path relative to the build folder (and to the baseline).
    public var path: String
    /// The scene that made it, as its manifest names it (`icons/ring.scene.yaml`); nil when no
    /// manifest names it (ReviewedScene.name(ofOutput:) then groups it by its path).
    public var scene: String?
    public var verdict: Verdict
    /// How the two were compared: `bytes`, `png`, `svg via rsvg-convert`, `pdf via pdftoppm`,
    /// `webp frames`, `apng frames`.
    public var comparedAs: String
    /// The pixel comparison; nil when the bytes were identical, when only one side has the
    /// file, or for files compared as bytes.
    public var comparison: PixelComparison?
    /// Pages compared (PDF), when more than one.
    public var pages: Int?
    /// Frames compared (an animated WebP or PNG played back).
    public var frames: Int?
    /// Whether every frame of an animation shows for as long as before; nil when not played back.
    public var sameTiming: Bool?
    /// The page (from 0) whose pictures are shown, or the frame whose diff is: the one that
    /// changed most.
    public var shownPage = 0
    /// Width × height of each side's picture (the first page of a PDF), when known.
    public var beforeSize: (width: Int, height: Int)?
    public var afterSize: (width: Int, height: Int)?
    public var pictures = Pictures()
    /// Why the comparison could not be made or a picture not shown.
    public var note: String?

    public init(path: String, verdict: Verdict, comparedAs: String) {
        self.path = path
        self.verdict = verdict
        self.comparedAs = comparedAs
    }

    /// The report's order: changed outputs first, most changed first (outputs compared by
    /// bytes after those compared by pixels), then new, removed and same ones; by path within.
    public static func reportOrder(_ a: ReviewedOutput, _ b: ReviewedOutput) -> Bool {
        func rank(_ o: ReviewedOutput) -> Int { Verdict.reportOrder.firstIndex(of: o.verdict) ?? 0 }
        if rank(a) != rank(b) { return rank(a) < rank(b) }
        let sa = a.comparison?.share ?? -1, sb = b.comparison?.share ?? -1
        if a.verdict == .changed, sa != sb { return sa > sb }
        return a.path < b.path
    }
}
