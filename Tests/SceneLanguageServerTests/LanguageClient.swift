import Foundation
import SceneCheck
@testable import SceneLanguageServer
import ScenecKit
import TestSupport
import XCTest

/// A Language Server Protocol client for the tests, in process: it hands each message to a
/// `LanguageServer` as `serve` does after framing, collects what the server sends, and runs the
/// debounced check whenever it waits for a message (rather than waiting for the quiet time). The
/// server over real pipes, as an editor runs it, is ScenecCLITests' LSPClient.
final class LanguageClient: LanguageServerSession {
    private var server: LanguageServer?
    /// What the server sent and the test has not taken yet, oldest first.
    private var inbox: [[String: Any]] = []
    var nextID = 1

    /// A server with `scenec lsp`'s options (its limits and `frontend`), checking as soon as it
    /// is asked.
    init(frontend: Frontend = Frontend(), configure: (inout LanguageServer.Options) -> Void = { _ in }) {
        var options = LanguageServer.Options(frontend: frontend)
        options.debounce = 0
        configure(&options)
        server = LanguageServer(options: options, output: { [weak self] json in
            guard let message = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
                return XCTFail("the server sent a message that is not a JSON object: \(json)")
            }
            self?.inbox.append(message)
        }, log: { _ in })
    }

    func send(_ message: [String: Any]) {
        guard let body = try? JSONSerialization.data(withJSONObject: message) else {
            return XCTFail("cannot encode \(message)")
        }
        server?.handle([UInt8](body))
    }

    /// The first message received (and not yet taken) that `match` accepts, removed from the
    /// queue, once the server has checked what changed (as it would have after `timeout`).
    func waitFor(timeout: TimeInterval = 20, _ match: ([String: Any]) -> Bool) -> [String: Any]? {
        server?.checkIfQuiet()
        guard let i = inbox.firstIndex(where: match) else { return nil }
        return inbox.remove(at: i)
    }

    /// Ends the session as an editor does; the status `scenec lsp` would exit with.
    func shutdown(file: StaticString = #filePath, line: UInt = #line) throws -> Int32? {
        try request("shutdown", file: file, line: line)
        notify("exit", [:])
        return server?.exitStatus
    }
}
