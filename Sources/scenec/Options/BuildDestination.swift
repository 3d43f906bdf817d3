import ScenecKit
import SceneLayout
import SceneModel
import SceneRender
import SceneSyntax

/// Where `scenec build` writes and in what shape: a folder mirroring the scenes (`-o`), an
/// Xcode asset catalog (`--asset-catalog`) or an Android resource folder (`--android-res`).
/// A build writes one destination, which keeps its own manifest, so each is incremental,
/// reports stale files and prunes them on its own.
enum BuildDestination: Equatable {
    /// `-o OUT_DIR`: the scenes' folders mirrored, a file per format.
    case folder
    /// `--asset-catalog DIR.xcassets`: an image set per scene, PNGs at `scales` or one PDF.
    case assetCatalog(OutputFormat, scales: [Double])
    /// `--android-res DIR`: a drawable per scene in each density's folder.
    case androidResources

    static let valued = ["--asset-catalog", "--asset-catalog-format", "--android-res", "--scales"]
    static let help = """
          --asset-catalog DIR.xcassets
                                   instead of -o: an Xcode asset catalog, an image set per scene
                                   named after the scene file (NAME.imageset/: its pictures and a
                                   Contents.json listing them by scale and appearance)
          --asset-catalog-format png|pdf
                                   png (the default): a PNG at each of --scales; pdf: one PDF per
                                   image set, with "Preserve Vector Data" set
          --scales LIST            the image sets' PNG scales, of 1, 2 and 3 (default 1,2,3)
          --android-res DIR        instead of -o: Android resources, drawable-mdpi … drawable-xxxhdpi/
                                   NAME.png per scene (1, 1.5, 2, 3, 4 × the canvas), NAME the scene
                                   file's name in lower case with - . and spaces as _
                                   A scene whose colours depend on the appearance (systemBlue,
                                   {light, dark}) also gets its dark picture: NAME-dark… in its
                                   image set, drawable-night-DENSITY/NAME.png for Android
        """

    /// The options only a folder build reads, refused with the others (they would be ignored).
    private static let folderOnly = ["--formats", "--emit-ninja", "--scale"]

    /// The destination the command line names, and its folder (without a trailing `/`).
    static func parse(_ args: Arguments) throws -> (destination: BuildDestination, folder: String) {
        let named = ["--output", "--asset-catalog", "--android-res"].compactMap { option in
            args.value(option).map { (option: option, folder: $0) }
        }
        guard named.count <= 1 else {
            let options = named.map { $0.option == "--output" ? "-o" : $0.option }
            throw UsageError("\(options.joined(separator: " and ")) each name where the build writes; give one of them, and run scenec build once per destination")
        }
        guard let (option, given) = named.first else {
            throw UsageError("build needs an output directory: -o OUT_DIR, --asset-catalog DIR.xcassets or --android-res DIR")
        }
        let folder = given.hasSuffix("/") && given.count > 1 ? String(given.dropLast()) : given
        switch option {
        case "--asset-catalog":
            guard folder.split(separator: "/").last?.hasSuffix(".xcassets") == true else {
                throw UsageError("--asset-catalog takes a folder whose name ends in .xcassets, as Xcode needs, not '\(given)'")
            }
            try refuse(folderOnly + ["--preview", "--appearance"], with: option, args)
            let format = args.value("--asset-catalog-format") ?? "png"
            switch format {
            case "png":
                let scales = try Scales.parse(args.value("--scales") ?? "1,2,3")
                if let odd = scales.first(where: { ![1, 2, 3].contains($0) }) {
                    throw UsageError("an asset catalog holds scales 1, 2 and 3 only, not \(formatNumber(odd)); give --scales a list of them")
                }
                return (.assetCatalog(.png, scales: scales), folder)
            case "pdf":
                guard args.value("--scales") == nil else {
                    throw UsageError("--asset-catalog-format pdf writes one vector PDF per image set, which has no scales; leave --scales out")
                }
                return (.assetCatalog(.pdf, scales: []), folder)
            default:
                throw UsageError("--asset-catalog-format must be png or pdf, not '\(format)'")
            }
        case "--android-res":
            try refuse(folderOnly + ["--preview", "--appearance", "--scales", "--asset-catalog-format"], with: option, args)
            return (.androidResources, folder)
        default:
            try refuse(["--scales", "--asset-catalog-format"], with: "-o", args)
            return (.folder, folder)
        }
    }

    /// An option that means nothing for this destination is refused rather than ignored.
    private static func refuse(_ options: [String], with destination: String, _ args: Arguments) throws {
        for option in options where args.value(option) != nil || args.has(option) {
            let why: String
            switch (option, destination) {
            case ("--scales", "-o"): why = "--scales goes with --asset-catalog (and scenec render)"
            case ("--scales", _), ("--scale", "--android-res"):
                why = "Android's densities are fixed: mdpi 1×, hdpi 1.5×, xhdpi 2×, xxhdpi 3×, xxxhdpi 4×"
            case ("--scale", _): why = "give the image sets' scales with --scales"
            case ("--asset-catalog-format", _): why = "it goes with --asset-catalog"
            case ("--formats", "--android-res"): why = "Android drawables are PNG"
            case ("--formats", _): why = "an image set's format is --asset-catalog-format png or pdf"
            case ("--appearance", _): why = "each scene is drawn light, and dark too when its colours depend on the appearance"
            default: why = "it belongs to builds into a folder (-o)"
            }
            throw UsageError("\(option) does not go with \(destination): \(why)")
        }
        if destination != "-o", let animated = args.value("--animated"), animated != "still" {
            throw UsageError("--animated \(animated) does not go with \(destination), which draws each scene at time 0")
        }
    }

    /// The one group of outputs a scene has here; nil for a folder, whose groups follow
    /// `--formats`, `--animated` and `--preview`.
    var group: OutputGroup? {
        switch self {
        case .folder: return nil
        case .assetCatalog(let format, _): return OutputGroup(kind: .imageset, format: format)
        case .androidResources: return OutputGroup(kind: .drawables, format: .png)
        }
    }

    /// An asset catalog's PNG scales (none for the others).
    var scales: [Double] {
        if case .assetCatalog(_, let scales) = self { return scales }
        return []
    }

    /// The largest scale a PNG is drawn at, which the pixel limits are checked against.
    var largestScale: Double? {
        self == .androidResources ? AndroidResources.densities.last?.scale : scales.last
    }

    /// What sets the largest scale, for messages about pixel limits.
    var scaleOption: String {
        self == .androidResources ? "xxxhdpi, a scale of" : "--scales"
    }

    /// Scenes whose names this destination cannot take, each a message naming the scene.
    func nameProblems(_ scenes: [SceneEntry]) -> [String] {
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
    static func looks(of checked: Scene, file: SourceFile, options: SceneOptions) throws -> [AssetLook] {
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
    var appearance: Appearance
    var canvas: Canvas
    /// The views placed at time 0, laid out once for every file of the look.
    var views: [PlacedView]

    init(appearance: Appearance, scene: Scene) {
        self.appearance = appearance
        canvas = scene.canvas
        views = AnimatedScene(scene).views(at: 0)
    }

    /// The still in this look, at `scale` pixels per point for PNG.
    func draw(_ format: OutputFormat, scale: Double?, with renderer: Renderer) throws -> [UInt8] {
        var renderer = renderer
        renderer.canvas = canvas
        if let scale { renderer.canvas.scale = scale }
        return try renderer.render(views, as: format)
    }
}
