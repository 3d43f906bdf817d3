import SceneCheck
import SceneEdit
import SceneSyntax
import XCTest

/// `scenec edit` and the timeline (issue 23, item 4): the cases of bytes written are in the
/// edit corpus (Tests/Corpus/edit/timeline-*); here, what the edit says besides.
final class TimelineEditTests: XCTestCase {
    let scene = """
        canvas: {width: 100, height: 100}
        views:
          - {id: r, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}}
        timeline:
          animations:
            - {target: r.progress, from: 0, to: 0.5, duration: 2}
        """

    func edit(_ sets: [String]) throws -> Result<EditedScene, EditRefusal> {
        SceneEditor().edit(SourceFile(name: "s.yaml", text: scene), applying: try sets.map { try Override($0) })
    }

    func testSettingAnAnimatedAttributeWarnsAsTheSetDoes() throws {
        guard case .success(let edited) = try edit(["r.progress=1"]) else { return XCTFail("refused") }
        XCTAssertEqual(edited.warnings.map(\.message),
                       ["replaces the animation of r.progress at s.yaml:6 (timeline.animations[0]) with the constant 1"])
        XCTAssertEqual(edited.changes.map(\.action), [.added])
        let text = String(decoding: edited.bytes, as: UTF8.self)
        XCTAssertTrue(text.hasSuffix("  animations: []\n") || text.hasSuffix("  animations: []"), text)
    }

    func testTimelineValuesEditInPlaceWithoutWarnings() throws {
        guard case .success(let edited) = try edit(["timeline.animations[0].to=1"]) else { return XCTFail("refused") }
        XCTAssertEqual(edited.warnings, [])
        XCTAssertEqual(edited.changes.map(\.action), [.replaced])
        XCTAssertTrue(String(decoding: edited.bytes, as: UTF8.self).contains("{target: r.progress, from: 0, to: 1, duration: 2}"))
        // Already what the file says (in another form): nothing written.
        guard case .success(let same) = try edit(["timeline.animations[0].to=0.50"]) else { return XCTFail("refused") }
        XCTAssertEqual(same.changes.map(\.action), [.unchanged])
    }

    func testAMissingAnimationIsRefusedWithTheRange() throws {
        guard case .failure(let refusal) = try edit(["timeline.animations[3].to=1"]) else { return XCTFail("edited") }
        XCTAssertTrue(refusal.diagnostics.contains { $0.message.contains("timeline.animations holds 1 animation: animations[0]") },
                      "\(refusal.diagnostics.map(\.message))")
    }
}
