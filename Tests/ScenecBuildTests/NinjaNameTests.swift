import XCTest
import SceneCodecs
import ScenecBuild

/// The Ninja file of `build --emit-ninja` run by the real ninja (Debian's ninja-build) over
/// scenes whose names hold everything a shell or Ninja gives a meaning to: each name is data,
/// so the outputs are right, no command hidden in a name runs, and a second run has nothing to
/// do (the depfiles name what they can, and nothing cut into other names). Moved from
/// ScenecCLITests.NinjaRoundTripTests.
final class NinjaNameTests: XCTestCase {
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

    /// Every form of an edge: the scenes named one by one on its command line, their folder, and
    /// the scenes in the list ninja writes (`--scenes-from`, its names quoted by ninja).
    func testNamesThatAShellOrNinjaReadsBuildRightAndRunNothing() throws {
        for smallTree in [0, 1_000] { try buildHostileNames(smallTree: smallTree) }
        try buildHostileNames(smallTree: 0, listed: true)
    }

    func buildHostileNames(smallTree: Int, listed: Bool = false) throws {
        let project = try Project(self)
        for (name, red) in Self.scenes { try project.write(scene(red: red), "scenes/\(name).scene.yaml") }
        // An import whose name a depfile holds escaped, so the edge follows it.
        try project.write("styles: {}\n", "scenes/the me #1 $x.yaml")
        try project.write(scene(red: 120, importing: "the me #1 $x.yaml"), "scenes/importer 'q'.scene.yaml")

        var plan = try project.plan(out: "o u$t")
        plan.formats = [.png, .svg]
        plan.ninja = .init(path: project.path("build.ninja"), scenec: scenecBinary(), diagnostics: [], project: try projectArguments(project), budgets: [])
        plan.ninja?.smallTree = smallTree
        if listed {
            plan.shard = try Shard("1/1")  // a shard's folder is never named whole
            plan.ninja?.commandBytes = 0
        }
        let emit = try project.build(plan)
        let text = try String(contentsOf: project.url("build.ninja"), encoding: .utf8)
        XCTAssertTrue(text.contains(listed ? "build_listed scenes/#hash.scene.yaml " : smallTree == 0 ? "  arguments = 'scenes/#hash.scene.yaml' " : "  arguments = scenes\n"), text)
        if listed {
            XCTAssertTrue(text.contains("  list = o u$$t/.scenec-build.scenes\n  arguments = --scenes-from 'o u$$t/.scenec-build.scenes'\n"), text)
            XCTAssertFalse(text.contains("  arguments = 'scenes/"), text)
        }
        XCTAssertEqual(emit.status, .success, emit.diagnosticsText)
        let first = try runNinja(project.root)
        // Named one by one, the scenes of `dir $HOME/` are an edge of their own.
        let built = smallTree == 0 ? ["[2/2]", "scenec build: 11 built, 0 up to date, 0 failed", "scenec build: 1 built, 0 up to date, 0 failed"]
                                   : ["[1/1]", "scenec build: 12 built, 0 up to date, 0 failed"]
        XCTAssertTrue(built.allSatisfy(first.contains), first)
        XCTAssertFalse(first.contains("warning"), first)

        for (name, red) in Self.scenes + [("importer 'q'", 120)] {
            let image = try RasterImage(png: [UInt8](project.data("o u$t/\(name).png")))
            let p = image.pixel(4, 4)
            XCTAssertEqual([p.r, p.g, p.b], [red, 0x40, 0x80], name)
            XCTAssertTrue(project.exists("o u$t/\(name).svg"), name)
        }
        XCTAssertEqual(markers(in: project.root), [], "a command in a file name ran")

        XCTAssertTrue(try runNinja(project.root).contains("no work to do"), "the second run rebuilds something")
        try project.write("styles: {a: {lineWidth: 2}}\n", "scenes/the me #1 $x.yaml")
        let again = try runNinja(project.root)
        XCTAssertTrue(again.contains("[1/1]") && again.contains("scenec build: 1 built, \(smallTree == 0 ? 10 : 11) up to date, 0 failed"),
                      "only the importing scene: \(again)")
        XCTAssertEqual(markers(in: project.root), [])
    }

    func testANameWithALineBreakIsRefusedAndNoNinjaFileIsWritten() throws {
        let project = try Project(self)
        try project.write(scene(red: 1), "scenes/fine.scene.yaml")
        var plan = try project.plan()
        plan.ninja = .init(path: project.path("build.ninja"), scenec: scenecBinary(), diagnostics: [], project: try projectArguments(project), budgets: [])
        for bad in ["a\nb", "c\rd", "e\u{1B}[31mf"] {
            try project.write(scene(red: 2), "scenes/\(bad).scene.yaml")
            let emit = try project.build(plan)
            XCTAssertEqual(emit.status, .sceneError, emit.diagnosticsText)
            let shown = bad.replacingOccurrences(of: "\n", with: "␊").replacingOccurrences(of: "\r", with: "␍")
                .replacingOccurrences(of: "\u{1B}", with: "␛")
            XCTAssertTrue(emit.diagnosticsText.contains("scenec: error: --emit-ninja cannot write '\(project.path("scenes"))/\(shown).scene.yaml' into a Ninja file: "
                                                        + "a name with a line break or another control character cannot be written there; rename it"),
                          emit.diagnosticsText)
            XCTAssertFalse(emit.diagnosticsText.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" }, emit.diagnosticsText)
            XCTAssertFalse(project.exists("build.ninja"))
            try project.remove("scenes/\(bad).scene.yaml")
        }
    }

    /// Files a command hidden in a name would have made, anywhere under `dir`.
    func markers(in dir: URL) -> [String] {
        let all = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
        return all.filter { ($0 as NSString).lastPathComponent == "PWNED" }
    }
}
