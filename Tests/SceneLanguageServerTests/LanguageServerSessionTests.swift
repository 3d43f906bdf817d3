@testable import SceneLanguageServer
import SceneSupport
import ScenecKit
import XCTest

/// A `LanguageServer` built from its `Options` and driven in process, message by message: an
/// opened document with an error gets it published, located, once the editor is quiet.
final class LanguageServerSessionTests: XCTestCase {
    final class Outbox {
        var messages: [JSONValue] = []
    }

    func testAnOpenedDocumentsErrorIsPublished() throws {
        var options = LanguageServer.Options(frontend: Frontend())
        options.debounce = 0
        options.rootFromClient = false
        let outbox = Outbox()
        let server = LanguageServer(options: options, output: { json in
            if let message = JSONValue.parse(Array(json.utf8)) { outbox.messages.append(message) }
        }, log: { _ in })
        func send(_ message: JSONValue) { server.handle(Array(message.compact().utf8)) }
        send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        XCTAssertNotNil(outbox.messages.first?["result"]?["capabilities"], "\(outbox.messages)")
        send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
            "uri": "file:///nowhere/s.scene.yaml", "languageId": "yaml", "version": 3,
            "text": "canvas: {width: 10, height: 10}\nviews:\n  - {type: rign}\n"]]])
        server.checkIfQuiet()
        let published = try XCTUnwrap(outbox.messages.last { $0["method"]?.stringValue == "textDocument/publishDiagnostics" })
        XCTAssertEqual(published[path: "params", "uri"]?.stringValue, "file:///nowhere/s.scene.yaml")
        XCTAssertEqual(published[path: "params", "version"]?.numberValue, 3)
        let diagnostic = try XCTUnwrap(published[path: "params", "diagnostics"]?.arrayValue?.first)
        XCTAssertTrue(diagnostic["message"]?.stringValue?.contains("rign") ?? false, "\(diagnostic)")
        XCTAssertEqual(diagnostic[path: "range", "start", "line"]?.numberValue, 2, "zero-based: the file's third line")
    }
}
