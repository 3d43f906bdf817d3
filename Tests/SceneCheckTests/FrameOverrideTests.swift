import XCTest
import SceneCheck
import SceneModel
import SceneSyntax

/// `--set ID.frame.KEY=LENGTH`: the frame as written, with the key replaced or added; refused
/// with the reason where the key is not the one written or the view has no frame.
final class FrameOverrideTests: XCTestCase {
    let scene = """
        canvas: {width: 200, height: 100}
        views:
          - {id: a, type: ring, frame: {x: 100, y: 10, width: 50, height: 50}}
          - {id: c, type: ring, frame: {centerX: "50%", centerY: 50, width: 20, height: 20}}
          - {id: p, type: pie, frame: {x: 0, y: 0}}
          - type: stack
            id: header
            frame: {x: 0, y: 60, width: 200, height: 40}
            children:
              - {type: pie}
              - {id: t, type: ring, size: 30}
        """

    func compile(_ sets: [String]) throws -> (Scene?, [Diagnostic]) {
        var options = CheckOptions()
        options.overrides = try sets.map { try Override($0) }
        options.overridesMustMatch = true
        let r = SceneChecker(options: options).check(SourceFile(name: "t", text: scene))
        return (r.scene, r.diagnostics)
    }

    func errors(_ sets: [String]) throws -> [String] {
        let (scene, diags) = try compile(sets)
        XCTAssertNil(scene)
        return diags.map { "\($0.origin ?? "file"): \($0.message)" }
    }

    func testFrameAddressesParseAndRoundTrip() throws {
        for text in ["a.frame.x", "a.frame.centerY", "views[3].children[1].frame.width", "views[0].frame.height"] {
            let address = try SceneAddress(parsing: text)
            XCTAssertEqual(address.description, text)
        }
        XCTAssertEqual(try SceneAddress(parsing: "a.frame.centerX"), .view(.id("a"), attribute: "frame.centerX"))
        XCTAssertEqual(try SceneAddress(parsing: "views[0].children[1].frame.x").frameKey, "x")
        XCTAssertNil(try SceneAddress(parsing: "a.progress").frameKey)
        XCTAssertThrowsError(try SceneAddress(parsing: "a.frame.z")) { error in
            let message = (error as? AddressError)?.message ?? ""
            XCTAssertTrue(message.contains("x, y, centerX, centerY, width, height"), message)
        }
        XCTAssertThrowsError(try SceneAddress(parsing: "a.frame.widht")) { error in
            XCTAssertTrue((error as? AddressError)?.message.hasSuffix("did you mean 'width'?") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try SceneAddress(parsing: "views[0].frame.")) { error in
            let message = (error as? AddressError)?.message ?? ""
            XCTAssertTrue(message.contains("after frame comes nothing"), message)
            XCTAssertFalse(message.contains("did you mean"), "no suggestion for a key not written: \(message)")
        }
    }

    func testAFrameKeyIsReplacedAsALength() throws {
        let (scene, diags) = try compile(["a.frame.x=140", "views[0].frame.width=100% - 20", "c.frame.centerX=25%"])
        XCTAssertEqual(diags, [])
        let a = try XCTUnwrap(scene?.views[0].frame)
        XCTAssertEqual(a.x, .origin(.pt(140)))
        XCTAssertEqual(a.y, .origin(.pt(10)), "the other keys stay as written")
        XCTAssertEqual(a.width, Length(percent: 100, points: -20))
        XCTAssertEqual(scene?.views[1].frame?.x, .center(Length(percent: 25)))
    }

    func testAPieGetsTheSizeItDidNotWrite() throws {
        let (scene, diags) = try compile(["p.frame.width=60"])
        XCTAssertEqual(diags, [])
        XCTAssertEqual(scene?.views[2].frame?.width, .pt(60))
        XCTAssertEqual(scene?.views[2].frame?.height, .pt(37), "the pie's own height stays")
    }

    func testTheKeyWrittenIsTheOneSet() throws {
        XCTAssertEqual(try errors(["a.frame.centerX=10"]),
                       ["--set a.frame.centerX=10: the frame of ring 'a' writes 'x', not 'centerX'; set a.frame.x instead"])
        XCTAssertEqual(try errors(["views[1].frame.y=10"]),
                       ["--set views[1].frame.y=10: the frame of ring 'c' writes 'centerY', not 'y'; set views[1].frame.centerY instead"])
    }

    func testAContainersChildHasNoFrame() throws {
        XCTAssertEqual(try errors(["views[3].children[0].frame.x=5"]),
                       ["--set views[3].children[0].frame.x=5: pie at views[3].children[0] is placed by stack 'header': it has no frame; a container places its children in order, so reorder its children to move it, and give it a size to size it"])
        XCTAssertEqual(try errors(["t.frame.width=5"]), ["--set t.frame.width=5: ring 't' is placed by stack 'header': it has no frame; a container places its children in order, so reorder its children to move it, and give it a size to size it"],
                       "named as the user wrote it")
    }

    func testBadLengthsAreTheOptionsErrors() throws {
        XCTAssertEqual(try errors(["a.frame.width=-4"]), ["--set a.frame.width=-4: frame width cannot be negative"])
        let bad = try errors(["a.frame.x=wide"])
        XCTAssertEqual(bad.count, 1)
        XCTAssertTrue(bad.first?.hasPrefix("--set a.frame.x=wide: frame x must be a length") ?? false, "\(bad)")
    }
}
