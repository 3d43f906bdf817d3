import ScenecKit
import SceneFiles
import SceneLayout
import SceneModel
import SceneRender
import SceneSyntax

/// Where `scenec build` writes and in what shape: a folder mirroring the scenes (`-o`), an
/// Xcode asset catalog (`--asset-catalog`) or an Android resource folder (`--android-res`).
/// A build writes one destination, which keeps its own manifest, so each is incremental,
/// reports stale files and prunes them on its own.
package enum BuildDestination: Equatable, Sendable {
    /// `-o OUT_DIR`: the scenes' folders mirrored, a file per format.
    case folder
    /// `--asset-catalog DIR.xcassets`: an image set per scene, PNGs at `scales` or one PDF.
    case assetCatalog(OutputFormat, scales: [Double])
    /// `--android-res DIR`: a drawable per scene in each density's folder.
    case androidResources

    /// The one group of outputs a scene has here; nil for a folder, whose groups follow
    /// `--formats`, `--animated` and `--preview`.
    package var group: OutputGroup? {
        switch self {
        case .folder: return nil
        case .assetCatalog(let format, _): return OutputGroup(kind: .imageset, format: format)
        case .androidResources: return OutputGroup(kind: .drawables, format: .png)
        }
    }

    /// An asset catalog's PNG scales (none for the others).
    package var scales: [Double] {
        if case .assetCatalog(_, let scales) = self { return scales }
        return []
    }

    /// The largest scale a PNG is drawn at, which the pixel limits are checked against.
    package var largestScale: Double? {
        self == .androidResources ? AndroidResources.densities.last?.scale : scales.last
    }

    /// What sets the largest scale, for messages about pixel limits.
    package var scaleOption: String {
        self == .androidResources ? "xxxhdpi, a scale of" : "--scales"
    }

    /// Scenes whose names this destination cannot take, each a message naming the scene.
    package func nameProblems(_ scenes: [SceneEntry]) -> [String] {
        guard self == .androidResources else { return [] }
        return scenes.compactMap { scene in
            AndroidResources.problem(with: OutputGroup.fileName(scene.outputStem)).map { "'\(scene.path)': \($0)" }
        }
    }

    /// The scene's asset files, drawn in the looks it has (`looks(of:file:options:)`).
    func files(stem: String, looks: [AssetLook], renderer: Renderer) -> [(String, () throws -> [UInt8])] {
        let name = OutputGroup.fileName(stem)
        switch self {
        case .folder: return []
        case .assetCatalog(let format, let scales):
            return AssetCatalog.imageSet(name: name, looks: looks, format: format, scales: scales, renderer: renderer)
        case .androidResources:
            return AndroidResources.drawables(name: AndroidResources.resourceName(name), looks: looks, renderer: renderer)
        }
    }

    /// The appearances a scene's asset is written in, each with the scene as it draws in it.
    /// The one place that decides: every asset has the scene as it is (light, which an asset
    /// catalog uses for any appearance); a scene with a colour that depends on the appearance
    /// (a system colour or `{light, dark}`) also has its dark look, checked again for it.
    static func looks(of checked: Scene, file: SourceFile, options: SceneSettings) throws -> [AssetLook] {
        let light = AssetLook(appearance: checked.appearance, scene: checked)
        guard checked.usesAppearance else { return [light] }
        var frontend = options.frontend
        frontend.options.appearance = .dark
        guard let dark = frontend.compile(file).scene else {
            throw RenderError("the scene does not check in the dark appearance")
        }
        return [light, AssetLook(appearance: .dark, scene: dark)]
    }
}

/// A scene as one appearance draws it.
struct AssetLook {
    package var appearance: Appearance
    package var canvas: Canvas
    /// The views placed at the poster time (`canvas.poster`), laid out once for every file of the look.
    package var views: [PlacedView]

    package init(appearance: Appearance, scene: Scene) {
        self.appearance = appearance
        canvas = scene.canvas
        views = AnimatedScene(scene).views(at: scene.canvas.poster)
    }

    /// The still in this look, at `scale` pixels per point for PNG.
    package func draw(_ format: OutputFormat, scale: Double?, with renderer: Renderer) throws -> [UInt8] {
        var renderer = renderer
        renderer.canvas = canvas
        if let scale { renderer.canvas.scale = scale }
        return try renderer.render(views, as: format)
    }
}
