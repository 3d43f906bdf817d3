import XCTest
import SceneSyntax

/// `String.escaped(_:)`, the one escaping of names and values every printer uses, and the test
/// of plain text that decides whether a file's lines may be quoted.
final class EscapingTests: XCTestCase {
    let hostile = "a\nb\rc\u{1B}[31md\u{07}e\u{7F}f\u{9B}g\th%:,&<>\"'"

    func testTextShowsEveryControlButTabAsAPictureOneForOne() {
        XCTAssertEqual(hostile.escaped(.text), "a␊b␍c␛[31md␇e␡f\u{FFFD}g\th%:,&<>\"'")
        XCTAssertEqual(hostile.escaped(.text).count, hostile.unicodeScalars.count)
        XCTAssertEqual("x\ny".escaped(.lines), "x\ny")
        XCTAssertEqual("plain name.scene.yaml".escaped(.text), "plain name.scene.yaml")
    }

    func testWorkflowCommandsPercentEncodeWhatTheRunnerDecodes() {
        XCTAssertEqual(hostile.escaped(.workflowMessage), "a%0Ab%0Dc␛[31md␇e␡f\u{FFFD}g\th%25:,&<>\"'")
        XCTAssertEqual(hostile.escaped(.workflowProperty), "a%0Ab%0Dc␛[31md␇e␡f\u{FFFD}g\th%25%3A%2C&<>\"'")
    }

    func testXMLHoldsNoCharacterXML10Forbids() {
        XCTAssertEqual(hostile.escaped(.xml), "a&#10;b&#13;c␛[31md␇e␡f\u{FFFD}g&#9;h%:,&amp;&lt;&gt;&quot;&apos;")
        XCTAssertEqual("\u{FFFE}\u{0}".escaped(.xml), "\u{FFFD}␀")
        XCTAssertEqual(hostile.escaped(.html), "a␊b␍c␛[31md␇e␡f\u{FFFD}g\th%:,&amp;&lt;&gt;&quot;&apos;")
    }

    /// Markdown: a code span whose fence is longer than any run of backticks inside, padded
    /// when the text starts or ends with a backtick or spaces; controls and bidi controls show as
    /// in text; in a table cell each `|` is backslash-escaped. (Read back by markdown-it with
    /// GitHub's autolinks in ReviewReportTests.)
    func testMarkdownPutsTextInACodeSpan() {
        XCTAssertEqual(hostile.escaped(.markdown), "`a␊b␍c␛[31md␇e␡f\u{FFFD}g\th%:,&<>\"'`")
        XCTAssertEqual("www.evil.example".escaped(.markdown), "`www.evil.example`")
        XCTAssertEqual("a`b``c".escaped(.markdown), "```a`b``c```")
        XCTAssertEqual("`a".escaped(.markdown), "`` `a ``", "a backtick at an end is kept apart from the fence")
        XCTAssertEqual(" a ".escaped(.markdown), "`  a  `", "the spaces a code span strips are padding")
        XCTAssertEqual(" a".escaped(.markdown), "` a`")
        XCTAssertEqual("  ".escaped(.markdown), "`  `", "a code span of spaces alone keeps them")
        XCTAssertEqual("".escaped(.markdown), "` `")
        XCTAssertEqual("a|b\\|c".escaped(.markdown), "`a|b\\|c`")
        XCTAssertEqual("a|b\\|c".escaped(.markdownCell), "`a\\|b\\\\|c`")
        XCTAssertEqual("|\u{301}".escaped(.markdownCell), "`\\|\u{301}`", "a pipe with a combining mark is still a pipe")
        XCTAssertEqual("a\u{202E}b".escaped(.markdown), "`a<U+202E>b`")
    }

    /// Bidi controls would make `evil.yaml` read as another name, and U+2028 ends a line in
    /// some viewers: in text and workflow output they show as their code point. RTL letters stay.
    func testInvisibleFormattingShowsAsItsCodePointAndRightToLeftLettersStay() {
        let spoof = "a\u{202E}lmth.exe\u{202C}\u{2066}\u{2069}\u{200E}\u{200F}\u{061C}\u{2028}b\u{2029}"
        let shown = "a<U+202E>lmth.exe<U+202C><U+2066><U+2069><U+200E><U+200F><U+061C><U+2028>b<U+2029>"
        for escaping in [Escaping.text, .lines, .workflowMessage] {
            XCTAssertEqual(spoof.escaped(escaping), shown, "\(escaping)")
        }
        XCTAssertEqual(spoof.escaped(.workflowProperty), shown.replacingOccurrences(of: ":", with: "%3A"))
        XCTAssertEqual(spoof.escaped(.html), shown.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;"),
                       "the review's pages show them too")
        XCTAssertEqual(spoof.escaped(.xml), spoof, "JUnit's readers are programs")
        XCTAssertEqual("\u{202A}\u{202B}\u{202D}\u{2067}\u{2068}".escaped(.text), "<U+202A><U+202B><U+202D><U+2067><U+2068>")
        XCTAssertEqual("x\u{202E}\ny".escaped(.lines), "x<U+202E>\ny")
        let rightToLeft = "שלום مرحبا"
        for escaping in [Escaping.text, .lines, .workflowMessage, .workflowProperty] {
            XCTAssertEqual(rightToLeft.escaped(escaping), rightToLeft, "\(escaping)")
        }
        XCTAssertEqual("\u{200B}\u{200D}".escaped(.text), "\u{200B}\u{200D}")  // joiners shape emoji and scripts
    }

    func testTheCaretStaysUnderItsColumnAfterABidiControlShownByCodePoint() {
        let file = SourceFile(name: "t", bytes: Array("ab\u{202E}cd: 1\n".utf8))
        let d = Diagnostic.error("x", at: SourceRange(start: .init(line: 1, column: 4), end: .init(line: 1, column: 6)))
        XCTAssertEqual(d.rendered(in: file), "t:1:4: error: x\nab<U+202E>cd: 1\n" + String(repeating: " ", count: 10) + "^~\n")
    }

    func testTheFirstByteThatIsNotTextIsFound() {
        XCTAssertNil(SourceFile(name: "t", bytes: Array("a: 1\r\n\tb: ünï\n".utf8)).firstNonTextByte)
        XCTAssertEqual(SourceFile(name: "t", bytes: Array("a: 1\nb: \u{1B}x\u{0}".utf8)).firstNonTextByte, 8)
        XCTAssertEqual(SourceFile(name: "t", bytes: Array("é: \u{85}".utf8)).firstNonTextByte, 4)
        XCTAssertEqual(SourceFile(name: "t", bytes: Array("é: ".utf8) + [0xE9, 0x41, 0x00]).firstNonTextByte, 4)
        XCTAssertEqual(SourceFile(name: "t", bytes: [0x41, 0x7F]).firstNonTextByte, 1)
        XCTAssertNil(SourceFile(name: "t", bytes: Array("👩‍👩‍👧 日本 \u{A0}\u{10FFFF}".utf8)).firstNonTextByte)
        for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xF8], [0x80]] {
            XCTAssertEqual(SourceFile(name: "t", bytes: [0x41] + bad + [0x41]).firstNonTextByte, 1, "\(bad)")
        }
    }

    func testAFileThatIsNotTextIsLocatedAndItsLineNeverQuoted() {
        let file = SourceFile(name: "s.yaml", bytes: Array("a: 1\nkey: SECRET\u{1B}\n".utf8))
        let read = YAMLReader().read(file)
        XCTAssertEqual(read.diagnostics.count, 1)
        let rendered = read.diagnostics.first?.rendered(in: file) ?? ""
        XCTAssertTrue(rendered.hasPrefix("s.yaml:2:12: error: the file holds a control character here"), rendered)
        XCTAssertFalse(rendered.contains("SECRET") || rendered.contains("^"), rendered)
        // Any diagnostic in such a file, whatever found it, is shown without the line.
        let other = Diagnostic.error("x", at: SourceRange(start: .init(line: 2, column: 1), end: .init(line: 2, column: 4)))
        XCTAssertEqual(other.rendered(in: file), "s.yaml:2:1: error: x\n")
    }

    func testXMLEscapesMarkupQuotesAndControls() {
        XCTAssertEqual("<a href=\"x\">&'</a>".escaped(.xml), "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;")
        XCTAssertEqual("a\nb\tc".escaped(.xml), "a&#10;b&#9;c")
        XCTAssertEqual("\u{1}".escaped(.xml), "\u{2401}", "a control XML cannot hold becomes its picture")
        XCTAssertEqual("é ✓".escaped(.xml), "é ✓")
    }
}
