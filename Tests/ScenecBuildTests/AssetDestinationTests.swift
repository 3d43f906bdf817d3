import XCTest
import ScenecBuild
import TestSupport

/// Asset catalogs and Android resources, in-process (moved from ScenecCLITests.AssetOutputTests,
/// which keeps `render --scales` and the options' usage errors): pictures read back with Pillow,
/// catalogs checked against the `Contents.json` format Apple documents (Asset Catalog Format
/// Reference: `info`, `images` with `idiom`, `filename`, `scale`, `appearances`), and
/// cross-checked against the files on disk.
final class AssetDestinationTests: XCTestCase {
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

    /// A project with `files` (path → text) under scenes/.
    func makeScenes(_ files: [String: String]) throws -> Project {
        let project = try Project(self)
        for (path, text) in files { try project.write(text, "scenes/" + path) }
        return project
    }

    /// `scenec build scenes --asset-catalog out [--asset-catalog-format pdf] [--scales …]`.
    func catalogPlan(_ project: Project, _ out: String, pdf: Bool = false, scales: [Double] = [1, 2, 3]) throws -> BuildPlan {
        var plan = try project.plan(out: out)
        plan.destination = pdf ? .assetCatalog(.pdf, scales: []) : .assetCatalog(.png, scales: scales)
        return plan
    }

    /// `scenec build scenes --android-res out`.
    func androidPlan(_ project: Project, _ out: String) throws -> BuildPlan {
        var plan = try project.plan(out: out)
        plan.destination = .androidResources
        return plan
    }

    func json(_ url: URL) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return try XCTUnwrap(object as? [String: Any], "\(url.lastPathComponent) is not a JSON object")
    }

    func inode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int) ?? -1
    }

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

    // MARK: asset catalogs

    func testAssetCatalogHasAnImageSetPerSceneInApplesFormat() throws {
        let project = try makeScenes(["icons/ring.scene.yaml": Self.halves(),
                                      "badges/pie.scene.yaml": Self.halves(width: 37, height: 25)])
        let run = try project.build(try catalogPlan(project, "App/Assets.xcassets"))
        XCTAssertEqual(run.status, .success, run.diagnosticsText)
        XCTAssertTrue(run.summary.contains("2 built"), run.summary)
        let catalog = project.url("App/Assets.xcassets")
        let sets = try checkCatalog(catalog)
        XCTAssertEqual(sets.keys.sorted(), ["pie.imageset", "ring.imageset"], "flat, named by the scene file")
        let images = try XCTUnwrap(sets["ring.imageset"])
        XCTAssertEqual(images.map { "\($0["filename"] ?? "") \($0["scale"] ?? "")" },
                       ["ring.png 1x", "ring@2x.png 2x", "ring@3x.png 3x"])
        XCTAssertFalse(images.contains { $0["appearances"] != nil }, "a scene without appearance colours has no dark images")
        // Each listed scale is that multiple of the canvas (37 × 25 points for the pie).
        let pie = catalog.appendingPathComponent("pie.imageset")
        let read = try pillowProbes(["pie.png", "pie@2x.png", "pie@3x.png"].map { pie.appendingPathComponent($0) })
        for (name, scale) in [("pie.png", 1), ("pie@2x.png", 2), ("pie@3x.png", 3)] {
            let png = try XCTUnwrap(read[pie.appendingPathComponent(name).path])
            XCTAssertEqual([png.width, png.height], [37 * scale, 25 * scale], name)
            XCTAssertEqual([png.left, png.right], ["ff0000", "0000ff"], name)
        }
        // --scales picks the scales; the order typed does not matter.
        let some = try project.build(try catalogPlan(project, "Two.xcassets", scales: try Scales.parse("3,2")))
        XCTAssertEqual(some.status, .success, some.diagnosticsText)
        let two = try checkCatalog(project.url("Two.xcassets"))
        XCTAssertEqual(two["ring.imageset"]?.compactMap { $0["scale"] as? String }, ["2x", "3x"])
    }

    func testPDFImageSetsPreserveVectorData() throws {
        let project = try makeScenes(["ring.scene.yaml": Self.halves()])
        let run = try project.build(try catalogPlan(project, "A.xcassets", pdf: true))
        XCTAssertEqual(run.status, .success, run.diagnosticsText)
        let catalog = project.url("A.xcassets")
        let sets = try checkCatalog(catalog)
        let images = try XCTUnwrap(sets["ring.imageset"])
        XCTAssertEqual(images.count, 1)
        XCTAssertEqual(images.first?["filename"] as? String, "ring.pdf")
        XCTAssertNil(images.first?["scale"], "a single-scale image has no scale")
        let contents = try json(catalog.appendingPathComponent("ring.imageset/Contents.json"))
        XCTAssertEqual(contents["properties"] as? [String: Bool], ["preserves-vector-representation": true])
        let info = try runProgram(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [catalog.appendingPathComponent("ring.imageset/ring.pdf").path])
        XCTAssertTrue(info.stdoutText.contains("Page size:       30 x 20 pts"), info.stdoutText)
    }

    func testAssetCatalogBuildsAreIncremental() throws {
        let project = try makeScenes(["a/ring.scene.yaml": Self.halves(), "b/pie.scene.yaml": Self.halves(width: 40)])
        let catalog = project.url("A.xcassets")
        var plan = try catalogPlan(project, "A.xcassets")
        XCTAssertEqual(try project.build(plan).status, .success)
        let before = try Dictionary(uniqueKeysWithValues: project.outputs("A.xcassets").map { ($0, try inode(catalog.appendingPathComponent($0))) })
        let again = try project.build(plan)
        XCTAssertTrue(again.summary.contains("0 built, 2 up to date"), again.summary)
        XCTAssertEqual(try Dictionary(uniqueKeysWithValues: project.outputs("A.xcassets").map { ($0, try inode(catalog.appendingPathComponent($0))) }),
                       before, "an up-to-date build writes nothing, the catalog's Contents.json included")

        // A changed scene rebuilds its own image set only.
        try project.write(Self.halves(width: 50), "scenes/a/ring.scene.yaml")
        let changed = try project.build(plan)
        XCTAssertTrue(changed.summary.contains("1 built, 1 up to date"), changed.summary)
        for (file, old) in before {
            XCTAssertEqual(try inode(catalog.appendingPathComponent(file)) != old, file.hasPrefix("ring.imageset/"), file)
        }
        XCTAssertEqual(try pillowProbes([catalog.appendingPathComponent("ring.imageset/ring@2x.png")]).first?.value.width, 100)

        // Fewer scales: the image set is rebuilt, and the file no longer listed is stale until pruned.
        plan.destination = .assetCatalog(.png, scales: [2, 3])
        let fewer = try project.build(plan)
        XCTAssertEqual(fewer.stale(removed: false)[project.path("A.xcassets/ring.imageset/ring.png")], "no longer produced",
                       "\(fewer.stale(removed: false))")
        plan.prune = true
        XCTAssertEqual(try project.build(plan).status, .success)
        plan.prune = false
        try checkCatalog(catalog)

        // A removed scene's image set is stale, and --prune removes it, folder and all.
        try project.remove("scenes/b/pie.scene.yaml")
        let removed = try project.build(plan)
        XCTAssertEqual(removed.stale(removed: false)[project.path("A.xcassets/pie.imageset/Contents.json")], "the scene was removed",
                       "\(removed.stale(removed: false))")
        plan.prune = true
        let pruned = try project.build(plan)
        XCTAssertNotNil(pruned.stale(removed: true)[project.path("A.xcassets/pie.imageset/pie@2x.png")], "\(pruned.stale(removed: true))")
        XCTAssertEqual(fileNames(in: catalog).filter { !$0.hasPrefix(".") }, ["Contents.json", "ring.imageset"])
        try checkCatalog(catalog)
    }

    func testScenesWithAppearanceColoursHaveDarkImages() throws {
        let project = try makeScenes(["sys.scene.yaml": Self.adaptive, "plain.scene.yaml": Self.halves()])
        let run = try project.build(try catalogPlan(project, "A.xcassets"))
        XCTAssertEqual(run.status, .success, run.diagnosticsText)
        let catalog = project.url("A.xcassets")
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
        let read = try pillowProbes(images.compactMap { $0["filename"] as? String }.map { folder.appendingPathComponent($0) })
        for image in images {
            let name = try XCTUnwrap(image["filename"] as? String)
            let png = try XCTUnwrap(read[folder.appendingPathComponent(name).path])
            let scale = Int(String((image["scale"] as? String ?? "0").dropLast())) ?? 0
            XCTAssertEqual([png.width, png.height], [30 * scale, 20 * scale], name)
            XCTAssertEqual([png.left, png.right], image["appearances"] == nil ? Self.lightProbes : Self.darkProbes, name)
        }

        // One PDF per appearance.
        let pdf = try project.build(try catalogPlan(project, "P.xcassets", pdf: true))
        XCTAssertEqual(pdf.status, .success, pdf.diagnosticsText)
        let pdfSets = try checkCatalog(project.url("P.xcassets"))
        XCTAssertEqual(try XCTUnwrap(pdfSets["sys.imageset"]).map(describe), ["sys.pdf  any", "sys-dark.pdf  dark"])
    }

    func testAScenesDarkImagesComeAndGoWithItsAppearanceColours() throws {
        let project = try makeScenes(["icon.scene.yaml": Self.halves()])
        var plan = try catalogPlan(project, "A.xcassets")
        let folder = project.url("A.xcassets/icon.imageset")
        XCTAssertEqual(try project.build(plan).status, .success)
        XCTAssertEqual(fileNames(in: folder), ["Contents.json", "icon.png", "icon@2x.png", "icon@3x.png"])
        try project.write(Self.adaptive, "scenes/icon.scene.yaml")
        XCTAssertEqual(try project.build(plan).status, .success)
        XCTAssertEqual(fileNames(in: folder).count, 7)
        try checkCatalog(project.url("A.xcassets"))
        try project.write(Self.halves(), "scenes/icon.scene.yaml")
        let plain = try project.build(plan)
        XCTAssertEqual(plain.stale(removed: false)[project.path("A.xcassets/icon.imageset/icon-dark@2x.png")], "no longer produced",
                       "\(plain.stale(removed: false))")
        plan.prune = true
        XCTAssertEqual(try project.build(plan).status, .success)
        try checkCatalog(project.url("A.xcassets"))
        XCTAssertEqual(fileNames(in: folder), ["Contents.json", "icon.png", "icon@2x.png", "icon@3x.png"])
    }

    func testAnImageSetCutShortIsRebuiltNextTime() throws {
        let project = try makeScenes(["x.scene.yaml": Self.halves()])
        try FileManager.default.createDirectory(at: project.url("A.xcassets/x.imageset/Contents.json"), withIntermediateDirectories: true)
        let plan = try catalogPlan(project, "A.xcassets")
        let blocked = try project.build(plan)
        XCTAssertEqual(blocked.status, .io, "\(blocked.errors)")
        XCTAssertTrue(blocked.errors.contains { $0.contains("cannot write '\(project.path("A.xcassets/x.imageset/Contents.json"))': it is a directory") },
                      "\(blocked.errors)")
        try project.remove("A.xcassets/x.imageset/Contents.json")
        let next = try project.build(plan)
        XCTAssertTrue(next.summary.contains("1 built"), "the PNGs written before the failure are not a whole image set: \(next.summary)")
        try checkCatalog(project.url("A.xcassets"))
    }

    func testAnAppsOwnCatalogContentsAreKept() throws {
        let project = try makeScenes(["ring.scene.yaml": Self.halves()])
        let own = "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
        try project.write(own, "A.xcassets/Contents.json")
        XCTAssertEqual(try project.build(try catalogPlan(project, "A.xcassets")).status, .success)
        XCTAssertEqual(try String(contentsOf: project.url("A.xcassets/Contents.json"), encoding: .utf8), own)
        XCTAssertTrue(fileNames(in: project.url("A.xcassets")).contains("ring.imageset"))
    }

    /// Two scenes of one name would write one image set: refused before anything is written.
    /// (The options' mistakes are usage errors, ScenecCLITests.AssetOutputTests.)
    func testTwoScenesOfOneNameAreRefusedAndWriteNothing() throws {
        let project = try makeScenes(["d1/x.scene.yaml": Self.halves(), "d2/x.scene.yaml": Self.halves()])
        let collision = try project.build(try catalogPlan(project, "A.xcassets"))
        XCTAssertEqual(collision.status, .sceneError)
        XCTAssertTrue(collision.errors.contains("'\(project.path("scenes/d1/x.scene.yaml"))' and '\(project.path("scenes/d2/x.scene.yaml"))' would both write 'x.imageset/'"),
                      "\(collision.errors)")
        XCTAssertFalse(project.exists("A.xcassets"))
    }

    // MARK: Android resources

    func testAndroidResourcesHaveADrawablePerDensity() throws {
        let project = try makeScenes(["Download-Ring.scene.yaml": Self.halves(width: 37, height: 25)])
        let plan = try androidPlan(project, "app/src/main/res")
        let run = try project.build(plan)
        XCTAssertEqual(run.status, .success, run.diagnosticsText)
        let res = project.url("app/src/main/res")
        let densities = [("mdpi", 1.0), ("hdpi", 1.5), ("xhdpi", 2), ("xxhdpi", 3), ("xxxhdpi", 4)]
        XCTAssertEqual(project.outputs("app/src/main/res"), densities.map { "drawable-\($0.0)/download_ring.png" }.sorted())
        let read = try pillowProbes(densities.map { res.appendingPathComponent("drawable-\($0.0)/download_ring.png") })
        for (density, scale) in densities {
            let png = try XCTUnwrap(read[res.appendingPathComponent("drawable-\(density)/download_ring.png").path])
            // Pixels are points × the density's scale, rounded up: 37 × 1.5 = 55.5 → 56.
            XCTAssertEqual([png.width, png.height], [Int((37 * scale).rounded(.up)), Int((25 * scale).rounded(.up))], density)
            XCTAssertEqual([png.left, png.right], ["ff0000", "0000ff"], density)
        }
        let again = try project.build(plan)
        XCTAssertTrue(again.summary.contains("0 built, 1 up to date"), again.summary)
    }

    func testAndroidNightDrawablesForScenesWithAppearanceColours() throws {
        let project = try makeScenes(["sys.scene.yaml": Self.adaptive, "plain.scene.yaml": Self.halves()])
        let run = try project.build(try androidPlan(project, "res"))
        XCTAssertEqual(run.status, .success, run.diagnosticsText)
        let res = project.url("res")
        let densities = ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"]
        XCTAssertEqual(project.outputs("res"), (densities.flatMap { ["drawable-\($0)/plain.png", "drawable-\($0)/sys.png"] }
                                                + densities.map { "drawable-night-\($0)/sys.png" }).sorted())
        let read = try pillowProbes(densities.flatMap { [res.appendingPathComponent("drawable-\($0)/sys.png"),
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
            let project = try makeScenes(Dictionary(uniqueKeysWithValues: names.map { ($0, Self.halves()) }))
            let run = try project.build(try androidPlan(project, "res"))
            XCTAssertEqual(run.status, .sceneError, "\(names): \(run.errors)")
            XCTAssertTrue(run.errors.contains { $0.contains(message) }, "\(names): \(run.errors)")
            XCTAssertFalse(project.exists("res"), "\(names)")
        }
    }
}
