import ScenecBuild
import CommandLineOptions
import SceneModel
import SceneRender
import ScenecOptions

/// `--asset-catalog`, `--android-res` and what goes with them: where `scenec build` writes
/// besides a folder (`-o`), and the reading of the three into a `BuildDestination`.
enum BuildDestinationOptions {
    static let group = "destinations besides -o"
    /// An asset catalog's image sets are PNG or PDF.
    enum CatalogFormat: String, CaseIterable {
        case png, pdf
    }

    static let assetCatalog = Option<String?, BuildOptions>.text(
        "--asset-catalog", value: "DIR.xcassets",
        help: "instead of -o: an Xcode asset catalog, an image set per scene named after the scene file "
            + "(NAME.imageset/: its pictures and a Contents.json listing them by scale and appearance)",
        path: true, group: group)
    static let assetCatalogFormat = Option<CatalogFormat, BuildOptions>.choice(
        "--asset-catalog-format", value: "png|pdf",
        help: "png: a PNG at each of --scales; pdf: one PDF per image set, with \"Preserve Vector Data\" set",
        default: .png, group: group)
    static let scales = Option<[Double]?, BuildOptions>(OutputOptions.scales.withHelp("the image sets' PNG scales, of 1, 2 and 3", default: "1,2,3").grouped(group))
    static let androidRes = Option<String?, BuildOptions>.text(
        "--android-res", value: "DIR",
        help: "instead of -o: Android resources, drawable-mdpi … drawable-xxxhdpi/NAME.png per scene (1, 1.5, 2, 3, "
            + "4 × the canvas), NAME the scene file's name in lower case with - . and spaces as _\n"
            + "A scene whose colours depend on the appearance (systemBlue, {light, dark}) also gets its dark picture: "
            + "NAME-dark… in its image set, drawable-night-DENSITY/NAME.png for Android",
        path: true, group: group)
    static let all = declarations(assetCatalog, assetCatalogFormat, scales, androidRes)

    /// The options only a folder build reads, refused with the others (they would be ignored).
    static let folderOnly = declarations(BuildOptions.formats, BuildOptions.emitNinja, BuildOptions.scale)
}

extension BuildDestination {
    /// The destination the command line names, and its folder (without a trailing `/`).
    static func parse(_ args: Arguments<BuildOptions>) throws -> (destination: BuildDestination, folder: String) {
        typealias O = BuildDestinationOptions
        let named = try [(BuildOptions.output, "-o"), (O.assetCatalog, O.assetCatalog.declaration.name),
                         (O.androidRes, O.androidRes.declaration.name)].compactMap { option, spelling in
            try args[option].map { (option: spelling, folder: $0) }
        }
        guard named.count <= 1 else {
            throw UsageError("\(named.map(\.option).joined(separator: " and ")) each name where the build writes; give one of them, and run scenec build once per destination")
        }
        guard let (option, given) = named.first else {
            throw UsageError("build needs an output directory: -o OUT_DIR, --asset-catalog DIR.xcassets or --android-res DIR")
        }
        let folder = given.hasSuffix("/") && given.count > 1 ? String(given.dropLast()) : given
        let preview = BuildOptions.preview.declaration, appearance = OverrideOptions.appearance.declaration
        let scales = O.scales.declaration, format = O.assetCatalogFormat.declaration
        switch option {
        case O.assetCatalog.declaration.name:
            guard folder.split(separator: "/").last?.hasSuffix(".xcassets") == true else {
                throw UsageError("--asset-catalog takes a folder whose name ends in .xcassets, as Xcode needs, not '\(given)'")
            }
            try refuse(O.folderOnly + [preview, appearance], with: option, args)
            switch try args[O.assetCatalogFormat] {
            case .png:
                let scales = try args[O.scales] ?? [1, 2, 3]
                if let odd = scales.first(where: { ![1, 2, 3].contains($0) }) {
                    throw UsageError("an asset catalog holds scales 1, 2 and 3 only, not \(formatNumber(odd)); give --scales a list of them")
                }
                return (.assetCatalog(.png, scales: scales), folder)
            case .pdf:
                guard !args.isGiven(scales) else {
                    throw UsageError("--asset-catalog-format pdf writes one vector PDF per image set, which has no scales; leave --scales out")
                }
                return (.assetCatalog(.pdf, scales: []), folder)
            }
        case O.androidRes.declaration.name:
            try refuse(O.folderOnly + [preview, appearance, scales, format], with: option, args)
            return (.androidResources, folder)
        default:
            try refuse([scales, format], with: "-o", args)
            return (.folder, folder)
        }
    }

    /// An option that means nothing for this destination is refused rather than ignored.
    private static func refuse(_ options: [OptionDeclaration], with destination: String, _ args: Arguments<BuildOptions>) throws {
        for option in options where args.isGiven(option) {
            throw UsageError("\(option.name) does not go with \(destination): \(why(option, destination))")
        }
        if destination != "-o", let animated = args.words(of: BuildOptions.animated.declaration).last, animated != "still" {
            throw UsageError("--animated \(animated) does not go with \(destination), which draws each scene at time 0")
        }
    }

    private static func why(_ option: OptionDeclaration, _ destination: String) -> String {
        typealias O = BuildDestinationOptions
        let android = O.androidRes.declaration.name
        let densities = "Android's densities are fixed: mdpi 1×, hdpi 1.5×, xhdpi 2×, xxhdpi 3×, xxxhdpi 4×"
        switch option {
        case O.scales.declaration where destination == "-o": return "--scales goes with --asset-catalog (and scenec render)"
        case O.scales.declaration: return densities
        case BuildOptions.scale.declaration where destination == android: return densities
        case BuildOptions.scale.declaration: return "give the image sets' scales with --scales"
        case O.assetCatalogFormat.declaration: return "it goes with --asset-catalog"
        case BuildOptions.formats.declaration where destination == android: return "Android drawables are PNG"
        case BuildOptions.formats.declaration: return "an image set's format is --asset-catalog-format png or pdf"
        case OverrideOptions.appearance.declaration:
            return "each scene is drawn light, and dark too when its colours depend on the appearance"
        default: return "it belongs to builds into a folder (-o)"
        }
    }
}
