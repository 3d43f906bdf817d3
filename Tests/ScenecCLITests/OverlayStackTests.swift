import Foundation
import SceneCodecs
import TestSupport
import XCTest

/// `stack` with `axis: z` (issue 29, overlay) through the built binary: the same bytes as the
/// group a user would have computed by hand, alignment probed in the picture, and an alignment
/// word not of the axis refused where it was written, with the word to use.
final class OverlayStackTests: XCTestCase {
    /// Padding 10 leaves a 180 × 180 content box at (10, 10): the outer ring fills it, the middle
    /// one is 70% of it (126, at 10 + 27), the inner one 60 points (at 10 + 60).
    func testConcentricRingsInAZStackAreTheBytesOfTheHandComputedGroup() throws {
        let dir = try temporaryDirectory(self)
        let stack = try write("""
            canvas: {width: 200, height: 200, background: white}
            views:
              - type: stack
                id: rings
                frame: {x: 0, y: 0, width: 200, height: 200}
                axis: z
                padding: 10
                children:
                  - {type: ring, id: outer, progress: 0.8}
                  - {type: ring, id: middle, size: 70%, progress: 0.6, progressColor: systemBlue}
                  - {type: ring, id: inner, size: 60, progress: 0.4, progressColor: systemRed}
            """, "stack.scene.yaml", in: dir)
        let group = try write("""
            canvas: {width: 200, height: 200, background: white}
            views:
              - type: group
                id: rings
                frame: {x: 0, y: 0, width: 200, height: 200}
                children:
                  - {type: ring, id: outer, frame: {x: 10, y: 10, width: 180, height: 180}, progress: 0.8}
                  - {type: ring, id: middle, frame: {x: 37, y: 37, width: 126, height: 126}, progress: 0.6, progressColor: systemBlue}
                  - {type: ring, id: inner, frame: {x: 70, y: 70, width: 60, height: 60}, progress: 0.4, progressColor: systemRed}
            """, "group.scene.yaml", in: dir)
        var pictures: [Data] = []
        for (scene, name) in [(stack, "stack.png"), (group, "group.png")] {
            let out = dir.appendingPathComponent(name)
            let result = try scenec(["render", scene, "-o", out.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            pictures.append(try Data(contentsOf: out))
        }
        XCTAssertFalse(pictures[0].isEmpty)
        XCTAssertEqual(pictures[0], pictures[1], "the z stack's picture differs from the group's")

        // Lottie reads the placed frames: the same layers (named by id), but for the file's name.
        var animations: [[String: Any]] = []
        for (scene, name) in [(stack, "stack.json"), (group, "group.json")] {
            let out = dir.appendingPathComponent(name)
            let result = try scenec(["export", scene, "-o", out.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            var json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
            json["nm"] = nil
            animations.append(json)
        }
        XCTAssertFalse((animations[0]["layers"] as? [Any] ?? []).isEmpty)
        XCTAssertTrue(NSDictionary(dictionary: animations[0]).isEqual(to: animations[1]),
                      "the z stack's Lottie differs from the group's")
    }

    /// A red child without a size fills the 160 × 160 content box inside padding 20; a blue
    /// 60 × 60 child sits in its corner by the alignment (the file's, then a --set's).
    func testTopLeadingAndBottomTrailingPutASmallerChildInTheCornerAndAnUnsizedOneFillsTheBox() throws {
        let dir = try temporaryDirectory(self)
        let scene = try write("""
            canvas: {width: 200, height: 200, background: white}
            views:
              - type: stack
                id: overlay
                frame: {x: 0, y: 0, width: 200, height: 200}
                axis: z
                alignment: topLeading
                padding: 20
                children:
                  - {type: group, backgroundColor: red}
                  - {type: group, size: 60, backgroundColor: blue}
            """, "corner.scene.yaml", in: dir)
        let out = dir.appendingPathComponent("corner.png")
        let (red, blue, white) = ([255, 0, 0], [0, 0, 255], [255, 255, 255])

        var result = try scenec(["render", scene, "-o", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        var image = try readPNG(out)
        XCTAssertEqual(rgb(image, 22, 22), blue, "inside the top-left child")
        XCTAssertEqual(rgb(image, 78, 78), blue, "inside the top-left child, near its far corner")
        XCTAssertEqual(rgb(image, 82, 82), red, "past the child: the box")
        XCTAssertEqual(rgb(image, 100, 30), red, "right of the child")
        XCTAssertEqual(rgb(image, 170, 170), red, "the box's other corner")
        XCTAssertEqual(rgb(image, 18, 18), white, "the padding")
        XCTAssertEqual(rgb(image, 182, 182), white, "the padding")

        result = try scenec(["render", scene, "-o", out.path, "--set", "overlay.alignment=bottomTrailing"])
        XCTAssertEqual(result.status, 0, result.stderr)
        image = try readPNG(out)
        XCTAssertEqual(rgb(image, 178, 178), blue, "inside the bottom-right child")
        XCTAssertEqual(rgb(image, 122, 122), blue, "inside the bottom-right child, near its far corner")
        XCTAssertEqual(rgb(image, 118, 118), red, "past the child: the box")
        XCTAssertEqual(rgb(image, 30, 30), red, "the box's top left")
        XCTAssertEqual(rgb(image, 182, 182), white, "the padding")
    }

    func testAnAlignmentNotOfTheAxisIsALocatedErrorWithTheWordToUse() throws {
        let dir = try temporaryDirectory(self)
        let path = try write("""
            canvas: {width: 200, height: 200}
            views:
              - type: stack
                id: z
                frame: {x: 0, y: 0, width: 200, height: 200}
                axis: z
                alignment: start
                children:
                  - {type: ring}
              - type: stack
                frame: {x: 0, y: 0, width: 200, height: 200}
                axis: horizontal
                alignment: topLeading
                children:
                  - {type: ring}
              - type: stack
                frame: {x: 0, y: 0, width: 200, height: 200}
                alignment: top
                children:
                  - {type: ring}
            """, "bad.scene.yaml", in: dir)
        let result = try scenec(["check", path])
        XCTAssertEqual(result.status, 1, result.stderr)
        for expected in [
            "bad.scene.yaml:7:16: error: alignment 'start' does not fit axis: z; use 'topLeading'",
            "help: change to 'topLeading'",
            "bad.scene.yaml:13:16: error: alignment 'topLeading' does not fit axis: horizontal; use 'top'",
            "help: change to 'top'",
            "bad.scene.yaml:18:16: error: alignment 'top' does not fit axis: vertical",
            "start, center, end, stretch, leading, trailing",
            "distribution places the children along the axis",
            "3 errors",
        ] {
            XCTAssertTrue(result.stderr.contains(expected), "no '\(expected)' in:\n\(result.stderr)")
        }

        // The fixes applied, and a column's SwiftUI word: the scene checks.
        let fixed = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().map { index, line -> String in
                switch index + 1 {
                case 7: return "    alignment: topLeading"
                case 13: return "    alignment: top"
                case 18: return "    alignment: trailing"
                default: return String(line)
                }
            }.joined(separator: "\n")
        try fixed.write(toFile: path, atomically: true, encoding: .utf8)
        let good = try scenec(["check", path])
        XCTAssertEqual(good.status, 0, good.stderr + "\n" + fixed)

        // Set from the command line: the error names the option.
        let set = try scenec(["check", path, "--set", "z.alignment=stretch"])
        XCTAssertEqual(set.status, 1)
        XCTAssertTrue(set.stderr.contains("--set z.alignment=stretch: error: alignment 'stretch' does not fit axis: z"), set.stderr)
        XCTAssertTrue(set.stderr.contains("a child without a size fills the content box"), set.stderr)
    }

    /// The word from a style is reported in the style, with its fix; the axis from a --set
    /// makes the file's word wrong where the file wrote it.
    func testAWordFromAStyleIsReportedInTheStyleAndAnAxisFromASetChecksTheFilesWord() throws {
        let dir = try temporaryDirectory(self)
        let path = try write("""
            canvas: {width: 200, height: 200}
            styles:
              over: {axis: z, alignment: end}
            views:
              - {type: stack, id: s, alignment: start, frame: {x: 0, y: 0, width: 200, height: 200}, children: [{type: ring, size: 50}]}
              - {type: stack, id: t, style: over, frame: {x: 0, y: 0, width: 200, height: 200}, children: [{type: ring, size: 50}]}
            """, "styled.scene.yaml", in: dir)
        let result = try scenec(["check", path, "--set", "s.axis=z"])
        XCTAssertEqual(result.status, 1, result.stderr)
        for expected in ["styled.scene.yaml:3:30: error: alignment 'end' does not fit axis: z; use 'bottomTrailing'",
                         "it comes from style 'over'", "help: change to 'bottomTrailing'",
                         "styled.scene.yaml:5:37: error: alignment 'start' does not fit axis: z; use 'topLeading'",
                         "note: axis comes from --set s.axis=z"] {
            XCTAssertTrue(result.stderr.contains(expected), "no '\(expected)' in:\n\(result.stderr)")
        }
    }

    func testHelpStackNamesTheZAxisAndItsWords() throws {
        let help = try scenec(["help", "stack"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdoutText.contains("on top of each other (axis: z)"), help.stdoutText)
        XCTAssertTrue(help.stdoutText.contains("horizontal vertical z"), help.stdoutText)
        XCTAssertTrue(help.stdoutText.contains("topLeading topTrailing bottomLeading bottomTrailing"), help.stdoutText)
    }

    func testSpacingOnAZStackIsAWarningWithItsCode() throws {
        let dir = try temporaryDirectory(self)
        let path = try write("""
            canvas: {width: 200, height: 200}
            views:
              - {type: stack, id: s, axis: z, spacing: 8, frame: {x: 0, y: 0, width: 200, height: 200}, children: [{type: ring}]}
            """, "spacing.scene.yaml", in: dir)
        let result = try scenec(["check", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("spacing.scene.yaml:3:44: warning: spacing has no effect in stack 's': a z stack lays its children on top of each other"),
                      result.stderr)
        let json = try scenec(["check", path, "--diagnostics", "json"])
        XCTAssertTrue(json.stdoutText.contains("\"code\": \"lint-ignored-in-z-stack\""), json.stdoutText)
    }

    /// A label without a size is its text wrapped to the content width, placed by the alignment.
    func testALabelWithoutASizeWrapsToTheContentWidthAndSitsByTheAlignment() throws {
        let dir = try temporaryDirectory(self)
        let path = try write("""
            canvas: {width: 200, height: 200}
            views:
              - type: stack
                frame: {x: 0, y: 0, width: 120, height: 200}
                axis: z
                padding: 10
                alignment: bottomTrailing
                children:
                  - {type: label, id: words, text: "several words that need more than one line here", fontSize: 14}
            """, "label.scene.yaml", in: dir)
        let result = try scenec(["inspect", path, "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let frame = try XCTUnwrap(Self.frame(of: "words", in: report), "\(report)")
        XCTAssertLessThanOrEqual(frame.width, 100.01)
        XCTAssertGreaterThan(frame.height, 20, "one line of 14 points: it did not wrap")
        XCTAssertEqual(frame.x + frame.width, 110, accuracy: 0.01, "trailing edge on the content box's")
        XCTAssertEqual(frame.y + frame.height, 190, accuracy: 0.01, "bottom edge on the content box's")
    }

    static func frame(of id: String, in object: Any) -> (x: Double, y: Double, width: Double, height: Double)? {
        if let dict = object as? [String: Any] {
            if dict["id"] as? String == id, let f = dict["frame"] as? [String: Any],
               let x = f["x"] as? Double, let y = f["y"] as? Double, let w = f["width"] as? Double, let h = f["height"] as? Double {
                return (x, y, w, h)
            }
            for value in dict.values { if let found = frame(of: id, in: value) { return found } }
        } else if let array = object as? [Any] {
            for value in array { if let found = frame(of: id, in: value) { return found } }
        }
        return nil
    }
}
