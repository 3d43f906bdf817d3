import XCTest

/// Depfiles as `render --depfile` writes them: names escaped as make and ninja read them back.
/// The Ninja file of `build --emit-ninja` over hostile names is ScenecBuildTests.NinjaNameTests.
final class NinjaRoundTripTests: XCTestCase {
    func scene(red: Int, importing: String? = nil) -> String {
        let imports = importing.map { "imports: [\"\($0)\"]\n" } ?? ""
        let hex = String(format: "#%02x4080", red)
        return imports + "canvas: {width: 8, height: 8, background: \"\(hex)\"}\nviews: []\n"
    }

    /// A depfile names what make and ninja read back as the same name, and leaves out (with a
    /// warning) an import it cannot hold rather than cut it into other names.
    func testADepfileEscapesWhatItCanAndLeavesOutWhatItCannot() throws {
        let dir = try temporaryDirectory(self)
        try "styles: {}\n".write(to: dir.appendingPathComponent("a b#$:c.yaml"), atomically: true, encoding: .utf8)
        try "styles: {}\n".write(to: dir.appendingPathComponent("it's;x.yaml"), atomically: true, encoding: .utf8)
        try ("imports: [\"a b#$:c.yaml\", \"it's;x.yaml\"]\n" + scene(red: 5))
            .write(to: dir.appendingPathComponent("s;1.scene.yaml"), atomically: true, encoding: .utf8)
        let render = try scenec(["render", "s;1.scene.yaml", "-o", "o u.png", "--depfile", "o u.png.d"], directory: dir)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(render.stderr.contains("scenec: warning: o u.png.d cannot name 'it's;x.yaml'"), render.stderr)
        let depfile = try String(contentsOf: dir.appendingPathComponent("o u.png.d"), encoding: .utf8)
        XCTAssertEqual(depfile, "o\\ u.png: a\\ b\\#$$\\:c.yaml\n")
    }

}
