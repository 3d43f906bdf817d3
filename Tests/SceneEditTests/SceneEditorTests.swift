import XCTest
import SceneCheck
import SceneSyntax
@testable import SceneEdit

/// The edit engine as the preview and the language server call it: bytes and overrides in,
/// bytes or the reasons out.
final class SceneEditorTests: XCTestCase {
    func edit(_ text: String, _ sets: [String]) throws -> Result<EditedScene, EditRefusal> {
        let overrides = try sets.map { try Override($0) }
        return SceneEditor().edit(SourceFile(name: "s.scene.yaml", text: text), applying: overrides)
    }

    func edited(_ text: String, _ sets: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        switch try edit(text, sets) {
        case .success(let e): return String(decoding: e.bytes, as: UTF8.self)
        case .failure(let r):
            XCTFail("refused: \(r.diagnostics.map(\.message))", file: file, line: line)
            return ""
        }
    }

    let ring = "canvas: {width: 100, height: 100}\nviews:\n  - {id: r, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}, progress: 0.5}\n"

    func testAValueIsReplacedInPlaceAndTheRestKept() throws {
        XCTAssertEqual(try edited(ring, ["r.progress=0.25"]), ring.replacingOccurrences(of: "0.5}", with: "0.25}"))
    }

    func testEachChangeSaysWhatItDid() throws {
        guard case .success(let e) = try edit(ring, ["r.progress=0.50", "r.lineWidth=2", "r.progress=0.75"]) else {
            return XCTFail("refused")
        }
        XCTAssertEqual(e.changes.map(\.action), [.unchanged, .added, .replaced])
    }

    func testABadValueIsRefusedWithTheCheckersMessageAgainstTheOption() throws {
        guard case .failure(let r) = try edit(ring, ["r.progress=2"]) else { return XCTFail("not refused") }
        XCTAssertEqual(r.diagnostics.first?.origin, "--set r.progress=2")
        XCTAssertTrue(r.diagnostics.first?.message.contains("between 0 and 1") ?? false)
    }

    func testUnreadableYAMLIsRefused() throws {
        guard case .failure(let r) = try edit("canvas: {width: 1\n", ["canvas.width=2"]) else { return XCTFail("not refused") }
        XCTAssertTrue(r.diagnostics.first?.message.contains("YAML") ?? false)
    }

    func testAStyleValueSharedThroughAnAnchorIsRefusedNamingIt() throws {
        let text = """
            canvas: {width: 100, height: 100}
            styles:
              a: {lineWidth: &w 4}
            views:
              - {type: ring, frame: {x: 0, y: 0, width: 10, height: 10}, lineWidth: *w}
            """
        guard case .failure(let r) = try edit(text, ["styles.a.lineWidth=5"]) else { return XCTFail("not refused") }
        XCTAssertTrue(r.diagnostics.first?.message.contains("&w") ?? false, "\(r.diagnostics)")
    }

    func testWarningsOfTheEditedSceneAreHandedBack() throws {
        let clock = "canvas: {width: 100, height: 100}\nviews:\n  - {id: c, type: clock, frame: {x: 0, y: 0, width: 100, height: 100}}\n"
        guard case .success(let e) = try edit(clock, ["c.time=now"]) else { return XCTFail("refused") }
        XCTAssertEqual(e.warnings.map(\.severity), [.warning])
        XCTAssertTrue(String(decoding: e.bytes, as: UTF8.self).contains("time: now}"))
    }
}

final class SourceTextTests: XCTestCase {
    func testOffsetsCountLinesAsLibyamlAndColumnsInScalars() {
        let bytes = Array("\u{FEFF}a: é\r\nb: x\u{85}c: 🎯 d\ne".utf8)
        let text = SourceText(bytes)
        func at(_ line: Int, _ column: Int) -> UInt8? { text.byte(text.offset(SourceLocation(line: line, column: column))) }
        XCTAssertEqual(at(1, 1), UInt8(ascii: "a"))
        XCTAssertEqual(at(2, 4), UInt8(ascii: "x"))
        XCTAssertEqual(at(3, 6), UInt8(ascii: "d"), "the emoji is one column, four bytes")
        XCTAssertEqual(at(4, 1), UInt8(ascii: "e"))
        XCTAssertEqual(text.offset(SourceLocation(line: 9, column: 1)), bytes.count)
    }

    func testAliasedItemsAreTheOnesWhoseTextLiesEarlier() throws {
        let yaml = "a: &x {k: 1}\nlist:\n  - {k: 2}\n  - *x\n  - &y {k: 3}\n  - *y\n"
        let root = try XCTUnwrap(YAMLReader().read(SourceFile(name: "t", text: yaml)).root)
        let list = try XCTUnwrap(root.mapping?[1].value)
        XCTAssertEqual(SourceText(Array(yaml.utf8)).aliasedItems(of: list), [false, true, false, true])
    }
}

/// What each override did to the text, in order: rewritten, added, or already said.
final class EditChangeTests: XCTestCase {
    func testEachOverrideSaysWhatItDid() throws {
        let text = "canvas: {width: 100, height: 100}\nviews:\n  - {id: r, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}, progress: 0.5}\n"
        let overrides = try ["r.progress=0.50", "r.lineWidth=3", "r.progress=0.75"].map { try Override($0) }
        guard case .success(let edited) = SceneEditor().edit(SourceFile(name: "s.scene.yaml", text: text), applying: overrides) else {
            return XCTFail("the edit is refused")
        }
        let changes: [EditChange] = edited.changes
        XCTAssertEqual(changes.map(\.override.option), ["--set r.progress=0.50", "--set r.lineWidth=3", "--set r.progress=0.75"])
        XCTAssertEqual(changes.map(\.action), [EditAction.unchanged, .added, .replaced])
        XCTAssertEqual(EditAction.added.rawValue, "added")
    }
}

/// `scenec edit --set ID.frame.KEY=…`: the key written inside the view's own `frame:`.
final class FrameEditTests: XCTestCase {
    func edited(_ text: String, _ sets: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let overrides = try sets.map { try Override($0) }
        switch SceneEditor().edit(SourceFile(name: "s.scene.yaml", text: text), applying: overrides) {
        case .success(let e): return String(decoding: e.bytes, as: UTF8.self)
        case .failure(let r):
            XCTFail("refused: \(r.diagnostics.map(\.message))", file: file, line: line)
            return ""
        }
    }

    let block = """
        # the card
        canvas: {width: 300, height: 200}
        views:
          - id: card   # the one that moves
            type: ring
            frame:
              x: 100   # from the left
              y: 20
              width: 80
              height: 80
            progress: 0.5
          - {id: dot, type: pie, frame: {x: 0, y: 0}}  # a pie sizes itself

        """

    func testAFrameKeyIsRewrittenInPlaceKeepingComments() throws {
        XCTAssertEqual(try edited(block, ["card.frame.x=140"]),
                       block.replacingOccurrences(of: "x: 100   # from", with: "x: 140   # from"))
    }

    func testAPiesWidthIsAddedBesideItsFramesKeys() throws {
        XCTAssertEqual(try edited(block, ["views[1].frame.width=50"]),
                       block.replacingOccurrences(of: "frame: {x: 0, y: 0}", with: "frame: {x: 0, y: 0, width: 50}"))
    }

    func testAPercentExpressionIsWrittenQuoted() throws {
        XCTAssertEqual(try edited(block, ["card.frame.width=100% - 20"]),
                       block.replacingOccurrences(of: "width: 80", with: "width: \"100% - 20\""))
    }

    func testTheFormWrittenIsKept() throws {
        let overrides = [try Override("card.frame.centerX=10")]
        guard case .failure(let r) = SceneEditor().edit(SourceFile(name: "s", text: block), applying: overrides) else {
            return XCTFail("not refused")
        }
        XCTAssertEqual(r.diagnostics.map(\.message), ["the frame of ring 'card' writes 'x', not 'centerX'; set card.frame.x instead"])
    }
}
