import XCTest
@testable import scenec
import ScenecBuild
import ScenecKit
import SceneSyntax

/// GitHub workflow commands cannot be broken out of: whatever a scene, a path or an option holds,
/// each diagnostic is exactly one command line, and the runner's unescaping gives back the text
/// (its control characters other than line breaks and TAB shown as pictures).
final class WorkflowCommandTests: XCTestCase {
    /// Pieces chosen to hit every special case: line breaks alone and in pairs (one Swift
    /// Character), the escape character and escapes already written, separators, and other
    /// Unicode line separators, controls and emoji.
    let pieces = ["%", "\r", "\n", "\r\n", "\n\r", ":", ",", "::", "=", "%0A", "%25", "::warning file=x::y",
                  "\u{85}", "\u{2028}", "\u{202E}", "\u{0}", "\u{1B}[31m", "é", "👩‍👩‍👧", " ", "a", "Z", "line=1", "\t"]

    func randomText(_ rng: inout SystemRandomNumberGenerator) -> String {
        (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
    }

    func testTenThousandRandomStringsEachGiveOneCommandThatParsesBack() throws {
        var rng = SystemRandomNumberGenerator()
        let reporter = DiagnosticReporter(sinks: [.init(format: .github)], pathRoot: nil, standardError: { _ in }, standardOutput: { _ in })
        for _ in 0..<10_000 {
            let message = randomText(&rng), file = randomText(&rng), note = randomText(&rng)
            let range = SourceRange(start: SourceLocation(line: 3, column: 7), end: SourceLocation(line: 3, column: 9))
            let severity: Diagnostic.Severity = Bool.random(using: &rng) ? .error : .warning
            let d = Diagnostic(severity, message, at: range, notes: Bool.random(using: &rng) ? [note] : [])
            let output = reporter.workflowCommand(d, file: file)

            // The runner reads lines ended by CR, LF or CR LF: exactly one, ending the output.
            let lines = output.unicodeScalars.split(whereSeparator: { $0 == "\r" || $0 == "\n" })
            XCTAssertEqual(lines.count, 1, output.debugDescription)
            XCTAssertTrue(output.hasSuffix("\n"))
            let line = String(String.UnicodeScalarView(lines[0]))
            let command = severity == .error ? "error" : "warning"
            XCTAssertTrue(line.hasPrefix("::\(command) "), line.debugDescription)
            let body = line.dropFirst(command.count + 3)
            let end = try XCTUnwrap(body.range(of: "::"), line.debugDescription)
            let properties = body[..<end.lowerBound].split(separator: ",").map { pair -> (String, String) in
                let parts = pair.split(separator: "=", maxSplits: 1)
                return (String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "")
            }
            XCTAssertEqual(properties.map(\.0), ["file", "line", "col", "endLine", "endColumn"], line.debugDescription)
            XCTAssertEqual(unescape(properties.first?.1 ?? ""), shown(file))
            XCTAssertEqual(properties.dropFirst().map(\.1), ["3", "7", "3", "9"])
            XCTAssertEqual(unescape(String(body[end.upperBound...])), shown(([message] + d.notes).joined(separator: "\n")))
            XCTAssertFalse(output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, output.debugDescription)
        }
    }

    /// What the runner shows: the text itself, but control characters other than the line
    /// breaks it decodes and TAB as pictures (␀, ␛; C1 as �), as in every output of scenec, so
    /// none reaches a log viewer as a control; bidi controls and U+2028/U+2029, which a viewer
    /// may take as a line break, by code point (`<U+2028>`).
    func shown(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c.value {
            case 0x09, 0x0A, 0x0D: out.unicodeScalars.append(c)
            case 0..<0x20: out.unicodeScalars.append(Unicode.Scalar(0x2400 + c.value) ?? c)
            case 0x7F: out += "\u{2421}"
            case 0x80...0x9F: out += "\u{FFFD}"
            case 0x2028, 0x2029, 0x202E: out += "<U+\(String(c.value, radix: 16, uppercase: true))>"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// The runner's decoding, in the order it applies it (percent last, so `%250A` stays `%0A`).
    func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }
}
