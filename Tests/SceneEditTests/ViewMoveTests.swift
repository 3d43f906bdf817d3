import XCTest
import SceneCheck
import SceneSyntax
@testable import SceneEdit

/// `ViewMove`: a view taken out of its list and put back at another index, its lines and the
/// comments above it going with it, every other byte kept; checked like any edit.
final class ViewMoveTests: XCTestCase {
    func moved(_ text: String, _ view: String, to: Int, sets: [String] = []) throws -> Result<String, EditRefusal> {
        let move = ViewMove(view: try ViewPath(parsing: view), to: to)
        return SceneEditor().edit(SourceFile(name: "m.scene.yaml", text: text), applying: try sets.map { try Override($0) },
                                  moving: [move]).map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    func text(_ text: String, _ view: String, to: Int, sets: [String] = [],
              file: StaticString = #filePath, line: UInt = #line) throws -> String {
        switch try moved(text, view, to: to, sets: sets) {
        case .success(let t): return t
        case .failure(let r):
            XCTFail("refused: \(r.diagnostics.map(\.message))", file: file, line: line)
            return ""
        }
    }

    func refusal(_ text: String, _ view: String, to: Int) throws -> [String] {
        guard case .failure(let r) = try moved(text, view, to: to) else {
            XCTFail("not refused")
            return []
        }
        return r.diagnostics.map { "\($0.origin ?? "file"): \($0.message)" }
    }

    let a = """
          # a, first
          - id: a   # a's line
            type: ring
            frame: {x: 0, y: 0, width: 10, height: 10}

        """
    let b = """
          - id: b
            type: pie
            frame: {x: 20, y: 0}
        """
    let stack = """
          # the stack
          # (two comment lines)
          - type: stack
            frame: {x: 0, y: 50, width: 300, height: 50}
            children: [{id: c, type: pie}, {type: ring, size: 30},
                       {type: indicator, size: 20}]

        """
    let head = "# scene\ncanvas: {width: 300, height: 100}\nviews:\n"

    func testABlockItemMovesWithItsCommentsAndBlankLinesStay() throws {
        let file = head + a + "\n" + b + "\n" + stack + "timeline: {fps: 30}\n"
        XCTAssertEqual(try text(file, "views[2]", to: 0), head + stack + "\n" + a + b + "\n" + "timeline: {fps: 30}\n")
        XCTAssertEqual(try text(file, "views[0]", to: 2), head + b + "\n" + "\n" + stack + a + "timeline: {fps: 30}\n")
        XCTAssertEqual(try text(file, "views[1]", to: 1), file, "to its own place: nothing changes")
    }

    func testAFlowItemMovesAsItsTextTheCommasStaying() throws {
        let file = head + a + stack
        let expected = file.replacingOccurrences(of: "[{id: c, type: pie}, {type: ring, size: 30},\n               {type: indicator, size: 20}]",
                                                 with: "[{type: indicator, size: 20}, {id: c, type: pie},\n               {type: ring, size: 30}]")
        XCTAssertEqual(try text(file, "views[1].children[2]", to: 0), expected)
    }

    func testAFileWithoutALastLineBreakStillHasNone() throws {
        let file = head + a + b
        XCTAssertEqual(try text(file, "views[1]", to: 0), head + b + "\n" + a.dropLast())
    }

    func testSetsAreWrittenFirstThenTheMove() throws {
        let file = head + a + b + "\n"
        XCTAssertEqual(try text(file, "views[1]", to: 0, sets: ["views[0].frame.x=5"]),
                       head + b + "\n" + a.replacingOccurrences(of: "{x: 0,", with: "{x: 5,"))
    }

    func testBadMovesSayWhy() throws {
        let file = head + a + b + "\n" + stack
        XCTAssertEqual(try refusal(file, "views[1]", to: 3),
                       ["move views[1] to 3: views holds 3 views: to must be 0 to 2, not 3"])
        XCTAssertEqual(try refusal(file, "views[2].children[0]", to: -1),
                       ["move views[2].children[0] to -1: views[2].children holds 3 children: to must be 0 to 2, not -1"])
        XCTAssertEqual(try refusal(file, "views[5]", to: 0),
                       ["move views[5] to 0: no view at views[5]: views holds 3 views: views[0] to views[2]"])
        XCTAssertEqual(try refusal(file, "views[0].children[0]", to: 0),
                       ["move views[0].children[0] to 0: no view at views[0].children[0]: views[0] is a ring, which has no children"])
        XCTAssertThrowsError(try ViewPath(parsing: "canvas"), "not a view's address")
    }

    func testAMoveThatWouldBreakAnAliasIsRefused() throws {
        let file = head + "  - &r {id: r, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}}\n  - {<<: *r, id: s}\n"
        let reasons = try refusal(file, "views[1]", to: 0)
        XCTAssertEqual(reasons.count, 1, "\(reasons)")
        XCTAssertTrue(reasons.first?.contains("alias") ?? false, "\(reasons)")
    }

    /// An item that is an alias names that item, not the list, which is written out.
    func testAnAliasedItemIsNamed() throws {
        let file = head + "  - &r {type: ring, frame: {x: 0, y: 0, width: 10, height: 10}}\n  - *r\n"
        XCTAssertEqual(try refusal(file, "views[0]", to: 1),
                       ["move views[0] to 1: views[1] is written as an alias (*name); reorder views by hand"])
    }
}
