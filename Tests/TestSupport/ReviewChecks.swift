import Foundation
import XCTest

/// The review's readers outside Swift: its Markdown read by markdown-it and its pages opened in
/// headless Chromium, shared by the in-process and the command-line review tests.

/// The JSON Tests/Review/markdown_summary.py prints for `markdown` (Debian's python3-markdown-it
/// with python3-linkify-it, as GitHub reads it: tables and autolinks).
public func parseMarkdown(_ markdown: String, _ test: XCTestCase) throws -> [String: Any] {
    let file = try temporaryDirectory(test).appendingPathComponent("summary.md")
    try Data(markdown.utf8).write(to: file)
    let script = repositoryRoot.appendingPathComponent("Tests/Review/markdown_summary.py").path
    let result = try runProgram(URL(fileURLWithPath: "/usr/bin/python3"), [script, file.path])
    XCTAssertEqual(result.status, 0, "python3-markdown-it and python3-linkify-it are needed (make deps): \(result.stderr)")
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [String: Any])
}

/// Tests/Browser/review_test.py on the report whose index is `html`, with the expectations in
/// `spec` (see the script).
public func runReviewBrowserCheck(_ html: URL, _ spec: URL, file: StaticString = #filePath, line: UInt = #line) throws {
    for needed in ["/usr/bin/python3", "/usr/bin/chromium", "/usr/bin/chromedriver"] {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: needed),
                      "\(needed) is missing: run make deps (chromium chromium-driver python3-selenium)", file: file, line: line)
    }
    let script = repositoryRoot.appendingPathComponent("Tests/Browser/review_test.py").path
    let result = try runProgram(URL(fileURLWithPath: "/usr/bin/python3"), [script, html.path, spec.path], timeout: 180)
    XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr, file: file, line: line)
    XCTAssertTrue(result.stdoutText.contains("all review checks passed"), result.stdoutText + result.stderr, file: file, line: line)
}
