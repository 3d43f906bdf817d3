import Foundation
import SceneCheck
import SceneLottie
import SceneModel
import SceneSyntax
import ScenecKit
import TestSupport
import XCTest

/// The export (`scenec export`'s Lottie JSON, made in process as the command makes it) played by
/// a player that is not ours (rlottie, through rlottie-python in .venv) agrees with scenec's own
/// PNGs at ten evenly spread frames, for every animated example and a seeded set of random
/// animated scenes; every file validates against the Lottie 1.0.1 JSON Schema (lottie-spec),
/// read with check-jsonschema. (The command's exit codes, what it leaves on a bad scene and its
/// bytes across runs stay in ScenecCLITests/LottieExportTests.)
final class LottieExportTests: XCTestCase {
    var animatedExamples: [URL] {
        let folder = repositoryRoot.appendingPathComponent("scenes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".scene.yaml") }.sorted().map { folder.appendingPathComponent($0) }.filter {
            ((try? String(contentsOf: $0, encoding: .utf8)) ?? "").contains("\ntimeline:")
        }
    }

    /// Twelve seeded scenes; SCENEC_LOTTIE_RANDOM_COUNT asks for more when hunting for trouble.
    func randomScenes(in dir: URL) throws -> [URL] {
        let count = ProcessInfo.processInfo.environment["SCENEC_LOTTIE_RANDOM_COUNT"].flatMap { Int($0) } ?? 12
        return try (0..<count).map { seed -> URL in
            let url = dir.appendingPathComponent("random-\(seed).scene.yaml")
            try RandomAnimatedScene(seed: UInt64(seed) &* 7919 &+ 17).text.write(to: url, atomically: true, encoding: .utf8)
            return url
        }
    }

    /// The scene file at `url` loaded as `scenec export` and `render` load it, with `--appearance`.
    func load(_ url: URL, appearance: Appearance? = nil) throws -> SceneFile {
        // As the commands read it: imports (scenes/meters.scene.yaml's library) from the project.
        if appearance == nil { return try SceneFile(contentsOf: url.path, root: url.deletingLastPathComponent().path) }
        var frontend = Frontend()
        if let appearance { frontend.options.appearance = appearance }
        return try SceneFile(SourceFile(name: url.path, bytes: [UInt8](Data(contentsOf: url))), frontend: frontend)
    }

    /// What `scenec export` writes for `scene`, and its warnings.
    func export(_ scene: SceneFile, name: String) throws -> LottieExporter.Result {
        let animated = scene.animated
        return try LottieExporter(scene: animated.scene, placed: animated.placed, sampler: animated.sampler,
                                  now: SceneFile.RenderSettings.current.environment.nowSecondsSinceMidnight)
            .export(name: name)
    }

    /// Exports `scene`, renders scenec's PNGs at ten frames spread from the first to the last,
    /// and has Tests/Lottie/compare.py play the JSON with rlottie at the same frames.
    /// `appearance` goes to both export and render, as `--appearance` does.
    func checkPlayedAlike(_ scene: URL, in dir: URL, python: String, appearance: Appearance? = nil) throws -> URL {
        let base = scene.lastPathComponent.replacingOccurrences(of: ".scene.yaml", with: "")
        let name = base + (appearance.map { "--appearance\($0.rawValue)" } ?? "")
        let json = dir.appendingPathComponent(name + ".json")
        let file = try load(scene, appearance: appearance)
        try Data(try export(file, name: base).json.utf8).write(to: json)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        let frames = (document?["op"] as? Int) ?? 1
        var pairs: [String] = []
        for i in 0..<10 {
            let frame = i * (frames - 1) / 9
            let png = dir.appendingPathComponent("\(name)-\(frame).png")
            // `--time {frame}f --scale 1`
            let time = try XCTUnwrap(TimeArgument.seconds("\(frame)f", fps: file.fps).seconds)
            try Data(try file.render(.png, at: time, scale: 1)).write(to: png)
            pairs.append("\(frame)=\(png.path)")
        }
        let script = repositoryRoot.appendingPathComponent("Tests/Lottie/compare.py").path
        let played = try runProgram(URL(fileURLWithPath: python), [script, json.path] + pairs, timeout: 120)
        let source = scene.lastPathComponent.hasPrefix("random") ? try String(contentsOf: scene, encoding: .utf8) : ""
        XCTAssertEqual(played.status, 0, "\(name) played by rlottie differs from scenec's PNGs:\n\(played.stdoutText)\(played.stderr)\(source)")
        print("\(name):\n\(played.stdoutText)", terminator: "")
        return json
    }

    func testAnimatedExamplesPlayAlikeInRlottie() throws {
        let python = try python()
        let dir = try temporaryDirectory(self)
        XCTAssertGreaterThanOrEqual(animatedExamples.count, 6)
        for scene in animatedExamples { _ = try checkPlayedAlike(scene, in: dir, python: python) }
    }

    func testRandomAnimatedScenesPlayAlikeInRlottie() throws {
        let python = try python()
        let dir = try temporaryDirectory(self)
        for scene in try randomScenes(in: dir) { _ = try checkPlayedAlike(scene, in: dir, python: python) }
    }

    /// iOS system colours take the side `--appearance` asks for, in the export as in render.
    func testAppearanceChoosesTheColours() throws {
        let python = try python()
        let dir = try temporaryDirectory(self)
        let scene = dir.appendingPathComponent("system.scene.yaml")
        try """
            canvas: {width: 120, height: 120, background: systemBackground}
            views:
              - {id: r, type: ring, frame: {x: 10, y: 10, width: 100, height: 100}, progressColor: systemBlue,
                 trackColor: {light: "#dddddd", dark: "#333333"}}
            timeline:
              animations:
                - {target: r.progress, from: 0, to: 1, duration: 1s, easing: easeIn}

            """.write(to: scene, atomically: true, encoding: .utf8)
        let light = try checkPlayedAlike(scene, in: dir, python: python, appearance: .light)
        let dark = try checkPlayedAlike(scene, in: dir, python: python, appearance: .dark)
        // systemBackground: white in light, black in dark; the track's own two sides.
        XCTAssertTrue(try String(contentsOf: light, encoding: .utf8).contains(#""c":{"a":0,"k":[1,1,1]}"#))
        XCTAssertTrue(try String(contentsOf: dark, encoding: .utf8).contains(#""c":{"a":0,"k":[0,0,0]}"#))
        XCTAssertTrue(try String(contentsOf: dark, encoding: .utf8).contains(#""c":{"a":0,"k":[0.2,0.2,0.2]}"#))
    }

    /// `{color: systemBlue, alpha: 0.5}` exports as the resolved colour: systemBlue's dark side
    /// in dark, light side in light, with Lottie's opacity at 50 — the form is the model's, the
    /// exporter reads only the colour.
    func testAColourWithItsOwnAlphaExportsItsSideAndOpacity() throws {
        let dir = try temporaryDirectory(self)
        let scene = dir.appendingPathComponent("alpha.scene.yaml")
        try """
            canvas: {width: 120, height: 120}
            views:
              - {id: r, type: ring, frame: {x: 10, y: 10, width: 100, height: 100}, progress: 0.5,
                 progressColor: {color: systemBlue, alpha: 0.5}, trackColor: clear}

            """.write(to: scene, atomically: true, encoding: .utf8)
        func paints(_ appearance: Appearance) throws -> [([Double], Double)] {
            let json = try export(try load(scene, appearance: appearance), name: "alpha").json
            var found: [([Double], Double)] = []
            func walk(_ any: Any) {
                if let dict = any as? [String: Any] {
                    if let c = (dict["c"] as? [String: Any])?["k"] as? [Double], let o = (dict["o"] as? [String: Any])?["k"] as? Double {
                        found.append((c, o))
                    }
                    dict.values.forEach(walk)
                } else if let list = any as? [Any] {
                    list.forEach(walk)
                }
            }
            walk(try JSONSerialization.jsonObject(with: Data(json.utf8)))
            return found
        }
        func has(_ found: [([Double], Double)], _ rgb: [Double], opacity: Double) -> Bool {
            found.contains { c, o in c.count >= 3 && zip(c, rgb).allSatisfy { abs($0 - $1 / 255) < 0.002 } && abs(o - opacity) < 0.01 }
        }
        let dark = try paints(.dark), light = try paints(.light)
        XCTAssertTrue(has(dark, [10, 132, 255], opacity: 50), "dark side at 50%: \(dark)")
        XCTAssertFalse(has(dark, [0, 122, 255], opacity: 50), "not the light side in dark")
        XCTAssertTrue(has(light, [0, 122, 255], opacity: 50), "light side at 50%: \(light)")
    }

    /// Every example (animated or not) and every random scene, exported and read by
    /// check-jsonschema with the lottie-spec project's schema.
    func testExportsValidateAgainstTheLottieSchema() throws {
        let dir = try temporaryDirectory(self)
        let folder = repositoryRoot.appendingPathComponent("scenes")
        let examples = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".scene.yaml") }
            .sorted().map { folder.appendingPathComponent($0) }
        var files: [URL] = []
        for scene in examples + (try randomScenes(in: dir)) {
            let json = dir.appendingPathComponent(scene.lastPathComponent + ".json")
            let name = scene.lastPathComponent.replacingOccurrences(of: ".scene.yaml", with: "")
            try Data(try export(try load(scene), name: name).json.utf8).write(to: json)
            files.append(json)
        }
        try validateAgainstLottieSchema(files)
    }

    /// check-jsonschema with the lottie-spec project's schema, which the project does not copy:
    /// the Makefile's test target points SCENEC_LOTTIE_SCHEMA at it.
    func validateAgainstLottieSchema(_ files: [URL]) throws {
        guard let schema = ProcessInfo.processInfo.environment["SCENEC_LOTTIE_SCHEMA"],
              FileManager.default.fileExists(atPath: schema) else {
            throw XCTSkip("no Lottie schema: save lottie-spec's lottie-1.0.1.schema.json (draft 2020-12) and set SCENEC_LOTTIE_SCHEMA to its path (make test uses ../shared/data/lottie-1.0.1.schema.json)")
        }
        let validator = repositoryRoot.appendingPathComponent(".venv/bin/check-jsonschema")
        let result = try runProgram(validator, ["--no-cache", "--schemafile", schema] + files.map(\.path), timeout: 120)
        XCTAssertEqual(result.status, 0, "check-jsonschema refused an export:\n\(result.stdoutText)\(result.stderr)")
    }

    /// Core Animation's named curves reach the file as the keyframes' own handles.
    func testCubicEasingBecomesTheKeyframesHandles() throws {
        let text = try export(try load(repositoryRoot.appendingPathComponent("scenes/anim-ring-fill.scene.yaml")),
                              name: "anim-ring-fill").json
        // easeInEaseOut (0.42, 0, 0.58, 1) on the trim's end, from 0 to 75% over 2 s at 30 fps.
        XCTAssertTrue(text.contains(#"{"t":0,"s":[0],"o":{"x":0.42,"y":0},"i":{"x":0.58,"y":1}},{"t":60,"s":[75]}"#), text)
    }

    /// A spring is sampled: straight lines between its keyframes stay within 0.1 (percent of
    /// the trim) of the spring's own motion, read back from the file.
    func testSpringIsSampledWithinTheStatedError() throws {
        let json = try export(try load(repositoryRoot.appendingPathComponent("scenes/anim-spring.scene.yaml")),
                              name: "anim-spring").json
        let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let layer = (document?["layers"] as? [[String: Any]])?.first
        let progress = (layer?["shapes"] as? [[String: Any]])?.first { $0["nm"] as? String == "progress" }
        let trim = (progress?["it"] as? [[String: Any]])?.first { $0["ty"] as? String == "tm" }
        let keys = try XCTUnwrap((trim?["e"] as? [String: Any])?["k"] as? [[String: Any]])
        XCTAssertGreaterThan(keys.count, 20, "a spring needs many keyframes")
        let points = keys.map { (($0["t"] as? Double) ?? 0, (($0["s"] as? [Double])?.first) ?? 0) }
        let spring = Spring(mass: 1, stiffness: 120, damping: 8, initialVelocity: 0)
        var worst = 0.0
        for (a, b) in zip(points, points.dropFirst()) where b.0 > a.0 {
            for step in 0...8 {
                let frame = a.0 + (b.0 - a.0) * Double(step) / 8
                let line = a.1 + (b.1 - a.1) * Double(step) / 8
                let truth = Swift.min(100, spring.position(at: frame / 30) * 70)  // 0 → 0.7, clamped to 1 as drawn
                worst = Swift.max(worst, abs(line - truth))
            }
        }
        print("spring: \(keys.count) keyframes, largest error \(worst) percent of the trim")
        XCTAssertLessThanOrEqual(worst, 0.1 + 0.02, "beyond the stated error (0.1) plus the mid-point check's slack")
    }

    /// Text is exported (LottieTextTests plays it) with no warning; what Lottie cannot express
    /// about the same views (a clock's `time: now`) still is a located warning.
    func testTextIsExportedWithoutWarnings() throws {
        let dir = try temporaryDirectory(self)
        let scene = dir.appendingPathComponent("text.scene.yaml")
        try """
            canvas: {width: 200, height: 100}
            views:
              - {id: title, type: label, frame: {x: 0, y: 0, width: 100, height: 20}, text: "Hello"}
              - {id: r, type: ring, frame: {x: 100, y: 0, width: 100, height: 100}, label: percent}
              - {id: c, type: clock, frame: {x: 0, y: 20, width: 80, height: 80}, numerals: hours, time: now}

            """.write(to: scene, atomically: true, encoding: .utf8)
        let file = try load(scene)
        let result = try export(file, name: "text")
        let printed = result.warnings.map { $0.rendered(in: file.source) }.joined()
        XCTAssertFalse(printed.contains("cannot express text"), printed)
        XCTAssertFalse(printed.contains("cannot express label"), printed)
        XCTAssertFalse(printed.contains("cannot express numerals"), printed)
        XCTAssertTrue(printed.contains("text.scene.yaml:5:94: warning: Lottie cannot express time: now;"), printed)
        XCTAssertEqual(result.json.components(separatedBy: #"{"ty":"gr","nm":"text""#).count - 1, 3, "the three views' text")
    }
}
