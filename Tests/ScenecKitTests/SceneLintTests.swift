import ScenecKit
import XCTest

/// Mistakes that draw nothing are reported (SceneLint, after layout): each case is a scene that
/// triggers its warning (or error) and a near-identical one that does not, loaded in process
/// as `scenec check` loads it. (That check prints them and exits 0 or 1 stays in
/// ScenecCLITests/WarningTests.)
final class SceneLintTests: XCTestCase {
    struct Case {
        var name: String
        var severity = "warning"
        var message: String
        var location: String
        var triggers: String
        var passes: String
    }

    static let head = "canvas: {width: 300, height: 300}\nviews:\n"
    static let ring = "  - {id: r, type: ring, frame: {x: 0, y: 0, width: 136, height: 136}"
    static let clock = "  - {id: c, type: clock, frame: {x: 0, y: 0, width: 136, height: 136}"

    static let cases: [Case] = [
        Case(name: "ring line width leaves no radius", message: "lineWidth 200 leaves ring 'r' no radius", location: "3:82",
             triggers: head + ring + ", lineWidth: 200}\n", passes: head + ring + ", lineWidth: 100}\n"),
        Case(name: "clock hand wider than the face", message: "hourHandWidth 140 of clock 'c' is as wide as the whole face",
             location: "3:87", triggers: head + clock + ", hourHandWidth: 140}\n", passes: head + clock + ", hourHandWidth: 14}\n"),
        Case(name: "hand longer than the face", message: "minuteHandLength of clock 'c' is 80, longer than the face's radius 68",
             location: "3:90", triggers: head + clock + ", minuteHandLength: 80}\n", passes: head + clock + ", minuteHandLength: 60}\n"),
        Case(name: "hand with a negative length", severity: "error",
             message: "hourHandLength of clock 'c' is -10: a hand runs from the centre", location: "3:88",
             triggers: head + clock + ", hourHandLength: -10}\n", passes: head + clock + ", hourHandLength: 10}\n"),
        Case(name: "view outside the canvas", message: "pie 'p' lies entirely outside the canvas", location: "3:5",
             triggers: head + "  - {id: p, type: pie, frame: {x: 300, y: 0}}\n",
             passes: head + "  - {id: p, type: pie, frame: {x: 290, y: 0}}\n"),
        Case(name: "frame sum negative in its parent", severity: "error",
             message: "frame width of ring 'r' cannot be negative: 50% - 300 of the parent's 300 comes to -150", location: "3:5",
             triggers: head + "  - {id: r, type: ring, frame: {x: 0, y: 0, width: \"50% - 300\", height: 100}}\n",
             passes: head + "  - {id: r, type: ring, frame: {x: 0, y: 0, width: \"50% - 100\", height: 100}}\n"),
        Case(name: "transparent only visible part", message: "strokeColor of lines 'l' is fully transparent (alpha 0)",
             location: "3:109",
             triggers: head + "  - {id: l, type: lines, frame: {x: 0, y: 0, width: 99, height: 99}, points: [[0, 0], [9, 9]], strokeColor: clear}\n",
             passes: head + "  - {id: l, type: lines, frame: {x: 0, y: 0, width: 99, height: 99}, points: [[0, 0], [9, 9]], strokeColor: \"#0001\"}\n"),
        Case(name: "animation that never changes its value", message: "this animation never changes r.progress",
             location: "5:52",
             triggers: head + ring + "}\ntimeline:\n  animations: [{target: r.progress, from: 0.5, to: 0.5}]\n",
             passes: head + ring + "}\ntimeline:\n  animations: [{target: r.progress, from: 0.5, to: 0.6}]\n"),
        Case(name: "animation that begins after the timeline ends", message: "this animation begins at 3 s, when the timeline (2 s) has ended",
             location: "6:51",
             triggers: head + ring + "}\ntimeline:\n  duration: 2s\n  animations: [{target: r.progress, to: 1, begin: 3s}]\n",
             passes: head + ring + "}\ntimeline:\n  duration: 2s\n  animations: [{target: r.progress, to: 1, begin: 1s}]\n"),
        Case(name: "text too long for its label's frame",
             message: "the text of label 'cap' needs 77.8 × 118.8 points, but its frame is 80 × 20; it is drawn clipped",
             location: "3:78",
             triggers: head + "  - {id: cap, type: label, frame: {x: 0, y: 0, width: 80, height: 20}, text: A sentence far too long for so small a frame}\n",
             passes: head + "  - {id: cap, type: label, frame: {x: 0, y: 0, width: 80, height: 120}, text: A sentence far too long for so small a frame}\n"),
        Case(name: "label without a width past the canvas's edge",
             message: "the text of label 'w' is 160.8 points wide from x 250, past the canvas's right edge at 300", location: "3:57",
             triggers: head + "  - {id: w, type: label, frame: {x: 250, y: 100}, text: runs past the edge}\n",
             passes: head + "  - {id: w, type: label, frame: {x: 100, y: 100}, text: runs past the edge}\n"),
        Case(name: "label without a width left of the canvas's edge",
             message: "the text of label 'w' is 168.5 points wide from x -50, left of the canvas's left edge at 0; the start is cut off",
             location: "3:60",
             triggers: head + "  - {id: w, type: label, frame: {x: -49.96, y: 100}, text: starts left of canvas}\n",
             passes: head + "  - {id: w, type: label, frame: {x: 0.04, y: 100}, text: starts left of canvas}\n"),
        Case(name: "text in a frame without width",
             message: "the text of label 'z' needs 88.7 × 19.8 points, but its frame is 0 × 20; it is not drawn", location: "3:77",
             triggers: head + "  - {id: z, type: label, frame: {x: 10, y: 10, width: 0, height: 20}, text: zero width}\n",
             passes: head + "  - {id: z, type: label, frame: {x: 10, y: 10, width: 100, height: 20}, text: zero width}\n"),
        Case(name: "bound text too long at its widest",
             message: "the text of label 'c' at its widest, `100%`, needs 32.5 × 39.6 points, but its frame is 40 × 20", location: "4:80",
             triggers: head + ring + ", progress: 0.3}\n  - {id: c, type: label, frame: {x: 150, y: 150, width: 40, height: 20}, text: \"{r.progress:percent}\"}\n",
             passes: head + ring + ", progress: 0.3}\n  - {id: c, type: label, frame: {x: 150, y: 150, width: 60, height: 20}, text: \"{r.progress:percent}\"}\n"),
        Case(name: "stack too short for its labels",
             message: "the children of stack at views[0] need 120 × 158.4 points, but its frame is 120 × 100; label at views[0].children[1] runs past its edge",
             location: "3:5",
             triggers: head + "  - type: stack\n    frame: {x: 0, y: 0, width: 120, height: 100}\n    children:\n"
                + "      - {type: label, text: First label that is long enough to wrap}\n      - {type: label, text: Second label also long enough to wrap}\n",
             passes: head + "  - type: stack\n    frame: {x: 0, y: 0, width: 120, height: 200}\n    children:\n"
                + "      - {type: label, text: First label that is long enough to wrap}\n      - {type: label, text: Second label also long enough to wrap}\n"),
        Case(name: "ring label too long for the ring",
             message: "the label of ring 'r' fits the ring only at 9.3 points, less than 50% of the 37.5 points 100% gets",
             location: "3:78", triggers: head + ring + ", label: Downloading the update}\n", passes: head + ring + ", label: Done}\n"),
        Case(name: "keyframes out of time order", severity: "error", message: "keyframes must be in time order",
             location: "5:73",
             triggers: head + ring + "}\ntimeline:\n  animations: [{target: r.progress, keyframes: [{at: 1, value: 0}, {at: 0.5, value: 1}]}]\n",
             passes: head + ring + "}\ntimeline:\n  animations: [{target: r.progress, keyframes: [{at: 0.5, value: 0}, {at: 1, value: 1}]}]\n"),
    ]

    /// What `scenec check` would print for `text` named `name`, and whether it would pass.
    static func check(_ text: String, name: String) throws -> (passes: Bool, printed: String) {
        do {
            let scene = try SceneFile(source: text, name: name)
            return (true, scene.diagnostics.map(\.formatted).joined())
        } catch let error as SceneError {
            return (false, error.description)
        }
    }

    func testEachWarningHasASceneThatTriggersItAndOneThatDoesNot() throws {
        for c in Self.cases {
            let triggered = try Self.check(c.triggers, name: "bad.scene.yaml")
            XCTAssertEqual(triggered.passes, c.severity != "error", "\(c.name): \(triggered.printed)")
            XCTAssertTrue(triggered.printed.contains("bad.scene.yaml:\(c.location): \(c.severity): \(c.message)"),
                          "\(c.name):\n\(triggered.printed)")
            let passed = try Self.check(c.passes, name: "good.scene.yaml")
            XCTAssertTrue(passed.passes, "\(c.name): \(passed.printed)")
            XCTAssertFalse(passed.printed.contains("warning:") || passed.printed.contains("error:"), "\(c.name): \(passed.printed)")
        }
    }

    func testTheExampleScenesHaveNoWarnings() throws {
        let scenes = repositoryRoot.appendingPathComponent("scenes")
        for name in fileNames(in: scenes) where name.hasSuffix(".scene.yaml") {
            let scene = try SceneFile(contentsOf: scenes.appendingPathComponent(name).path)
            XCTAssertFalse(scene.diagnostics.contains { $0.severity == .warning }, "\(name): \(scene.diagnostics)")
        }
    }
}
