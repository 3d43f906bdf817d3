import Foundation
import TestSupport
import XCTest

/// A test with a language server and its client, started afresh for each test, and a temporary
/// folder for the files the test opens (an editor's files are on disk too).
class LanguageServerTestCase: XCTestCase {
    var client: LanguageClient!
    var dir: URL!

    override func setUpWithError() throws {
        dir = try temporaryDirectory(self)
        client = LanguageClient()
        _ = try client.initialize()
    }

    override func tearDownWithError() throws {
        defer { client = nil }  // XCTest keeps test cases: let the client and its server go
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// A request's result about the document at `uri`; an error answer fails the test.
    func result(_ method: String, _ uri: String, _ params: [String: Any] = [:]) throws -> Any? {
        var all = params
        all["textDocument"] = ["uri": uri]
        let response = try client.request(method, all)
        XCTAssertNil(response["error"], "\(method): \(response)")
        return response["result"]
    }

    /// Line `n` of `text`, counting from 0.
    func line(_ text: String, _ n: Int) -> String { String(text.split(separator: "\n", omittingEmptySubsequences: false)[n]) }

    /// The position of `needle` in line `n` of `text`, plus `offset` characters (UTF-16, as LSP counts).
    func at(_ text: String, _ n: Int, _ needle: String, _ offset: Int = 0) -> [String: Any] {
        let lineText = line(text, n)
        let index = lineText.firstRange(of: needle)!.lowerBound
        return LanguageClient.position(n, lineText[..<index].utf16.count + offset)
    }
}
