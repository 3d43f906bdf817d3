import XCTest
import ScenecKit

/// The embedding API (`SceneFile`, the ScenecKit library product) against the command line run
/// as a process: the same diagnostics, word for word, and the same bytes for the same options;
/// every bad argument a `SceneError` of the right kind, and nothing written.
final class SceneFileTests: XCTestCase {
    let ring = """
        canvas: {width: 100, height: 100, background: "#1e6fd9"}
        views:
          - id: ring
            type: ring
            frame: {x: 10, y: 10, width: 80, height: 80}
            lineWidth: 10
        timeline:
          fps: 10
          animations:
            - {target: ring.progress, from: 0, to: 1, duration: 1s}
        """

    func sceneError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> SceneError? {
        do {
            try body()
            XCTFail("no error thrown", file: file, line: line)
        } catch let error as SceneError {
            return error
        } catch {
            XCTFail("\(error) is not a SceneError", file: file, line: line)
        }
        return nil
    }

    func testABadScenesErrorsAreEveryProblemAsScenecCheckPrintsThem() throws {
        let dir = try temporaryDirectory(self)
        let text = ring.replacingOccurrences(of: "lineWidth: 10", with: "lineWidth: 10\n    progres: 0.5\n    trackColor: whyte")
        let path = try write(text, "bad.scene.yaml", in: dir)
        let check = try scenec(["check", path])
        XCTAssertEqual(check.status, 1)

        for load in [{ try SceneFile(contentsOf: path) }, { try SceneFile(source: text, name: path) }] {
            guard let error = sceneError({ _ = try load() }) else { continue }
            XCTAssertEqual(error.kind, .invalidScene)
            XCTAssertEqual(error.description, check.stderr)
            XCTAssertEqual(error.diagnostics.map(\.line), [7, 8])
            XCTAssertEqual(error.diagnostics.map(\.column), [5, 17])
            XCTAssertEqual(error.diagnostics.map(\.severity), [.error, .error])
            XCTAssertEqual(error.diagnostics.map(\.file), [path, path])
            XCTAssertEqual(error.diagnostics[0].message, "unknown attribute 'progres' for ring 'ring'; did you mean 'progress'?")
            XCTAssertTrue(error.diagnostics[0].formatted.hasSuffix("    progres: 0.5\n    ^~~~~~~\nhelp: change to 'progress'\n    progress: 0.5\n"),
                          error.diagnostics[0].formatted)
        }
    }

    func testRenderGivesTheBytesOfScenecRenderWithTheSameOptions() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(ring, "ring.scene.yaml", in: dir)
        let scene = try SceneFile(contentsOf: path)
        XCTAssertEqual(scene.size.width, 100)
        XCTAssertEqual(scene.duration, 1)
        XCTAssertEqual(scene.fps, 10)
        for format in [SceneFile.Format.png, .svg] {
            let out = dir.appendingPathComponent("cli.\(format.rawValue)").path
            let cli = try scenec(["render", path, "-o", out, "--time", "0.4", "--set", "ring.progressColor=#00c000",
                                  "--scale", "2"])
            XCTAssertEqual(cli.status, 0, cli.stderr)
            let bytes = try scene.render(format, at: 0.4, overrides: ["ring.progressColor=#00c000"], scale: 2)
            XCTAssertEqual(bytes, try [UInt8](Data(contentsOf: URL(fileURLWithPath: out))), format.rawValue)
            XCTAssertNotEqual(bytes, try scene.render(format, at: 0.4), "the override and scale change the picture")

            let written = dir.appendingPathComponent("kit.\(format.rawValue)").path
            try scene.write(to: written, at: 0.4, overrides: ["ring.progressColor=#00c000"], scale: 2)
            XCTAssertEqual(try [UInt8](Data(contentsOf: URL(fileURLWithPath: written))), bytes)
        }
    }

    func testFramesAreScenecFramesSequence() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(ring, "ring.scene.yaml", in: dir)
        let cli = try scenec(["frames", path, "-o", dir.appendingPathComponent("f-%02d.png").path, "--fps", "4", "--quiet"])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        let frames = try SceneFile(contentsOf: path).frames(fps: 4)
        XCTAssertEqual(frames.count, 5)
        XCTAssertEqual(frames.map(\.time), [0, 0.25, 0.5, 0.75, 1])
        for frame in frames {
            let file = dir.appendingPathComponent(String(format: "f-%02d.png", frame.index))
            XCTAssertEqual(try frame.render(), try [UInt8](Data(contentsOf: file)), "frame \(frame.index)")
        }
        XCTAssertEqual(fileNames(in: dir).count, 6, "scenec wrote frames 0 to 4, and no more")
    }

    func testUnusableArgumentsAreSceneErrorsNamingThem() throws {
        let scene = try SceneFile(source: ring, name: "ring.scene.yaml")
        let cases: [(String, () throws -> Void)] = [
            ("time", { _ = try scene.render(.png, at: -1) }),
            ("time", { _ = try scene.render(.png, at: .nan) }),
            ("scale", { _ = try scene.render(.png, scale: 0) }),
            ("fps", { _ = try scene.frames(fps: 1000) }),
            ("--set ring.progress", { _ = try scene.render(.png, overrides: ["ring.progress"]) }),
        ]
        for (origin, call) in cases {
            guard let error = sceneError(call) else { continue }
            XCTAssertEqual(error.kind, .invalidArgument, origin)
            XCTAssertEqual(error.diagnostics.map(\.origin), [origin])
            XCTAssertTrue(error.description.hasPrefix("\(origin): error: "), error.description)
        }
        // An override the scene refuses is a check error, as `--set` is on the command line.
        let refused = sceneError { _ = try scene.render(.png, overrides: ["rign.progress=0.5", "ring.progress=2"]) }
        XCTAssertEqual(refused?.kind, .invalidScene)
        XCTAssertEqual(Set(refused?.diagnostics.compactMap(\.origin) ?? []), ["--set rign.progress=0.5", "--set ring.progress=2"])
        // Too many frames for the limit: 9,001 at the file's 10 fps, 216,001 at 240.
        let long = try SceneFile(source: ring.replacingOccurrences(of: "duration: 1s}", with: "duration: 900s}"))
        XCTAssertEqual(sceneError { _ = try long.frames(fps: 240) }?.kind, .invalidScene)
    }

    /// docs/embedding.md's sample is the example `make test` builds and runs, so it compiles.
    func testTheEmbeddingGuideSampleIsTheExampleProgram() throws {
        let guide = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/embedding.md"), encoding: .utf8)
        let program = try String(contentsOf: repositoryRoot.appendingPathComponent("Examples/RenderRing/Sources/RenderRing/main.swift"),
                                 encoding: .utf8)
        XCTAssertTrue(guide.contains("```swift\n" + program + "```\n"),
                      "docs/embedding.md must show Examples/RenderRing/Sources/RenderRing/main.swift as it is")
    }
}
