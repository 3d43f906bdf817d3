import Foundation
import TestSupport
import XCTest

/// `/api/scene`'s `placement` and `frameForm` (issue 27): where the page's canvas may drag a
/// view and in which form it writes the frame back; `--set ID.frame.KEY` through the preview.
final class PreviewGeometryTests: XCTestCase {
    let text = """
        canvas: {width: 400, height: 200}
        views:
          - {id: box, type: ring, frame: {x: 100, y: 20, width: 80, height: 60}}
          - type: group
            frame: {x: 200, y: 100, width: 200, height: 100}
            children:
              - {id: inner, type: ring, frame: {centerX: "50%", y: "100% - 30", width: "50%", height: 20}}
              - {id: dot, type: pie, frame: {x: 0, y: 0}}
              - {id: sized, type: pie, frame: {x: 50, y: 0, width: 37}}
          - type: stack
            id: header
            frame: {x: 0, y: 150, width: 200, height: 50}
            children:
              - {type: pie}

        """

    func served() throws -> ServedPreview {
        let scene = try temporaryDirectory(self).appendingPathComponent("g.scene.yaml")
        try Data(text.utf8).write(to: scene)
        return try ServedPreview(self, scene: scene.path)
    }

    func views(_ json: [String: Any]) -> [String: [String: Any]] {
        var found: [String: [String: Any]] = [:]
        var pending = json["views"] as? [[String: Any]] ?? []
        while let v = pending.popLast() {
            found[v["address"] as? String ?? ""] = v
            pending += v["children"] as? [[String: Any]] ?? []
        }
        return found
    }

    /// A frameForm position as "key percent% + points 'text'".
    func position(_ value: Any?) -> String {
        guard let p = value as? [String: Any], let key = p["key"] as? String, let percent = p["percent"] as? Double,
              let points = p["points"] as? Double, let text = p["text"] as? String else { return "not a position: \(value ?? "nil")" }
        return "\(key) \(percent)% + \(points) '\(text)'"
    }

    func testPlacementAndTheFrameAsWritten() throws {
        let all = views(try served().get("/api/scene").json())
        let box = try XCTUnwrap(all["views[0]"])
        let placement = try XCTUnwrap(box["placement"] as? [String: Any])
        XCTAssertEqual(placement["by"] as? String, "frame")
        XCTAssertEqual(placement["parentBox"] as? [String: Double], ["x": 0, "y": 0, "width": 400, "height": 200])
        let form = try XCTUnwrap(box["frameForm"] as? [String: Any])
        XCTAssertEqual(position(form["x"]), "x 0.0% + 100.0 '100'")
        XCTAssertEqual((form["width"] as? [String: Any])?["points"] as? Double, 80)

        // A percent view in a group: the group's canvas box, keys and expressions as written.
        let inner = try XCTUnwrap(all["views[1].children[0]"])
        XCTAssertEqual((inner["placement"] as? [String: Any])?["parentBox"] as? [String: Double],
                       ["x": 200, "y": 100, "width": 200, "height": 100])
        let innerForm = try XCTUnwrap(inner["frameForm"] as? [String: Any])
        XCTAssertEqual(position(innerForm["x"]), "centerX 50.0% + 0.0 '50%'")
        XCTAssertEqual(position(innerForm["y"]), "y 100.0% + -30.0 '100% - 30'")
        XCTAssertEqual((innerForm["width"] as? [String: Any])?["text"] as? String, "50%")

        // A pie's own size is not written: null, so the page adds it only on a resize.
        let dotForm = try XCTUnwrap(all["views[1].children[1]"]?["frameForm"] as? [String: Any])
        XCTAssertTrue(dotForm["width"] is NSNull, "\(dotForm)")
        XCTAssertTrue(dotForm["height"] is NSNull, "\(dotForm)")
        // One written equal to the pie's own size is written all the same.
        let sizedForm = try XCTUnwrap(all["views[1].children[2]"]?["frameForm"] as? [String: Any])
        XCTAssertEqual((sizedForm["width"] as? [String: Any])?["text"] as? String, "37", "\(sizedForm)")
        XCTAssertTrue(sizedForm["height"] is NSNull, "\(sizedForm)")

        // A stack's child: no frame form, the reason the page shows.
        let slot = try XCTUnwrap(all["views[2].children[0]"])
        XCTAssertNil(slot["frameForm"])
        XCTAssertEqual(slot["placement"] as? [String: String],
                       ["by": "stack", "container": "header", "reason": "placed by stack 'header'"])
    }

    func testFrameOverridesMoveTheViewAndShowInTheForm() throws {
        let preview = try served()
        let json = try preview.get("/api/scene?set=box.frame.x=140&set=views[1].children[0].frame.y=100%25%20-%2040").json()
        let all = views(json)
        let box = try XCTUnwrap(all["views[0]"])
        XCTAssertEqual((box["frame"] as? [String: Double])?["x"], 140)
        XCTAssertEqual(position((box["frameForm"] as? [String: Any])?["x"]), "x 0.0% + 140.0 '140'")
        let inner = try XCTUnwrap(all["views[1].children[0]"])
        XCTAssertEqual((inner["frame"] as? [String: Double])?["y"], 100 + 100 - 40, "in canvas coordinates")
        // The key not written, and a stack's child: 422 with the reason.
        let wrong = try preview.get("/api/scene?set=inner.frame.x=5")
        XCTAssertEqual(wrong.status, 422)
        XCTAssertTrue(wrong.text.contains("writes 'centerX', not 'x'"), wrong.text)
        let slot = try preview.get("/api/scene?set=views[2].children[0].frame.x=5")
        XCTAssertEqual(slot.status, 422)
        XCTAssertTrue(slot.text.contains("is placed by stack 'header': it has no frame"), slot.text)
    }
}
