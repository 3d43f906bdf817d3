import Foundation
import SceneCodecs
import XCTest
import SceneRender

/// Seed 003: hands from the centre at the angles of docs/language.md §3, lengths r − 18 / r − 12 / r − 10,
/// widths 8 / 5 / 2, butt caps; hour marks from 0.85 r to 0.95 r.
///
/// Every clock here is 200 × 200 at the canvas origin: centre (100, 100), r = 100. Probes are
/// chosen from the geometry: a pixel is only asserted on a hand when its whole square lies on
/// that hand (and off the others), or clear when it lies off every hand.
final class ClockRenderTests: XCTestCase {
    static let white = RGBA(255, 255, 255)
    static let red = RGBA(255, 0, 0)
    static let clear = RGBA(0, 0, 0, 0)

    /// A straight mark from the clock's centre outwards: a hand (from 0) or an hour mark.
    struct Spoke {
        var name: String
        var degrees: Double
        var from = 0.0
        var to: Double
        var width: Double
        var colour: RGBA

        static let centre = (x: 100.0, y: 100.0)

        var direction: (x: Double, y: Double) {
            let a = degrees * Double.pi / 180
            return (cos(a), sin(a))
        }

        /// Canvas coordinates of the point `along` the spoke from the centre, `across` to its side.
        func point(along: Double, across: Double) -> (x: Double, y: Double) {
            let u = direction
            return (Self.centre.x + along * u.x - across * u.y, Self.centre.y + along * u.y + across * u.x)
        }

        /// Whether the pixel's whole square lies on the spoke (true), wholly off it (false), or
        /// across its edge (nil). The square's extent along either axis of the spoke is ±h.
        func covers(_ x: Int, _ y: Int) -> Bool? {
            let u = direction
            let dx = Double(x) + 0.5 - Self.centre.x, dy = Double(y) + 0.5 - Self.centre.y
            let along = dx * u.x + dy * u.y, across = -dx * u.y + dy * u.x
            // Less a hair, so a square that only touches the edge along a line still counts.
            let h = 0.5 * (abs(u.x) + abs(u.y)) - 1e-6
            if along - h >= from, along + h <= to, abs(across) + h <= width / 2 { return true }
            if along + h <= from || along - h >= to || abs(across) - h >= width / 2 { return false }
            return nil
        }
    }

    /// Hands of a clock at `h:m:s`, by docs/language.md §3's formulas, with the default lengths and widths.
    static func hands(_ h: Double, _ m: Double, _ s: Double, sweep: Bool = false, r: Double = 100,
                      secondColour: RGBA = red) -> [Spoke] {
        let s = sweep ? s : s.rounded(.down)
        let hour = h.truncatingRemainder(dividingBy: 12) * 30 + m * 0.5 + (sweep ? s / 120 : 0) - 90
        let minute = m * 6 + (sweep ? s * 0.1 : 0) - 90
        let second = s * 6 - 90
        return [Spoke(name: "hour", degrees: hour, to: r - 18, width: 8, colour: white),
                Spoke(name: "minute", degrees: minute, to: r - 12, width: 5, colour: white),
                Spoke(name: "second", degrees: second, to: r - 10, width: 2, colour: secondColour)]
    }

    static func scene(_ attributes: String) -> String {
        """
        canvas: {width: 200, height: 200}
        views:
          - type: clock
            frame: {x: 0, y: 0, width: 200, height: 200}
        \(indented(attributes, by: 4))
        """
    }

    /// Asserts the colour of a pixel near the point `along`/`across` of `spoke`: one whose square
    /// lies wholly on every spoke of `on` and wholly off every spoke of `off`.
    func expect(_ image: RasterImage, _ expected: RGBA, near spoke: Spoke, along: Double, across: Double = 0,
                on: [Spoke], off: [Spoke], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let p = nearestPixel(to: spoke.point(along: along, across: across), where: { x, y in
            on.allSatisfy { $0.covers(x, y) == true } && off.allSatisfy { $0.covers(x, y) == false }
        }) else {
            XCTFail("no pixel near \(what) lies clear of the edges: the probe is badly chosen", file: file, line: line)
            return
        }
        assertPixel(image, p.x, p.y, expected, what, file: file, line: line)
    }

    /// The pixel nearest `point`, within two pixels, that satisfies `condition`.
    func nearestPixel(to point: (x: Double, y: Double), where condition: (Int, Int) -> Bool) -> (x: Int, y: Int)? {
        let x0 = Int((point.x - 0.5).rounded()), y0 = Int((point.y - 0.5).rounded())
        var candidates: [(x: Int, y: Int, d: Double)] = []
        for y in (y0 - 2)...(y0 + 2) {
            for x in (x0 - 2)...(x0 + 2) {
                let dx = Double(x) + 0.5 - point.x, dy = Double(y) + 0.5 - point.y
                candidates.append((x, y, dx * dx + dy * dy))
            }
        }
        return candidates.sorted { $0.d < $1.d }.first { condition($0.x, $0.y) }.map { ($0.x, $0.y) }
    }

    /// Checks each hand's length and width: on it just short of its end and a little to each
    /// side of its axis, off it just beyond its end and beyond each side. Hands draw in order
    /// (hour, minute, second): a probe on a hand is off the later ones; a probe off a hand lies
    /// wholly on or off each other hand, and shows the last one it is on, or the background.
    func assertHands(_ image: RasterImage, _ hands: [Spoke], background: RGBA = clear, time: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        func probe(_ hand: Spoke, onIt: Bool, along: Double, across: Double = 0, _ what: String) {
            let later = hands.drop { $0.name != hand.name }.dropFirst()
            guard let p = nearestPixel(to: hand.point(along: along, across: across), where: { x, y in
                hand.covers(x, y) == onIt && hands.allSatisfy { $0.covers(x, y) != nil }
                    && (!onIt || later.allSatisfy { $0.covers(x, y) == false })
            }) else {
                XCTFail("no pixel near \(what) lies clear of the edges: the probe is badly chosen",
                        file: file, line: line)
                return
            }
            let expected = hands.last { $0.covers(p.x, p.y) == true }?.colour ?? background
            assertPixel(image, p.x, p.y, expected, what, file: file, line: line)
        }
        for hand in hands {
            let label = "\(hand.name) hand at \(time)"
            let mid = hand.to * 0.6
            probe(hand, onIt: true, along: hand.to - 1.2, "\(label), just short of its end")
            probe(hand, onIt: false, along: hand.to + 1.2, "\(label), just beyond its end")
            probe(hand, onIt: true, along: mid, "\(label), on its axis")
            for side in [-1.0, 1.0] {
                if hand.width >= 4 {
                    probe(hand, onIt: true, along: mid, across: side * (hand.width / 2 - 1.2),
                          "\(label), inside its width")
                }
                probe(hand, onIt: false, along: mid, across: side * (hand.width / 2 + 1.2), "\(label), beside it")
            }
        }
    }

    func testAtThreeTheHourHandPointsRightAndTheMinuteHandUp() throws {
        let image = try renderImage(Self.scene("time: \"03:00:00\"\nsecondHandColor: \"#ff0000\""))
        let hands = Self.hands(3, 0, 0)
        XCTAssertEqual(hands[0].degrees, 0)
        XCTAssertEqual(hands[1].degrees, -90)
        // Hour hand: along +x, 82 long, y from 96 to 104.
        assertPixel(image, 180, 100, Self.white, "hour hand, just short of x = 182")
        assertPixel(image, 182, 100, Self.clear, "beyond the hour hand's end")
        assertPixel(image, 150, 96, Self.white, "hour hand's upper edge row")
        assertPixel(image, 150, 95, Self.clear, "above the hour hand")
        assertPixel(image, 150, 103, Self.white, "hour hand's lower edge row")
        assertPixel(image, 150, 104, Self.clear, "below the hour hand")
        // Second hand (red, x 99–101) over the minute hand (white, x 97.5–102.5), both up.
        assertPixel(image, 100, 50, Self.red, "second hand over the minute hand")
        assertPixel(image, 98, 50, Self.white, "minute hand beside the second hand")
        assertPixel(image, 101, 50, Self.white, "minute hand beside the second hand")
        assertPixel(image, 96, 50, Self.clear, "left of the minute hand")
        assertPixel(image, 103, 50, Self.clear, "right of the minute hand")
        assertPixel(image, 101, 12, Self.white, "minute hand just short of y = 12")
        assertPixel(image, 101, 11, Self.clear, "beyond the minute hand's end")
        assertPixel(image, 100, 10, Self.red, "second hand just short of y = 10")
        assertPixel(image, 100, 9, Self.clear, "beyond the second hand's end")
        assertHands(image, hands, time: "3:00:00")
    }

    func testHalfPastSixAndAQuarterMinute() throws {
        let image = try renderImage(Self.scene("time: \"06:30:15\"\nsecondHandColor: \"#ff0000\""))
        let hands = Self.hands(6, 30, 15)
        // 6·30 + 30·0.5 − 90 = 105°, 30·6 − 90 = 90° (down), 15·6 − 90 = 0° (right).
        XCTAssertEqual(hands.map(\.degrees), [105, 90, 0])
        assertHands(image, hands, time: "6:30:15")
    }

    func testSweepMovesHourAndMinuteHandsWithTheSecondsTickDoesNot() throws {
        let tickImage = try renderImage(Self.scene("time: \"09:45:45\"\nsecondHandColor: \"#ff0000\""))
        let sweepImage = try renderImage(Self.scene("time: \"09:45:45\"\nsecondHandColor: \"#ff0000\"\nmotion: sweep"))
        let tick = Self.hands(9, 45, 45)
        let sweep = Self.hands(9, 45, 45, sweep: true)
        // Tick: hour 202.5°, minute 180°; sweep: hour 202.875°, minute 184.5°; second 180° in both.
        XCTAssertEqual(tick.map(\.degrees), [202.5, 180, 180])
        XCTAssertEqual(sweep.map(\.degrees), [202.875, 184.5, 180])
        // At tick the second hand lies on the minute hand: check the minute hand beside it.
        expect(tickImage, Self.white, near: tick[1], along: 80, across: 1.75, on: [tick[1]], off: [tick[0], tick[2]],
               "tick minute hand beside the second hand")
        expect(tickImage, Self.red, near: tick[2], along: 89, on: [tick[2]], off: [tick[0], tick[1]],
               "tick second hand beyond the minute hand's end")
        assertHands(sweepImage, sweep, time: "9:45:45 sweep")
        // Where each mode's minute hand lies, the other mode shows nothing.
        expect(tickImage, Self.clear, near: sweep[1], along: 80, on: [sweep[1]], off: tick,
               "the sweep minute hand's place, in the tick picture")
        expect(sweepImage, Self.clear, near: tick[1], along: 80, across: 1.75, on: [tick[1]], off: sweep,
               "the tick minute hand's place, in the sweep picture")
    }

    func testTickFloorsFractionalSeconds() throws {
        let tickImage = try renderImage(Self.scene("time: \"06:30:15.9\"\nsecondHandColor: \"#ff0000\""))
        let sweepImage = try renderImage(Self.scene("time: \"06:30:15.9\"\nsecondHandColor: \"#ff0000\"\nmotion: sweep"))
        let tick = Self.hands(6, 30, 15.9)
        let sweep = Self.hands(6, 30, 15.9, sweep: true)
        XCTAssertEqual(tick[2].degrees, 0)
        XCTAssertEqual(sweep[2].degrees, 15.9 * 6 - 90, accuracy: 1e-9)
        assertHands(tickImage, tick, time: "6:30:15.9 tick")
        assertHands(sweepImage, sweep, time: "6:30:15.9 sweep")
        expect(tickImage, Self.clear, near: sweep[2], along: 85, on: [sweep[2]], off: tick,
               "the sweep second hand's place, in the tick picture")
        expect(sweepImage, Self.clear, near: tick[2], along: 85, on: [tick[2]], off: sweep,
               "the tick second hand's place, in the sweep picture")
    }

    func testWidthsLengthsAndColoursFollowTheAttributes() throws {
        let image = try renderImage(Self.scene("""
            time: "01:20:00"
            handColor: "#00ff00"
            secondHandColor: "#0000ff"
            hourHandWidth: 12
            minuteHandWidth: 3
            secondHandWidth: 6
            hourHandLength: "50%"
            minuteHandLength: 60
            secondHandLength: "100% - 30"
            """))
        let green = RGBA(0, 255, 0), blue = RGBA(0, 0, 255)
        // 1·30 + 20·0.5 − 90 = −50°, 20·6 − 90 = 30°, 0·6 − 90 = −90°.
        let hands = [Spoke(name: "hour", degrees: -50, to: 50, width: 12, colour: green),
                     Spoke(name: "minute", degrees: 30, to: 60, width: 3, colour: green),
                     Spoke(name: "second", degrees: -90, to: 70, width: 6, colour: blue)]
        assertHands(image, hands, time: "1:20:00")
    }

    func testShowsSecondsFalseLeavesTheSecondHandOut() throws {
        let image = try renderImage(Self.scene("time: \"03:00:00\"\nsecondHandColor: \"#ff0000\"\nshowsSeconds: false"))
        assertPixel(image, 100, 50, Self.white, "the minute hand, no second hand over it")
        assertPixel(image, 100, 10, Self.clear, "where the second hand would end")
        assertHands(image, Array(Self.hands(3, 0, 0).prefix(2)), time: "3:00:00 without seconds")
    }

    func testFaceColorFillsTheDisc() throws {
        let image = try renderImage(Self.scene("time: \"03:00:00\"\nfaceColor: \"#0000ff\""))
        let blue = RGBA(0, 0, 255)
        assertPixel(image, 40, 160, blue, "face, lower left")
        assertPixel(image, 100, 197, blue, "face, bottom edge (radius 97–98)")
        assertPixel(image, 2, 2, Self.clear, "outside the disc")
        assertPixel(image, 197, 197, Self.clear, "outside the disc")
        assertHands(image, Self.hands(3, 0, 0, secondColour: Self.white).filter { $0.name == "hour" },
                    background: blue, time: "3:00:00 on a face")
    }

    func testTickColorDrawsTwelveHourMarksFromPoint85ToPoint95OfTheRadius() throws {
        let image = try renderImage(Self.scene("handColor: clear\nshowsSeconds: false\ntickColor: \"#ffff00\""))
        let yellow = RGBA(255, 255, 0)
        for hour in 0..<12 {
            let mark = Spoke(name: "mark \(hour)", degrees: Double(hour) * 30 - 90, from: 85, to: 95, width: 2,
                             colour: yellow)
            expect(image, yellow, near: mark, along: 90, on: [mark], off: [], "hour mark \(hour)")
            expect(image, Self.clear, near: mark, along: 83.5, on: [], off: [mark], "inside hour mark \(hour)")
            expect(image, Self.clear, near: mark, along: 96.5, on: [], off: [mark], "outside hour mark \(hour)")
            expect(image, Self.clear, near: mark, along: 90, across: 2.2, on: [], off: [mark], "beside mark \(hour)")
            expect(image, Self.clear, near: mark, along: 90, across: -2.2, on: [], off: [mark], "beside mark \(hour)")
        }
        assertPixel(image, 120, 100, Self.clear, "no hands")
        assertPixel(image, 100, 20, Self.clear, "no hands")
    }

    func testHoursPastTwelveAndTwentyFourWrapOnTheDial() throws {
        for time in ["15:00:00", "27:00:00"] {
            let image = try renderImage(Self.scene("time: \"\(time)\"\nsecondHandColor: \"#ff0000\""))
            assertPixel(image, 180, 100, Self.white, "\(time): the hour hand points to 3")
            assertHands(image, Self.hands(3, 0, 0), time: time)
        }
    }
}
