import Foundation
import SceneSyntax
import XCTest

/// RecoveringReader: a text with a broken line reads except for the piece the line is in, and
/// what reads stays at its place in the text.
final class RecoveringReaderTests: XCTestCase {
    static let scene = """
        version: 1
        canvas: {width: 300, height: 200}
        views:
          - id: first
            type: ring
            progr
            lineWidth: 4
          - id: second
            type: ring
            children:
              - {id: inner, type: label, text: Hi}
              - id: broken
                text: {oops
              - id: after
                type: pie
        timeline:
          animations:
            - {target: second.progress, to: 1, duration: 1s}

        """

    func read(_ text: String) -> RecoveringReader.Result {
        RecoveringReader().read(SourceFile(name: "s.yaml", text: text))
    }

    /// The keys of the views in the tree, by id.
    func views(_ root: Node?) -> [String: Node] {
        var out: [String: Node] = [:]
        func walk(_ list: Node?) {
            for item in list?.sequence ?? [] {
                guard let pairs = item.mapping else { continue }
                if let id = pairs.first(where: { $0.key == "id" })?.value.scalar?.text { out[id] = item }
                walk(pairs.first { $0.key == "children" }?.value)
            }
        }
        walk(root?.mapping?.first { $0.key == "views" }?.value)
        return out
    }

    func testABrokenLineLeavesOutOnlyWhatItBreaks() throws {
        let result = read(Self.scene)
        XCTAssertTrue(result.diagnostics.hasErrors, "the whole text's own error is kept")
        XCTAssertFalse(result.isWhole)
        let found = views(result.root)
        // The half-typed key is left out of its view, the unclosed brace's view is left out.
        XCTAssertEqual(Set(found.keys), ["first", "second", "inner", "broken", "after"])
        XCTAssertEqual(result.leftOut, [6...6, 13...13])
        XCTAssertEqual(found["broken"]?.mapping?.map(\.key), ["id"])
        let first = try XCTUnwrap(found["first"]?.mapping)
        XCTAssertEqual(first.map(\.key), ["id", "type", "lineWidth"])
        // Positions are the text's own: `lineWidth` is on line 7, `type: pie` on line 15.
        XCTAssertEqual(first[2].keyRange.start, SourceLocation(line: 7, column: 5))
        let pie = try XCTUnwrap(found["after"]?.mapping?.first { $0.key == "type" })
        XCTAssertEqual(pie.value.range.start, SourceLocation(line: 15, column: 15))
        XCTAssertNotNil(result.root?.mapping?.first { $0.key == "timeline" })
    }

    func testAWholeTextReadsAsYAMLReaderReadsIt() {
        let text = "canvas: {width: 1, height: 1}\nviews: []\n"
        let result = read(text)
        XCTAssertTrue(result.isWhole)
        XCTAssertEqual(result.leftOut, [])
        XCTAssertEqual(result.root?.mapping?.map(\.key), ["canvas", "views"])
        // A duplicate key is an error, but the tree is whole.
        XCTAssertTrue(read("a: 1\na: 2\n").isWhole)
    }

    func testABrokenTopLevelEntryIsLeftOutAndTheRestReads() {
        let text = "canvas: {width: 1\nstyles:\n  big: {lineWidth: 3}\nviews: []\n"
        let result = read(text)
        XCTAssertEqual(result.root?.mapping?.map(\.key), ["styles", "views"])
        XCTAssertEqual(result.leftOut, [1...1])
    }

    /// Lines as they are half typed, each in the middle view of three: the views before and
    /// after it read with every key.
    func testHalfTypedLinesLeaveTheOtherViewsWhole() {
        let typed = ["    progr", "    frame: {x: 1", "    text: \"Now", "    trackColor: [1, 2", "    lineWidth: 3: 4",
                     "    lineCap: 'rou", "\t progress: 1", "  progress: 1", "      deeper: 1", "    - ", "    ]", "    *a",
                     "    &", "    ? ", "    \"", "    {", "    frame: {x: 1}}", "  - id"]
        for line in typed {
            let text = """
                views:
                  - id: a
                    type: ring
                    progress: 0.5
                  - id: b
                    type: pie
                \(line)
                    progress: 0.5
                  - id: c
                    type: ring
                    lineWidth: 3
                timeline: {}

                """
            let found = views(read(text).root)
            XCTAssertEqual(found["a"]?.mapping?.map(\.key), ["id", "type", "progress"], "typing '\(line)'")
            XCTAssertEqual(found["c"]?.mapping?.map(\.key), ["id", "type", "lineWidth"], "typing '\(line)'")
        }
    }

    /// What libyaml reads but the tree builder refuses (an alias without its anchor) is left
    /// out too: the search is made again, each attempt built as a tree.
    func testWhatOnlyTheTreeBuilderRefusesIsLeftOut() {
        let result = read("a: *nope\nb: {\nc: 1\n")
        XCTAssertEqual(result.root?.mapping?.map(\.key), ["c"])
        XCTAssertEqual(result.leftOut, [1...2])
    }

    /// An unclosed quote swallows the rest of the file; the line it opens on is left out.
    func testAnUnclosedQuote() {
        let text = "views:\n  - id: a\n    text: \"Now\n  - id: b\n    type: ring\n"
        let found = views(read(text).root)
        XCTAssertEqual(Set(found.keys), ["a", "b"])
        XCTAssertEqual(found["a"]?.mapping?.map(\.key), ["id"])
    }

    /// Every bad scene of the corpus (the small ones) reads to an end, and each one-line plain
    /// scalar of what reads is the text at its range in the file as written: left-out lines move
    /// nothing. Then the same with a line of each broken (a brace opened at its end).
    func testTheBadCorpusReadsWithTrueRanges() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Corpus/bad")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThan(names.count, 50)
        var mended = 0
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            guard bytes.count < 50_000, let text = String(validating: bytes, as: UTF8.self) else { continue }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let middle = lines.count / 2
            for variant in [text, { lines[middle] += " {"; return lines.joined(separator: "\n") }()] {
                let result = read(variant)
                if !result.leftOut.isEmpty { mended += 1 }
                let written = variant.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
                result.root?.walkScalars { scalar, range in
                    guard scalar.isPlain, !scalar.text.isEmpty, range.start.line == range.end.line,
                          range.start.line <= written.count else { return }
                    let line = written[range.start.line - 1]
                    guard range.end.column - 1 <= line.count, range.start.column >= 1 else {
                        return XCTFail("\(name): \(scalar.text) at \(range) is past its line")
                    }
                    let there = String(String.UnicodeScalarView(line[(range.start.column - 1)..<(range.end.column - 1)]))
                    XCTAssertEqual(there, scalar.text, "\(name) line \(range.start.line)")
                }
            }
        }
        XCTAssertGreaterThan(mended, 50, "most broken variants are mended, not given up")
    }

    /// Hostile shapes end, each with a tree or none: deep nesting, many broken lines, CR breaks.
    func testHostileTextsEnd() {
        let deep = (0..<400).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n") + "\n{"
        _ = read(deep)
        let many = (0..<2000).map { "k\($0): {" }.joined(separator: "\n")
        XCTAssertNil(read(many).root)
        let cr = "a: 1\rb: {\rc: 3\r"
        XCTAssertEqual(read(cr).root?.mapping?.map(\.key), ["a", "c"])
        XCTAssertNil(read("").root)
        XCTAssertNil(read("\u{1}a: {").root, "a file that is not text is not read")
    }
}

extension Node {
    /// Each scalar with its range, depth first.
    func walkScalars(_ visit: (Scalar, SourceRange) -> Void) {
        switch content {
        case .scalar(let s): visit(s, range)
        case .sequence(let items): for item in items { item.walkScalars(visit) }
        case .mapping(let pairs): for pair in pairs { pair.value.walkScalars(visit) }
        }
    }
}
