import SceneFiles
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
    /// `--time T` as typed: the moment a still draws, in place of the scene's `canvas.poster`
    /// (checked against the timeline as the poster is; ignored by a scene without a timeline).
    public var time: String?
    /// `--appearance`: which side of system colours and `{light, dark}` the scene is drawn with.
    public var appearance: Appearance = .light
    /// `--set ADDRESS=VALUE`, in the order given (a later one for the same value wins).
    public var overrides: [Override] = []
    /// Whether a `--set` naming an id, index path or style the scene lacks is an error (one
    /// scene) or skipped (a build, where one --set serves many scenes).
    public var overridesMustMatch = true
    /// The scene's path on disk, which its imports are relative to, where the name it is shown
    /// by is not that path (the preview names it by its file name alone).
    public var scenePath: String?
    /// Reads a file a scene imports (`imports:`), by path, inside `readScope`
    /// (`SceneReading.importReader`); nil where nothing may be read, and imports are then an error.
    public var readImport: (@Sendable (String) -> Result<[UInt8], ImportFailure>)?
    /// Where the scene's files (imports, fonts) may be read from (`--root`, `--allow-read`);
    /// nil: the git work tree around the scene, else its folder (`ReadScope.around`).
    public var readScope: ReadScope?
    /// Whether a library file (styles and components, no canvas or views) is checked as one and
    /// passes (`scenec check`, the language server), rather than refused with an error for
    /// having no picture (every command that draws).
    public var acceptsLibrary = false

    public init() {}
}

/// Why an imported file could not be read, in words for the message.
public struct ImportFailure: Error, Sendable {
    public var reason: String
    /// A containment rule the file broke (outside the root, hidden, not a regular file…),
    /// reported in its own words rather than as an unreadable file.
    public var refusal: ReadRefusal?

    public init(_ reason: String) {
        self.reason = reason
    }

    public init(_ refusal: ReadRefusal) {
        reason = refusal.problem
        self.refusal = refusal.reason == .unreadable ? nil : refusal
    }
}
