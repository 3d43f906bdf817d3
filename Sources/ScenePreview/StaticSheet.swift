import SceneCheck
import SceneRender
import SceneSupport
import SceneSyntax
import ScenecKit

/// `scenec preview SCENE --static -o sheet.html`: the preview as one self-contained HTML file for
/// CI artefacts and pull-request comments. It refers to nothing outside itself and reads without
/// script (a few lines drive the scrubber): the picture, the inspector as tables, the variant
/// grid and, for an animated scene, up to `maxFrames` pictures under a scrubber.
///
/// Every picture is the SVG `scenec render -o x.svg --set …` writes, byte for byte. The main
/// picture is inlined as is. The others (variant cells, frames) are each an `<img>` whose `src`
/// is the SVG as a percent-encoded `data:` URL: Cairo numbers its ids (`surface5`, `clip1`,
/// `mask2`) from 1 in every document, so two SVGs inlined in one HTML document would share ids
/// and each `url(#clip1)` would find the first one's clip; renaming the ids would break the
/// byte-identity. An image is a document of its own, needs no script, and decodes back to the
/// exact bytes (percent-encoding rather than base64 keeps the file about a third smaller and
/// its text searchable).
public struct StaticSheet {
    /// Pictures in the scrubber at most: enough to follow the motion, few enough to stay small.
    public static let maxFrames = 60

    /// A cell, a frame or the scene itself that could not be drawn: the diagnostics of the
    /// scene with that cell's overrides.
    public struct Failure: Error {
        package var scene: CompiledScene
        public var message: String?
    }

    package var base: CompiledScene
    /// The options the base scene was compiled with, its `--set`s included; cells add theirs.
    public var frontend: Frontend
    public var baseSet: [String]
    package var variants: Variants
    public var environment: RenderEnvironment
    /// Where the scene is, when its file's name is not its path (its `fonts:` are beside it).
    public var scenePath: String?

    package init(base: CompiledScene, frontend: Frontend, baseSet: [String], variants: Variants,
                environment: RenderEnvironment, scenePath: String? = nil) {
        self.base = base
        self.frontend = frontend
        self.baseSet = baseSet
        self.variants = variants
        self.environment = environment
        self.scenePath = scenePath
    }

    /// The sheet at `time` seconds.
    public func html(at time: Double) -> Result<[UInt8], Failure> {
        guard let animated = base.animated else { return .failure(Failure(scene: base)) }
        var page = SheetPage(title: base.file.name)
        page.heading(base.file.name, hash: SHA256.hex(base.file.bytes), time: time, set: baseSet)
        do {
            guard let svg = try render(base, at: time) else { return .failure(Failure(scene: base)) }
            page.picture(svg)
            var cells: [(Variants.Cell, [UInt8])] = []
            for cell in variants.cells {
                let scene: CompiledScene
                switch compile(adding: cell.set) {
                case .success(let s): scene = s
                case .failure(let f): return .failure(f)
                }
                guard let bytes = try render(scene, at: time) else { return .failure(Failure(scene: scene)) }
                cells.append((cell, bytes))
            }
            page.variants(cells, headers: variants.headers)
            if let timeline = animated.scene.timeline, timeline.length.isFinite, timeline.length > 0 {
                let times = Self.frameTimes(count: timeline.frameCount(fps: timeline.fps), fps: timeline.fps)
                var frames: [(Double, [UInt8])] = []
                for t in times {
                    guard let bytes = try render(base, at: t) else { return .failure(Failure(scene: base)) }
                    frames.append((t, bytes))
                }
                page.scrubber(frames)
            }
        } catch {
            return .failure(Failure(scene: base, message: "cannot render: \(error)"))
        }
        page.inspector(SceneDocument(scene: base, animated: animated, hash: "", time: time, initialSet: baseSet))
        return .success(page.finished())
    }

    /// Frame times, both ends included: every frame of a short timeline, or `maxFrames` spread
    /// evenly over a longer one (each on a frame of the timeline).
    static func frameTimes(count: Int, fps: Double) -> [Double] {
        guard count > 0, fps > 0 else { return [] }
        guard count > maxFrames else { return (0..<count).map { Double($0) / fps } }
        return (0..<maxFrames).map { k in
            let frame = (Double(k) * Double(count - 1) / Double(maxFrames - 1)).rounded()
            return frame / fps
        }
    }

    private func compile(adding set: [String]) -> Result<CompiledScene, Failure> {
        var options = frontend
        switch OverrideList.parse(set) {
        case .success(let overrides): options.options.overrides += overrides
        case .failure(let error): return .failure(Failure(scene: base, message: error.message))
        }
        return .success(CompiledScene(base.file, frontend: options, scenePath: scenePath))
    }

    /// What `scenec render -o x.svg` writes for the scene at `time`.
    private func render(_ scene: CompiledScene, at time: Double) throws -> [UInt8]? {
        guard let animated = scene.animated else { return nil }
        return try Renderer(canvas: animated.scene.canvas, environment: environment, fonts: animated.fonts)
            .render(animated.views(at: time), as: .svg)
    }
}
