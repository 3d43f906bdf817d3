import Foundation
import XCTest

/// The README and docs/ as a newcomer reads them on GitHub or in a checkout: every link leads
/// somewhere in the repository, the README stays a few screens long, and nothing is written
/// twice (a copied paragraph is two places to keep true, and one of them goes stale first).
/// Each rule is a function over the files' text, so the tests at the bottom show it failing.
final class DocumentationTests: XCTestCase {
    /// The repository: this file is Tests/RepositoryTests/DocumentationTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().standardizedFileURL

    /// README.md and every Markdown file under docs/, by path from the root.
    static func documents() throws -> [String: String] {
        var paths = ["README.md"]
        let docs = root.appendingPathComponent("docs")
        let walker = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "md" { paths.append(String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))) }
        }
        var texts: [String: String] = [:]
        for path in paths {
            texts[path] = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        }
        return texts
    }

    func testTheREADMEFitsOnAFewScreens() throws {
        let readme = try XCTUnwrap(try Self.documents()["README.md"])
        let lines = Markdown.lineCount(readme)
        XCTAssertLessThanOrEqual(lines, Markdown.readmeLineLimit, "README.md has \(lines) lines; the rest belongs in docs/")
    }

    func testEveryLinkInTheREADMEAndDocsResolvesInsideTheRepository() throws {
        let documents = try Self.documents()
        XCTAssertGreaterThanOrEqual(documents.count, 10, "README.md and the pages of docs/")
        var links = 0
        for (path, text) in documents.sorted(by: { $0.key < $1.key }) {
            links += Markdown.links(in: text).count
            for problem in Markdown.brokenLinks(in: path, of: documents, root: Self.root) {
                XCTFail(problem)
            }
        }
        XCTAssertGreaterThan(links, 50, "the link reader found too few links to be reading them")
    }

    func testNoParagraphOfFortyWordsIsWrittenInTwoFiles() throws {
        for duplicate in Markdown.repeatedParagraphs(in: try Self.documents()) {
            XCTFail(duplicate)
        }
    }

    // MARK: Each rule can fail

    func testALongREADMEIsRefused() {
        let long = String(repeating: "line\n", count: Markdown.readmeLineLimit + 1)
        XCTAssertGreaterThan(Markdown.lineCount(long), Markdown.readmeLineLimit)
        XCTAssertEqual(Markdown.lineCount("a\nb\n"), 2)
        XCTAssertEqual(Markdown.lineCount("a\nb"), 2)
    }

    func testBrokenLinksAreFound() {
        let documents = [
            "README.md": """
                # Title
                [ok](docs/a.md#the-http-api) [self](#title) [picture](docs/a.md)
                [missing file](docs/nope.md) [missing anchor](docs/a.md#nowhere)
                [outside](../elsewhere/SPEC.md) [web](https://example.com/) and <https://example.org/>
                `[in code](docs/nope.md)` and a bare https://example.net/ link
                ```
                [in a block](docs/nope.md)
                ```
                """,
            "docs/a.md": "# A\n\n## The HTTP API\n\n[back](../README.md#title) [wrong](b.md)\n",
        ]
        let problems = Markdown.brokenLinks(in: "README.md", of: documents, root: URL(fileURLWithPath: "/repo"))
            + Markdown.brokenLinks(in: "docs/a.md", of: documents, root: URL(fileURLWithPath: "/repo"))
        let joined = problems.joined(separator: "\n")
        for target in ["docs/nope.md", "docs/a.md#nowhere", "../elsewhere/SPEC.md", "https://example.com/",
                       "https://example.org/", "https://example.net/", "b.md"] {
            XCTAssertTrue(joined.contains("'\(target)'"), "\(target) should be reported:\n\(joined)")
        }
        XCTAssertEqual(problems.count, 7, joined)
    }

    func testGitHubAnchors() {
        let page = """
            # The live preview: `scenec preview`
            ## 1. A scene file
            ## Options the commands share
            ### Diagnostics: `--diagnostics`
            ## scenec --version
            ## Light and dark
            ## Light and dark
            ### `ring`
            ## Embedding scenec (ScenecKit) — the [API](x.md)
            ```
            # not a heading
            ```
            """
        XCTAssertEqual(Markdown.anchors(of: page), [
            "the-live-preview-scenec-preview", "1-a-scene-file", "options-the-commands-share",
            "diagnostics---diagnostics", "scenec---version", "light-and-dark", "light-and-dark-1", "ring",
            "embedding-scenec-sceneckit--the-api",
        ])
    }

    func testACopiedParagraphIsFound() {
        let paragraph = (1...40).map { "word\($0)" }.joined(separator: " ")
        let rewrapped = paragraph.replacingOccurrences(of: " word20 ", with: "\n  word20\n")
        let short = (1...39).map { "word\($0)" }.joined(separator: " ")
        XCTAssertEqual(Markdown.repeatedParagraphs(in: ["a.md": paragraph, "b.md": "Intro.\n\n" + rewrapped + "\n"]).count, 1)
        XCTAssertEqual(Markdown.repeatedParagraphs(in: ["a.md": "- " + paragraph, "b.md": "A longer one: " + paragraph + " and more."]).count, 1,
                       "a list item copied into a longer paragraph")
        XCTAssertEqual(Markdown.repeatedParagraphs(in: ["a.md": short, "b.md": short]), [], "39 words may repeat")
        XCTAssertEqual(Markdown.repeatedParagraphs(in: ["a.md": "```\n\(paragraph)\n```\n", "b.md": "```\n\(paragraph)\n```\n"]), [],
                       "code blocks may repeat")
        XCTAssertEqual(Markdown.repeatedParagraphs(in: ["a.md": "| \(paragraph) |\n", "b.md": "| \(paragraph) |\n"]), [],
                       "tables may repeat")
    }
}

/// The little of Markdown these rules need, as GitHub reads it.
private enum Markdown {
    static let readmeLineLimit = 220
    static let paragraphWordLimit = 40

    static func lineCount(_ text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
    }

    /// The lines outside fenced code blocks (a fence's own lines included as blank lines).
    static func proseLines(_ text: String) -> [String] {
        var fence: String?
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                return ""
            }
            for marker in ["```", "~~~"] where trimmed.hasPrefix(marker) {
                fence = marker
                return ""
            }
            return String(line)
        }
    }

    /// Text with inline code spans blanked (a link or URL inside one is not a link).
    static func withoutCodeSpans(_ text: String) -> String {
        text.replacingPattern("(`+)[^`]*?\\1", with: " ")
    }

    /// Every link and image target outside code: `[text](target)`, `<scheme:…>` and bare
    /// http(s) addresses, which GitHub turns into links too.
    static func links(in text: String) -> [String] {
        let prose = withoutCodeSpans(proseLines(text).joined(separator: "\n"))
        let inline = prose.captures(of: "\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)")
        let angle = prose.captures(of: "<([a-zA-Z][a-zA-Z0-9+.-]*:[^>\\s]*)>")
        let bare = prose.replacingPattern("\\]\\([^)]*\\)|<[^>\\s]*>", with: " ").captures(of: "(https?://[^\\s)>]+)")
        return inline + angle + bare
    }

    /// GitHub's anchors for a page's headings: lower case, only letters, digits, spaces, `-`
    /// and `_` kept, spaces as `-`; a repeated heading gets `-1`, `-2`… after it.
    static func anchors(of text: String) -> [String] {
        var seen: [String: Int] = [:]
        var anchors: [String] = []
        for line in proseLines(text) {
            let hashes = line.prefix { $0 == "#" }
            guard (1...6).contains(hashes.count), line.dropFirst(hashes.count).first == " " else { continue }
            var heading = String(line.dropFirst(hashes.count)).trimmingCharacters(in: .whitespaces)
            heading = heading.replacingPattern("\\s#+$", with: "")
            heading = heading.replacingPattern("!?\\[([^\\]]*)\\]\\([^)]*\\)", with: "$1")
            let kept = heading.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
            let slug = kept.replacingOccurrences(of: " ", with: "-")
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.append(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// What is wrong with each link of `path`: a target outside the repository (a URL, an
    /// absolute path, a `..` past the root), a file that does not exist, or an anchor that no
    /// heading of the Markdown file it names has. `documents` holds the pages by path from the
    /// root; other files are looked for on disk under `root`.
    static func brokenLinks(in path: String, of documents: [String: String], root: URL) -> [String] {
        guard let text = documents[path] else { return ["\(path) is not among the documents"] }
        let folder = path.split(separator: "/").dropLast().map(String.init)
        var problems: [String] = []
        for link in links(in: text) {
            func problem(_ why: String) { problems.append("\(path): the link '\(link)' \(why)") }
            if link.range(of: "^[a-zA-Z][a-zA-Z0-9+.-]*:", options: .regularExpression) != nil {
                problem("leaves the repository; point into it instead")
                continue
            }
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].removingPercentEncoding ?? parts[0]
            let anchor = parts.count > 1 ? parts[1] : nil
            if file.hasPrefix("/") {
                problem("is an absolute path; write it relative to \(path)")
                continue
            }
            var target = file.isEmpty ? path.split(separator: "/").map(String.init) : folder
            var escapes = false
            for component in file.split(separator: "/") where component != "." {
                if component == ".." {
                    if target.popLast() == nil { escapes = true }
                } else {
                    target.append(String(component))
                }
            }
            if escapes {
                problem("leaves the repository")
                continue
            }
            let resolved = target.joined(separator: "/")
            let page = documents[resolved]
            if page == nil, !FileManager.default.fileExists(atPath: root.appendingPathComponent(resolved).path) {
                problem("names \(resolved), which does not exist")
                continue
            }
            guard let anchor else { continue }
            guard let page else {
                problem("has an anchor into \(resolved), which is not a Markdown page of README.md or docs/")
                continue
            }
            if !anchors(of: page).contains(anchor) {
                problem("names no heading of \(resolved): its anchors are \(anchors(of: page).joined(separator: ", "))")
            }
        }
        return problems
    }

    /// A page's paragraphs and list items, whitespace collapsed; code blocks, tables, headings
    /// and HTML comments are left out.
    static func paragraphs(of text: String) -> [String] {
        var out: [String] = []
        var current: [String] = []
        func end() {
            let joined = current.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !joined.isEmpty { out.append(joined) }
            current = []
        }
        for line in proseLines(text) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("|") || trimmed.hasPrefix("#") || trimmed.hasPrefix("<!--") {
                end()
                continue
            }
            if let item = trimmed.range(of: "^([-*+]|[0-9]+\\.) ", options: .regularExpression) {
                end()
                current.append(String(trimmed[item.upperBound...]))
            } else {
                current.append(trimmed)
            }
        }
        end()
        return out
    }

    /// Each paragraph of at least `paragraphWordLimit` words that another file also holds,
    /// on its own or inside a longer paragraph; once for each pair of files.
    static func repeatedParagraphs(in documents: [String: String]) -> [String] {
        let prose = documents.mapValues { paragraphs(of: $0).joined(separator: "\n") }
        var found: [String] = []
        for (path, text) in documents.sorted(by: { $0.key < $1.key }) {
            for paragraph in paragraphs(of: text) where paragraph.split(separator: " ").count >= paragraphWordLimit {
                for (other, otherProse) in prose.sorted(by: { $0.key < $1.key }) where other != path && otherProse.contains(paragraph) {
                    let files = [path, other].sorted()
                    let message = "\(files[0]) and \(files[1]) both say: \(paragraph.prefix(120))…"
                    if !found.contains(message) { found.append(message) }
                }
            }
        }
        return found
    }
}

private extension String {
    /// The first group of each match of `pattern`.
    func captures(of pattern: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let whole = NSRange(startIndex..., in: self)
        return regex.matches(in: self, range: whole).compactMap { match in
            Range(match.range(at: 1), in: self).map { String(self[$0]) }
        }
    }

    func replacingPattern(_ pattern: String, with template: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return self }
        return regex.stringByReplacingMatches(in: self, range: NSRange(startIndex..., in: self), withTemplate: template)
    }
}
