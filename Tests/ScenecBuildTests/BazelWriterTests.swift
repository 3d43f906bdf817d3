import XCTest
import ScenecBuild

/// BazelWriter's strings: `--emit-bazel` refuses a name that is not plain before it gets here
/// (EmitBazelTests), and each is escaped anyway, so a name never ends its string in a BUILD file.
final class BazelWriterTests: XCTestCase {
    func testEveryStringStaysOneStarlarkString() {
        XCTAssertEqual(BazelWriter.quote("gauge.scene.yaml"), "\"gauge.scene.yaml\"")
        XCTAssertEqual(BazelWriter.quote("a\"b"), "\"a\\\"b\"")
        XCTAssertEqual(BazelWriter.quote("x\\\")\nload(\"evil\")"), "\"x\\\\\\\")\\nload(\\\"evil\\\")\"")
        XCTAssertEqual(BazelWriter.quote("bell\u{7}"), "\"bell\\007\"")
        // Starlark reads octal escapes as bytes: a letter outside ASCII is its UTF-8.
        XCTAssertEqual(BazelWriter.quote("é"), "\"\\303\\251\"")
    }

    /// A generated file's exports read back (a run over part of a workspace keeps them), and
    /// nothing from a file of another shape.
    func testTheExportsOfAGeneratedFileAreReadBack() {
        let text = BazelWriter.exports(["a.yaml", "sub/b.ttf"])
        XCTAssertEqual(BazelWriter.exported(in: text), ["a.yaml", "sub/b.ttf"])
        XCTAssertEqual(BazelWriter.exported(in: "exports_files([\n    \"a.yaml\",\n])\n"), [])
        XCTAssertEqual(BazelWriter.exported(in: text.replacingOccurrences(of: "a.yaml", with: "a\\\" b.yaml")), [])
        XCTAssertEqual(BazelWriter.exported(in: String(text.dropLast(3))), [])
    }
}
