import XCTest

/// `render --scales`, `build --asset-catalog` and `build --android-res`: pictures read back with
/// Pillow, catalogs checked against the `Contents.json` format Apple documents (Asset Catalog
/// Format Reference: `info`, `images` with `idiom`, `filename`, `scale`, `appearances`), and
/// cross-checked against the files on disk.
final class AssetOutputTests: XCTestCase {
    /// Red, with the right half blue: a probe at a quarter of the width is red and one at three
    /// quarters blue, at any scale.
    static func halves(width: Int = 30, height: Int = 20) -> String {
        """
        canvas: {width: \(width), height: \(height), background: "#ff0000", scale: 5}
        views:
          - {type: group, frame: {x: "50%", y: 0, width: "50%", height: "100%"}, backgroundColor: "#0000ff"}

        """
    }

    /// White with a systemBlue right half in the light; black with the dark systemBlue in the dark.
    static let adaptive = """
        canvas: {width: 30, height: 20, background: {light: "#ffffff", dark: "#000000"}}
        views:
          - {type: group, frame: {x: "50%", y: 0, width: "50%", height: "100%"}, backgroundColor: systemBlue}

        """
    static let lightProbes = ["ffffff", "007aff"], darkProbes = ["000000", "0a84ff"]

    func makeScenes(_ files: [String: String]) throws -> URL {
        let root = try temporaryDirectory(self)
        for (path, text) in files {
            let url = root.appendingPathComponent("scenes/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// Each PNG's size and the colours at a quarter and three quarters of its width, halfway
    /// down, as Pillow reads them: `[path: (width, height, left, right)]`.
    func pillow(_ paths: [URL]) throws -> [String: (width: Int, height: Int, left: String, right: String)] {
        let python = repositoryRoot.appendingPathComponent(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            XCTFail("no \(python.path) with Pillow: run make test, which installs it")
            return [:]
        }
        let script = """
            import sys
            from PIL import Image
            for path in sys.argv[1:]:
                im = Image.open(path).convert('RGB')
                w, h = im.size
                left, right = im.getpixel((w // 4, h // 2)), im.getpixel((3 * w // 4, h // 2))
                print(path, w, h, '%02x%02x%02x' % left, '%02x%02x%02x' % right)
            """
        let run = try runProgram(python, ["-c", script] + paths.map(\.path))
        XCTAssertEqual(run.status, 0, run.stderr)
        var result: [String: (Int, Int, String, String)] = [:]
        for line in run.stdoutText.split(separator: "\n") {
            let f = line.split(separator: " ").map(String.init)
            result[f[0]] = (Int(f[1]) ?? -1, Int(f[2]) ?? -1, f[3], f[4])
        }
        return result
    }

    /// Files under `dir`, relative, without the build's own hidden files.
    func files(_ dir: URL) -> [String] {
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: dir.path)
        while let path = enumerator?.nextObject() as? String {
            var isDir: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: dir.appendingPathComponent(path).path, isDirectory: &isDir)
            if !isDir.boolValue, !(path.split(separator: "/").last ?? "").hasPrefix(".") { found.append(path) }
        }
        return found.sorted()
    }

    func json(_ url: URL) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return try XCTUnwrap(object as? [String: Any], "\(url.lastPathComponent) is not a JSON object")
    }

    func inode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int) ?? -1
    }

    // MARK: render --scales

    func testScalesWriteOnePNGPerScaleAtThatMultipleOfTheCanvas() throws {
        let root = try makeScenes(["icon.scene.yaml": Self.halves()])
        let run = try scenec(["render", "scenes/icon.scene.yaml", "--scales", "3,1,2", "-o", "out/icon.png", "-o", "out/icon.pdf"],
                             directory: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        let out = root.appendingPathComponent("out")
        XCTAssertEqual(fileNames(in: out), ["icon.pdf", "icon.png", "icon@2x.png", "icon@3x.png"],
                       "a PNG per scale; the PDF, which has no pixels, once")
        let read = try pillow(["icon.png", "icon@2x.png", "icon@3x.png"].map { out.appendingPathComponent($0) })
        for (name, scale) in [("icon.png", 1), ("icon@2x.png", 2), ("icon@3x.png", 3)] {
            let png = try XCTUnwrap(read[out.appendingPathComponent(name).path], name)
            XCTAssertEqual([png.width, png.height], [30 * scale, 20 * scale], "\(name): the canvas × \(scale), not its own scale 5")
            XCTAssertEqual([png.left, png.right], ["ff0000", "0000ff"], name)
        }
        // The 2× file is the picture `--scale 2` draws, byte for byte.
        XCTAssertEqual(try scenec(["render", "scenes/icon.scene.yaml", "--scale", "2", "-o", "two.png"], directory: root).status, 0)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("two.png")),
                       try Data(contentsOf: out.appendingPathComponent("icon@2x.png")))
    }

    func testBadScalesAreUsageErrorsAndWriteNothing() throws {
        let root = try makeScenes(["icon.scene.yaml": Self.halves()])
        for (extra, message) in [
            (["--scales", "1,0"], "--scales takes scales greater than 0 separated by commas (1,2,3), not '0'"),
            (["--scales", "1,,2"], "not ''"),
            (["--scales", "two"], "not 'two'"),
            (["--scales", "1,2", "--scale", "2"], "--scale and --scales both set the pixels per point"),
        ] {
            let run = try scenec(["render", "scenes/icon.scene.yaml", "-o", "out/icon.png"] + extra, directory: root)
            XCTAssertEqual(run.status, 2, "\(extra): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
        }
        let svgOnly = try scenec(["render", "scenes/icon.scene.yaml", "--scales", "1,2", "-o", "out/icon.svg"], directory: root)
        XCTAssertEqual(svgOnly.status, 2)
        XCTAssertTrue(svgOnly.stderr.contains("none of the outputs is a PNG"), svgOnly.stderr)
        let stdout = try scenec(["render", "scenes/icon.scene.yaml", "--scales", "1,2", "-o", "-"], directory: root)
        XCTAssertEqual(stdout.status, 2)
        XCTAssertTrue(stdout.stderr.contains("-o - is a single stream"), stdout.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
        // The pixel limits are checked at the largest scale, and the message names --scales.
        let big = try scenec(["render", "scenes/icon.scene.yaml", "--scales", "1,1000", "-o", "out/icon.png"], directory: root)
        XCTAssertEqual(big.status, 1)
        XCTAssertTrue(big.stderr.contains("the picture would be 30000 × 20000 pixels at --scales 1000"), big.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
    }

    // MARK: build --asset-catalog

    /// Checks a catalog against Apple's format and the disk: the catalog's own Contents.json,
    /// nothing at the top but image sets, and in each image set a Contents.json whose images
    /// are exactly the files beside it. Returns each image set's images.
    @discardableResult
    func checkCatalog(_ catalog: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [String: [[String: Any]]] {
        let top = try json(catalog.appendingPathComponent("Contents.json"))
        XCTAssertEqual(Set(top.keys), ["info"], file: file, line: line)
        checkInfo(top, file: file, line: line)
        var sets: [String: [[String: Any]]] = [:]
        for name in fileNames(in: catalog) where !name.hasPrefix(".") && name != "Contents.json" {
            XCTAssertTrue(name.hasSuffix(".imageset"), "\(name) in the catalog", file: file, line: line)
            let folder = catalog.appendingPathComponent(name)
            let contents = try json(folder.appendingPathComponent("Contents.json"))
            XCTAssertTrue(Set(contents.keys).isSubset(of: ["images", "info", "properties"]), "\(contents.keys)", file: file, line: line)
            checkInfo(contents, file: file, line: line)
            let images = try XCTUnwrap(contents["images"] as? [[String: Any]], file: file, line: line)
            var variants = Set<String>()
            for image in images {
                XCTAssertTrue(Set(image.keys).isSubset(of: ["idiom", "filename", "scale", "appearances"]), "\(image)", file: file, line: line)
                XCTAssertEqual(image["idiom"] as? String, "universal", file: file, line: line)
                XCTAssertNotNil(image["filename"] as? String, file: file, line: line)
                if let scale = image["scale"] {
                    XCTAssertTrue(["1x", "2x", "3x"].contains(scale as? String ?? ""), "scale \(scale)", file: file, line: line)
                }
                var look = "any"
                if let appearances = image["appearances"] {
                    let list = try XCTUnwrap(appearances as? [[String: String]], "\(appearances)", file: file, line: line)
                    XCTAssertEqual(list.count, 1, file: file, line: line)
                    XCTAssertEqual(list.first?["appearance"], "luminosity", file: file, line: line)
                    XCTAssertTrue(["light", "dark"].contains(list.first?["value"] ?? ""), "\(list)", file: file, line: line)
                    look = list.first?["value"] ?? "?"
                }
                XCTAssertTrue(variants.insert("\(image["scale"] ?? "single") \(look)").inserted,
                              "one image per scale and appearance: \(images)", file: file, line: line)
            }
            let listed = images.compactMap { $0["filename"] as? String }.sorted()
            XCTAssertEqual(listed, fileNames(in: folder).filter { $0 != "Contents.json" },
                           "\(name): every file listed, every listed file there", file: file, line: line)
            sets[name] = images
        }
        return sets
    }

    /// `"info": {"author": "xcode", "version": 1}`, as Xcode writes it.
    func checkInfo(_ contents: [String: Any], file: StaticString, line: UInt) {
        let info = contents["info"] as? [String: Any]
        XCTAssertEqual(info.map { Set($0.keys) }, ["author", "version"], file: file, line: line)
        XCTAssertEqual(info?["author"] as? String, "xcode", file: file, line: line)
        XCTAssertEqual(info?["version"] as? Int, 1, file: file, line: line)
    }

    func testAssetCatalogHasAnImageSetPerSceneInApplesFormat() throws {
        let root = try makeScenes(["icons/ring.scene.yaml": Self.halves(),
                                   "badges/pie.scene.yaml": Self.halves(width: 37, height: 25)])
        let run = try scenec(["build", "scenes", "--asset-catalog", "App/Assets.xcassets"], directory: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("2 built"), run.stderr)
        let catalog = root.appendingPathComponent("App/Assets.xcassets")
        let sets = try checkCatalog(catalog)
        XCTAssertEqual(sets.keys.sorted(), ["pie.imageset", "ring.imageset"], "flat, named by the scene file")
        let images = try XCTUnwrap(sets["ring.imageset"])
        XCTAssertEqual(images.map { "\($0["filename"] ?? "") \($0["scale"] ?? "")" },
                       ["ring.png 1x", "ring@2x.png 2x", "ring@3x.png 3x"])
        XCTAssertFalse(images.contains { $0["appearances"] != nil }, "a scene without appearance colours has no dark images")
        // Each listed scale is that multiple of the canvas (37 × 25 points for the pie).
        let pie = catalog.appendingPathComponent("pie.imageset")
        let read = try pillow(["pie.png", "pie@2x.png", "pie@3x.png"].map { pie.appendingPathComponent($0) })
        for (name, scale) in [("pie.png", 1), ("pie@2x.png", 2), ("pie@3x.png", 3)] {
            let png = try XCTUnwrap(read[pie.appendingPathComponent(name).path])
            XCTAssertEqual([png.width, png.height], [37 * scale, 25 * scale], name)
            XCTAssertEqual([png.left, png.right], ["ff0000", "0000ff"], name)
        }
        // --scales picks the scales; the order typed does not matter.
        let some = try scenec(["build", "scenes", "--asset-catalog", "Two.xcassets", "--scales", "3,2"], directory: root)
        XCTAssertEqual(some.status, 0, some.stderr)
        let two = try checkCatalog(root.appendingPathComponent("Two.xcassets"))
        XCTAssertEqual(two["ring.imageset"]?.compactMap { $0["scale"] as? String }, ["2x", "3x"])
    }

    func testPDFImageSetsPreserveVectorData() throws {
        let root = try makeScenes(["ring.scene.yaml": Self.halves()])
        let run = try scenec(["build", "scenes", "--asset-catalog", "A.xcassets", "--asset-catalog-format", "pdf"], directory: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        let catalog = root.appendingPathComponent("A.xcassets")
        let sets = try checkCatalog(catalog)
        let images = try XCTUnwrap(sets["ring.imageset"])
        XCTAssertEqual(images.count, 1)
        XCTAssertEqual(images.first?["filename"] as? String, "ring.pdf")
        XCTAssertNil(images.first?["scale"], "a single-scale image has no scale")
        let contents = try json(catalog.appendingPathComponent("ring.imageset/Contents.json"))
        XCTAssertEqual(contents["properties"] as? [String: Bool], ["preserves-vector-representation": true])
        let info = try runProgram(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [catalog.appendingPathComponent("ring.imageset/ring.pdf").path])
        XCTAssertTrue(info.stdoutText.contains("Page size:       30 x 20 pts"), info.stdoutText)
        let scales = try scenec(["build", "scenes", "--asset-catalog", "A.xcassets", "--asset-catalog-format", "pdf", "--scales", "2"],
                                directory: root)
        XCTAssertEqual(scales.status, 2)
        XCTAssertTrue(scales.stderr.contains("which has no scales"), scales.stderr)
    }

    func testAssetCatalogBuildsAreIncremental() throws {
        let root = try makeScenes(["a/ring.scene.yaml": Self.halves(), "b/pie.scene.yaml": Self.halves(width: 40)])
        let build = ["build", "scenes", "--asset-catalog", "A.xcassets"]
        let catalog = root.appendingPathComponent("A.xcassets")
        XCTAssertEqual(try scenec(build, directory: root).status, 0)
        let before = try Dictionary(uniqueKeysWithValues: files(catalog).map { ($0, try inode(catalog.appendingPathComponent($0))) })
        let again = try scenec(build, directory: root)
        XCTAssertTrue(again.stderr.contains("0 built, 2 up to date"), again.stderr)
        XCTAssertEqual(try Dictionary(uniqueKeysWithValues: files(catalog).map { ($0, try inode(catalog.appendingPathComponent($0))) }),
                       before, "an up-to-date build writes nothing, the catalog's Contents.json included")

        // A changed scene rebuilds its own image set only.
        try Self.halves(width: 50).write(to: root.appendingPathComponent("scenes/a/ring.scene.yaml"), atomically: true, encoding: .utf8)
        let changed = try scenec(build, directory: root)
        XCTAssertTrue(changed.stderr.contains("1 built, 1 up to date"), changed.stderr)
        for (file, old) in before {
            XCTAssertEqual(try inode(catalog.appendingPathComponent(file)) != old, file.hasPrefix("ring.imageset/"), file)
        }
        XCTAssertEqual(try pillow([catalog.appendingPathComponent("ring.imageset/ring@2x.png")]).first?.value.width, 100)

        // Fewer scales: the image set is rebuilt, and the file no longer listed is stale until pruned.
        let fewer = try scenec(build + ["--scales", "2,3"], directory: root)
        XCTAssertTrue(fewer.stderr.contains("scenec build: stale: A.xcassets/ring.imageset/ring.png (no longer produced); --prune removes it"),
                      fewer.stderr)
        XCTAssertEqual(try scenec(build + ["--scales", "2,3", "--prune"], directory: root).status, 0)
        try checkCatalog(catalog)

        // A removed scene's image set is stale, and --prune removes it, folder and all.
        try FileManager.default.removeItem(at: root.appendingPathComponent("scenes/b/pie.scene.yaml"))
        let removed = try scenec(build + ["--scales", "2,3"], directory: root)
        XCTAssertTrue(removed.stderr.contains("stale: A.xcassets/pie.imageset/Contents.json (the scene was removed)"), removed.stderr)
        let pruned = try scenec(build + ["--scales", "2,3", "--prune"], directory: root)
        XCTAssertTrue(pruned.stderr.contains("removed stale A.xcassets/pie.imageset/pie@2x.png"), pruned.stderr)
        XCTAssertEqual(fileNames(in: catalog).filter { !$0.hasPrefix(".") }, ["Contents.json", "ring.imageset"])
        try checkCatalog(catalog)
    }

    func testScenesWithAppearanceColoursHaveDarkImages() throws {
        let root = try makeScenes(["sys.scene.yaml": Self.adaptive, "plain.scene.yaml": Self.halves()])
        let run = try scenec(["build", "scenes", "--asset-catalog", "A.xcassets"], directory: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        let catalog = root.appendingPathComponent("A.xcassets")
        let sets = try checkCatalog(catalog)
        let images = try XCTUnwrap(sets["sys.imageset"])
        func describe(_ image: [String: Any]) -> String {
            let look = (image["appearances"] as? [[String: String]])?.first?["value"] ?? "any"
            return "\(image["filename"] ?? "") \(image["scale"] ?? "") \(look)"
        }
        XCTAssertEqual(images.map(describe), ["sys.png 1x any", "sys-dark.png 1x dark", "sys@2x.png 2x any",
                                              "sys-dark@2x.png 2x dark", "sys@3x.png 3x any", "sys-dark@3x.png 3x dark"])
        XCTAssertFalse(try XCTUnwrap(sets["plain.imageset"]).contains { $0["appearances"] != nil },
                       "a scene whose colours do not depend on the appearance has no dark images")
        let folder = catalog.appendingPathComponent("sys.imageset")
        let read = try pillow(images.compactMap { $0["filename"] as? String }.map { folder.appendingPathComponent($0) })
        for image in images {
            let name = try XCTUnwrap(image["filename"] as? String)
            let png = try XCTUnwrap(read[folder.appendingPathComponent(name).path])
            let scale = Int(String((image["scale"] as? String ?? "0").dropLast())) ?? 0
            XCTAssertEqual([png.width, png.height], [30 * scale, 20 * scale], name)
            XCTAssertEqual([png.left, png.right], image["appearances"] == nil ? Self.lightProbes : Self.darkProbes, name)
        }

        // One PDF per appearance.
        let pdf = try scenec(["build", "scenes", "--asset-catalog", "P.xcassets", "--asset-catalog-format", "pdf"], directory: root)
        XCTAssertEqual(pdf.status, 0, pdf.stderr)
        let pdfSets = try checkCatalog(root.appendingPathComponent("P.xcassets"))
        XCTAssertEqual(try XCTUnwrap(pdfSets["sys.imageset"]).map(describe), ["sys.pdf  any", "sys-dark.pdf  dark"])

        // The catalog draws both appearances itself, so --appearance is refused.
        let forced = try scenec(["build", "scenes", "--asset-catalog", "A.xcassets", "--appearance", "dark"], directory: root)
        XCTAssertEqual(forced.status, 2)
        XCTAssertTrue(forced.stderr.contains("--appearance does not go with --asset-catalog"), forced.stderr)
    }

    func testAScenesDarkImagesComeAndGoWithItsAppearanceColours() throws {
        let root = try makeScenes(["icon.scene.yaml": Self.halves()])
        let build = ["build", "scenes", "--asset-catalog", "A.xcassets"]
        let scene = root.appendingPathComponent("scenes/icon.scene.yaml")
        let folder = root.appendingPathComponent("A.xcassets/icon.imageset")
        XCTAssertEqual(try scenec(build, directory: root).status, 0)
        XCTAssertEqual(fileNames(in: folder), ["Contents.json", "icon.png", "icon@2x.png", "icon@3x.png"])
        try Self.adaptive.write(to: scene, atomically: true, encoding: .utf8)
        XCTAssertEqual(try scenec(build, directory: root).status, 0)
        XCTAssertEqual(fileNames(in: folder).count, 7)
        try checkCatalog(root.appendingPathComponent("A.xcassets"))
        try Self.halves().write(to: scene, atomically: true, encoding: .utf8)
        let plain = try scenec(build, directory: root)
        XCTAssertTrue(plain.stderr.contains("stale: A.xcassets/icon.imageset/icon-dark@2x.png (no longer produced)"), plain.stderr)
        XCTAssertEqual(try scenec(build + ["--prune"], directory: root).status, 0)
        try checkCatalog(root.appendingPathComponent("A.xcassets"))
        XCTAssertEqual(fileNames(in: folder), ["Contents.json", "icon.png", "icon@2x.png", "icon@3x.png"])
    }

    func testAnImageSetCutShortIsRebuiltNextTime() throws {
        let root = try makeScenes(["x.scene.yaml": Self.halves()])
        let blocker = root.appendingPathComponent("A.xcassets/x.imageset/Contents.json")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
        let blocked = try scenec(["build", "scenes", "--asset-catalog", "A.xcassets"], directory: root)
        XCTAssertEqual(blocked.status, 3, blocked.stderr)
        XCTAssertTrue(blocked.stderr.contains("cannot write 'A.xcassets/x.imageset/Contents.json': it is a directory"), blocked.stderr)
        try FileManager.default.removeItem(at: blocker)
        let next = try scenec(["build", "scenes", "--asset-catalog", "A.xcassets"], directory: root)
        XCTAssertTrue(next.stderr.contains("1 built"), "the PNGs written before the failure are not a whole image set: \(next.stderr)")
        try checkCatalog(root.appendingPathComponent("A.xcassets"))
    }

    func testAnAppsOwnCatalogContentsAreKept() throws {
        let root = try makeScenes(["ring.scene.yaml": Self.halves()])
        let catalog = root.appendingPathComponent("A.xcassets")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let own = "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
        try own.write(to: catalog.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try scenec(["build", "scenes", "--asset-catalog", "A.xcassets"], directory: root).status, 0)
        XCTAssertEqual(try String(contentsOf: catalog.appendingPathComponent("Contents.json"), encoding: .utf8), own)
        XCTAssertTrue(fileNames(in: catalog).contains("ring.imageset"))
    }

    func testCatalogMistakesAreRefusedAndWriteNothing() throws {
        let root = try makeScenes(["d1/x.scene.yaml": Self.halves(), "d2/x.scene.yaml": Self.halves()])
        let collision = try scenec(["build", "scenes", "--asset-catalog", "A.xcassets"], directory: root)
        XCTAssertEqual(collision.status, 1)
        XCTAssertTrue(collision.stderr.contains("'scenes/d1/x.scene.yaml' and 'scenes/d2/x.scene.yaml' would both write 'x.imageset/'"),
                      collision.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("A.xcassets").path))
        for (extra, message) in [
            (["--asset-catalog", "A.xcassets", "--scales", "1,4"], "an asset catalog holds scales 1, 2 and 3 only, not 4"),
            (["--asset-catalog", "A.xcassets", "--scales", "1,-2"], "not '-2'"),
            (["--asset-catalog", "Assets"], "--asset-catalog takes a folder whose name ends in .xcassets"),
            (["--asset-catalog", "A.xcassets", "-o", "out"], "-o and --asset-catalog each name where the build writes"),
            (["--asset-catalog", "A.xcassets", "--formats", "svg"], "--formats does not go with --asset-catalog"),
            (["--asset-catalog", "A.xcassets", "--asset-catalog-format", "svg"], "--asset-catalog-format must be png or pdf"),
            (["--asset-catalog", "A.xcassets", "--animated", "frames"], "--animated frames does not go with --asset-catalog"),
            (["-o", "out", "--scales", "2"], "--scales does not go with -o"),
            (["--android-res", "res", "--scales", "2"], "Android's densities are fixed"),
        ] {
            let run = try scenec(["build", "scenes/d1"] + extra, directory: root)
            XCTAssertEqual(run.status, 2, "\(extra): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), "\(extra): \(run.stderr)")
        }
        XCTAssertEqual(fileNames(in: root), ["scenes"])
    }

    // MARK: build --android-res

    func testAndroidResourcesHaveADrawablePerDensity() throws {
        let root = try makeScenes(["Download-Ring.scene.yaml": Self.halves(width: 37, height: 25)])
        let run = try scenec(["build", "scenes", "--android-res", "app/src/main/res"], directory: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        let res = root.appendingPathComponent("app/src/main/res")
        let densities = [("mdpi", 1.0), ("hdpi", 1.5), ("xhdpi", 2), ("xxhdpi", 3), ("xxxhdpi", 4)]
        XCTAssertEqual(files(res), densities.map { "drawable-\($0.0)/download_ring.png" }.sorted())
        let read = try pillow(densities.map { res.appendingPathComponent("drawable-\($0.0)/download_ring.png") })
        for (density, scale) in densities {
            let png = try XCTUnwrap(read[res.appendingPathComponent("drawable-\(density)/download_ring.png").path])
            // Pixels are points × the density's scale, rounded up: 37 × 1.5 = 55.5 → 56.
            XCTAssertEqual([png.width, png.height], [Int((37 * scale).rounded(.up)), Int((25 * scale).rounded(.up))], density)
            XCTAssertEqual([png.left, png.right], ["ff0000", "0000ff"], density)
        }
        let again = try scenec(["build", "scenes", "--android-res", "app/src/main/res"], directory: root)
        XCTAssertTrue(again.stderr.contains("0 built, 1 up to date"), again.stderr)
    }

    func testAndroidNightDrawablesForScenesWithAppearanceColours() throws {
        let root = try makeScenes(["sys.scene.yaml": Self.adaptive, "plain.scene.yaml": Self.halves()])
        let run = try scenec(["build", "scenes", "--android-res", "res"], directory: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        let res = root.appendingPathComponent("res")
        let densities = ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"]
        XCTAssertEqual(files(res), (densities.flatMap { ["drawable-\($0)/plain.png", "drawable-\($0)/sys.png"] }
                                    + densities.map { "drawable-night-\($0)/sys.png" }).sorted())
        let read = try pillow(densities.flatMap { [res.appendingPathComponent("drawable-\($0)/sys.png"),
                                                   res.appendingPathComponent("drawable-night-\($0)/sys.png")] })
        for density in densities {
            let day = try XCTUnwrap(read[res.appendingPathComponent("drawable-\(density)/sys.png").path])
            let night = try XCTUnwrap(read[res.appendingPathComponent("drawable-night-\(density)/sys.png").path])
            XCTAssertEqual([day.left, day.right], Self.lightProbes, density)
            XCTAssertEqual([night.left, night.right], Self.darkProbes, density)
            XCTAssertEqual([night.width, night.height], [day.width, day.height], density)
        }
    }

    func testSceneNamesAndroidCannotTakeAreRefused() throws {
        for (names, message) in [
            (["3d.scene.yaml"], "'3d' cannot be an Android resource name: it begins with '3'"),
            (["café.scene.yaml"], "'café' cannot be an Android resource name: it has 'é'"),
            (["new.scene.yaml"], "'new' is a Java keyword, and Android names the drawable R.drawable.new"),
            (["a-b.scene.yaml", "a_b.scene.yaml"], "would both write 'drawable-mdpi/a_b.png'"),
        ] {
            let root = try makeScenes(Dictionary(uniqueKeysWithValues: names.map { ($0, Self.halves()) }))
            let run = try scenec(["build", "scenes", "--android-res", "res"], directory: root)
            XCTAssertEqual(run.status, 1, "\(names): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), "\(names): \(run.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("res").path), "\(names)")
        }
    }
}
