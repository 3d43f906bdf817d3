import ScenecKit
import SceneRender
import SceneSyntax
import XCTest

/// The façade's types by name: a diagnostic and its severity, an error's kind, the frames of a
/// timeline, the scene laid out once and sampled, the render settings, the inspect report's
/// parts and the `--vary` grid's cells and problems.
final class FacadeTypesTests: XCTestCase {
    let ring = """
        canvas: {width: 100, height: 100}
        views:
          - {id: ring, type: ring, frame: {x: 500, y: 10, width: 80, height: 80}}
        timeline:
          fps: 10
          animations: [{target: ring.progress, from: 0, to: 1, duration: 1s}]
        """

    func testADiagnosticIsPrintedAsTheCommandLinePrintsIt() throws {
        let scene = try SceneFile(source: ring, name: "off.scene.yaml")
        let warning: SceneDiagnostic = try XCTUnwrap(scene.diagnostics.first)
        XCTAssertEqual(warning.severity, SceneDiagnostic.Severity.warning)
        XCTAssertEqual(SceneDiagnostic.Severity.error.rawValue, "error")
        XCTAssertEqual([warning.file], ["off.scene.yaml"])
        XCTAssertEqual([warning.line, warning.column], [3, 5])
        XCTAssertTrue(warning.formatted.hasPrefix("off.scene.yaml:3:5: warning: "), warning.formatted)
        XCTAssertEqual(warning.description, warning.formatted)
        XCTAssertNil(warning.origin)
        XCTAssertEqual(warning.code, "lint-off-canvas")
        XCTAssertEqual(warning.fixes, [])
    }

    /// An error names its code and carries its fix as edits of the file, as `check` prints it.
    func testADiagnosticHasACodeAndItsFixes() {
        let typo = "canvas: {width: 100, height: 100}\nviews:\n  - {type: ring, frame: {x: 0, y: 0, width: 50, height: 50}, lineCap: rund}\n"
        XCTAssertThrowsError(try SceneFile(source: typo, name: "typo.scene.yaml")) { error in
            guard let d = (error as? SceneError)?.diagnostics.first else { return XCTFail("\(error)") }
            XCTAssertEqual(d.code, "bad-value")
            XCTAssertEqual(d.fixes.map(\.title), ["change to 'round'"])
            XCTAssertEqual(d.fixes.first?.edits.map(\.newText), ["round"])
            XCTAssertEqual(d.fixes.first?.edits.first?.range.start.column, 71)
            XCTAssertTrue(d.formatted.contains("\nhelp: change to 'round'\n"), d.formatted)
        }
    }

    func testAnErrorSaysWhatKindOfFailureItIs() {
        XCTAssertThrowsError(try SceneFile(source: "canvas: {width: 0, height: 1}\nviews: []\n")) { error in
            XCTAssertEqual((error as? SceneError)?.kind, SceneError.Kind.invalidScene)
        }
        XCTAssertThrowsError(try SceneFile(source: ring).render(.png, overrides: ["ring.progress"])) { error in
            XCTAssertEqual((error as? SceneError)?.kind, .invalidArgument)
        }
    }

    func testFramesAreSampledAtTheirTimes() throws {
        let scene = try SceneFile(source: ring)
        let frames: SceneFile.Frames = try scene.frames(fps: 4)
        XCTAssertEqual(frames.fps, 4)
        XCTAssertEqual(frames.count, 5, "0, 0.25, 0.5, 0.75 and 1 s")
        let frame: SceneFile.Frame = frames[2]
        XCTAssertEqual(frame.index, 2)
        XCTAssertEqual(frame.time, 0.5)
        XCTAssertEqual(try frame.render(.svg), try scene.render(.svg, at: 0.5))
    }

    func testTheSceneIsLaidOutOnceAndSampledAtAnyTime() throws {
        let animated: AnimatedScene = try SceneFile(source: ring).animated
        XCTAssertEqual(animated.fileFPS, 10)
        XCTAssertEqual(animated.placed.count, 1)
        XCTAssertEqual(animated.views(at: 0.5)[0].values["progress"], .number(0.5))
        XCTAssertEqual(animated.views(at: 2)[0].values["progress"], .number(1))
        XCTAssertEqual(animated.fonts.families.first, "DejaVu Sans")
    }

    func testRenderSettingsReachTheRenderer() throws {
        let scene = try SceneFile(source: "canvas: {width: 20, height: 20}\nviews: []\n")
        let settings = SceneFile.RenderSettings(environment: RenderEnvironment(), sourceDateEpoch: 1_700_000_000)
        let later = SceneFile.RenderSettings(environment: RenderEnvironment(), sourceDateEpoch: 1_800_000_000)
        let pdf = try scene.render(.pdf, at: 0, settings: settings)
        XCTAssertEqual(pdf, try scene.render(.pdf, at: 0, settings: settings), "the same date, the same bytes")
        XCTAssertNotEqual(pdf, try scene.render(.pdf, at: 0, settings: later), "SOURCE_DATE_EPOCH is the PDF's date")
        XCTAssertEqual(try scene.render(.png, at: 0, settings: settings), try scene.render(.png))
    }

    func testTheInspectReportsPartsCarryTheCanvasAndItsAppearance() throws {
        let file = try SceneFile(source: "canvas: {width: 20, height: 10, background: systemBackground}\nviews: []\n")
        let report = InspectReport(scene: file.animated.scene, placed: file.animated.placed)
        let canvas: InspectReport.CanvasInfo = report.canvas
        XCTAssertEqual([canvas.width, canvas.height, canvas.scale], [20, 10, 1])
        let appearance: InspectReport.AppearanceInfo = try XCTUnwrap(canvas.backgroundAppearance)
        XCTAssertEqual([appearance.light, appearance.dark], ["#ffffff", "#000000"])
        XCTAssertEqual(JSONScalar(.number(0.5)).text, "0.5")
        XCTAssertEqual(JSONScalar(.bool(true)).text, "true")
        XCTAssertEqual(JSONScalar(nil).text, "—")
    }

    func testTheVaryGridsCellsAndProblems() throws {
        let cells: [Variants.Cell] = try Variants(["r.progress=0,1"]).cells
        XCTAssertEqual(cells.map(\.caption), ["r.progress=0", "r.progress=1"])
        XCTAssertThrowsError(try Variants(["r.progress"])) { error in
            XCTAssertTrue((error as? Variants.UsageProblem)?.message.hasPrefix("--vary takes ADDRESS=V1,V2") ?? false, "\(error)")
        }
    }
}
