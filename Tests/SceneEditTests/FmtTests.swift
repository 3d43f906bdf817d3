import Foundation
import SceneEdit
import SceneSyntax
import TestSupport
import XCTest

/// `SceneFormatter`, the formatter of `scenec fmt` and of the language server (docs/commands.md,
/// scenec fmt): the canonical layout, idempotence over every scene the repository holds,
/// comments kept, anchored mappings kept in order, and a text that is not YAML refused.
final class FmtTests: XCTestCase {
    func format(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        switch SceneFormatter.format(Array(text.utf8), name: "t.scene.yaml") {
        case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .failure(let failure):
            XCTFail("not formatted: \(failure)", file: file, line: line)
            return text
        }
    }

    /// Every *.yaml under scenes/, Examples/ and Tests/Corpus.
    static func repositoryYAMLFiles() -> [URL] {
        var files: [URL] = []
        for folder in ["scenes", "Examples", "Tests/Corpus"] {
            let root = repositoryRoot.appendingPathComponent(folder)
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if url.pathExtension == "yaml" { files.append(url) }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The comment-only lines of a text, trimmed, in order.
    static func commentLines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("#") }
    }

    /// (The few corpus files past 32 KB, made to test limits, are slow in a debug build: the
    /// command's tests run fmt over the whole corpus with the release binary.)
    func testFormattingWhatFmtWroteChangesNothingAndKeepsEveryCommentLine() throws {
        var formatted = 0, refused: [String] = []
        for url in Self.repositoryYAMLFiles() {
            let bytes = [UInt8](try Data(contentsOf: url))
            guard bytes.count <= 32 * 1024 else { continue }
            switch SceneFormatter.format(bytes, name: url.lastPathComponent) {
            case .failure(.notYAML):
                continue
            case .failure(.wouldChangeMeaning(let why)):
                refused.append("\(url.path): \(why)")
            case .success(let once):
                formatted += 1
                guard case .success(let twice) = SceneFormatter.format(once, name: url.lastPathComponent) else {
                    XCTFail("\(url.path): its formatting does not format")
                    continue
                }
                XCTAssertEqual(String(decoding: twice, as: UTF8.self), String(decoding: once, as: UTF8.self),
                               "\(url.path): a second fmt changed it")
                // Keys move with their comments: the same lines, not always in the same order.
                XCTAssertEqual(Self.commentLines(String(decoding: once, as: UTF8.self)).sorted(),
                               Self.commentLines(String(decoding: bytes, as: UTF8.self)).sorted(), "\(url.path): comment lines")
            }
        }
        XCTAssertEqual(refused, [], "fmt refused scenes it should format")
        XCTAssertGreaterThan(formatted, 250, "too few scenes formatted")
    }

    func testTheCanonicalLayout() throws {
        let text = """
            # yaml-language-server: $schema=../schema/scene.schema.json
            views:
                -   progress: 0.5     # half
                    type: ring
                    frame:
                        width: 100
                        x: 0
                        height: 100
                        y: 0
                    id: "download"
                    trackColor: '#333333'


                -   {type: label, text: "10:09:30", textColor: "white"}
            canvas:
                width: 200
                height: 100

            """
        XCTAssertEqual(try format(text), """
            # yaml-language-server: $schema=../schema/scene.schema.json
            canvas: {width: 200, height: 100}
            views:
              - id: download
                type: ring
                frame: {x: 0, y: 0, width: 100, height: 100}
                progress: 0.5 # half
                trackColor: "#333333"

              - {type: label, text: "10:09:30", textColor: white}

            """)
    }

    func testCommentsStayBesideWhatTheyWereBeside() throws {
        let text = """
            canvas: {width: 10, height: 10} # the size
            # the views
            views: # all of them
              # the first
              - type: ring # a ring
                frame: {x: 0, y: 0, width: 10, height: 10}

                # its progress, after a blank line
                progress: 0.5
              - {type: pie, frame: {x: 0, y: 0, width: 10, height: 10}, # the frame
                 progress: 1}
            # the end

            """
        XCTAssertEqual(try format(text), """
            canvas: {width: 10, height: 10} # the size
            # the views
            views: # all of them
              # the first
              - type: ring # a ring
                frame: {x: 0, y: 0, width: 10, height: 10}

                # its progress, after a blank line
                progress: 0.5
              - type: pie
                frame: {x: 0, y: 0, width: 10, height: 10} # the frame
                progress: 1
            # the end

            """)
    }

    func testAMappingWithAnAnchorOrAliasKeepsItsOrder() throws {
        let text = """
            canvas: {width: 10, height: 10}
            views:
              - progress: 0.5
                type: ring
                frame: &f {x: 0, y: 0, width: 10, height: 10}
              - progress: 0.5
                type: pie
                frame: *f

            """
        // Anchors and aliases lie below `views`, so the top keeps its order too.
        XCTAssertEqual(try format(text), text)
    }

    func testAMergeIsKeptAsWritten() throws {
        let text = """
            x-look: &look {type: pie, progress: 0.4}
            canvas: {width: 100, height: 100}
            views:
              - <<: *look
                frame: {x: 0, y: 0, width: 10, height: 10}

            """
        XCTAssertEqual(try format(text), text)
        let listMerge = repositoryRoot.appendingPathComponent("Tests/Corpus/reuse/list-merge.scene.yaml")
        let once = try format(String(decoding: try Data(contentsOf: listMerge), as: UTF8.self))
        XCTAssertTrue(once.contains("  - <<: [*size, *look, *other]\n    startAngle: 0\n"), once)
    }

    func testQuotesStayOnlyWhereTheTextWouldReadOtherwise() throws {
        let text = """
            canvas: {width: 10, height: 10}
            views:
              - type: label
                text: "hello"
                time: "10:09:30"
                on: "true"
                n: "12"
                w: "100% - 32"
                c: "#ff2d55"
                p: "$caption"
                r: "forever"
                e: "a\\tb"
                s: 'it''s'

            """
        XCTAssertEqual(try format(text), """
            canvas: {width: 10, height: 10}
            views:
              - type: label
                text: hello
                time: "10:09:30"
                on: "true"
                n: "12"
                w: 100% - 32
                c: "#ff2d55"
                p: "$caption"
                r: "forever"
                e: "a\\tb"
                s: it's

            """)
    }

    func testBlockScalarsAreReindentedWithTheirLines() throws {
        let text = """
            canvas: {width: 10, height: 10}
            views:
              - type: label
                text: |
                      two lines
                        the second indented

            """
        XCTAssertEqual(try format(text), """
            canvas: {width: 10, height: 10}
            views:
              - type: label
                text: |
                  two lines
                    the second indented

            """)
    }

    func testATextThatIsNotYAMLIsRefusedWithItsLocatedError() throws {
        let text = "canvas: {width: 10\nviews: []\n"
        let result: Result<[UInt8], SceneFormatter.Failure> = SceneFormatter.format(Array(text.utf8), name: "t.scene.yaml")
        guard case .failure(.notYAML(let diagnostics)) = result else {
            return XCTFail("formatted a text that is not YAML")
        }
        XCTAssertEqual(diagnostics.first?.range.start.line, 2)
    }

    func testCRLFFilesStayCRLF() throws {
        let bytes = Array("canvas:\r\n  width: 10\r\n  height: 10\r\nviews: []\r\n".utf8)
        guard case .success(let out) = SceneFormatter.format(bytes, name: "t") else { return XCTFail("not formatted") }
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "canvas: {width: 10, height: 10}\r\nviews: []\r\n")
    }

    /// The language server's edits: applied to the text, they give the formatted text.
    func testLineEditsTurnTheTextIntoItsFormatting() throws {
        let old = Array("views: []\ncanvas:\n  width: 1\n  height: 2\n# end\n".utf8)
        guard case .success(let new) = SceneFormatter.format(old, name: "t") else { return XCTFail("not formatted") }
        let edits: [LineEdit] = SceneFormatter.lineEdits(from: old, to: new)
        var lines = String(decoding: old, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { $0 + "\n" }
        lines.removeLast()
        for edit in edits.reversed() {
            let newLines = String(decoding: edit.newText, as: UTF8.self).split(separator: "\n").map { $0 + "\n" }
            lines.replaceSubrange(edit.lines, with: newLines)
        }
        XCTAssertEqual(lines.joined(), String(decoding: new, as: UTF8.self))
    }

    /// Range formatting: the top entries the range touches, formatted where they stand.
    func testARangeEditFormatsTheTopEntriesItTouchesInPlace() throws {
        let text = "# header\nviews:\n  - {progress: 1, type: pie}\ncanvas:\n  width: 1\n  height: 2\n"
        let bytes = Array(text.utf8)
        guard case .success(let edit?) = SceneFormatter.rangeEdit(bytes, name: "t", lines: 4...4) else {
            return XCTFail("no edit for the canvas")
        }
        XCTAssertEqual(edit.lines, 3..<6)
        XCTAssertEqual(String(decoding: edit.newText, as: UTF8.self), "canvas: {width: 1, height: 2}\n")
        guard case .success(let view?) = SceneFormatter.rangeEdit(bytes, name: "t", lines: 2...2) else {
            return XCTFail("no edit for the view")
        }
        // The first entry takes in the lines above it (the file's header).
        XCTAssertEqual(view.lines, 0..<3)
        XCTAssertEqual(String(decoding: view.newText, as: UTF8.self), "# header\nviews:\n  - {type: pie, progress: 1}\n")
        guard case .success(let none) = SceneFormatter.rangeEdit(Array("canvas: {width: 1}\n".utf8), name: "t", lines: 0...0) else {
            return XCTFail("refused a formatted text")
        }
        XCTAssertNil(none, "a formatted text needs no edit")
    }

    /// Hostile input: every scene of the corpus with bytes cut out or doubled is formatted or
    /// refused, never trapped on, and what is formatted formats to itself.
    func testMangledScenesAreFormattedOrRefusedNeverTrappedOn() throws {
        var generator = SeededRandom(state: 30)
        let files = Self.repositoryYAMLFiles().filter { !$0.path.contains("long-flat-list") && !$0.path.contains("nesting") }
        for url in files.prefix(120) {
            var bytes = [UInt8](try Data(contentsOf: url))
            guard bytes.count > 2 else { continue }
            let at = Int(generator.next() % UInt64(bytes.count - 1))
            if generator.next() % 2 == 0 {
                bytes.remove(at: at)
            } else {
                bytes.insert(bytes[at], at: at)
            }
            if case .success(let once) = SceneFormatter.format(bytes, name: "m"),
               case .success(let twice) = SceneFormatter.format(once, name: "m") {
                XCTAssertEqual(once, twice, "\(url.lastPathComponent) mangled at \(at): a second fmt changed it")
            }
        }
    }

    func testACommentDirectlyAboveAKeyMovesWithItAndTheHeaderStaysFirst() throws {
        XCTAssertEqual(try format("# header\n\n# the views\nviews: []\n# the canvas\ncanvas: {width: 220, height: 220, background: white}\n"),
                       "# header\n\n# the canvas\ncanvas: {width: 220, height: 220, background: white}\n\n# the views\nviews: []\n")
        XCTAssertEqual(try format("# the views\nviews: []\n# the canvas\ncanvas: {width: 10, height: 10}\n"),
                       "# the canvas\ncanvas: {width: 10, height: 10}\n# the views\nviews: []\n")
        XCTAssertEqual(try format("# header\n\nviews: []\ncanvas: {width: 10, height: 10}\n"),
                       "# header\n\ncanvas: {width: 10, height: 10}\n\nviews: []\n")
    }

    func testKeysWithEndOfLineCommentsAreMovedWithThem() throws {
        let text = """
            canvas: {width: 10, height: 10}
            views:
              - id: a
                type: label
                frame:
                  y: 0 # y
                  x: 0 # x
                  height: 20 # h
                  # above width
                  width: 100

            """
        XCTAssertEqual(try format(text), """
            canvas: {width: 10, height: 10}
            views:
              - id: a
                type: label
                frame:
                  x: 0 # x
                  y: 0 # y
                  # above width
                  width: 100
                  height: 20 # h

            """)
    }

    func testAPlainScalarBeginningWithAnIndicatorIsQuotedInFlow() throws {
        XCTAssertEqual(try format("x:\n  - ?y\n  - :z\n"), "x: [\"?y\", \":z\"]\n")
        XCTAssertEqual(try format("x:\n  - !t ?y\n"), "x: [!t \"?y\"]\n")
    }

    func testADocumentOfNothingIsLeftAsAnEmptyFileIs() throws {
        for text in ["---\n", "---", "---\n# c\n", "# c\n---\n"] {
            XCTAssertEqual(try format(text), text)
        }
    }

    func testABlockScalarsIndentationIndicatorFollowsTheNewIndentAndAnUnendedOneIsStripped() throws {
        let text = "views:\n    -   id: c\n        text: |2\n              leading spaces kept\n            x\n"
        XCTAssertEqual(try format(text), "views:\n  - id: c\n    text: |2\n          leading spaces kept\n        x\n")
        XCTAssertEqual(try format("views:\n  - id: a\n    text: |\n      tail"), "views:\n  - id: a\n    text: |-\n      tail\n")
    }

    func testAQuotedTextWithFlowIndicatorsLosesItsQuotesInBlockStyleOnly() throws {
        XCTAssertEqual(try format("views:\n  - id: a\n    fill: \"rgb(1, 111, 37)\"\n    frame: {x: 0}\n"),
                       "views:\n  - id: a\n    frame: {x: 0}\n    fill: rgb(1, 111, 37)\n")
        XCTAssertEqual(try format("x: [\"a, b\", \"c\"]\n"), "x: [\"a, b\", c]\n")
    }

    func testACommentInAMergeMappingWrittenAtAnotherIndentIsKept() throws {
        let text = "views:\n    -   id: d\n        <<:    {type: label}\n        # in the merge mapping\n        text: hi\n"
        XCTAssertEqual(try format(text), "views:\n  - id: d\n    <<:    {type: label}\n    # in the merge mapping\n    text: hi\n")
    }

    func testAListItemsFirstKeysCommentGoesAboveTheDash() throws {
        XCTAssertEqual(try format("views:\n  - text: hi\n    # the id\n    id: a\n"), "views:\n  # the id\n  - id: a\n    text: hi\n")
    }
}
