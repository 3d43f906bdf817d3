import SceneModel
import XCTest

/// `ResolvedView`: a derived attribute reads the given value or its rule's, with the source
/// saying which; the typed keys (`AttributeKey`: `Attribute`, `DerivedAttribute`,
/// `MeasuredAttribute`, `OptionalAttribute`) and the rules (`Derivation`, `SizeMeasure`).
final class ResolvedViewTests: XCTestCase {
    func indicator(_ set: [String: Value] = [:], width: Double = 40) -> ResolvedView {
        var values = AttributeValues(defaultsOf: Indicator.kind)
        for (name, value) in set { values.set(name, ResolvedValue(value: value, source: .file)) }
        return ResolvedView(values: values, size: Size(width: width, height: width), type: .indicator)
    }

    func testADerivedAttributeIsItsRuleUnlessGiven() {
        let off = indicator()
        XCTAssertEqual(off[Indicator.strokeColor], Color.rgb255(255, 0, 0).scaled(by: 0.75), "the off colour × 0.75")
        XCTAssertEqual(off.source(of: "strokeColor"), .derived(from: ["on", "onColor", "offColor"]))
        XCTAssertEqual(off[Indicator.lineWidth], 2, "5% of 40")
        XCTAssertEqual(off.source(of: "lineWidth"), .derived(from: ["size"]))
        let on = indicator(["on": .bool(true)], width: 100)
        XCTAssertEqual(on[Indicator.strokeColor], Color.rgb255(0x34, 0xc7, 0x59).scaled(by: 0.75), "the on colour's")
        XCTAssertEqual(on[Indicator.lineWidth], 5)
        let given = indicator(["strokeColor": .color(.black), "lineWidth": .number(7)])
        XCTAssertEqual(given[Indicator.strokeColor], .black)
        XCTAssertEqual(given[Indicator.lineWidth], 7)
        XCTAssertEqual(given.source(of: "strokeColor"), .file)
        XCTAssertEqual(given.source(of: "offColor"), .defaultValue)
        XCTAssertEqual(given.value(of: "lineWidth"), .number(7))
        XCTAssertNil(given.value(of: "noSuchAttribute"))
    }

    func testEachRuleOfTheRegistry() {
        var pie = AttributeValues(defaultsOf: Pie.kind)
        pie.set("borderColor", ResolvedValue(value: .color(.rgb255(1, 2, 3)), source: .imported(style: "card", file: "s.yaml")))
        let p = ResolvedView(values: pie, size: Size(width: 10, height: 10), type: .pie)
        XCTAssertEqual(p[Pie.fillColor], .rgb255(1, 2, 3))
        XCTAssertEqual(p.source(of: "borderColor").description, "style card from s.yaml")
        XCTAssertEqual(p.source(of: "fillColor").description, "derived from borderColor")

        let ring = ResolvedView(values: AttributeValues(defaultsOf: Ring.kind), size: Size(width: 100, height: 60), type: .ring)
        XCTAssertEqual(ring[Ring.labelColor], Ring.progressColor.defaultValue)
        XCTAssertNil(ring[Ring.labelSize], "measured when drawn")
        XCTAssertTrue(Ring.labelSize.spec.derivation?.isMeasured ?? false)

        let clock = ResolvedView(values: AttributeValues(defaultsOf: Clock.kind), size: Size(width: 100, height: 60), type: .clock)
        XCTAssertEqual(clock[Clock.secondHandColor], .whiteColor)
        XCTAssertEqual(clock[Clock.numeralSize], 30 * 0.18, accuracy: 1e-12, "18% of the radius, half the smaller side")

        var grid = AttributeValues(defaultsOf: Grid.kind)
        grid.set("columns", ResolvedValue(value: .number(3), source: .file))
        grid.set("spacing", ResolvedValue(value: .gridSpacing(GridSpacing(row: 0, column: 10)), source: .file))
        let g = ResolvedView(values: grid, size: Size(width: 320, height: 50), type: .grid)
        XCTAssertEqual(g[Grid.rowHeight], .pt(100), "(320 − 2 × 10) / 3")

        let lines = ResolvedView(values: AttributeValues(defaultsOf: Lines.kind), size: Size(width: 1, height: 1), type: .lines)
        let dash: OptionalAttribute<DashPattern> = Lines.dash
        XCTAssertNil(lines[dash], "no default at all")
        XCTAssertEqual(lines.source(of: "dash"), .defaultValue)
    }

    func testRulesAreComparedByWhatTheyRead() {
        let keys: [any AttributeKey] = Indicator.fillInputs
        XCTAssertEqual(keys.map(\.name), ["on", "onColor", "offColor"])
        let a = Derivation(inputs: ["x"], usesSize: false, description: "x") { _, _ in .number(1) }
        let b = Derivation(inputs: ["x"], usesSize: false, description: "x") { _, _ in .number(2) }
        XCTAssertEqual(a, b, "a function cannot be compared; the spec is compared by its inputs and words")
        XCTAssertNotEqual(a, Derivation(inputs: ["x"], usesSize: true, description: "x", compute: nil))
        let fraction = DerivedAttribute<Double>("w", .number(.any), percent: 50, of: SizeMeasure.radius, doc: "d")
        XCTAssertEqual(fraction.spec.defaultDescription, "50% of the radius")
        let measured = MeasuredAttribute<Double>("m", .number(.any), from: [Ring.label], described: "fits", doc: "d")
        XCTAssertEqual(measured.spec.derivation?.inputs, ["label"])
    }
}
