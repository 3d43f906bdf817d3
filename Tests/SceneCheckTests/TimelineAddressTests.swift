import XCTest
import SceneCheck
import SceneModel
import SceneSyntax

/// `timeline.animations[I]…` addresses (issue 23, item 4): parsed with a "did you mean",
/// written into the animation before the timeline is checked, errors against the option; and a
/// `--set` on an animated attribute replacing its animation, with a warning naming its line.
final class TimelineAddressTests: XCTestCase {
    /// Line 10 holds animations[0] (from/to), line 11 animations[1] (keyframes).
    let scene = """
        canvas: {width: 100, height: 100}
        views:
          - id: r
            type: ring
            frame: {x: 0, y: 0, width: 100, height: 100}
            lineWidth: 10
        timeline:
          fps: 10
          animations:
            - {target: r.progress, from: 0, to: 0.5, duration: 2}
            - target: r.lineWidth
              keyframes:
                - {at: 0, value: 10}
                - {at: 1, value: 20}
        """

    func check(_ sets: [String], wherePresent: Bool = false) throws -> (scene: Scene?, diagnostics: [Diagnostic]) {
        var options = CheckOptions()
        options.overrides = try sets.map { try Override($0) }
        options.overridesMustMatch = !wherePresent
        return SceneChecker(options: options).check(SourceFile(name: "s.yaml", text: scene))
    }

    /// The one diagnostic of a check, as `origin: message`.
    func problem(_ sets: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let (_, diagnostics) = try check(sets)
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics.map(\.message))", file: file, line: line)
        return diagnostics.first.map { "\($0.origin ?? "file"): \($0.message)" } ?? ""
    }

    func testAddressesParseAndRoundTrip() throws {
        XCTAssertEqual(try SceneAddress(parsing: "timeline.animations[0].to"), .timeline(animation: 0, keyframe: nil, key: "to"))
        XCTAssertEqual(try SceneAddress(parsing: "timeline.animations[12].keyframes[3].value"),
                       .timeline(animation: 12, keyframe: 3, key: "value"))
        // The file writes a keyframe's time as `at`; `time` is the same key.
        XCTAssertEqual(try SceneAddress(parsing: "timeline.animations[1].keyframes[0].time"),
                       .timeline(animation: 1, keyframe: 0, key: "at"))
        for key in TimelineAddress.animationKeys {
            let address = SceneAddress.timeline(animation: 2, keyframe: nil, key: key)
            XCTAssertEqual(address.description, "timeline.animations[2].\(key)")
            XCTAssertEqual(SceneAddress(address.description), address)
        }
        for key in TimelineAddress.keyframeKeys {
            let address = SceneAddress.timeline(animation: 0, keyframe: 1, key: key)
            XCTAssertEqual(SceneAddress(address.description), address)
            XCTAssertEqual(address.attribute, key)
        }
    }

    /// Where the value at a time goes, read from the animation as written (what `--set` and
    /// `scenec edit` both follow).
    func testKeyframeAtTimeFindsTheKeyframeOrWhereANewOneGoes() throws {
        func place(_ animation: String, _ time: String) throws -> KeyframeAtTime.Place? {
            let root = try XCTUnwrap(YAMLReader().read(SourceFile(name: "a.yaml", text: animation)).root)
            return try? KeyframeAtTime.find(time, in: root, fps: 10, place: "it").get().place
        }
        let frames = "{keyframes: [{at: 0, value: 0}, {at: 1, value: 1}, {at: 1, value: 0.5}, {at: 2, value: 0}]}"
        XCTAssertEqual(try place(frames, "0.5"), .insert(1))
        XCTAssertEqual(try place(frames, "10f"), .keyframe(2), "the last at that time: its value is the one shown")
        XCTAssertEqual(try place(frames, "3s"), .insert(4))
        XCTAssertEqual(try place("{from: 0, to: 1, duration: 2}", "500ms"), .insert(1))
        XCTAssertEqual(try place("{from: 0, to: 1}", "0.25"), .fromTo("to"), "the default duration, 0.25 s")
        XCTAssertEqual(try place("{from: 0, to: 1}", "0"), .fromTo("from"))
        XCTAssertNil(try place("{to: 1}", "0.1"), "no from")
        // A from/to animation is converted: its duration written out when the file leaves it to the default.
        let root = try XCTUnwrap(YAMLReader().read(SourceFile(name: "a.yaml", text: "{from: 0, to: 1, easing: easeIn}")).root)
        let converted: KeyframeAtTime.FromTo? = try KeyframeAtTime.find("0.1", in: root, fps: 30, place: "it").get().converted
        XCTAssertEqual(converted?.duration.scalar?.text, "0.25")
        XCTAssertEqual(converted?.durationWritten, false)
        let noFrom = try XCTUnwrap(YAMLReader().read(SourceFile(name: "a.yaml", text: "{to: 1}")).root)
        guard case .failure(let reason) = KeyframeAtTime.find("0.1", in: noFrom, fps: 30, place: "it") else {
            return XCTFail("a to-only animation has no value at 0 to write")
        }
        let why: KeyframeAtTime.Reason = reason
        XCTAssertTrue(why.text.contains("set it.from first"), why.text)
        let selector: KeyframeSelector = 2
        XCTAssertEqual(selector, .index(2))
    }

    /// The value at a time: `keyframes[at: T].value`, T as a keyframe's `at` is written.
    func testAKeyframeByItsTimeParsesAndRoundTrips() throws {
        for (text, time) in [("keyframes[at: 0.5s]", "0.5s"), ("keyframes[at:250ms]", "250ms"), ("keyframes[at:  12f ]", "12f"),
                             ("keyframes[at: 1]", "1")] {
            let address = try SceneAddress(parsing: "timeline.animations[1].\(text).value")
            XCTAssertEqual(address, .timeline(animation: 1, keyframe: .at(time), key: "value"))
            XCTAssertEqual(address.description, "timeline.animations[1].keyframes[at: \(time)].value")
            XCTAssertEqual(SceneAddress(address.description), address)
        }
        for (text, phrase) in [("keyframes[at: 1].easing", "where .value belongs"), ("keyframes[at 1].value", "keyframes[at: T]"),
                               ("keyframes[at: ].value", "takes a time"), ("keyframes[at: 1].value.x", "where .value belongs")] {
            XCTAssertThrowsError(try SceneAddress(parsing: "timeline.animations[0].\(text)"), text) { error in
                XCTAssertTrue((error as? AddressError)?.message.contains(phrase) == true, "\(text): \(error)")
            }
        }
    }

    func testMisspeltAddressesSayWhatToWrite() {
        XCTAssertEqual(addressProblem("timeline.animations[0].form"),
                       "'timeline.animations[0].form' is not an address: 'form' is not a key of an animation that --set can change (from, to, duration, begin, easing); did you mean 'from'?")
        XCTAssertTrue(addressProblem("timeline.animation[0].to").hasSuffix("did you mean 'animations'?"))
        XCTAssertTrue(addressProblem("timeline.animations[1].keyframes[0].valeu").hasSuffix("did you mean 'value'?"))
        XCTAssertTrue(addressProblem("timeline.animations[1].keyframes[0].tme").hasSuffix("did you mean 'time'?"))
        XCTAssertTrue(addressProblem("timeline.animations[x].to").contains("an index is a whole number"))
        XCTAssertTrue(addressProblem("timeline.animations[0]").contains("comes nothing, where .KEY belongs"))
        XCTAssertTrue(addressProblem("timeline.animations[0].keyframes.value").contains("keyframes takes an index"))
        // `timeline` is reserved: a view with that id is reached by its index path.
        XCTAssertTrue(addressProblem("timeline.progress").contains("the timeline is addressed by its animations' index"))
    }

    func testTimelineValuesAreWrittenBeforeTheCheck() throws {
        let (scene, diagnostics) = try check(["timeline.animations[0].to=1", "timeline.animations[0].begin=0.5",
                                              "timeline.animations[1].keyframes[1].value=30",
                                              "timeline.animations[1].keyframes[1].time=2",
                                              "timeline.animations[0].easing=easeIn"])
        XCTAssertEqual(diagnostics, [])
        let animations = try XCTUnwrap(scene?.timeline?.animations)
        XCTAssertEqual(animations[0].keyframes.map(\.value), [.number(0), .number(1)])
        XCTAssertEqual(animations[0].begin, 0.5)
        XCTAssertEqual(animations[0].keyframes[1].easing, Easing.named["easeIn"])
        XCTAssertEqual(animations[1].keyframes.map(\.value), [.number(10), .number(30)])
        XCTAssertEqual(animations[1].keyframes.map(\.at), [0, 2])
        XCTAssertEqual(animations.map(\.index), [0, 1])
        XCTAssertEqual(animations.map(\.isKeyframed), [false, true])
    }

    func testTimelineErrorsLandOnTheOption() throws {
        XCTAssertEqual(try problem(["timeline.animations[2].to=1"]),
                       "--set timeline.animations[2].to=1: no animation at timeline.animations[2]: timeline.animations holds 2 animations: animations[0] to animations[1]")
        XCTAssertEqual(try problem(["timeline.animations[1].keyframes[2].value=1"]),
                       "--set timeline.animations[1].keyframes[2].value=1: no keyframe at timeline.animations[1].keyframes[2]: timeline.animations[1].keyframes holds 2 keyframes: keyframes[0] to keyframes[1]")
        XCTAssertEqual(try problem(["timeline.animations[0].to=red"]),
                       "--set timeline.animations[0].to=red: timeline.animations[0].to must be a number, not 'red'")
        XCTAssertEqual(try problem(["timeline.animations[0].duration=-1"]),
                       "--set timeline.animations[0].duration=-1: timeline.animations[0].duration cannot be negative, not '-1'")
        XCTAssertTrue(try problem(["timeline.animations[1].to=1"]).hasSuffix("is given by keyframes, which have no 'to'; set timeline.animations[1].keyframes[K].value or .at"))
        XCTAssertTrue(try problem(["timeline.animations[0].keyframes[0].value=1"]).contains("has no keyframes (it goes from/to)"))
        // A value that reads but breaks a rule of the whole animation: reported where the file
        // breaks it, naming the option.
        let (_, order) = try check(["timeline.animations[1].keyframes[0].at=5"])
        XCTAssertEqual(order.map(\.message), ["keyframes must be in time order: this one is at 1 s, after one at 5 s"])
        XCTAssertEqual(order.first?.range.start.line, 14)
        XCTAssertEqual(order.first?.notes, ["with --set timeline.animations[1].keyframes[0].at=5"])
        // One --set for many scenes skips the scenes without the animation.
        XCTAssertEqual(try check(["timeline.animations[7].to=1"], wherePresent: true).diagnostics, [])
    }

    func testASetOnAnAnimatedAttributeReplacesItsAnimation() throws {
        for set in ["r.progress=1", "views[0].progress=1"] {
            let (scene, diagnostics) = try check([set])
            let animations = try XCTUnwrap(scene?.timeline?.animations)
            XCTAssertEqual(animations.map(\.attribute.name), ["lineWidth"], set)
            // The one left keeps its address in the file.
            XCTAssertEqual(animations.map(\.index), [1], set)
            XCTAssertEqual(scene?.views.first?.values.resolved("progress")?.value, .number(1))
            XCTAssertEqual(diagnostics.map(\.severity), [.warning], set)
            XCTAssertEqual(diagnostics.first?.origin, "--set \(set)")
            XCTAssertEqual(diagnostics.first?.message,
                           "replaces the animation of r.progress at s.yaml:10 (timeline.animations[0]) with the constant 1")
        }
        // An attribute nothing animates: no warning, every animation kept.
        let (scene, diagnostics) = try check(["r.trackColor=red"])
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(scene?.timeline?.animations.count, 2)
    }
}
