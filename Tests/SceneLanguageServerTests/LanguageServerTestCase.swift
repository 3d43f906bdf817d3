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
}
