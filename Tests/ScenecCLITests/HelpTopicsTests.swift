import Foundation
import SceneModel
import XCTest

/// `scenec help colors | easing | values | components` and `scenec help` alone, as a process:
/// each page holds the registry's own words and numbers, and escape sequences (colour swatches)
/// reach only a terminal that has not asked for no colour.
final class HelpTopicsTests: XCTestCase {
    static let escape = "\u{1B}["

    func testColorsListsEveryNamedColourWithItsValue() throws {
        let help = try scenec(["help", "colors"])
        XCTAssertEqual(help.status, 0, help.stderr)
        let page = help.stdoutText
        XCTAssertFalse(page.contains(Self.escape), "no escape codes when standard output is not a terminal")
        // systemBlue: rgb(0, 122, 255) light, rgb(10, 132, 255) dark, as Apple publishes them.
        let blue = try XCTUnwrap(page.split(separator: "\n").first { $0.hasPrefix("  systemBlue ") }, page)
        XCTAssertTrue(blue.contains("#007aff") && blue.contains("#0a84ff"), String(blue))
        for entry in SystemColors.all {
            XCTAssertTrue(page.contains("  \(entry.name) "), "\(entry.name) is missing")
        }
        XCTAssertTrue(page.contains("  rebeccapurple ") && page.contains("#663399"), "CSS names with their values")
        XCTAssertTrue(page.contains("\"rgba(255, 255, 255, 0.15)\""), "the other forms")
        XCTAssertEqual(try scenec(["help", "colours"]).stdoutText, page, "the British spelling is the same page")
    }

    func testEasingGivesEachCurveItsControlPoints() throws {
        let help = try scenec(["help", "easing"])
        XCTAssertEqual(help.status, 0, help.stderr)
        let page = help.stdoutText
        let lines = page.split(separator: "\n")
        let curve = try XCTUnwrap(lines.first { $0.hasPrefix("  easeInEaseOut ") }, page)
        XCTAssertTrue(curve.contains("(0.42, 0), (0.58, 1)") && curve.contains("\"cubicBezier(0.42, 0, 0.58, 1)\""), String(curve))
        XCTAssertTrue(lines.contains { $0.hasPrefix("  default ") && $0.contains("(0.25, 0.1), (0.25, 1)") }, page)
        for name in Easing.named.keys {
            XCTAssertTrue(lines.contains { $0.hasPrefix("  \(name) ") }, "\(name) is missing")
        }
        XCTAssertTrue(page.contains("{spring: {mass: 1, stiffness: 100, damping: 10, initialVelocity: 0}}"), page)
        XCTAssertTrue(page.contains("\"steps(n)\""), page)
    }

    func testValuesListsEachKindWithTheAttributesThatTakeIt() throws {
        let help = try scenec(["help", "values"])
        XCTAssertEqual(help.status, 0, help.stderr)
        let page = help.stdoutText
        let sections = page.components(separatedBy: "\n\n")
        let color = try XCTUnwrap(sections.first { $0.hasPrefix("color\n") }, page)
        XCTAssertTrue(color.contains("progressColor") && color.contains("backgroundColor") && color.contains("\"#rrggbb\""), color)
        let number = try XCTUnwrap(sections.first { $0.hasPrefix("number\n") }, page)
        XCTAssertTrue(number.contains("progress") && number.contains("0.75, not 75%"), number)
        let time = try XCTUnwrap(sections.first { $0.hasPrefix("time of day\n") }, page)
        XCTAssertTrue(time.contains("attributes: time"), time)
        XCTAssertTrue(page.contains("\"250ms\""), "durations of the timeline")
    }

    func testComponentsSaysWhatAComponentIsAndHowToWriteOne() throws {
        let help = try scenec(["help", "components"])
        XCTAssertEqual(help.status, 0, help.stderr)
        let page = help.stdoutText
        XCTAssertTrue(page.contains("components:\n    Meter:"), page)
        XCTAssertTrue(page.contains("a value kind (" + ComponentVocabulary.parameterKindNames.joined(separator: ", ")), page)
        XCTAssertTrue(page.contains("scenec help FILE"), page)
        // The example, with a canvas, is a scene that checks.
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try XCTUnwrap(lines.firstIndex(of: "  components:"), page)
        let example = lines[start...].prefix { !$0.isEmpty }.map { $0.dropFirst(2) }.joined(separator: "\n")
        let dir = try temporaryDirectory(self)
        let scene = try write(example + "\ncanvas: {width: 200, height: 200}\n", "meter.scene.yaml", in: dir)
        let check = try scenec(["check", scene])
        XCTAssertEqual(check.status, 0, example + "\n" + check.stderr)
    }

    /// `scenec help` lists the topics; an unknown one names them.
    func testHelpAloneListsTheTopics() throws {
        let help = try scenec(["help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        for topic in ["colors", "easing", "values", "components", "ring", "render"] {
            XCTAssertTrue(help.stdoutText.contains("  \(topic)") || help.stdoutText.contains(" \(topic),"), "\(topic):\n\(help.stdoutText)")
        }
        let unknown = try scenec(["help", "easng"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no help on 'easng'; did you mean 'easing'?"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("colors, easing, values, components"), unknown.stderr)
        // `colr` is nearest the alias `color`; the suggestion is the topic as listed.
        let alias = try scenec(["help", "colr"])
        XCTAssertTrue(alias.stderr.contains("no help on 'colr'; did you mean 'colors'?"), alias.stderr)
    }

    /// On a terminal (a pseudo-terminal made by script(1)) the colours get 24-bit swatches:
    /// systemBlue's light side is ESC[38;2;0;122;255m; NO_COLOR turns them off.
    func testSwatchesOnlyOnATerminalWithoutNoColor() throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else { throw XCTSkip("no script(1) to make a terminal") }
        let command = "'\(scenecBinary().path)' help colors"
        let terminal = try runProgram(script, ["-qec", command, "/dev/null"], environment: ["NO_COLOR": ""])
        XCTAssertEqual(terminal.status, 0, terminal.stderr)
        XCTAssertTrue(terminal.stdoutText.contains("\u{1B}[38;2;0;122;255m██"), terminal.stdoutText.prefix(2000).description)
        let plain = try runProgram(script, ["-qec", command, "/dev/null"], environment: ["NO_COLOR": "1"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stdoutText.contains("systemBlue"), plain.stdoutText)
        XCTAssertFalse(plain.stdoutText.contains(Self.escape), "NO_COLOR: no escape codes")
    }
}
