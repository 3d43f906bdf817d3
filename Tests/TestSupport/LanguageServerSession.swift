import Foundation
import XCTest

/// A Language Server Protocol conversation as an editor holds it, whichever way the messages
/// travel: over pipes to `scenec lsp` (ScenecCLITests' LSPClient) or to a server in the test
/// (SceneLanguageServerTests' LanguageClient). Messages are JSON objects as JSONSerialization
/// reads them.
public protocol LanguageServerSession: AnyObject {
    /// Sends one message to the server.
    func send(_ message: [String: Any])
    /// The first message received (and not yet taken) that `match` accepts, removed from the
    /// queue; nil when none comes within `timeout` seconds.
    func waitFor(timeout: TimeInterval, _ match: ([String: Any]) -> Bool) -> [String: Any]?
    /// The id of the next request.
    var nextID: Int { get set }
}

extension LanguageServerSession {
    public func notify(_ method: String, _ params: [String: Any]) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a request and waits for its response (the whole message: result or error).
    @discardableResult
    public func request(_ method: String, _ params: [String: Any] = [:], timeout: TimeInterval = 20,
                        file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return try XCTUnwrap(waitFor(timeout: timeout) { ($0["id"] as? Int) == id && $0["method"] == nil },
                             "no answer to \(method) in \(timeout) s", file: file, line: line)
    }

    /// The diagnostics published for `uri` (for `version`, when given).
    public func diagnostics(_ uri: String, version: Int? = nil, timeout: TimeInterval = 20) -> [[String: Any]]? {
        let message = waitFor(timeout: timeout) { m in
            guard m["method"] as? String == "textDocument/publishDiagnostics",
                  let params = m["params"] as? [String: Any], params["uri"] as? String == uri else { return false }
            return version == nil || params["version"] as? Int == version
        }
        return (message?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
    }

    public func initialize(capabilities: [String: Any] = [:]) throws -> [String: Any] {
        let response = try request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": capabilities])
        notify("initialized", [:])
        return response
    }

    public func open(_ uri: String, text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": version, "text": text]])
    }

    public static func position(_ line: Int, _ character: Int) -> [String: Any] { ["line": line, "character": character] }
}
