import Foundation
import XCTest

/// Text from the command line: reproducible renders (across runs, `--jobs` and a machine whose
/// fontconfig learns a new font), fonts as build inputs. (That a scene draws with its own font
/// files is ScenecKitTests/SceneFontFilesTests, in process.)
final class TextCommandTests: XCTestCase {
    func sceneFolder() throws -> URL { try FontFixtures.probeFolder(self) }

    static func scene(font: String, fonts: Bool = true) -> String { FontFixtures.probeScene(font: font, fonts: fonts) }

    func testRendersAreByteIdenticalAcrossRunsJobsAndFormats() throws {
        let dir = try sceneFolder()
        let path = try write(Self.scene(font: "Scenec Probe"), "t.scene.yaml", in: dir)
        for format in ["png", "svg", "pdf"] {
            let one = dir.appendingPathComponent("one-\(format)"), four = dir.appendingPathComponent("four-\(format)")
            XCTAssertEqual(try scenec(["frames", path, "-o", one.path + "/f-%02d.\(format)", "--jobs", "1", "--quiet"]).status, 0)
            XCTAssertEqual(try scenec(["frames", path, "-o", four.path + "/f-%02d.\(format)", "--jobs", "4", "--quiet"]).status, 0)
            for frame in 0...10 {
                let name = String(format: "f-%02d.\(format)", frame)
                XCTAssertEqual(try Data(contentsOf: one.appendingPathComponent(name)),
                               try Data(contentsOf: four.appendingPathComponent(name)), "\(name) with --jobs 4")
            }
        }
    }

    /// The machine's fontconfig learning new fonts named like the scene's (and like DejaVu Sans)
    /// changes nothing: scenec reads only DejaVu and the scene's files.
    func testANewSystemFontWithTheSameFamilyNameChangesNoPixel() throws {
        let dir = try sceneFolder()
        let own = try write(Self.scene(font: "Scenec Probe"), "own.scene.yaml", in: dir)
        let plain = try write(Self.scene(font: "DejaVu Sans", fonts: false), "plain.scene.yaml", in: dir)
        let home = dir.appendingPathComponent("home")
        let env = ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                   "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                   "XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
        func render(_ scene: String, _ out: String) throws -> Data {
            let r = try scenec(["render", scene, "-o", dir.appendingPathComponent(out).path], environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            return try Data(contentsOf: dir.appendingPathComponent(out))
        }
        let before = (try render(own, "own-before.png"), try render(plain, "plain-before.png"))
        // Fonts named "Scenec Probe" and "DejaVu Sans" with other glyphs, where this user's
        // fontconfig finds them, and its cache refreshed.
        let userFonts = home.appendingPathComponent("data/fonts")
        try FileManager.default.createDirectory(at: userFonts, withIntermediateDirectories: true)
        try FontFixtures.write("DejaVuSansMono.ttf", family: "Scenec Probe", to: userFonts.appendingPathComponent("a.ttf"))
        try FontFixtures.write("DejaVuSerif-Bold.ttf", family: "DejaVu Sans", to: userFonts.appendingPathComponent("b.ttf"))
        let cache = try runProgram(URL(fileURLWithPath: "/usr/bin/fc-cache"), ["-f", userFonts.path], environment: env)
        XCTAssertEqual(cache.status, 0, cache.stderr)
        let seen = try runProgram(URL(fileURLWithPath: "/usr/bin/fc-list"), [":family=Scenec Probe", "file"], environment: env)
        XCTAssertTrue(seen.stdoutText.contains(userFonts.path), "fontconfig sees the new font: \(seen.stdoutText)")

        XCTAssertEqual(try render(own, "own-after.png"), before.0, "the scene's own file wins")
        XCTAssertEqual(try render(plain, "plain-after.png"), before.1, "DejaVu Sans is fonts-dejavu-core's")
    }

    func testFontFilesAreInputsOfBuildAndOfTheDepfile() throws {
        let dir = try sceneFolder()
        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: dir.appendingPathComponent("fonts/Probe.ttf"),
                                         to: scenes.appendingPathComponent("fonts/Probe.ttf"))
        let path = try write(Self.scene(font: "Scenec Probe"), "t.scene.yaml", in: scenes)
        let out = dir.appendingPathComponent("out").path
        XCTAssertEqual(try scenec(["build", scenes.path, "-o", out, "--formats", "png"]).status, 0)
        func status(_ report: String) throws -> String? {
            _ = try scenec(["build", scenes.path, "-o", out, "--formats", "png", "--report", dir.appendingPathComponent(report).path])
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent(report))) as? [String: Any]
            return (json?["scenes"] as? [[String: Any]])?.first?["status"] as? String
        }
        XCTAssertEqual(try status("r1.json"), "up-to-date")
        // Another font under the same name: the scene is built again.
        try FontFixtures.write("DejaVuSansMono.ttf", family: "Scenec Probe", to: scenes.appendingPathComponent("fonts/Probe.ttf"))
        XCTAssertEqual(try status("r2.json"), "built")

        let depfile = dir.appendingPathComponent("t.d").path
        XCTAssertEqual(try scenec(["render", path, "-o", dir.appendingPathComponent("t.png").path, "--depfile", depfile]).status, 0)
        let deps = try String(contentsOfFile: depfile, encoding: .utf8)
        XCTAssertTrue(deps.contains("t.scene.yaml") && deps.contains("fonts/Probe.ttf"), deps)
    }
}
