import SceneModel
import SceneSyntax
import XCTest

/// Scenes built in code: colours resolved for an appearance, and text templates bound to
/// other views' values.
final class SceneTests: XCTestCase {
    func ring(_ id: String, progressColor: Value) -> SceneView {
        var values = AttributeValues(defaultsOf: ViewType.ring.kind)
        values.set("progressColor", ResolvedValue(value: progressColor, source: .file))
        return SceneView(id: id, type: .ring, frame: nil, size: nil, values: values, children: [], range: .none)
    }

    func testResolvingColoursKeepsTheAdaptiveSideForInspectAndSaysWhetherAnyDepended() throws {
        let blue = try XCTUnwrap(ColorForm.system(named: "systemBlue"))
        var group = SceneView(id: "g", type: .group, frame: nil, size: nil, values: AttributeValues(defaultsOf: ViewType.group.kind),
                              children: [ring("inner", progressColor: .colorForm(blue))], range: .none)
        group.values.set("opacity", ResolvedValue(value: .number(0.5), source: .file))
        var scene = Scene(canvas: Canvas(width: 10, height: 10), views: [group])
        scene.resolveColors(for: .dark)
        XCTAssertEqual(scene.appearance, .dark)
        XCTAssertTrue(scene.usesAppearance)
        let resolved = try XCTUnwrap(scene.views[0].children[0].values.resolved("progressColor"))
        XCTAssertEqual(resolved.value, .color(.rgb255(10, 132, 255)), "a child's colour, dark side")
        XCTAssertEqual(resolved.form, blue, "kept for inspect")
        XCTAssertEqual(scene.views[0].children[0].displayName, "ring 'inner'")

        var plain = Scene(canvas: Canvas(width: 10, height: 10), views: [ring("r", progressColor: .colorForm(.hex(.black)))])
        plain.resolveColors(for: .dark)
        XCTAssertFalse(plain.usesAppearance)
        XCTAssertEqual(plain.views[0].values.resolved("progressColor")?.form, .hex(.black), "a hex colour keeps its form too")
        XCTAssertEqual(plain.views[0].values["progressColor"], .color(.black))
        XCTAssertEqual(plain.views[0].values["progressColor"], .color(.black))
    }

    func testTextTemplatesBindOtherViewsValuesInTheirFormats() throws {
        let template = try TextTemplate.parse("{d.progress:percent} of {d.progress:number(2)}, {{x}} at {c.time:hh:mm}").get()
        XCTAssertEqual(template.bindings.map(\.viewID), ["d", "d", "c"])
        XCTAssertEqual(template.bindings.map(\.format), [.percent(digits: 0), .number(digits: 2), .hoursMinutes])
        XCTAssertTrue(template.isBound)
        let text = template.render(now: 0) { id, attribute in
            switch (id, attribute) {
            case ("d", "progress"): return .number(0.725)
            case ("c", "time"): return .timeOfDay(.hms(10, 9, 30))
            default: return nil
            }
        }
        // A percentage rounds down (never shows completion early); number(2) rounds half away.
        XCTAssertEqual(text, "72% of 0.73, {x} at 10:09")
        XCTAssertFalse(try TextTemplate.parse("plain {{braces}}").get().isBound)
        guard case .failure(let problem) = TextTemplate.parse("a {d.progress") else { return XCTFail("an open brace") }
        XCTAssertEqual(problem.offset, 2)
        XCTAssertFalse(problem.message.isEmpty)
    }

    /// Rounding a percentage down first nudges it by a few steps of a Double's precision, not by a
    /// share of it: a share grows to whole units in large numbers (4999999996% wrote 5000000001%).
    func testPercentRoundsDownAfterANudgeOfPrecisionNotOfAShare() {
        func percent(_ v: Double, digits: Int = 0) -> String {
            TextTemplate.write(.number(v), as: .percent(digits: digits), now: 0)
        }
        XCTAssertEqual(percent(49999999.96), "4999999996%")
        XCTAssertEqual(percent(0.997), "99%")
        XCTAssertEqual(percent(0.99999999995), "99%")
        XCTAssertEqual(percent(1), "100%")
        for whole in 0...100 { XCTAssertEqual(percent(Double(whole) / 100), "\(whole)%") }
        for tenths in 0...1000 {
            XCTAssertEqual(percent(Double(tenths) / 1000, digits: 1), "\(tenths / 10).\(tenths % 10)%")
        }
    }

    func testFixedDecimalsRoundHalfAwayFromZero() {
        XCTAssertEqual(TextTemplate.fixed(2.5, digits: 0), "3")
        XCTAssertEqual(TextTemplate.fixed(-2.5, digits: 0), "-3")
        XCTAssertEqual(TextTemplate.fixed(0.125, digits: 2), "0.13")
        XCTAssertEqual(TextTemplate.fixed(1.5, digits: 3, trimmed: true), "1.5")
        XCTAssertEqual(TextTemplate.fixed(.nan, digits: 2), "–")
        XCTAssertTrue(TextTemplate.Format.percent(digits: 1).suits(.number(.unit)))
        XCTAssertFalse(TextTemplate.Format.time.suits(.number(.unit)))
    }

    /// An instance's argument says where it came from in inspect's words.
    func testAnInstanceArgumentSaysWhereItCameFrom() {
        let sources: [InstanceArgument.Source] = [.file(line: 10, file: nil), .repeatItem(line: 21, file: "lib/m.yaml"),
                                                  .defaultValue, .commandLine("--set cpu.value=0.9")]
        XCTAssertEqual(sources.map(\.description), ["file line 10", "repeat item line 21 of lib/m.yaml", "default", "--set cpu.value=0.9"])
        XCTAssertEqual(sources.map(\.word), ["file", "repeat item", "default", "--set"])
        XCTAssertEqual(sources.map(\.line), [10, 21, nil, nil])
        var group = SceneView(id: "cpu", type: .group, frame: nil, size: nil, values: AttributeValues(), children: [], range: .none)
        XCTAssertEqual(group.arguments, [])
        group.arguments = [InstanceArgument(name: "value", value: "0.42", kind: "ring.progress", source: sources[0])]
        XCTAssertEqual(group.arguments.first?.name, "value")
    }
}
