import SceneAnimation
import SceneCodecs
import SceneFonts
import SceneLayout
import SceneModel
import SceneRender
import XCTest

/// Issue 26, parts 3 and 4: text too long for its frame is measured (`TextFit`, for the lint),
/// drawn clipped to the frame from its first line; bound text is laid out for its widest value,
/// so a label never reflows and a ring's label keeps one size through an animation.
final class TextFitTests: XCTestCase {
    static let long = String(String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 5).prefix(200))

    static func labelScene(_ text: String, extra: String = "") -> String {
        """
        canvas: {width: 200, height: 120, background: white}
        views:
          - {id: cap, type: label, frame: {x: 60, y: 50, width: 80, height: 20}, text: "\(text)", textColor: black\(extra)}
        """
    }

    func fit(_ yaml: String) throws -> (TextFit, [PlacedView]) {
        let (scene, placed) = try compileScene(yaml)
        return (TextFit(fonts: FontLibrary.of(scene), views: placed), placed)
    }

    func testTextTooLongForItsFrameIsMeasuredAsDrawn() throws {
        let (long, placed) = try fit(Self.labelScene(Self.long))
        let misfit: TextMisfit? = long.misfit(placed[0])
        guard case .overflow(let needed, _)? = misfit else { return XCTFail("200 characters in 80 × 20: \(String(describing: misfit))") }
        XCTAssertLessThanOrEqual(needed.width, 80, "wrapped to the frame's width")
        XCTAssertGreaterThan(needed.height, 20 * 10, "ten lines and more")
        let (short, shortPlaced) = try fit(Self.labelScene("The fox"))
        XCTAssertNil(short.misfit(shortPlaced[0]), "a short text fits")
        // One line at most: the text is cut with an ellipsis and fits.
        let (limited, limitedPlaced) = try fit(Self.labelScene(Self.long, extra: ", lineLimit: 1"))
        XCTAssertNil(limited.misfit(limitedPlaced[0]), "lineLimit 1 fits one line")
    }

    /// Acceptance 3: no ink outside the 80 × 20 frame, and what shows is the top of the text —
    /// inside the frame, the same pixels as the whole text drawn top-aligned in a frame tall
    /// enough to hold it.
    func testOverflowingTextIsClippedToItsFrameFromItsFirstLine() throws {
        let image = try renderImage(Self.labelScene(Self.long))
        let box = try XCTUnwrap(LabelRenderTests.inkBox(image), "the text draws")
        XCTAssertGreaterThanOrEqual(box.x0, 60)
        XCTAssertGreaterThanOrEqual(box.y0, 50)
        XCTAssertLessThanOrEqual(box.x1, 140)
        XCTAssertLessThanOrEqual(box.y1, 70)
        XCTAssertLessThanOrEqual(box.y0, 56, "the first line's ink starts at the frame's top")
        let tall = try renderImage(Self.labelScene(Self.long, extra: ", verticalAlignment: top").replacingOccurrences(
            of: "height: 20", with: "height: 1000").replacingOccurrences(of: "height: 120", with: "height: 1100"))
        func differing(_ other: RasterImage) -> Int {
            var count = 0
            for y in 50..<70 {
                for x in 60..<140 where image.rgba(x, y) != other.rgba(x, y) { count += 1 }
            }
            return count
        }
        XCTAssertEqual(differing(tall), 0, "the frame shows the text's first line, as set without the clip")
        // Bottom-aligned text that fits would show its last line; overflowing, it starts at the top too.
        let bottom = try renderImage(Self.labelScene(Self.long, extra: ", verticalAlignment: bottom"))
        XCTAssertEqual(differing(bottom), 0, "any alignment: from the top")
        XCTAssertEqual(ReadbackTests.packed(bottom), ReadbackTests.packed(image))
    }

    func testALabelWithoutAWidthInAStackWrapsToTheStacksWidth() throws {
        let (scene, placed) = try compileScene("""
            canvas: {width: 200, height: 300}
            views:
              - type: stack
                frame: {x: 0, y: 0, width: 120, height: 300}
                children:
                  - {type: label, text: "\(Self.long)"}
            """)
        XCTAssertEqual(scene.views.count, 1)
        let label = try XCTUnwrap(placed.first?.children.first)
        XCTAssertLessThanOrEqual(label.frame.width, 120, "no wider than the stack")
        XCTAssertGreaterThan(label.frame.height, 100, "as tall as its wrapped lines")
        let fit = TextFit(fonts: FontLibrary.of(scene), views: placed)
        XCTAssertNil(fit.misfit(label), "and so it fits its frame")
    }

    /// A label without a size in a grid wraps to its cell's width, so it stays in its column.
    func testALabelInAGridWrapsToItsCell() throws {
        let (_, placed) = try compileScene("""
            canvas: {width: 300, height: 200}
            views:
              - type: grid
                frame: {x: 0, y: 0, width: 300, height: 200}
                columns: 3
                rowHeight: 100
                children:
                  - {type: label, text: "A rather long caption here"}
                  - {type: label, text: "B"}
                  - {type: label, text: "C"}
            """)
        let label = try XCTUnwrap(placed.first?.children.first).frame
        XCTAssertGreaterThanOrEqual(label.x, 0, "starts in its cell")
        XCTAssertLessThanOrEqual(label.x + label.width, 100, "ends in its cell")
        XCTAssertGreaterThan(label.height, 30, "on more than one line")
    }

    /// In a row whose labels need more than its width, each wraps to its share (the narrow one
    /// keeps its width, the others split the rest), so together they fit; where they fit
    /// unwrapped, each keeps its one line.
    func testLabelsInARowWrapToTheirShare() throws {
        func frames(_ texts: [String]) throws -> [Rect] {
            let children = texts.map { "      - {type: label, text: \"\($0)\"}" }.joined(separator: "\n")
            let (_, placed) = try compileScene("""
                canvas: {width: 300, height: 200}
                views:
                  - type: stack
                    axis: horizontal
                    frame: {x: 0, y: 0, width: 300, height: 100}
                    children:
                \(children)
                """)
            return try XCTUnwrap(placed.first).children.map(\.frame)
        }
        let long = try frames(["First label that is long", "Second label also long", "Third"])
        for frame in long {
            XCTAssertGreaterThanOrEqual(frame.x, 0)
            XCTAssertLessThanOrEqual(frame.x + frame.width, 300, "\(long)")
        }
        XCTAssertGreaterThan(long[0].height, long[2].height, "the long ones wrap, the short one does not")
        let (_, third) = try compileScene("canvas: {width: 300, height: 100}\nviews:\n  - {type: label, frame: {x: 0, y: 0}, text: Third}\n")
        XCTAssertEqual(long[2].width, third[0].frame.width, "the narrow one keeps its width")
        let short = try frames(["One", "Two"])
        XCTAssertEqual(short[0].height, long[2].height, "labels that fit stay on one line")
    }

    /// An overshooting curve carries an unranged number past its keyframes (5 → 9.9 reaches
    /// 11.75 at t 0.5; a loose spring 5 → 9.9 reaches 12.4): the label is laid out for the
    /// number at the top, so no frame's text is wider than its frame.
    func testABoundLabelIsLaidOutForAnOvershootingCurvesTop() throws {
        func width(_ text: String, easing: String) throws -> Double {
            let (_, placed) = try compileScene("""
                canvas: {width: 300, height: 100}
                views:
                  - {id: r, type: ring, frame: {x: 0, y: 0, width: 80, height: 80}, lineWidth: 5}
                  - {id: c, type: label, frame: {x: 130, y: 20}, text: "\(text)"}
                timeline:
                  fps: 10
                  animations:
                    - {target: r.lineWidth, from: 5, to: 9.9, duration: 1s, easing: \(easing)}
                """)
            return placed[1].frame.width
        }
        let bezier = "\"cubicBezier(0.3, 1.8, 0.6, 1.5)\"", spring = "{spring: {mass: 1, stiffness: 100, damping: 4}}"
        XCTAssertGreaterThanOrEqual(try width("{r.lineWidth:number(1)}", easing: bezier), try width("11.8", easing: bezier))
        XCTAssertGreaterThanOrEqual(try width("{r.lineWidth:number(1)}", easing: spring), try width("12.4", easing: spring))
        XCTAssertEqual(try width("{r.lineWidth:number(1)}", easing: "easeInEaseOut"), try width("9.9", easing: "linear"),
                       "a curve that stays within its ends adds nothing")
    }

    /// One line whose ink fits, in a frame a little shorter than its line box (14-point text in
    /// 16 points), is no overflow: it is centred as before, drawn where the same label in a
    /// roomier frame with the same middle draws it.
    func testOneLineWhoseInkFitsIsNoOverflow() throws {
        let head = "canvas: {width: 200, height: 60, background: white}\nviews:\n"
        let tight = head + "  - {id: t, type: label, frame: {x: 0, y: 20, width: 100, height: 16}, text: Hello, fontSize: 14, textColor: black}\n"
        let roomy = head + "  - {id: t, type: label, frame: {x: 0, y: 10, width: 100, height: 36}, text: Hello, fontSize: 14, textColor: black}\n"
        let (fit, placed) = try fit(tight)
        XCTAssertNil(fit.misfit(placed[0]), "its ink fits")
        XCTAssertEqual(ReadbackTests.packed(try renderImage(tight)), ReadbackTests.packed(try renderImage(roomy)))
        let (dot, dotPlaced) = try self.fit(head + "  - {id: d, type: label, frame: {x: 0, y: 0, width: 10, height: 10}, text: \".\"}\n")
        XCTAssertNil(dot.misfit(dotPlaced[0]), "a dot in 10 × 10")
        let (two, twoPlaced) = try self.fit(head + "  - {id: t, type: label, frame: {x: 0, y: 20, width: 100, height: 16}, text: \"Hello\\nthere\", fontSize: 14}\n")
        XCTAssertNotNil(two.misfit(twoPlaced[0]), "a second line below the frame is an overflow")
        // A colour emoji's picture reaches a hair past the line box a label sized to its text has.
        let (emoji, emojiPlaced) = try self.fit(head + "  - {id: e, type: label, frame: {x: 0, y: 0}, text: \"Grüße 👋 — 72%\"}\n")
        XCTAssertNil(emoji.misfit(emojiPlaced[0]), "a label sized to its one line of text fits it")
    }

    /// Layout finds each bound text's widest once and carries it (`PlacedView.boundTexts`): a
    /// label's, a ring's text label's (not `percent`'s, nor unbound text's), and the drawer reads
    /// it at every frame rather than measuring again: a ring given a wider text draws smaller.
    func testLayoutCarriesTheWidestBoundTextToTheDrawers() throws {
        let keyframes = (0..<2000).map { "{at: \(Double($0) / 1000), value: \(Double($0 * 7919 % 100_000) / 1000)}" }
        let (scene, placed) = try compileScene("""
            canvas: {width: 300, height: 120, background: white}
            views:
              - {id: r, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}, progress: 0.3, lineWidth: 8,
                 label: "{r.progress:percent}", labelColor: black, progressColor: white, trackColor: white}
              - {id: c, type: label, frame: {x: 120, y: 10}, text: "{r.lineWidth:number(3)}"}
              - {id: p, type: ring, frame: {x: 120, y: 40, width: 50, height: 50}, label: percent}
              - {id: plain, type: label, frame: {x: 200, y: 40}, text: plain}
            timeline:
              animations:
                - {target: r.lineWidth, keyframes: [\(keyframes.joined(separator: ", "))]}
            """)
        XCTAssertEqual(placed[0].boundTexts, [Ring.label.name: "100%"])
        XCTAssertEqual(placed[1].boundTexts[Label.text.name]?.count, "99.999".count, "the widest shape of 2,000 numbers")
        XCTAssertEqual(placed[2].boundTexts, [:])
        XCTAssertEqual(placed[3].boundTexts, [:])
        let renderer = Renderer(canvas: scene.canvas, fonts: FontLibrary.of(scene))
        func ringInk(_ views: [PlacedView]) throws -> Int {
            let box = try XCTUnwrap(LabelRenderTests.inkBox(try renderer.image(views), within: (0, 0, 100, 100)))
            return box.x1 - box.x0
        }
        var wider = placed
        wider[0].boundTexts[Ring.label.name] = "100000000%"
        XCTAssertLessThan(try ringInk(wider), try ringInk(placed) - 5, "drawn at the size the carried text fits")
    }

    func testARingLabelFarTooLongIsReported() throws {
        let ring = "canvas: {width: 200, height: 200}\nviews:\n  - {id: r, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}, label: "
        let (long, placed) = try fit(ring + "Downloading the update}")
        guard case .ringLabelSmall(let size, let percentSize)? = long.misfit(placed[0]) else {
            return XCTFail("a long label in a small ring")
        }
        XCTAssertLessThan(size, percentSize * TextFit.smallestRingLabelShare)
        for fits in ["percent", "Done", "\"{r.progress:percent}\"", "Downloading the update, labelSize: 12"] {
            let (short, placed) = try fit(ring + fits + "}")
            XCTAssertNil(short.misfit(placed[0]), fits)
        }
    }

    /// `percent` and a binding to the progress are sized for `100%` alike, whatever the progress.
    func testABoundRingLabelIsSizedForItsWidestValue() throws {
        func size(_ label: String, progress: Double) throws -> Double {
            let (scene, placed) = try compileScene("""
                canvas: {width: 120, height: 120}
                views:
                  - {id: r, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}, label: "\(label)", progress: \(progress)}
                """)
            let measured = MeasuredDefaults(fonts: FontLibrary.of(scene), views: placed)
            guard case .number(let n)? = measured.value(of: Ring.labelSize.name, in: placed[0].resolved, now: 0) else {
                XCTFail("\(label): no size")
                return 0
            }
            return n
        }
        let percent = try size("percent", progress: 0.31)
        XCTAssertEqual(try size("{r.progress:percent}", progress: 0.77), percent)
        XCTAssertEqual(try size("{r.progress:percent}", progress: 0.05), percent)
        XCTAssertLessThan(try size("{r.progress:percent(1)}", progress: 0.05), percent, "100.0% is wider")
    }

    /// A number with no range's end to go by is laid out for the keyframes' values, and for the
    /// model value an animation starts from.
    func testABoundLabelIsAsWideAsItsWidestKeyframedValue() throws {
        func width(_ text: String, timeline: String = "") throws -> Double {
            let (_, placed) = try compileScene("""
                canvas: {width: 300, height: 100}
                views:
                  - {id: r, type: ring, frame: {x: 0, y: 0, width: 50, height: 50}, lineWidth: 8}
                  - {id: caption, type: label, frame: {x: 60, y: 10}, text: "\(text)"}
                \(timeline)
                """)
            return placed[1].frame.width
        }
        let rising = "timeline:\n  animations: [{target: r.lineWidth, from: 8, to: 120, duration: 1s}]"
        XCTAssertEqual(try width("{r.lineWidth:number(1)} pt", timeline: rising), try width("120.0 pt"))
        XCTAssertGreaterThan(try width("120.0 pt"), try width("{r.lineWidth:number(1)} pt"), "without the animation: 8.0")
        let fromModel = "timeline:\n  animations: [{target: r.lineWidth, to: 2, duration: 1s}]"
        XCTAssertEqual(try width("{r.lineWidth:number(1)} pt", timeline: fromModel), try width("8.0 pt"))
    }

    /// Acceptance 4: a ring animated 0 → 1 with `label: percent` and a label bound to its
    /// progress. At every frame the label's ink rows (its height and baseline: one line) are the
    /// same, and the ring's label has one size (inspect's measured labelSize, and its ink rows).
    func testBoundTextKeepsItsPlaceAndSizeThroughAnAnimation() throws {
        let (scene, placed) = try compileScene("""
            canvas: {width: 240, height: 120, background: white}
            views:
              - {id: r, type: ring, frame: {x: 10, y: 10, width: 100, height: 100}, progress: 0, label: percent,
                 labelColor: "#ff0000", progressColor: "#00a000", trackColor: "#d0d0ff"}
              - {id: caption, type: label, frame: {x: 130, y: 50}, text: "{r.progress:percent}", textColor: black}
            timeline:
              fps: 10
              animations:
                - {target: r.progress, from: 0, to: 1, duration: 1s}
            """)
        let sampler = Sampler(scene: scene)
        let renderer = Renderer(canvas: scene.canvas, fonts: FontLibrary.of(scene))
        func rows(_ image: RasterImage, x: Range<Int>, _ ink: (RGBA) -> Bool) -> ClosedRange<Int>? {
            var found: ClosedRange<Int>?
            for y in 0..<image.height {
                for px in x where ink(image.rgba(px, y)) {
                    found = found.map { Swift.min($0.lowerBound, y)...Swift.max($0.upperBound, y) } ?? y...y
                }
            }
            return found
        }
        var captionRows: Set<String> = [], ringRows: Set<String> = [], sizes: Set<Double> = []
        let frames = try XCTUnwrap(scene.timeline?.frameCount(fps: 10))
        XCTAssertEqual(frames, 11)
        for frame in 0..<frames {
            let views = sampler.sample(placed, at: Double(frame) / 10)
            let image = try renderer.image(views)
            let caption = rows(image, x: 125..<240) { (p: RGBA) -> Bool in p.r < 128 && p.g < 128 && p.b < 128 }
            let ring = rows(image, x: 10..<110) { (p: RGBA) -> Bool in p.r > 128 && p.g < 128 && p.b < 128 }
            captionRows.insert(String(describing: try XCTUnwrap(caption, "frame \(frame): the caption draws")))
            ringRows.insert(String(describing: try XCTUnwrap(ring, "frame \(frame): the ring's label draws")))
            let measured = MeasuredDefaults(fonts: FontLibrary.of(scene), views: views)
            if case .number(let n)? = measured.value(of: Ring.labelSize.name, in: views[0].resolved, now: 0) { sizes.insert(n) }
        }
        XCTAssertEqual(captionRows.count, 1, "the caption's ink rows at every frame: \(captionRows)")
        XCTAssertEqual(ringRows.count, 1, "the ring label's ink rows at every frame: \(ringRows)")
        XCTAssertEqual(sizes.count, 1, "the ring label's size at every frame: \(sizes)")
        // One line: as tall as a line of 17 pt text, not two.
        let caption = placed[1].frame
        XCTAssertLessThan(caption.height, 17 * 1.5, "one line")
    }
}
