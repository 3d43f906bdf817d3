import XCTest
import SceneCheck
import SceneSyntax
@testable import SceneEdit

/// `edit --set` on a component's instances (docs/language.md §11): an argument is written in the
/// instance, a repeat copy's in its item; a view inside an instance is refused with what to set.
/// The preview writes back through the same `SceneEditor.edit`.
final class InstanceEditTests: XCTestCase {
    static let scene = """
        canvas: {width: 400, height: 200}
        components:
          Meter:
            parameters:
              value: {kind: ring.progress, default: 0}
              caption: {kind: text, default: x}
            views:
              - {id: ring, type: ring, frame: {x: 0, y: 0, width: 100%, height: 80}, progress: $value}
              - {id: caption, type: label, frame: {x: 0, y: 80, width: 100%, height: 20}, text: "$caption"}
        views:
          - {id: cpu, type: Meter, frame: {x: 0, y: 0, width: 100, height: 100}, value: 0.4, caption: CPU}
          - id: meter
            type: Meter
            frame: {x: 100, y: 0, width: 100, height: 100}
            repeat:
              - {value: 0.3}
              - {id: disk, value: 0.6}
              - {caption: Net}

        """

    func edit(_ sets: [String]) throws -> Result<String, EditRefusal> {
        let overrides = try sets.map { try Override($0) }
        return SceneEditor().edit(SourceFile(name: "s.scene.yaml", text: Self.scene), applying: overrides)
            .map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    func edited(_ sets: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        switch try edit(sets) {
        case .success(let text): return text
        case .failure(let r):
            XCTFail("refused: \(r.diagnostics.map(\.message))", file: file, line: line)
            return ""
        }
    }

    func testAnArgumentIsWrittenInTheInstance() throws {
        XCTAssertEqual(try edited(["cpu.value=0.7"]), Self.scene.replacingOccurrences(of: "value: 0.4,", with: "value: 0.7,"))
        XCTAssertEqual(try edited(["cpu.caption=Load"]), Self.scene.replacingOccurrences(of: "caption: CPU}", with: "caption: Load}"))
    }

    func testAGroupAttributeIsAddedToTheInstance() throws {
        XCTAssertEqual(try edited(["cpu.opacity=0.5"]), Self.scene.replacingOccurrences(of: "caption: CPU}", with: "caption: CPU, opacity: 0.5}"))
    }

    func testARepeatCopyIsWrittenInItsItem() throws {
        XCTAssertEqual(try edited(["disk.value=0.2"]), Self.scene.replacingOccurrences(of: "value: 0.6}", with: "value: 0.2}"))
        XCTAssertEqual(try edited(["meter3.value=0.9"]), Self.scene.replacingOccurrences(of: "{caption: Net}", with: "{caption: Net, value: 0.9}"))
    }

    func testAViewInsideAnInstanceIsRefusedWithWhatToSet() throws {
        guard case .failure(let r) = try edit(["cpu.ring.progress=0.2"]) else { return XCTFail("not refused") }
        XCTAssertEqual(r.diagnostics.map(\.message),
                       ["cpu.ring is inside the instance 'cpu' of Meter: set an argument of cpu (value, caption) or edit the definition"])
    }

    /// An instance by its place is the instance by its id: `views[0].value` writes cpu's
    /// argument; a repeat's copies count in index paths (views[2] is disk, the second copy).
    func testAnInstanceByItsIndexIsItsID() throws {
        XCTAssertEqual(try edited(["views[0].value=0.7"]), try edited(["cpu.value=0.7"]))
        XCTAssertEqual(try edited(["views[2].value=0.2"]), Self.scene.replacingOccurrences(of: "value: 0.6}", with: "value: 0.2}"))
        XCTAssertEqual(try edited(["views[3].caption=Web"]), Self.scene.replacingOccurrences(of: "{caption: Net}", with: "{caption: Web}"))
        guard case .failure(let r) = try edit(["views[0].children[0].progress=0.2"]) else { return XCTFail("not refused") }
        XCTAssertEqual(r.diagnostics.map(\.message),
                       ["views[0].children[0] is inside the instance 'cpu' of Meter: set an argument of cpu (value, caption) or edit the definition"])
    }

    func testAMisspeltArgumentGetsTheNearestParameter() throws {
        guard case .failure(let r) = try edit(["cpu.valu=0.2"]) else { return XCTFail("not refused") }
        XCTAssertEqual(r.diagnostics.first?.message, "Meter 'cpu' has no argument or attribute 'valu'; did you mean 'value'?")
    }
}
