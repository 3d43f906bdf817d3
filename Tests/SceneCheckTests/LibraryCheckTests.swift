import XCTest
import SceneCheck
import SceneSyntax

/// Library files (docs/language.md §1): styles and/or components, no canvas or views. `check`
/// and the language server check them as libraries (`acceptsLibrary`); what draws refuses them
/// with one located error.
final class LibraryCheckTests: XCTestCase {
    var libraryOptions: CheckOptions {
        var options = CheckOptions()
        options.acceptsLibrary = true
        return options
    }

    func check(_ text: String, name: String = "lib.yaml", options: CheckOptions? = nil) -> (scene: Bool, diagnostics: [String]) {
        let file = SourceFile(name: name, text: text)
        let result = SceneChecker(options: options ?? libraryOptions).check(file)
        return (result.scene != nil, result.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.code.rawValue) \($0.message)" })
    }

    func testAFileOfStylesOrComponentsWithoutCanvasAndViewsIsALibrary() {
        XCTAssertTrue(SceneChecker.isLibrary(YAMLReader().read(SourceFile(name: "t", text: "styles: {}\n")).root))
        XCTAssertTrue(SceneChecker.isLibrary(YAMLReader().read(SourceFile(name: "t", text: "version: 1\ncomponents: {}\nx-a: 1\n")).root))
        for scene in ["canvas: {width: 1, height: 1}\nstyles: {}\n", "views: []\nstyles: {}\n", "", "imports: [a.yaml]\n",
                      "timeline: {}\n", "- styles\n"] {
            XCTAssertFalse(SceneChecker.isLibrary(YAMLReader().read(SourceFile(name: "t", text: scene)).root), scene)
        }
    }

    func testALibraryOfGoodStylesPassesWithoutAScene() {
        let result = check("""
            version: 1
            x-base: &base {lineWidth: 4}
            styles:
              brand: {<<: *base, progressColor: systemBlue}
              muted: {opacity: 0.5, trackColor: "#ccc"}
            """)
        XCTAssertFalse(result.scene)
        XCTAssertEqual(result.diagnostics, [])
    }

    func testAStyleWithAnUnknownAttributeIsAnErrorInALibrary() {
        let result = check("styles:\n  brand: {lineWidht: 4}\n")
        XCTAssertEqual(result.diagnostics.count, 1, "\(result.diagnostics)")
        XCTAssertTrue(result.diagnostics[0].hasPrefix("2:11 unknown-attribute"), result.diagnostics[0])
        XCTAssertTrue(result.diagnostics[0].contains("lineWidth"), result.diagnostics[0])
    }

    func testUnknownTopLevelKeysAreRefusedWithHintsAndTimelineAndFontsSayWhy() {
        let result = check("""
            styles: {}
            stlyes: {}
            timeline: {animations: []}
            fonts: [Inter.ttf]
            version: 2
            """)
        XCTAssertEqual(result.diagnostics.count, 4, "\(result.diagnostics)")
        XCTAssertTrue(result.diagnostics[0].hasPrefix("2:1 unknown-key unknown key 'stlyes' in a library; did you mean 'styles'?"),
                      result.diagnostics[0])
        XCTAssertTrue(result.diagnostics[1].hasPrefix("3:1 unknown-key a library has no timeline of its own"), result.diagnostics[1])
        XCTAssertTrue(result.diagnostics[2].hasPrefix("4:1 unknown-key a library cannot load fonts"), result.diagnostics[2])
        XCTAssertTrue(result.diagnostics[3].hasPrefix("5:10 unsupported-version"), result.diagnostics[3])
    }

    func testComponentsMustBeAMappingOfNamesToMappings() {
        XCTAssertEqual(check("components:\n  Meter: {views: []}\n").diagnostics, [])
        let result = check("components:\n  Meter: [ring]\n")
        XCTAssertEqual(result.diagnostics.count, 1)
        XCTAssertTrue(result.diagnostics[0].hasPrefix("2:10 wrong-structure component 'Meter' must be a mapping"), result.diagnostics[0])
        XCTAssertTrue(check("components: [Meter]\n").diagnostics[0].hasPrefix("1:13 wrong-structure components must be a mapping"))
    }

    /// The components checker runs on a library: its definitions' mistakes are reported, and
    /// what it read (References.Component, References.Parameter) is in the references graph,
    /// imported definitions with their file, for the language server and `help`.
    func testALibrarysComponentsAreCheckedAndListedInTheReferences() throws {
        let bad = check("components:\n  M:\n    parameters: {v: {kind: number}}\n    views:\n      - {id: r, type: ring, frame: {x: 0, y: 0, width: 1, height: 1}, progres: 1}\n")
        XCTAssertEqual(bad.diagnostics.count, 2, "\(bad.diagnostics)")
        XCTAssertTrue(bad.diagnostics[0].hasPrefix("3:18 unused-parameter parameter 'v' of M is never used"), bad.diagnostics[0])
        XCTAssertTrue(bad.diagnostics[1].hasPrefix("5:71 unknown-attribute unknown attribute 'progres'"), bad.diagnostics[1])

        var options = libraryOptions
        let files = ["base.yaml": "components:\n  Dot: {views: [{id: d, type: indicator, frame: {x: 0, y: 0, width: 1, height: 1}}]}\n"]
        options.readImport = { path in files[path].map { .success(Array($0.utf8)) } ?? .failure(ImportFailure("no such file")) }
        let file = SourceFile(name: "lib.yaml", text: """
            imports: [base.yaml]
            components:
              Meter:
                doc: A ring.
                parameters:
                  value: {kind: ring.progress, default: 0, doc: Fraction drawn.}
                  tint: {kind: color, default: {color: red, alpha: 0.5}}
                  caption: {kind: text, doc: Words.}
                views:
                  - {id: r, type: ring, frame: {x: 0, y: 0, width: 1, height: 1}, progress: $value, progressColor: $tint, label: $caption}

            """)
        let result = SceneChecker(options: options).checkResult(file)
        XCTAssertEqual(result.diagnostics, [])
        let components: [References.Component] = result.references.components
        XCTAssertEqual(components.map(\.name), ["Dot", "Meter"])
        XCTAssertEqual(components[0].file?.name, "base.yaml")
        let meter = try XCTUnwrap(result.references.component(named: "Meter"))
        XCTAssertNil(meter.file)
        XCTAssertEqual(meter.doc, "A ring.")
        XCTAssertEqual(meter.range.start.line, 3)
        XCTAssertTrue(meter.isValid)
        let value: References.Parameter = try XCTUnwrap(meter.parameter(named: "value"))
        XCTAssertEqual(value.kindDescription, "ring.progress (number 0–1)")
        XCTAssertEqual(value.defaultText, "0")
        XCTAssertEqual(value.doc, "Fraction drawn.")
        XCTAssertEqual(meter.parameter(named: "tint")?.defaultText, "{color: red, alpha: 0.5}")
        XCTAssertEqual(meter.parameter(named: "tint")?.kindDescription, "color")
        XCTAssertEqual(meter.parameter(named: "caption")?.isRequired, true)
        XCTAssertEqual(meter.parameters.map(\.name), ["value", "tint", "caption"])
    }

    func testALibraryFollowsItsImports() {
        var options = libraryOptions
        let files = ["dir/base.yaml": "version: 1\nstyles:\n  base: {lineWidht: 2}\n"]
        options.readImport = { path in files[path].map { .success(Array($0.utf8)) } ?? .failure(ImportFailure("no such file")) }
        let file = SourceFile(name: "dir/lib.yaml", text: "imports: [base.yaml, gone.yaml]\nstyles: {brand: {lineWidth: 3}}\n")
        let result = SceneChecker(options: options).check(file)
        XCTAssertNil(result.scene)
        XCTAssertEqual(result.diagnostics.map(\.file?.name), [nil, "dir/base.yaml"], "a version: 1 is allowed in an imported library")
        XCTAssertEqual(result.diagnostics.map(\.code), [.badImport, .unknownAttribute])
    }

    func testASetNamingAViewIsAnErrorInALibraryAndAStyleSetIsChecked() throws {
        var options = libraryOptions
        options.overrides = [try Override("r.progress=1"), try Override("styles.brand.lineWidth=-1")]
        let result = check("styles: {brand: {lineWidth: 3}}\n", options: options)
        XCTAssertEqual(result.diagnostics.count, 2, "\(result.diagnostics)")
        XCTAssertTrue(result.diagnostics.contains { $0.contains("bad-option a library has no views") }, "\(result.diagnostics)")
        XCTAssertTrue(result.diagnostics.contains { $0.contains("lineWidth") }, "\(result.diagnostics)")
    }

    /// What draws (render, build, preview, inspect) checks with the default options.
    func testALibraryGivenWhereAPictureIsWantedIsOneLocatedError() {
        let result = check("x-a: 1\nstyles: {brand: {lineWidth: 3}}\n", options: CheckOptions())
        XCTAssertFalse(result.scene)
        XCTAssertEqual(result.diagnostics, ["2:1 missing-key lib.yaml is a library (styles/components), it has no picture; import it from a scene"])
    }

    /// A file with canvas or views is a scene and still needs both; a file with none of the
    /// library's keys keeps the scene's errors.
    func testAFileWithCanvasOrViewsIsASceneAndNeedsBoth() {
        let noCanvas = check("styles: {}\nviews: []\n")
        XCTAssertEqual(noCanvas.diagnostics, ["1:1 missing-key the scene needs a 'canvas' with width and height"])
        let noViews = check("styles: {}\ncanvas: {width: 1, height: 1}\n")
        XCTAssertEqual(noViews.diagnostics, ["1:1 missing-key the scene needs 'views', a list (it may be empty: views: [])"])
        XCTAssertEqual(check("").diagnostics.count, 1)
        XCTAssertTrue(check("").diagnostics[0].contains("the scene file is empty"))
        XCTAssertEqual(check("imports: []\n").diagnostics.count, 2)
    }
}
