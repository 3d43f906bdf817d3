import SceneModel
import ScenecBuild

/// The command line of a build's destination (`-o`, `--asset-catalog`, `--android-res` and the
/// options that go with them); what a destination is and does is ScenecBuild's.
extension BuildDestination {
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
}
