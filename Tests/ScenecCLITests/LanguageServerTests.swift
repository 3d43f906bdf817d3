import XCTest

/// `scenec lsp` driven over pipes by a test client as an editor drives it (LSPClient): it never
/// stops for what it is sent, takes the command line's limits and exits as LSP says. (Its
/// diagnostics against the checker's, positions and imports are SceneLanguageServerTests/
/// LanguageServerCheckTests, in process.)
final class LanguageServerTests: XCTestCase {
    /// A scene typed one character at a time from nothing, then deleted the same way: every
    /// request along the way gets an answer, the finished scene has no diagnostics, and the
    /// server is still there at the end.
    func testTypingCharacterByCharacterNeverStopsTheServer() throws {
        let scene = """
            canvas: {width: 300, height: 120, background: "#1c1c1e"}
            styles:
              brand: {progressColor: "#ff2d55", lineWidth: 8}
            views:
              - id: ring
                type: ring
                style: brand
                frame: {x: 10, y: 10, width: 100, height: 100}
                progress: 0.5
              - {id: caption, type: label, frame: {x: 120, y: 40}, text: "Grüße 👋 — 72%", textColor: white}
            timeline:
              animations:
                - {target: ring.progress, to: 1, duration: 1s, easing: easeOut}

            """
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("typed.scene.yaml").path
        try Data(scene.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try scenec(["check", path]).status, 0, "the finished scene must be valid")
        try Data().write(to: URL(fileURLWithPath: path))

        let client = try LSPClient(arguments: ["--debounce", "5"])
        _ = try client.initialize()
        let uri = "file://" + path
        client.open(uri, text: "")
        var version = 1
        var positions: [[String: Any]] = [LSPClient.position(0, 0)]
        var line = 0, character = 0
        var answered = 0
        func ask(at position: [String: Any]) throws {
            for method in ["textDocument/hover", "textDocument/completion"] {
                let response = try client.request(method, ["textDocument": ["uri": uri], "position": position])
                XCTAssertNil(response["error"], "\(method) failed: \(response)")
                answered += 1
            }
        }
        for c in scene {
            version += 1
            let at = LSPClient.position(line, character)
            client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version],
                                                     "contentChanges": [["range": ["start": at, "end": at], "text": String(c)]]])
            if c == "\n" { line += 1; character = 0 } else { character += c.utf16.count }
            positions.append(LSPClient.position(line, character))
            try ask(at: positions.last!)
        }
        let typed = try XCTUnwrap(client.diagnostics(uri, version: version))
        XCTAssertEqual(typed.count, 0, "the typed scene is valid: \(typed)")
        let symbols = try client.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        XCTAssertEqual((symbols["result"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["ring", "caption", "brand"])
        for i in stride(from: positions.count - 1, to: 0, by: -1) {
            version += 1
            client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version],
                                                     "contentChanges": [["range": ["start": positions[i - 1], "end": positions[i]], "text": ""]]])
            try ask(at: positions[i - 1])
        }
        XCTAssertNotNil(client.diagnostics(uri, version: version), "diagnostics for the emptied file")
        XCTAssertEqual(answered, 4 * scene.count)
        XCTAssertTrue(client.process.isRunning)
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// Garbage on the wire: requests before initialize, broken headers, a huge Content-Length,
    /// bad JSON, unknown methods, positions far outside the text. Each gets the answer the
    /// protocol says or is dropped, and the messages after it still work.
    func testGarbageNeverStopsTheServer() throws {
        let client = try LSPClient()
        let early = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///x.scene.yaml"],
                                                              "position": LSPClient.position(0, 0)])
        XCTAssertEqual((early["error"] as? [String: Any])?["code"] as? Int, -32002)
        // Apart, so the server reads each on its own and garbage ends where a read ends.
        for garbage in ["hello there\r\n\r\n", "Content-Length: banana\r\n\r\n", "Content-Length: 99999999999999999\r\n\r\n{}",
                        "Content-Length: 6\r\n\r\n{nope}"] {
            client.writeRaw(Data(garbage.utf8))
            usleep(50_000)
        }
        let parseError = client.waitFor { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 }
        XCTAssertNotNil(parseError, "bad JSON is answered with a parse error")
        client.writeRaw(Data("Content-Length: 5\r\n\r\n[1,2]".utf8))
        XCTAssertNotNil(client.waitFor { ($0["error"] as? [String: Any])?["code"] as? Int == -32600 })
        let initialize = try client.initialize()
        XCTAssertNotNil(initialize["result"])
        XCTAssertEqual((try client.request("initialize")["error"] as? [String: Any])?["code"] as? Int, -32600)
        let unknown = try client.request("scenec/nothing")
        XCTAssertEqual((unknown["error"] as? [String: Any])?["code"] as? Int, -32601)
        client.notify("scenec/unknownNotification", ["x": 1])
        let uri = "file:///nowhere/far.scene.yaml"
        client.open(uri, text: "canvas: {width: 10, height: 10}\nviews: []\n")
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [
            ["range": ["start": LSPClient.position(900, 4), "end": LSPClient.position(-3, 99999)], "text": "é"],
        ]])
        for method in ["textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/rename",
                       "textDocument/codeAction", "textDocument/colorPresentation"] {
            let far = LSPClient.position(10_000, 10_000)
            let response = try client.request(method, ["textDocument": ["uri": uri], "position": far, "newName": "a",
                                                       "range": ["start": far, "end": far], "context": ["diagnostics": []],
                                                       "color": ["red": 2, "green": -1, "blue": 0.5, "alpha": 1]])
            XCTAssertTrue(response["result"] != nil || response["error"] != nil, "\(method): \(response)")
        }
        XCTAssertNotNil(client.diagnostics(uri, version: 2))
        XCTAssertEqual(try client.shutdown(), 0)
        XCTAssertTrue(client.stderrText.contains("dropped input"), client.stderrText)
    }

    /// The limits `scenec check` takes apply to documents as they do to files.
    func testSizeLimitIsCheckedAsCheckDoes() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("big.scene.yaml").path
        let text = "canvas: {width: 10, height: 10}\nviews: []\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let check = try scenec(["check", "--max-file-size", "20", "--diagnostics", "json", path])
        let expected = try XCTUnwrap((JSONSerialization.jsonObject(with: check.stdout) as? [[String: Any]])?.first)
        let client = try LSPClient(arguments: ["--max-file-size", "20"])
        _ = try client.initialize()
        client.open("file://" + path, text: text)
        let published = try XCTUnwrap(client.diagnostics("file://" + path)?.first)
        XCTAssertEqual(published["message"] as? String, expected["message"] as? String)
        XCTAssertEqual(published["message"] as? String, "the scene file is larger than 20 bytes")
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// `exit` without `shutdown`, or input ending, ends the server with status 1.
    func testExitWithoutShutdownIsStatusOne() throws {
        let a = try LSPClient()
        _ = try a.initialize()
        a.notify("exit", [:])
        XCTAssertEqual(a.waitForExit(), 1)
        let b = try LSPClient()
        _ = try b.initialize()
        XCTAssertEqual(b.waitForExit(), 1)  // closes standard input
    }
}
