import Foundation
import SceneCheck
@testable import SceneLanguageServer
import XCTest

/// A Language Server Protocol client for the tests, in process: it hands each message to a
/// `LanguageServer` as `serve` does after framing, collects what the server sends, and runs the
/// debounced check when asked for diagnostics (rather than waiting for the quiet time). The
/// server over real pipes, as an editor runs it, is ScenecCLITests' LSPClient.
final class LanguageClient {
    private var server: LanguageServer?
    /// What the server sent and the test has not taken yet, oldest first.
    private var inbox: [[String: Any]] = []
    private var nextID = 1

    /// A server with `scenec lsp`'s options (its limits and `frontend`), checking as soon as it
    /// is asked.
    init(frontend: Frontend = Frontend()) {
        var options = LanguageServer.Options(frontend: frontend)
        options.debounce = 0
        server = LanguageServer(options: options, output: { [weak self] json in
            guard let message = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
                return XCTFail("the server sent a message that is not a JSON object: \(json)")
            }
            self?.inbox.append(message)
        }, log: { _ in })
    }

    func send(_ message: [String: Any], file: StaticString = #filePath, line: UInt = #line) {
        guard let body = try? JSONSerialization.data(withJSONObject: message) else {
            return XCTFail("cannot encode \(message)", file: file, line: line)
        }
        server?.handle([UInt8](body))
    }

    func notify(_ method: String, _ params: [String: Any]) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a request and gives its response (the whole message: result or error).
    @discardableResult
    func request(_ method: String, _ params: [String: Any] = [:], file: StaticString = #filePath,
                 line: UInt = #line) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params], file: file, line: line)
        return try XCTUnwrap(take { ($0["id"] as? Int) == id && $0["method"] == nil }, "no answer to \(method)",
                             file: file, line: line)
    }

    /// The first message received (and not yet taken) that `match` accepts, removed from the queue.
    func take(_ match: ([String: Any]) -> Bool) -> [String: Any]? {
        guard let i = inbox.firstIndex(where: match) else { return nil }
        return inbox.remove(at: i)
    }

    /// The diagnostics published for `uri` (for `version`, when given), once the server has
    /// checked what changed.
    func diagnostics(_ uri: String, version: Int? = nil) -> [[String: Any]]? {
        server?.checkIfQuiet()
        let message = take { m in
            guard m["method"] as? String == "textDocument/publishDiagnostics",
                  let params = m["params"] as? [String: Any], params["uri"] as? String == uri else { return false }
            return version == nil || params["version"] as? Int == version
        }
        return (message?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
    }

    func initialize(capabilities: [String: Any] = [:]) throws -> [String: Any] {
        let response = try request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": capabilities])
        notify("initialized", [:])
        return response
    }

    func open(_ uri: String, text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": version, "text": text]])
    }

    /// Ends the session as an editor does; the status `scenec lsp` would exit with.
    func shutdown(file: StaticString = #filePath, line: UInt = #line) throws -> Int32? {
        try request("shutdown", file: file, line: line)
        notify("exit", [:])
        return server?.exitStatus
    }

    static func position(_ line: Int, _ character: Int) -> [String: Any] { ["line": line, "character": character] }
}
