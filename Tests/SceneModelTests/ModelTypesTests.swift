import SceneModel
import SceneSyntax
import XCTest

/// The model's value types and typed keys through their API: each view kind's attributes read
/// through `AttributeValues`, text templates parsed into segments, the scene deadline's message.
final class ModelTypesTests: XCTestCase {
    func testTypedKeysReadTheKindsDefaultsAndGivenValues() {
        var values = AttributeValues(defaultsOf: Pie.kind)
        XCTAssertEqual(values[Pie.progress], 0)
        XCTAssertEqual(values[Pie.startAngle], Angle(degrees: -90))
        XCTAssertTrue(values[Pie.clockwise])
        XCTAssertEqual(values[Layer.opacity], 1)
        XCTAssertFalse(values[Layer.hidden])
        XCTAssertNil(values.given(Pie.fillColor), "a derived default is not given until a value is (ResolvedView applies the rule)")
        XCTAssertEqual(values.resolved(Pie.progress.name)?.source, .defaultValue)
        values.set(Pie.progress.name, ResolvedValue(value: .number(0.25), source: .commandLine))
        values.set(Pie.fillColor.name, ResolvedValue(value: .color(.black), source: .style("warm")))
        XCTAssertEqual(values[Pie.progress], 0.25)
        XCTAssertEqual(values.given(Pie.fillColor), .black)
        XCTAssertEqual(values.resolved(Pie.progress.name)?.source.description, "--set")
        XCTAssertEqual(values.resolved(Pie.fillColor.name)?.source.description, "style warm")
        XCTAssertEqual(AttributeSource.file.description, "file")
        XCTAssertEqual(AttributeSource.defaultValue.description, "default")
        XCTAssertEqual(Pie.kind.intrinsicSize, Size(width: 37, height: 37))
    }

    func testEachViewKindDeclaresItsOwnAttributes() {
        func names(_ kind: ViewKind) -> Set<String> { Set(kind.ownAttributes.map(\.name)) }
        XCTAssertTrue(names(Label.kind).isSuperset(of: [Label.text.name, Label.font.name, Label.fontWeight.name]))
        XCTAssertEqual(Label.font.defaultValue, TextValue(Label.defaultFamily))
        XCTAssertTrue(names(Clock.kind).isSuperset(of: ["time", "handColor", "secondHandColor"]))
        XCTAssertNil(Clock.secondHandColor.spec.defaultValue, "derived from handColor")
        XCTAssertTrue(names(Indicator.kind).isSuperset(of: [Indicator.on.name, Indicator.strokeColor.name]))
        XCTAssertTrue(names(Lines.kind).isSuperset(of: [Lines.points.name, Lines.dash.name]))
        XCTAssertTrue(Lines.points.spec.isRequired)
        XCTAssertEqual(names(Group.kind), [], "a group has only the layer's attributes")
        XCTAssertTrue(names(Stack.kind).isSuperset(of: [Stack.axis.name, Stack.spacing.name]))
        XCTAssertEqual(Grid.columns.spec.animatable, .no)
        XCTAssertTrue(Grid.columns.spec.isRequired)
        XCTAssertEqual(Grid.columns.spec.defaultDescription, "required")
        XCTAssertEqual(Layer.hidden.spec.animatable, Animatability.steps)
        XCTAssertEqual(Set(Layer.attributes.map(\.name)).isSubset(of: Set(Pie.kind.attributes.map(\.name))), true)
        let pieBorder = Layer.borderColor.spec.withDefault(.color(.black), described: "black")
        XCTAssertEqual(pieBorder.defaultDescription, "black")
        XCTAssertEqual(pieBorder.name, Layer.borderColor.name)
    }

    func testAttributeValuesConvertToAndFromValues() {
        XCTAssertEqual(DashPattern(.dash([4, 2])), DashPattern(lengths: [4, 2]))
        XCTAssertEqual(DashPattern(lengths: [1]).asValue, .dash([1]))
        XCTAssertNil(DashPattern(.number(1)))
        XCTAssertEqual(TextValue(.text("hi"))?.string, "hi")
        XCTAssertNil(TextValue(.choice("hi")), "a choice's word is not text")
        XCTAssertEqual(TextValue("x").asValue, .text("x"))
        XCTAssertEqual(Int(Value.number(3)), 3)
        XCTAssertNil(Int(Value.number(.infinity)))
        XCTAssertEqual(Length(Value.number(5)), .pt(5), "a bare number is points")
        let points = [Point(x: .pt(1), y: .pt(2))]
        XCTAssertEqual([Point](points.asValue), points)
        XCTAssertEqual(GridSpacing(Value.gridSpacing(GridSpacing(row: 1, column: 2)))?.column, 2)
        XCTAssertEqual(GridSpacing(row: 3, column: 3).description, "3")
        XCTAssertEqual(GridSpacing(row: 1, column: 2).description, "{row: 1, column: 2}")
        func roundTrip<T: AttributeValue & Equatable>(_ v: T) -> T? { T(v.asValue) }
        XCTAssertEqual(roundTrip(Color.black), .black)
        XCTAssertEqual(roundTrip(true), true)
    }

    func testFramesAndSizesAsWritten() {
        let frame = FrameSpec(x: .center(.pt(10)), y: .origin(.pt(0)), width: nil, height: .pt(4))
        XCTAssertEqual(frame.x, FramePosition.center(.pt(10)))
        XCTAssertNotEqual(frame.x, FramePosition.origin(.pt(10)))
        XCTAssertEqual(SizeSpec(width: .pt(1), height: .pt(2)).height, .pt(2))
        let font = FontFile(written: "f/a.ttf", path: "/s/f/a.ttf", range: .none)
        let scene = Scene(canvas: Canvas(width: 10, height: 10), views: [], fonts: [font])
        XCTAssertEqual(scene.fonts.map(\.written), ["f/a.ttf"])
    }

    func testFontWeightWordsLieInItsRange() {
        XCTAssertEqual(FontWeight.words.first { $0.name == "bold" }?.weight, 700)
        for word in FontWeight.words { XCTAssertTrue(FontWeight.range.contains(word.weight), word.name) }
    }

    func testSystemColorEntriesHaveTwoSides() throws {
        let blue = try XCTUnwrap(SystemColors.all.first { (entry: SystemColors.Entry) in entry.name == "systemBlue" })
        XCTAssertEqual(blue.light, .rgb255(0, 122, 255))
        XCTAssertEqual(blue.dark, .rgb255(10, 132, 255))
        XCTAssertEqual(ColorForm.system(blue).systemName, "systemBlue")
    }

    func testATemplateIsLiteralsAndBindings() throws {
        let template = try TextTemplate.parse("at {r.progress:percent} {{ok}}").get()
        XCTAssertEqual(template.segments.count, 3)
        XCTAssertEqual(template.segments.first, TextTemplate.Segment.literal("at "))
        XCTAssertEqual(template.segments.last, TextTemplate.Segment.literal(" {ok}"))
        let binding: TextTemplate.Binding = try XCTUnwrap(template.bindings.first)
        XCTAssertEqual([binding.viewID, binding.attribute], ["r", "progress"])
        XCTAssertEqual(binding.format, .percent(digits: 0))
        XCTAssertEqual([binding.offset, binding.length], [3, 20])
        XCTAssertTrue(template.isBound)
        guard case .failure(let problem) = TextTemplate.parse("a {b} c") else { return XCTFail("{b} names no attribute") }
        let located: TextTemplate.Problem = problem
        XCTAssertEqual(located.message, "'{b}' in text must name a view and an attribute, as {download.progress}")
        XCTAssertEqual([located.offset, located.length], [2, 3])
        XCTAssertEqual(located.notes, ["write {{ for a brace"])
    }

    /// One bad `{…}` does not hide the next: each is a problem at its own offset, an unknown
    /// format carrying the format as written (what a fix replaces), and a `{` never closed ends it.
    func testEveryProblemOfATemplateIsFound() {
        let problems = TextTemplate.problems(in: "{a.b:percnt} {c} {d.e} {f.g:zz} {oops")
        XCTAssertEqual(problems.map(\.offset), [0, 13, 23, 32])
        XCTAssertEqual(problems.map(\.unknownFormat), ["percnt", nil, "zz", nil])
        XCTAssertEqual(problems.last?.message, "'{' without its '}' in text")
        XCTAssertEqual(TextTemplate.problems(in: "{a.b:percent} {{c}}"), [])
        guard case .failure(let first) = TextTemplate.parse("{a.b:percnt} {c}") else { return XCTFail("two problems") }
        XCTAssertEqual(first.offset, 0, "parse reports the first")
    }

    func testTimelineRepeatsAndLength() {
        let spec = Pie.progress.spec
        let once = Animation(viewID: "p", attribute: spec, begin: 1, keyframes: [Keyframe(at: 0, value: .number(0), easing: .linear), Keyframe(at: 2, value: .number(1), easing: .linear)],
                             repeatCount: .count(2), autoreverse: true, range: .none)
        XCTAssertEqual(once.cycleDuration, 4)
        XCTAssertEqual(once.activeDuration, 8)
        var forever = once
        forever.repeatCount = Repeat.forever
        XCTAssertNil(forever.activeDuration)
    }

    func testADeadlineThatHasPassedThrowsWhereTheWorkWas() {
        XCTAssertFalse(SceneDeadline(seconds: 3600).hasPassed)
        let passed = SceneDeadline(seconds: 0)
        XCTAssertTrue(passed.hasPassed)
        let range = SourceRange(start: SourceLocation(line: 3, column: 5), end: SourceLocation(line: 3, column: 9))
        XCTAssertThrowsError(try passed.check(reached: SceneTimeout.Place(view: ("ring 'r'", range)))) { error in
            guard let timeout = error as? SceneTimeout else { return XCTFail("\(error)") }
            XCTAssertEqual(timeout.description, "the scene took longer than 0 s (--scene-timeout) and was stopped at ring 'r'")
            XCTAssertEqual(timeout.inFrame(12, of: 300).description,
                           "the scene took longer than 0 s (--scene-timeout) and was stopped at frame 12 of 300, drawing ring 'r'")
            XCTAssertEqual(timeout.diagnostic(otherwise: .none).range, range)
        }
    }

    func testValueTableReadsViewsByIDClampedAndResolvesBindings() {
        var values = AttributeValues(defaultsOf: Pie.kind)
        values.set("progress", ResolvedValue(value: .number(1.5), source: .file))
        let pie = SceneView(id: "p", type: .pie, frame: nil, size: nil, values: values, children: [], range: .none)
        let table = ValueTable(views: [pie])
        XCTAssertEqual(table.value("p", "progress"), .number(1), "clamped to the unit range, as drawn")
        XCTAssertNil(table.value("q", "progress"))
        XCTAssertEqual(table.resolve("{p.progress:percent}", now: 0), "100%")
        XCTAssertEqual(table.resolve("plain", now: 0), "plain")
        XCTAssertEqual(ValueTable().resolve("a{p.progress}b", now: 0), "ab", "a view the table lacks writes nothing")
        XCTAssertEqual(table.value("p", "fillColor"), table.value("p", "borderColor"), "a derived value not given is its rule's")
        var indicator = AttributeValues(defaultsOf: Indicator.kind)
        indicator.set("on", ResolvedValue(value: .bool(true), source: .file))
        let withSize = ValueTable(views: [SceneView(id: "i", type: .indicator, frame: nil, size: nil, values: indicator, children: [], range: .none)])
        XCTAssertNotNil(withSize.value("i", "strokeColor"))
        XCTAssertNil(withSize.value("i", "lineWidth"), "a rule of the view's size reads nothing: a label is measured before layout")
    }

    /// A typed key and the declaration every stage reads: its spec, default and description.
    func testAnAttributeCarriesItsDeclaration() {
        let typed: Attribute<Double> = Pie.progress
        XCTAssertEqual(typed.defaultValue, 0)
        let spec: AttributeSpec = typed.spec
        XCTAssertEqual(spec.defaultValue, .number(0))
        XCTAssertEqual(spec.defaultDescription, "0")
        XCTAssertEqual(spec.kind, .number(.unit))
        let derived: DerivedAttribute<Color> = Pie.fillColor
        XCTAssertNil(derived.spec.defaultValue)
        XCTAssertEqual(derived.spec.defaultDescription, "the view's borderColor")
        let required = Attribute<Double>("n", .number(.unit), default: 0.5, required: true, doc: "d")
        XCTAssertEqual(required.spec.defaultDescription, "required")
        XCTAssertTrue(required.spec.isRequired)
        XCTAssertEqual(required.name, "n")
    }
}
