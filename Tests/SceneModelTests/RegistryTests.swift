import SceneModel
import XCTest

/// The registry as every stage reads it: names unique per kind, defaults that the kind's own
/// ranges and choices accept, and only interpolable kinds marked as interpolated.
final class RegistryTests: XCTestCase {
    func testEveryKindIsInTheRegistryOnceAndNamesItsType() {
        XCTAssertEqual(Registry.kinds.map(\.type), ViewType.allCases)
        for type in ViewType.allCases {
            XCTAssertEqual(type.kind.type, type)
            XCTAssertFalse(type.kind.summary.isEmpty, "\(type.rawValue) has no summary")
        }
        XCTAssertEqual(ViewType.allCases.filter(\.isContainer), [.group, .stack, .grid])
    }

    /// The registry line lists each kind's declaration once; the kind's paints are its own colour
    /// attributes.
    func testEachDeclarationIsItsKindsAndPaintsItsOwnColours() {
        XCTAssertEqual(Registry.declarations.map { $0.kind.type }, ViewType.allCases)
        for type in ViewType.allCases {
            XCTAssertEqual(ObjectIdentifier(type.declaration),
                           Registry.declarations.first { $0.kind.type == type }.map { ObjectIdentifier($0) })
            for part in type.declaration.paints(AttributeValues()) {
                XCTAssertEqual(type.kind.attribute(named: part.name)?.kind, .color, "\(type.rawValue).\(part.name)")
            }
        }
        XCTAssertEqual(Ring.paints(AttributeValues()), [PaintedPart("trackColor"), PaintedPart("progressColor", drawn: false)])
        XCTAssertEqual(Group.paints(AttributeValues()), [])
        XCTAssertEqual(Stack.kind.children, .placedByContainer)
        XCTAssertEqual(Group.kind.children, .placedByFrame)
    }

    func testAttributeNamesAreUniqueWithinAKindAndNotStructuralKeys() {
        for kind in Registry.kinds {
            let names = kind.attributes.map(\.name)
            XCTAssertEqual(names.count, Set(names).count, "\(kind.type.rawValue) declares a name twice: \(names)")
            for name in names {
                XCTAssertFalse(Registry.structuralKeys.contains(name), "\(kind.type.rawValue).\(name)")
                XCTAssertFalse(Registry.containerKeys.contains(name), "\(kind.type.rawValue).\(name)")
                XCTAssertEqual(kind.attribute(named: name)?.name, name)
            }
            XCTAssertNil(kind.attribute(named: "noSuchAttribute"))
            XCTAssertTrue(Set(kind.ownAttributes.map(\.name)).isSubset(of: Set(names)))
        }
    }

    func testDefaultsLieInsideTheirRangesAndChoices() {
        for kind in Registry.kinds {
            for spec in kind.attributes {
                let label = "\(kind.type.rawValue).\(spec.name)"
                XCTAssertFalse(spec.doc.isEmpty, "\(label) has no doc")
                guard let value = spec.defaultValue else {
                    XCTAssertNotEqual(spec.defaultDescription, "", "\(label): a derived default says what it is")
                    continue
                }
                switch (spec.kind, value) {
                case (.number(let range), .number(let n)):
                    XCTAssertTrue(range.contains(n), "\(label) default \(n) outside \(range)")
                case (.integer(let min), .number(let n)):
                    XCTAssertGreaterThanOrEqual(n, Double(min), label)
                    XCTAssertEqual(n, n.rounded(), label)
                case (.choice(let words), .choice(let word)):
                    XCTAssertTrue(words.contains(word), "\(label) default \(word) not among \(words)")
                case (.length, .length), (.angle, .angle), (.bool, .bool), (.timeOfDay, .timeOfDay),
                     (.points, .points), (.dash, .dash), (.insets, .insets), (.gridSpacing, .gridSpacing),
                     (.text, .text), (.fontFamily, .text), (.fontWeight, .choice), (.fontWeight, .number):
                    break
                case (.color, .color), (.color, .colorForm):
                    break
                default:
                    XCTFail("\(label): default \(value) is not a value of kind \(spec.kind.name)")
                }
                XCTAssertEqual(kind.defaultValues[spec.name], value, "\(label): the kind's table holds its default")
            }
        }
    }

    func testOnlyInterpolableKindsAreInterpolatedAndBoolsStep() {
        for kind in Registry.kinds {
            for spec in kind.attributes {
                let label = "\(kind.type.rawValue).\(spec.name)"
                switch spec.animatable {
                case .interpolated:
                    switch spec.kind {
                    case .number, .integer, .length, .angle, .color, .timeOfDay, .points, .insets, .gridSpacing: break
                    default: XCTFail("\(label) is interpolated but a \(spec.kind.name) cannot be")
                    }
                case .steps:
                    XCTAssertEqual(spec.kind, .bool, "\(label) steps")
                case .no:
                    break
                }
            }
        }
        XCTAssertEqual(Ring.progress.spec.animatable, .interpolated)
    }

    func testAttributesByNameHoldsEveryNameOnce() {
        let all = Set(Registry.kinds.flatMap { $0.attributes.map(\.name) })
        XCTAssertEqual(Set(Registry.attributesByName.keys), all)
        XCTAssertEqual(Registry.attributesByName["progress"]?.kind, .number(.unit))
    }

    func testNumberRangesContainClampAndDescribe() {
        XCTAssertTrue(NumberRange.unit.contains(0))
        XCTAssertTrue(NumberRange.unit.contains(1))
        XCTAssertFalse(NumberRange.unit.contains(1.0001))
        XCTAssertFalse(NumberRange.positive.contains(0), "> 0 leaves 0 out")
        XCTAssertTrue(NumberRange.nonNegative.contains(0))
        XCTAssertEqual(NumberRange.unit.clamp(-3), 0)
        XCTAssertEqual(NumberRange.unit.clamp(2), 1)
        XCTAssertEqual(NumberRange.any.clamp(-3), -3)
        XCTAssertEqual(NumberRange.unit.description, "0–1")
        XCTAssertEqual(NumberRange.positive.description, "> 0")
        XCTAssertEqual(NumberRange.nonNegative.description, "≥ 0")
        XCTAssertEqual(NumberRange(max: 5).description, "≤ 5")
        XCTAssertEqual(ValueKind.number(.any).name, "number")
        XCTAssertEqual(ValueKind.number(.unit).name, "number 0–1")
        XCTAssertTrue(ValueKind.fontFamily.isText)
        XCTAssertFalse(ValueKind.color.isText)
    }

    func testAttributeValuesReadDefaultsAndWhatWasSetWithItsSource() {
        var values = AttributeValues(defaultsOf: ViewType.ring.kind)
        XCTAssertEqual(values[Ring.progress], Ring.progress.defaultValue)
        XCTAssertEqual(values.resolved("progress")?.source, .defaultValue)
        values.set("progress", ResolvedValue(value: .number(1.5), source: .file))
        XCTAssertEqual(values[Ring.progress], 1.5)
        XCTAssertEqual(values.clamped(to: ViewType.ring.kind)[Ring.progress], 1, "an overshoot is clamped to 0–1")
        XCTAssertNil(values["noSuchAttribute"])
    }

    /// A derivation reads only attributes of its own kind (so the Lottie exporter, which follows
    /// the inputs' animations, watches real names), states its rule in the docs' words, and a
    /// computed rule gives a value of the attribute's kind for a view of the kind's defaults.
    func testEveryDerivationsInputsAreAttributesOfItsKind() {
        var derived = 0
        for kind in Registry.kinds {
            for spec in kind.attributes {
                guard let derivation = spec.derivation else { continue }
                derived += 1
                let label = "\(kind.type.rawValue).\(spec.name)"
                XCTAssertNil(spec.defaultValue, "\(label): derived, so no fixed default")
                XCTAssertEqual(spec.defaultDescription, derivation.description, label)
                XCTAssertTrue(!derivation.inputs.isEmpty || derivation.usesSize, "\(label) reads nothing")
                for input in derivation.inputs {
                    XCTAssertNotNil(kind.attribute(named: input), "\(label) reads \(input), which \(kind.type.rawValue) lacks")
                    XCTAssertNotEqual(input, spec.name, "\(label) reads itself")
                }
                XCTAssertEqual(kind.inputs(of: spec.name), [spec.name] + derivation.inputs, label)
                let values = AttributeValues(defaultsOf: kind), size = Size(width: 120, height: 80)
                if derivation.isMeasured {
                    XCTAssertNil(derivation.value(in: values, size: size), label)
                    continue
                }
                let value = derivation.value(in: values, size: size)
                let view = ResolvedView(values: values, size: size, type: kind.type)
                XCTAssertEqual(view.value(of: spec.name), value, label)
                XCTAssertEqual(view.source(of: spec.name),
                               .derived(from: derivation.inputs + (derivation.usesSize ? ["size"] : [])), label)
                switch (spec.kind, value) {
                case (.color, .color?), (.number, .number?), (.length, .length?):
                    break
                default:
                    XCTFail("\(label): the rule gives \(String(describing: value)), not a \(spec.kind.name)")
                }
            }
        }
        XCTAssertEqual(derived, 11, "indicator ×2, pie, ring ×2, clock ×3, gauge ×2, grid")
    }
}
