import XCTest
import SceneCodecs
import SceneRender

/// The Ninja file of `build --emit-ninja` run by the real ninja (Debian's ninja-build) over
/// scenes whose names hold everything a shell or Ninja gives a meaning to: each name is data,
/// so the outputs are right, no command hidden in a name runs, and a second run has nothing to
/// do (the depfiles name what they can, and nothing cut into other names).
final class NinjaRoundTripTests: XCTestCase {
    /// Scene names (without `.scene.yaml`) and the background each is drawn with.
    static let scenes: [(name: String, red: Int)] = [
        ("$(touch PWNED)", 10),
        ("`touch PWNED`;x", 20),
        ("it's", 30),
        ("say \"hi\"", 40),
        ("two words", 50),
        ("a:b", 60),
        ("#hash", 70),
        ("ünïcödé 日本", 80),
        ("pipe|amp&lt<gt>", 90),
        ("dir $HOME/in ${dir}", 100),
        ("back\\slash*?", 110),
    ]

    func scene(red: Int, importing: String? = nil) -> String {
        let imports = importing.map { "imports: [\"\($0)\"]\n" } ?? ""
        let hex = String(format: "#%02x4080", red)
        return imports + "canvas: {width: 8, height: 8, background: \"\(hex)\"}\nviews: []\n"
    }

    func testNamesThatAShellOrNinjaReadsBuildRightAndRunNothing() throws {
        let root = try temporaryDirectory(self)
        let fm = FileManager.default
        for (name, red) in Self.scenes {
            let url = root.appendingPathComponent("scenes/\(name).scene.yaml")
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try scene(red: red).write(to: url, atomically: true, encoding: .utf8)
        }
        // An import whose name a depfile holds escaped, so the edge follows it.
        try "styles: {}\n".write(to: root.appendingPathComponent("scenes/the me #1 $x.yaml"), atomically: true, encoding: .utf8)
        try scene(red: 120, importing: "the me #1 $x.yaml")
            .write(to: root.appendingPathComponent("scenes/importer 'q'.scene.yaml"), atomically: true, encoding: .utf8)

        let emit = try scenec(["build", "scenes", "-o", "o u$t", "--formats", "png,svg", "--emit-ninja", "build.ninja"],
                              directory: root)
        XCTAssertEqual(emit.status, 0, emit.stderr)
        let first = try runNinja(root)
        XCTAssertTrue(first.contains("[12/12]"), first)
        XCTAssertFalse(first.contains("warning"), first)

        for (name, red) in Self.scenes + [("importer 'q'", 120)] {
            let png = root.appendingPathComponent("o u$t/\(name).png")
            let image = try RasterImage(png: [UInt8](Data(contentsOf: png)))
            let p = image.pixel(4, 4)
            XCTAssertEqual([p.r, p.g, p.b], [red, 0x40, 0x80], name)
            XCTAssertTrue(fm.fileExists(atPath: root.appendingPathComponent("o u$t/\(name).svg").path), name)
        }
        XCTAssertEqual(markers(in: root), [], "a command in a file name ran")

        XCTAssertTrue(try runNinja(root).contains("no work to do"), "the second run rebuilds something")
        try "styles: {a: {lineWidth: 2}}\n".write(to: root.appendingPathComponent("scenes/the me #1 $x.yaml"),
                                                  atomically: true, encoding: .utf8)
        let again = try runNinja(root)
        XCTAssertTrue(again.contains("[1/1]") && again.contains("importer"), "only the importing scene: \(again)")
        XCTAssertEqual(markers(in: root), [])
    }

    func testANameWithALineBreakIsRefusedAndNoNinjaFileIsWritten() throws {
        let root = try temporaryDirectory(self)
        let scenes = root.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try scene(red: 1).write(to: scenes.appendingPathComponent("fine.scene.yaml"), atomically: true, encoding: .utf8)
        for bad in ["a\nb", "c\rd", "e\u{1B}[31mf"] {
            let url = scenes.appendingPathComponent("\(bad).scene.yaml")
            try scene(red: 2).write(to: url, atomically: true, encoding: .utf8)
            let emit = try scenec(["build", "scenes", "-o", "out", "--emit-ninja", "build.ninja"], directory: root)
            XCTAssertEqual(emit.status, 1, emit.stderr)
            let shown = bad.replacingOccurrences(of: "\n", with: "␊").replacingOccurrences(of: "\r", with: "␍")
                .replacingOccurrences(of: "\u{1B}", with: "␛")
            XCTAssertTrue(emit.stderr.contains("scenec: error: --emit-ninja cannot write 'scenes/\(shown).scene.yaml' into a Ninja file: "
                                               + "a name with a line break or another control character cannot be written there; rename it"),
                          emit.stderr)
            XCTAssertFalse(emit.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" }, emit.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("build.ninja").path))
            try FileManager.default.removeItem(at: url)
        }
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

    /// Files a command hidden in a name would have made, anywhere under `dir`.
    func markers(in dir: URL) -> [String] {
        let all = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
        return all.filter { ($0 as NSString).lastPathComponent == "PWNED" }
    }
}
