import CommandLineOptions
import XCTest

final class HelpTextTests: XCTestCase {
    func testColumnsSectionsAndDefaults() {
        let text = HelpText.options(Toy.all, width: 80)
        let lines = text.components(separatedBy: "\n")
        XCTAssertEqual(lines.first, "options:")
        XCTAssertTrue(lines.contains("  -o, --output PATH        where to write"), text)
        XCTAssertTrue(lines.contains("  --jobs N                 at once (default the number of cores)"), text)
        XCTAssertTrue(lines.contains("  --animated MODE          what moves (default still)"), text)
        XCTAssertTrue(lines.contains("  --werror                 warnings are errors"), text)
        XCTAssertTrue(lines.contains("  -h, --help               show this help"), text)
        // A group is its own section, after the command's own options; old long names stay out of the column.
        let project = try? XCTUnwrap(lines.firstIndex(of: "project:"))
        XCTAssertEqual(lines[(project ?? 0) - 1], "")
        XCTAssertEqual(lines[(project ?? 0) + 1], "  --root DIR               the project")
        XCTAssertGreaterThan(project ?? 0, lines.firstIndex(of: "  -h, --help               show this help") ?? .max)
    }

    func testLongNamesGetALineOfTheirOwnAndTextWraps() {
        let long = OptionDeclaration("--asset-catalog-format", value: "png|pdf",
                                     help: "png: a PNG at each of the scales; pdf: one PDF per image set", kind: .choice(["png", "pdf"]))
        XCTAssertEqual(HelpText.options([long], width: 60), """
            options:
              --asset-catalog-format png|pdf
                                       png: a PNG at each of the scales;
                                       pdf: one PDF per image set
            """)
    }

    func testALineBreakInTheHelpStartsANewLine() {
        let d = OptionDeclaration("--android-res", value: "DIR", help: "instead of -o\nA second line", kind: .path)
        XCTAssertEqual(HelpText.options([d]), """
            options:
              --android-res DIR        instead of -o
                                       A second line
            """)
    }

    func testAnotherHelpAndGroupForOneCommand() {
        let moved = Toy.sharedRoot.withHelp("where scenes are read", default: ".").grouped(nil)
        XCTAssertEqual(moved.declaration.name, "--root")
        XCTAssertEqual(moved.declaration.aliases, ["--path-root"])
        XCTAssertEqual(HelpText.options([moved.declaration]), "options:\n  --root DIR               where scenes are read (default .)")
    }
}
