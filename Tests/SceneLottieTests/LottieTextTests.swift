import Foundation
import SceneCheck
import SceneCodecs
@testable import SceneLottie
import SceneModel
import SceneSyntax
import ScenecKit
import TestSupport
import XCTest

/// Text in the Lottie export (issue 26, part 5): glyph outlines that rlottie — a player with no
/// fonts of ours — draws where scenec's own PNG draws the glyphs, bound text following each frame.
/// Each scene is also rendered with its text taken out: the pixels where the two PNGs differ are
/// the text's, and rlottie's frame must match scenec's there (so a picture that merely agrees
/// elsewhere, text left out, fails).
final class LottieTextTests: XCTestCase {
    func load(_ url: URL) throws -> SceneFile {
        try SceneFile(SourceFile(name: url.path, bytes: [UInt8](Data(contentsOf: url))), frontend: Frontend())
    }

    func export(_ file: SceneFile, name: String) throws -> LottieExporter.Result {
        let animated = file.animated
        return try LottieExporter(scene: animated.scene, placed: animated.placed, sampler: animated.sampler,
                                  now: SceneFile.RenderSettings.current.environment.nowSecondsSinceMidnight,
                                  fonts: animated.fonts)
            .export(name: name)
    }

    /// Plays `text` (a scene) with rlottie at `frames` and compares each with scenec's PNG (the
    /// whole frame within compare.py's 0.5%), then within the text's pixels: those where the
    /// PNG differs from the PNG of `plain` (the scene without its text). Returns the export.
    @discardableResult
    func checkTextPlayedAlike(_ text: String, plain: String, frames: [Int], name: String) throws -> LottieExporter.Result {
        let python = try python()
        let dir = try temporaryDirectory(self)
        let scene = dir.appendingPathComponent(name + ".scene.yaml"), bare = dir.appendingPathComponent(name + "-plain.scene.yaml")
        try text.write(to: scene, atomically: true, encoding: .utf8)
        try plain.write(to: bare, atomically: true, encoding: .utf8)
        let file = try load(scene), plainFile = try load(bare)
        XCTAssertEqual(file.diagnostics.filter { $0.severity == .error }.count, 0)
        let result = try export(file, name: name)
        let json = dir.appendingPathComponent(name + ".json")
        try Data(result.json.utf8).write(to: json)
        var pairs: [String] = []
        for frame in frames {
            let time = try XCTUnwrap(TimeArgument.seconds("\(frame)f", fps: file.fps).seconds)
            try Data(try file.render(.png, at: time, scale: 1)).write(to: dir.appendingPathComponent("\(frame).png"))
            try Data(try plainFile.render(.png, at: time, scale: 1)).write(to: dir.appendingPathComponent("\(frame)-plain.png"))
            pairs.append("\(frame)=" + dir.appendingPathComponent("\(frame).png").path)
        }
        let script = repositoryRoot.appendingPathComponent("Tests/Lottie/compare.py").path
        let played = try runProgram(URL(fileURLWithPath: python), [script, "--save", dir.path, json.path] + pairs, timeout: 120)
        XCTAssertEqual(played.status, 0, "\(name) played by rlottie differs from scenec's PNGs:\n\(played.stdoutText)\(played.stderr)")
        for frame in frames {
            let drawn = try readPNG(dir.appendingPathComponent("\(frame).png"))
            let bareDrawn = try readPNG(dir.appendingPathComponent("\(frame)-plain.png"))
            let player = try readPNG(dir.appendingPathComponent("played-\(frame).png"))
            var textPixels = 0, differing = 0
            for y in 0..<drawn.height {
                for x in 0..<drawn.width where Self.difference(drawn.rgba(x, y), bareDrawn.rgba(x, y)) > 48 {
                    textPixels += 1
                    if Self.difference(drawn.rgba(x, y), player.rgba(x, y)) > 48 { differing += 1 }
                }
            }
            XCTAssertGreaterThan(textPixels, 100, "\(name) frame \(frame): the scene draws text")
            let share = Double(differing) / Double(Swift.max(1, textPixels))
            print("\(name) frame \(frame): \(textPixels) text pixels, \(differing) differ in rlottie's frame")
            XCTAssertLessThanOrEqual(share, 0.05, "\(name) frame \(frame): rlottie's text is not scenec's (\(differing) of \(textPixels) text pixels differ)")
        }
        return result
    }

    /// What the text group of the layer named `name` holds.
    static func textItems(of name: String, in json: String) throws -> [[String: Any]] {
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let layers = try XCTUnwrap(document["layers"] as? [[String: Any]])
        let layer = try XCTUnwrap(layers.first { $0["nm"] as? String == name })
        let text = try XCTUnwrap((layer["shapes"] as? [[String: Any]])?.first { $0["nm"] as? String == "text" })
        return (text["it"] as? [[String: Any]]) ?? []
    }

    /// The groups of a view's text, one per different drawing.
    static func drawings(of name: String, in json: String) throws -> [[String: Any]] {
        try textItems(of: name, in: json).filter { $0["ty"] as? String == "gr" }
    }

    /// A drawing's opacity keyframes (when it is shown), nil when it has none.
    static func opacityKeys(_ drawing: [String: Any]) -> [[String: Any]]? {
        let transform = (drawing["it"] as? [[String: Any]])?.last
        return (transform?["o"] as? [String: Any])?["k"] as? [[String: Any]]
    }

    static func difference(_ a: RGBA, _ b: RGBA) -> Int {
        Swift.max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b), abs(a.a - b.a))
    }

    /// Acceptance 5: the showcase's ring label, caption and clock numerals, played by rlottie.
    func testShowcaseTextAppearsInRlottiesFrame() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("scenes/showcase.scene.yaml"), encoding: .utf8)
        var plain = text
        for (from, to) in [("label: percent", "label: none"), ("numerals: hours", "numerals: none"),
                           (#"text: "{download.progress:percent} done""#, #"text: """#)] {
            XCTAssertTrue(plain.contains(from), "the showcase has \(from)")
            plain = plain.replacingOccurrences(of: from, with: to)
        }
        let result = try checkTextPlayedAlike(text, plain: plain, frames: [0], name: "showcase")
        XCTAssertFalse(result.warnings.contains { $0.message.contains("cannot express") && $0.message.contains("label") },
                       "text is no longer left out")
    }

    /// A ring animated 0→1 with its percent label, a label bound to it whose colour animates,
    /// and clock numerals: every frame's text as scenec draws it then; the label's different
    /// drawings are groups shown by hold opacity keyframes, its colour one animated fill.
    func testBoundTextFollowsEveryFrame() throws {
        let scene = """
            canvas: {width: 240, height: 160, background: white}
            views:
              - {id: r, type: ring, frame: {x: 10, y: 10, width: 120, height: 120}, label: percent, labelColor: black}
              - {id: caption, type: label, frame: {x: 140, y: 20, width: 90, height: 40}, text: "{r.progress:percent} done", fontSize: 15}
              - {id: c, type: clock, frame: {x: 140, y: 70, width: 80, height: 80}, numerals: quarters, time: "10:09:30",
                 faceColor: "#333333", numeralColor: white}
            timeline:
              animations:
                - {target: r.progress, from: 0, to: 1, duration: 2s, easing: easeIn}
                - {target: caption.textColor, from: black, to: red, duration: 2s}

            """
        let plain = scene.replacingOccurrences(of: "label: percent", with: "label: none")
            .replacingOccurrences(of: #"text: "{r.progress:percent} done""#, with: #"text: """#)
            .replacingOccurrences(of: "numerals: quarters", with: "numerals: none")
        let result = try checkTextPlayedAlike(scene, plain: plain, frames: (0..<10).map { $0 * 60 / 9 }, name: "bound")
        let drawings = try Self.drawings(of: "caption", in: result.json)
        XCTAssertGreaterThan(drawings.count, 20, "one drawing per percentage shown")
        let shownAtZero = drawings.filter { drawing in
            let keys = Self.opacityKeys(drawing)
            return (keys?.first?["s"] as? [Double])?.first == 100 && keys?.first?["h"] as? Int == 1
        }
        XCTAssertEqual(shownAtZero.count, 1, "exactly one drawing is shown at the first frame, held")
        // The clock's numerals do not change: one drawing, no keyframes.
        XCTAssertEqual(try Self.textItems(of: "c", in: result.json).filter { $0["nm"] as? String == "glyphs" }.count, 4,
                       "four numerals, each a block of its own")
    }

    /// Text too long for its box (a label's, a ring's): where the drawer clips it to the box,
    /// the export clips it too (a mask of the box on the view's layer), so rlottie's picture is
    /// scenec's — nothing drawn over the views around it.
    func testOverflowingTextPlaysAsDrawn() throws {
        let scene = """
            canvas: {width: 200, height: 120, background: white}
            views:
              - {id: t, type: label, frame: {x: 20, y: 30, width: 80, height: 20}, backgroundColor: "#eeeeee", fontSize: 13,
                 text: "A long text that cannot fit in a box of eighty by twenty points, so it overflows its frame."}
              - {id: r, type: ring, frame: {x: 120, y: 20, width: 60, height: 60}, label: "Downloading the update", labelSize: 14}

            """
        let plain = scene.replacingOccurrences(of: #"text: "A long text that cannot fit in a box of eighty by twenty points, so it overflows its frame.""#,
                                               with: #"text: """#)
            .replacingOccurrences(of: #"label: "Downloading the update""#, with: "label: none")
        try checkTextPlayedAlike(scene, plain: plain, frames: [0], name: "overflow")
    }

    /// A colour font's glyphs are pictures: they are left out with a located warning, and the
    /// rest of the text keeps its outlines (not the colour glyph traced into squares).
    func testColourGlyphsAreLeftOutWithAWarning() throws {
        let emoji = URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
        guard FileManager.default.fileExists(atPath: emoji.path) else { throw XCTSkip("no Noto Color Emoji (fonts-noto-color-emoji)") }
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(at: emoji, to: dir.appendingPathComponent("NotoColorEmoji.ttf"))
        let scene = dir.appendingPathComponent("emoji.scene.yaml")
        try """
            canvas: {width: 200, height: 60}
            fonts: [NotoColorEmoji.ttf]
            views:
              - {id: smile, type: label, frame: {x: 0, y: 0, width: 200, height: 60}, text: "I\u{1F642}", fontSize: 20}

            """.write(to: scene, atomically: true, encoding: .utf8)
        let file = try load(scene)
        let result = try export(file, name: "emoji")
        let printed = result.warnings.map { $0.rendered(in: file.source) }.joined()
        // At the text, where it is written (column 81).
        XCTAssertTrue(printed.contains("emoji.scene.yaml:4:81: warning: Lottie cannot express colour glyphs ('\u{1F642}')"), printed)
        // "I" is one contour; a traced bitmap would be hundreds.
        XCTAssertEqual(result.json.components(separatedBy: #"{"ty":"sh""#).count - 1, 1, "only the I's outline")
    }

    /// Text reaching far from its view's corner — a line across the canvas, a paragraph wrapped
    /// over many lines, a label in four scripts — plays whole (none of its glyphs left out).
    func testLongTextPlaysWhole() throws {
        let line = #"text: "The quick brown fox jumps over the lazy dog""#
        let para = #"text: "One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three twenty-four twenty-five twenty-six twenty-seven twenty-eight twenty-nine thirty""#
        let mix = #"text: "مرحبا 你好 Привет नमस्ते""#
        let scene = """
            canvas: {width: 400, height: 300, background: white}
            views:
              - {id: line, type: label, frame: {x: 10, y: 10, width: 380, height: 30}, \(line), fontSize: 12}
              - {id: para, type: label, frame: {x: 10, y: 50, width: 120, height: 240}, fontSize: 10, verticalAlignment: top, \(para)}
              - {id: mix, type: label, frame: {x: 140, y: 50, width: 250, height: 40}, \(mix), fontSize: 14}

            """
        var plain = scene
        for text in [line, para, mix] { plain = plain.replacingOccurrences(of: text, with: #"text: """#) }
        try checkTextPlayedAlike(scene, plain: plain, frames: [0], name: "long")
    }

    /// A title whose `fontSize` grows makes a new drawing at every frame: beyond the export's
    /// budget it is drawn every few frames, held in between, as a warning at the view's text
    /// says; the file keeps no more drawings than the budget allows, the last frame's included.
    func testChangingTextStaysWithinItsBudget() throws {
        let dir = try temporaryDirectory(self)
        let url = dir.appendingPathComponent("grow.scene.yaml")
        try """
            canvas: {width: 300, height: 80, background: white}
            timeline:
              fps: 30
              animations:
                - {target: title.fontSize, from: 12, to: 28, duration: 2s}
            views:
              - {id: title, type: label, frame: {x: 10, y: 10, width: 280, height: 60}, text: "Welcome", fontSize: 12}

            """.write(to: url, atomically: true, encoding: .utf8)
        let file = try load(url)
        let animated = file.animated
        let budget = TextBudget(outlinings: 20, drawings: 5)
        XCTAssertNotEqual(budget, TextBudget.standard)
        let result = try LottieExporter(scene: animated.scene, placed: animated.placed, sampler: animated.sampler, now: 0,
                                        fonts: animated.fonts, textBudget: budget).export(name: "grow")
        let printed = result.warnings.map { $0.rendered(in: file.source) }.joined()
        // 60 frames after the first, 20 outlinings: every 3rd frame, 20 drawings; 5 kept: every
        // 6th (10), then every 12th frame (5 drawings).
        XCTAssertTrue(printed.contains("grow.scene.yaml:7:83: warning: the text of label 'title' changes over 61 frames, more than the export outlines and keeps (20 texts, 5 different drawings after the first frame): it is drawn every 12 frames and held in between"), printed)
        XCTAssertEqual(result.warnings.count, 1, printed)
        let drawings = try Self.drawings(of: "title", in: result.json)
        XCTAssertEqual(drawings.count, 6, "the first frame's drawing and five more")
        let shownLast = drawings.filter { drawing in
            let keys = Self.opacityKeys(drawing)
            return (keys?.last?["s"] as? [Double])?.first == 100 && (keys?.last?["t"] as? Double) == 60
        }
        XCTAssertEqual(shownLast.count, 1, "the grown title is drawn at the last frame, not held part way")
        // No drawing to spare: the first frame's, throughout.
        let none = try LottieExporter(scene: animated.scene, placed: animated.placed, sampler: animated.sampler, now: 0,
                                      fonts: animated.fonts, textBudget: TextBudget(outlinings: 20, drawings: 0)).export(name: "grow")
        XCTAssertTrue(none.warnings.map(\.message).joined().contains("drawings after the first frame): it keeps its first frame's drawing throughout"),
                      "\(none.warnings)")
        XCTAssertLessThan(none.json.utf8.count, result.json.utf8.count)
        // Without a budget to speak of, no warning and a drawing per frame.
        let free = try LottieExporter(scene: animated.scene, placed: animated.placed, sampler: animated.sampler, now: 0,
                                      fonts: animated.fonts).export(name: "grow")
        XCTAssertFalse(free.warnings.contains { $0.message.contains("the export") }, "\(free.warnings)")
        XCTAssertGreaterThan(free.json.utf8.count, result.json.utf8.count * 3)
    }

    /// Text that only fades, turns or is hidden, or whose braces are escaped, cannot change: it
    /// is outlined once. Its size, its colour or a binding can.
    func testOnlyWhatChangesTheGlyphsIsOutlinedAgain() throws {
        let url = try temporaryDirectory(self).appendingPathComponent("still.scene.yaml")
        try """
            canvas: {width: 200, height: 100}
            views:
              - {id: a, type: label, frame: {x: 0, y: 0, width: 100, height: 20}, text: "Fading"}
              - {id: b, type: label, frame: {x: 0, y: 20, width: 100, height: 20}, text: "{{not bound}}"}
              - {id: c, type: label, frame: {x: 0, y: 40, width: 100, height: 20}, text: "Growing"}
              - {id: d, type: label, frame: {x: 0, y: 60, width: 100, height: 20}, text: "{c.fontSize}"}

            """.write(to: url, atomically: true, encoding: .utf8)
        let placed = try load(url).animated.placed
        let animated: [String: Set<String>] = ["a": ["opacity", "rotation", "hidden"], "c": ["fontSize"]]
        let views = Dictionary(uniqueKeysWithValues: placed.map { ($0.view.id ?? "", $0.view) })
        XCTAssertFalse(TextExport.canChange(try XCTUnwrap(views["a"]), animated: animated))
        XCTAssertFalse(TextExport.canChange(try XCTUnwrap(views["b"]), animated: animated))
        XCTAssertTrue(TextExport.canChange(try XCTUnwrap(views["c"]), animated: animated))
        XCTAssertTrue(TextExport.canChange(try XCTUnwrap(views["d"]), animated: animated))
        XCTAssertTrue(TextExport.canChange(try XCTUnwrap(views["a"]), animated: ["a": ["textColor"]]), "a colour is sampled each frame")
    }
}
