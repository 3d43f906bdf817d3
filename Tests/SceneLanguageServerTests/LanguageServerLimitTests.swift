import Foundation
import ScenecKit
import TestSupport
import XCTest

/// The editor checks on every keystroke: a `repeat:` bomb (review 29: 7.4 s a hover at depth 6,
/// a hang at 8) is refused at once, and a hover on it answers at once.
final class LanguageServerLimitTests: XCTestCase {
    func testARepeatBombIsRefusedAndHoveredAtOnce() throws {
        let r = "repeat: [{},{},{},{},{},{},{},{},{},{}]"
        var view = "{type: label, text: x, frame: {x: 0, y: 0, width: 1, height: 1}, \(r)}"
        for _ in 0..<8 { view = "{type: group, frame: {x: 0, y: 0, width: 1, height: 1}, children: [\(view)], \(r)}" }
        let text = "canvas: {width: 100, height: 100}\nviews:\n  - \(view)\n"
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("bomb.scene.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let uri = "file://" + path
        let client = LanguageClient()
        _ = try client.initialize()
        let start = ContinuousClock.now
        client.open(uri, text: text)
        let diagnostics = try XCTUnwrap(client.diagnostics(uri, version: 1))
        XCTAssertEqual(diagnostics.compactMap { $0["message"] as? String }, ["the scene has more than 100000 views"])
        let response = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": LanguageClient.position(0, 1)])
        XCTAssertNil(response["error"], "\(response)")
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(2), "checked and hovered")
        XCTAssertEqual(try client.shutdown(), 0)
    }
}
