import XCTest
import ScenecBuild

/// `build --scenes-from FILE` (SceneList): one name a line, a line in /bin/sh single quotes as
/// ninja writes a name with a space or a quote, and an error naming the line of a bad one. That
/// each name is then checked as one on the command line is ScenecCLITests.BuildCommandTests'.
final class SceneListTests: XCTestCase {
    func testNamesOneALineQuotedAsNinjaQuotesThem() throws {
        let text = "scenes/a.scene.yaml\n\n'scenes/two words.scene.yaml'\n'scenes/it'\\''s.scene.yaml'\n-x/b.scene.yaml\nscenes/x'y\n"
        XCTAssertEqual(try SceneList.parse(Array(text.utf8), name: "list"),
                       ["scenes/a.scene.yaml", "scenes/two words.scene.yaml", "scenes/it's.scene.yaml", "-x/b.scene.yaml", "scenes/x'y"])
        XCTAssertEqual(try SceneList.parse(Array("scenes".utf8), name: "list"), ["scenes"], "the last line needs no line end")
        XCTAssertEqual(try SceneList.parse([], name: "list"), [])
    }

    func testABadLineIsAnErrorNamingIt() throws {
        let cases: [(bytes: [UInt8], message: String)] = [
            (Array("a\n'b\n".utf8), "list.txt:2: a quote is not closed, or text follows a closing quote (a name starting with ' is written '\\''…)"),
            (Array("a\n\n'b'c\n".utf8), "list.txt:3: a quote is not closed, or text follows a closing quote (a name starting with ' is written '\\''…)"),
            (Array("''\n".utf8), "list.txt:1: a quote is not closed, or text follows a closing quote (a name starting with ' is written '\\''…)"),
            (Array("a\r\nb\r\n".utf8), "list.txt:1: this line ends with a carriage return: save the list with plain line ends"),
            (Array("a\tb\n".utf8), "list.txt:1: this line holds a control character, which no scene name may hold"),
            ([0x61, 0x0A, 0xFF, 0x0A], "list.txt:2: this line is not UTF-8 text"),
        ]
        for (bytes, message) in cases {
            XCTAssertThrowsError(try SceneList.parse(bytes, name: "list.txt"), message) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
        XCTAssertThrowsError(try SceneList.read("/nonexistent/list.txt")) { error in
            XCTAssertEqual((error as? FileError)?.message, "--scenes-from cannot read '/nonexistent/list.txt': No such file or directory")
        }
    }
}
