import SceneCheck
import SceneCodecs
import SceneFiles
import SceneModel
import SceneRender
import SceneSyntax

/// A scene compiled from its YAML: checked, laid out, and ready to render any moment of its
/// timeline as PNG, PDF or SVG, with `--set`-style overrides. What the `ScenecKit` library
/// product offers a program that embeds scenec (a server, a test suite, a tool); the `scenec`
/// command line loads and renders scenes through it too, so both give the same bytes.
///
/// ```swift
/// let scene = try SceneFile(contentsOf: "scenes/ring.scene.yaml")
/// let png = try scene.render(.png, at: 1.5, overrides: ["ring.progress=0.5"])
/// ```
///
/// A scene with errors is not a `SceneFile`: loading it throws a `SceneError` that holds every
/// problem, located. Values are immutable and safe to share between threads.
public struct SceneFile: Sendable {
    /// The file formats a scene renders to.
    public enum Format: String, Sendable, CaseIterable {
        /// Pixels (canvas × scale), compressed losslessly.
        case png
        /// Vector, one page the canvas's size in points.
        case pdf
        /// Vector, the canvas's size in px (= points).
        case svg

        /// The format a path's extension names (`.png`, `.PDF`…); nil for any other.
        public init?(path: String) {
            guard let format = OutputFormat(path: path) else { return nil }
            self = format.format
        }
    }

    /// The scene's text with its name, which diagnostics quote.
    package let source: SourceFile
    /// The options it was checked with (limits, overrides, how imports are read).
    package let frontend: Frontend
    /// The checked scene, laid out once.
    package let animated: AnimatedScene
    /// The diagnostics as the checker gives them, for the command line's reporters.
    let checkDiagnostics: [Diagnostic]

    /// The warnings the scene passed with (a view off the canvas, a ring too thin to see), in
    /// the order of the file; empty for a clean scene. Errors are never here: they throw.
    public let diagnostics: [SceneDiagnostic]

    /// The name diagnostics give the scene: its path, or the name it was given with its text.
    public var name: String { source.name }
    /// The canvas's size in points (PDF and SVG units).
    public var size: (width: Double, height: Double) { (animated.scene.canvas.width, animated.scene.canvas.height) }
    /// Pixels per point in a PNG (the canvas's `scale`).
    public var scale: Double { animated.scene.canvas.scale }
    /// The timeline's length in seconds; 0 for a scene without a timeline.
    public var duration: Double { animated.scene.timeline?.length ?? 0 }
    /// The timeline's frames per second (30 without a timeline): what `frames()` samples at.
    public var fps: Double { animated.fileFPS }

    /// Reads and checks the scene file at `path`. Its `fonts:` and `imports:` are found beside
    /// it. The scene, its imports and fonts are read only from inside `root` (by default the git
    /// work tree around the scene, else the scene's folder) and the folders in `allowReading`,
    /// never from hidden folders such as `.git`, and only as regular files (docs/security.md):
    /// a scene from an untrusted tree cannot read `/etc/passwd` into its diagnostics.
    /// Throws a `SceneError`: `.io` when the file cannot be read (or is over 16 MiB, or lies
    /// outside the root), `.invalidArgument` when `root` or a folder to allow is not a folder,
    /// `.invalidScene` with every problem when it has errors.
    public init(contentsOf path: String, root: String? = nil, allowReading: [String] = []) throws {
        let scope = try Self.scope(around: path, root: root, allowReading: allowReading)
        try self.init(SceneReading.source(path, scope: scope), frontend: Self.standardFrontend(scope))
    }

    /// Checks a scene given as text. `name` is what diagnostics call it, and the path its
    /// `fonts:` and `imports:` are found relative to (so "scenes/x.scene.yaml" finds
    /// "scenes/fonts/…"), read only from inside `root` as `init(contentsOf:)` reads them.
    /// Throws a `SceneError` (`.invalidScene`) holding every problem.
    public init(source: String, name: String = "scene.yaml", root: String? = nil, allowReading: [String] = []) throws {
        let scope = try Self.scope(around: name, root: root, allowReading: allowReading)
        try self.init(SourceFile(name: name, text: source), frontend: Self.standardFrontend(scope))
    }

    /// The folders a scene at `path` may read from: `root` and `allowReading` when given, else
    /// the git work tree around the scene's folder, else that folder.
    static func scope(around path: String, root: String?, allowReading: [String]) throws(SceneError) -> ReadScope {
        func folder(_ dir: String) throws(SceneError) -> ProjectRoot {
            guard let folder = ProjectRoot(dir) else {
                throw SceneError(.invalidArgument, path: dir, message: "'\(dir)' is not a folder, so it cannot be a root or be allowed")
            }
            return folder
        }
        var scope = ReadScope.around(path)
        if let root { scope.root = try folder(root) }
        for dir in allowReading { scope.allowed.append(try folder(dir)) }
        return scope
    }

    /// Checks `source` with `frontend`'s options; every error and warning goes into the thrown
    /// error, the warnings alone into `diagnostics`.
    package init(_ source: SourceFile, frontend: Frontend) throws(SceneError) {
        let (scene, diagnostics) = Self.check(source, frontend: frontend)
        guard let scene else {
            throw SceneError(.invalidScene, diagnostics.map { SceneDiagnostic($0, in: source) }, scene: source.name)
        }
        self = scene
    }

    /// The pipeline every front end runs (bytes → check → layout → lint): the scene, nil when
    /// it has errors, and every diagnostic, for a caller that reports them its own way.
    package static func check(_ source: SourceFile, frontend: Frontend) -> (scene: SceneFile?, diagnostics: [Diagnostic]) {
        let (animated, diagnostics, _) = frontend.compileLayOutAndLint(source)
        return (animated.map { SceneFile($0, source: source, frontend: frontend, diagnostics: diagnostics) }, diagnostics)
    }

    private init(_ animated: AnimatedScene, source: SourceFile, frontend: Frontend, diagnostics: [Diagnostic]) {
        self.source = source
        self.frontend = frontend
        self.animated = animated
        checkDiagnostics = diagnostics
        self.diagnostics = diagnostics.map { SceneDiagnostic($0, in: source) }
    }

    /// The options a scene is checked with outside the command line: the documented limits,
    /// imports read from files within the size limit.
    static func standardFrontend(_ scope: ReadScope) -> Frontend {
        var frontend = Frontend()
        frontend.options.readScope = scope
        frontend.options.readImport = SceneReading.importReader(limit: SceneReading.maxFileSize, scope: scope)
        return frontend
    }

    // MARK: Rendering

    /// The file of the picture at `time` seconds into the timeline, in `format`. `overrides`
    /// are `--set` values (`"ring.progress=0.5"`, `"canvas.background=#000"`), checked like the
    /// file; `scale` replaces the canvas's pixels per point for PNG. The same scene and
    /// arguments give the same bytes. Throws a `SceneError`: `.invalidArgument` for a time,
    /// scale or override text that cannot be used, `.invalidScene` for an override the scene
    /// refuses, `.render` when Cairo fails.
    public func render(_ format: Format, at time: Double = 0, overrides: [String] = [], scale: Double? = nil) throws -> [UInt8] {
        guard time.isFinite, time >= 0, time <= 1e9 else {
            throw argumentError("time", "the time must be between 0 and 1e9 seconds, not \(time)")
        }
        let scene = try with(overrides: overrides, scale: scale)
        do {
            return try scene.render(format.output, at: time, settings: .current)
        } catch {
            throw SceneError(.render, path: name, message: "cannot render '\(name)': \(error)")
        }
    }

    /// Renders as `render` does and writes the file to `path` atomically (a reader sees the old
    /// file or the new one, never part of one). `format` defaults to the one `path`'s extension
    /// names. Throws as `render` does, and `.io` when the file cannot be written.
    public func write(to path: String, as format: Format? = nil, at time: Double = 0, overrides: [String] = [],
                      scale: Double? = nil) throws {
        guard let format = format ?? Format(path: path) else {
            throw SceneError(.invalidArgument, path: path,
                             message: "cannot tell the format of '\(path)'; end it in .png, .pdf or .svg, or give the format")
        }
        let bytes = try render(format, at: time, overrides: overrides, scale: scale)
        do {
            try AtomicWrite.replace(path, with: bytes, creatingFolders: false)
        } catch {
            throw SceneError(.io, path: path, message: error.message)
        }
    }

    /// What the command line sets that the library leaves at its defaults.
    package struct RenderSettings: Sendable {
        package var environment: RenderEnvironment
        package var sourceDateEpoch: Int?
        package var pngCompression: PNGCompression

        package init(environment: RenderEnvironment, sourceDateEpoch: Int?, pngCompression: PNGCompression = .default) {
            self.environment = environment
            self.sourceDateEpoch = sourceDateEpoch
            self.pngCompression = pngCompression
        }

        /// The local time of day for clocks showing `now`, SOURCE_DATE_EPOCH for PDF dates.
        package static var current: RenderSettings {
            RenderSettings(environment: Surroundings.renderEnvironment, sourceDateEpoch: Surroundings.sourceDateEpoch)
        }
    }

    /// The renderer of this scene's canvas and fonts.
    package func renderer(_ settings: RenderSettings) -> Renderer {
        Self.renderer(of: animated, settings)
    }

    /// The renderer of a checked scene's canvas and fonts: the one place `render`, `frames` and
    /// the preview's export make it, so all three give the same bytes.
    package static func renderer(of animated: AnimatedScene, _ settings: RenderSettings) -> Renderer {
        Renderer(canvas: animated.scene.canvas, environment: settings.environment, sourceDateEpoch: settings.sourceDateEpoch,
                 fonts: animated.fonts, pngCompression: settings.pngCompression)
    }

    /// The picture at `time` in one format (Cairo's errors as they are).
    package func render(_ format: OutputFormat, at time: Double, settings: RenderSettings) throws -> [UInt8] {
        try renderer(settings).render(animated.views(at: time), as: format)
    }

    /// This scene checked again with more overrides, another scale or another fps; itself when
    /// there are none.
    package func with(overrides texts: [String], scale: Double? = nil, fps: Double? = nil) throws(SceneError) -> SceneFile {
        guard !texts.isEmpty || scale != nil || fps != nil else { return self }
        var frontend = frontend
        for text in texts {
            switch OverrideList.parse([text]) {
            case .success(let parsed): frontend.options.overrides += parsed
            case .failure(let error): throw argumentError("--set \(text)", error.message)
            }
        }
        if let scale {
            guard scale.isFinite, scale > 0 else {
                throw argumentError("scale", "the scale must be a positive number, not \(scale)")
            }
            frontend.options.scaleOverride = scale
        }
        if let fps {
            guard fps.isFinite, fps > 0, fps <= 240 else {
                throw argumentError("fps", "the fps must be above 0 and at most 240, not \(fps)")
            }
            frontend.options.fpsOverride = fps
        }
        return try SceneFile(source, frontend: frontend)
    }

    /// An argument the caller gave that cannot be used, named by `origin` as the command line
    /// names an option ("scale: error: …").
    func argumentError(_ origin: String, _ message: String) -> SceneError {
        let d = Diagnostic(.error, message, at: .none, origin: origin, code: .badOption)
        return SceneError(.invalidArgument, [SceneDiagnostic(d, in: source)])
    }
}

extension SceneFile.Format {
    var output: OutputFormat {
        switch self {
        case .png: return .png
        case .pdf: return .pdf
        case .svg: return .svg
        }
    }
}

extension OutputFormat {
    var format: SceneFile.Format {
        switch self {
        case .png: return .png
        case .pdf: return .pdf
        case .svg: return .svg
        }
    }
}
