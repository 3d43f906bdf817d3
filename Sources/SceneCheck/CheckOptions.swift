import SceneModel

/// The limits of docs/language.md §7 and what the command line adds to a check.
public struct CheckOptions: Sendable {
    public var maxViews = 100_000
    public var maxNesting = 64
    /// Pixels a side of the PNG (canvas × scale).
    public var maxPixelsPerSide = 16_384
    /// Pixels in all (2²⁶, 64 Mpx: 8192 × 8192, some 256 MB of pixels), per picture: with
    /// `--scales` the largest.
    public var maxPixels = 67_108_864
    /// Frames in a timeline's sequence (5.5 minutes at 30 fps).
    public var maxFrames = 10_000
    /// `--scale`, which replaces the canvas's own.
    public var scaleOverride: Double?
    /// The option that set `scaleOverride`, for messages (`--scales 1,2,3` checks at 3).
    public var scaleOverrideOption = "--scale"
    /// `--fps`, which replaces the timeline's sampling rate (durations in frames keep the file's).
    public var fpsOverride: Double?
    /// `--appearance`: which side of system colours and `{light, dark}` the scene is drawn with.
    public var appearance: Appearance = .light
    /// `--set ADDRESS=VALUE`, in the order given (a later one for the same value wins).
    public var overrides: [Override] = []
    /// Whether a `--set` naming an id, index path or style the scene lacks is an error (one
    /// scene) or skipped (a build, where one --set serves many scenes).
    public var overridesMustMatch = true
    /// Reads a file a scene imports (`imports:`), by path; nil where scenes come from elsewhere
    /// than files (standard input), and imports are then an error.
    /// The scene's path on disk, which its imports are relative to, where the name it is shown
    /// by is not that path (the preview names it by its file name alone).
    public var scenePath: String?
    public var readImport: (@Sendable (String) -> Result<[UInt8], ImportFailure>)?

    public init() {}
}

/// Why an imported file could not be read, in words for the message.
public struct ImportFailure: Error, Sendable {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }
}
