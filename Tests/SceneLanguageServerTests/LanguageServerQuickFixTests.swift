import Foundation
@testable import SceneLanguageServer
import ScenecKit
import SceneSyntax
import TestSupport
import XCTest

/// Quick fixes are the diagnostics' own fixes (`Diagnostic.fixes`), never read from a message:
/// the code actions at each diagnostic are exactly its fixes as `scenec check` has them, each
/// published diagnostic names its code, and rewording every message leaves the fixes as they were.
final class LanguageServerQuickFixTests: XCTestCase {
    /// Four mistakes with fixes (a misspelt choice, an unquoted #colour, a misspelt attribute, a
    /// misspelt style) and one without (a progress out of range).
    static let scene = """
        canvas: {width: 300, height: 200}
        styles:
          brand: {lineWidth: 12}
        views:
          - id: download
            type: ring
            style: brnd
            frame: {x: 20, y: 20, width: 150, height: 100}
            lineCap: rund
            progres: 0.5
            trackColor: #00ff00
          - {id: other, type: ring, frame: {x: 180, y: 20, width: 100, height: 100}, progress: 2}

        """

    /// The code actions of every diagnostic published for `scene`, by the diagnostic's code and
    /// line, as (title, [newText]) — with the server's messages optionally reworded.
    func actions(reworded: Bool) throws -> (published: [[String: Any]], actions: [String: [[String]]]) {
        let client = LanguageClient { options in
            options.diagnosticsPage = "file:///doc/diagnostics.md"
            if reworded {
                options.revise = { d in
                    var d = d
                    d.message = "reworded: " + d.message.uppercased()
                    return d
                }
            }
        }
        _ = try client.initialize()
        defer { _ = try? client.shutdown() }
        let dir = try temporaryDirectory(self)
        let uri = "file://" + (try write(Self.scene, "fixes.scene.yaml", in: dir))
        client.open(uri, text: Self.scene)
        let published = try XCTUnwrap(client.diagnostics(uri, version: 1))
        var actions: [String: [[String]]] = [:]
        for d in published {
            let range = try XCTUnwrap(d["range"] as? [String: Any])
            let response = try client.request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": range,
                                                                          "context": ["diagnostics": [d]]])
            let list = try XCTUnwrap(response["result"] as? [[String: Any]], "\(response)")
            let key = "\(d["code"] ?? "no code")@\(((range["start"] as? [String: Any])?["line"] as? Int) ?? -1)"
            actions[key] = list.map { action in
                let edits = ((action["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]] ?? []
                return [action["title"] as? String ?? ""] + edits.map { $0["newText"] as? String ?? "" }
            }
        }
        return (published, actions)
    }

    func testCodeActionsAreTheDiagnosticsFixes() throws {
        let (published, actions) = try actions(reworded: false)
        let checked = Frontend().compileAndLint(SourceFile(name: "fixes.scene.yaml", text: Self.scene)).diagnostics
        XCTAssertEqual(published.count, checked.count)
        var expected: [String: [[String]]] = [:]
        for d in checked {
            expected["\(d.code.rawValue)@\(d.range.start.line - 1)"] = d.fixes.map { [$0.title] + $0.edits.map(\.newText) }
        }
        XCTAssertEqual(actions, expected)
        XCTAssertEqual(actions["bad-value@8"], [["change to 'round'", "round"]])
        XCTAssertEqual(actions["hash-comment-colour@10"]?.first?.last, "\"#00ff00\"")
        XCTAssertEqual(actions["out-of-range@11"], [], "a diagnostic without fixes has no quick fix")
        for d in published {
            XCTAssertEqual((d["codeDescription"] as? [String: Any])?["href"] as? String,
                           "file:///doc/diagnostics.md#\(d["code"] ?? "")")
        }
        XCTAssertEqual(published.compactMap { $0["code"] as? String }.sorted(),
                       ["bad-value", "hash-comment-colour", "out-of-range", "unknown-attribute", "unknown-style"])
    }

    /// The rewording hook rewrites every message; the quick fixes stay exactly what they were.
    func testRewordedMessagesKeepTheirQuickFixes() throws {
        let plain = try actions(reworded: false), reworded = try actions(reworded: true)
        XCTAssertTrue(reworded.published.allSatisfy { ($0["message"] as? String)?.hasPrefix("reworded: ") == true },
                      "\(reworded.published)")
        XCTAssertEqual(reworded.actions, plain.actions)
        XCTAssertEqual(plain.actions.values.map(\.count).reduce(0, +), 4)
    }

    /// A misspelt id or attribute inside a `{…}` binding is fixed at the word itself, in a plain
    /// text and in a quoted one with an escape and an emoji before it (UTF-16 positions), and the
    /// fixed scene checks clean.
    func testABindingTypoIsFixedAtTheWord() throws {
        let scene = """
            canvas: {width: 300, height: 200}
            views:
              - {id: download, type: ring, frame: {x: 20, y: 20, width: 100, height: 100}}
              - type: label
                frame: {x: 0, y: 120, width: 300, height: 40}
                text: Done {downlaod.progress:percent}
              - type: label
                frame: {x: 0, y: 160, width: 300, height: 40}
                text: "\\u00e9 🎉 {download.progres}"

            """
        let client = LanguageClient()
        _ = try client.initialize()
        defer { _ = try? client.shutdown() }
        let dir = try temporaryDirectory(self)
        let uri = "file://" + (try write(scene, "bindings.scene.yaml", in: dir))
        client.open(uri, text: scene)
        let published = try XCTUnwrap(client.diagnostics(uri, version: 1))
        XCTAssertEqual(published.compactMap { $0["code"] as? String }.sorted(), ["unknown-attribute", "unknown-id"])
        var fixed = scene.split(separator: "\n", omittingEmptySubsequences: false).map { Array(String($0).utf16) }
        var starts: [Int: Int] = [:]
        for d in published {
            let range = try XCTUnwrap(d["range"] as? [String: [String: Int]])
            let response = try client.request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": range,
                                                                          "context": ["diagnostics": [d]]])
            let action = try XCTUnwrap((response["result"] as? [[String: Any]])?.first, "\(response)")
            let edit = try XCTUnwrap((((action["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]])?.first)
            let editRange = try XCTUnwrap(edit["range"] as? [String: [String: Int]])
            XCTAssertEqual(editRange["start"], range["start"], "the fix replaces the word the diagnostic points at")
            let line = try XCTUnwrap(editRange["start"]?["line"]), start = try XCTUnwrap(editRange["start"]?["character"])
            let end = try XCTUnwrap(editRange["end"]?["character"])
            starts[line] = start
            fixed[line].replaceSubrange(start..<end, with: Array((edit["newText"] as? String ?? "").utf16))
        }
        // `    text: Done {` is 16 UTF-16 units; `    text: "\u00e9 🎉 {download.` is 11 + 7 + 3 + 10.
        XCTAssertEqual(starts, [5: 16, 8: 31])
        let text = fixed.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
        XCTAssertTrue(text.contains("Done {download.progress:percent}") && text.contains("🎉 {download.progress}"), text)
        XCTAssertEqual(Frontend().compileAndLint(SourceFile(name: "fixed.scene.yaml", text: text)).diagnostics, [])
    }

    /// The messages of issue 30 that carry their fix, each pinned in the bad corpus: every
    /// diagnostic the server publishes for the file has a code action, and the file with those
    /// actions' edits applied (as an editor applies them, in UTF-16 positions) checks clean.
    func testEachNewMessageIsFixedByItsCodeActionAndTheResultChecksClean() throws {
        let names = ["missing-colon", "missing-colon-before-nested-keys", "missing-space-after-colon",
                     "missing-space-after-colon-in-braces", "missing-space-after-colon-last-view", "color-hex-0x", "color-hex-without-hash", "percent-for-fraction",
                     "label-alignment-left", "text-binding-every-problem", "missing-colon-before-braces",
                     "missing-colon-before-braces-top-level", "missing-colon-before-frame-braces", "text-binding-unclosed-precision"]
        let folder = repositoryRoot.appendingPathComponent("Tests/Corpus/bad")
        let client = LanguageClient()
        _ = try client.initialize()
        defer { _ = try? client.shutdown() }
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name + ".scene.yaml"), encoding: .utf8)
            let uri = "file://" + folder.appendingPathComponent(name + ".scene.yaml").path
            client.open(uri, text: text)
            let published = try XCTUnwrap(client.diagnostics(uri, version: 1), name)
            XCTAssertFalse(published.isEmpty, name)
            var edits: [(line: Int, start: Int, end: Int, newText: String)] = []
            for d in published {
                let range = try XCTUnwrap(d["range"] as? [String: [String: Int]])
                let response = try client.request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": range,
                                                                              "context": ["diagnostics": [d]]])
                guard let action = (response["result"] as? [[String: Any]])?.first else {
                    XCTFail("\(name): no code action for \(d["code"] ?? "") \(d["message"] ?? "")")
                    continue
                }
                let changes = (((action["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]]) ?? []
                XCTAssertFalse(changes.isEmpty, "\(name): the action '\(action["title"] ?? "")' edits nothing")
                for change in changes {
                    let r = try XCTUnwrap(change["range"] as? [String: [String: Int]])
                    let line = try XCTUnwrap(r["start"]?["line"])
                    XCTAssertEqual(r["end"]?["line"], line, "\(name): fixes here stay on one line")
                    edits.append((line, try XCTUnwrap(r["start"]?["character"]), try XCTUnwrap(r["end"]?["character"]),
                                  change["newText"] as? String ?? ""))
                }
            }
            client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array(String($0).utf16) }
            // From the end, so an edit does not move the ones before it.
            for edit in edits.sorted(by: { ($0.line, $0.start) > ($1.line, $1.start) }) {
                lines[edit.line].replaceSubrange(edit.start..<edit.end, with: Array(edit.newText.utf16))
            }
            let fixed = lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
            let after = Frontend().compileAndLint(SourceFile(name: name + ".scene.yaml", text: fixed)).diagnostics
            XCTAssertEqual(after.filter { $0.severity == .error }.map(\.message), [], "\(name) after its fixes:\n\(fixed)")
        }
    }

    /// `codeDescription.href` points into docs/diagnostics.md when the page is found beside the
    /// binary (a build in this repository finds the repository's).
    func testThePageOfCodesIsFoundBesideABuild() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = LanguageServer.diagnosticsPage(besides: root.path + "/.build/x86_64-unknown-linux-gnu/release/scenec")
        XCTAssertEqual(page, "file://" + root.path + "/docs/diagnostics.md")
        XCTAssertNil(LanguageServer.diagnosticsPage(besides: "/nonexistent/bin/scenec"))
        XCTAssertNil(LanguageServer.diagnosticsPage(besides: "scenec"))
    }
}
