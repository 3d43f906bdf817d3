import Foundation
import XCTest
@testable import SceneCheck
@testable import SceneSchema
import SceneSupport
import SceneModel
import SceneSyntax

/// The JSON Schema and the tables of docs/language.md are generated from the registry: every attribute
/// appears with its kind's type, range, words and default, and the value grammars' patterns
/// accept what the checker accepts.
final class SchemaTests: XCTestCase {
    let schema = SceneSchema.document

    func definition(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
        try XCTUnwrap(schema[path: "definitions", name], "no definitions/\(name)", file: file, line: line)
    }

    func testItIsADraft07SchemaThatRejectsUnknownTopLevelKeys() throws {
        XCTAssertEqual(schema["$schema"], .string("http://json-schema.org/draft-07/schema#"))
        XCTAssertEqual(schema["additionalProperties"], .bool(false))
        // A scene needs both; a library (styles or components, neither canvas nor views) neither.
        XCTAssertEqual(schema[path: "else", "required"], ["canvas", "views"])
        XCTAssertEqual(schema[path: "if", "properties", "canvas"], .bool(false))
        XCTAssertEqual(schema[path: "then", "properties", "timeline"], .bool(false))
        XCTAssertEqual(Set(schema["properties"]?.keys ?? []), Set(SceneChecker.topKeys + SceneChecker.libraryKeys))
    }

    func testEveryViewKindHasADefinitionWithExactlyItsKeys() throws {
        for kind in Registry.kinds {
            let def = try definition(kind.type.rawValue)
            let expected = Registry.structuralKeys + (kind.type.isContainer ? Registry.containerKeys : [])
                + kind.attributes.map(\.name)
            XCTAssertEqual(def["properties"]?.keys, expected, kind.type.rawValue)
            XCTAssertEqual(def["additionalProperties"], .bool(false), "\(kind.type.rawValue) must refuse unknown keys")
            XCTAssertEqual(def[path: "properties", "type", "const"], .string(kind.type.rawValue))
            let required = (def["required"]?.arrayValue ?? []).compactMap(\.stringValue)
            XCTAssertEqual(required, ["type"] + kind.attributes.filter(\.isRequired).map(\.name))
        }
        // Each kind by its type, then an instance by a component's name; `repeat:` skips the chain.
        let chain = try XCTUnwrap(try definition("view")[path: "else", "allOf"]?.arrayValue)
        XCTAssertEqual(chain.dropLast().map { $0[path: "if", "properties", "type", "const"] },
                       Registry.kinds.map { .string($0.type.rawValue) })
        XCTAssertEqual(chain.dropLast().map { $0[path: "then", "$ref"] },
                       Registry.kinds.map { .string("#/definitions/\($0.type.rawValue)") })
        XCTAssertEqual(chain.last?[path: "then", "$ref"], "#/definitions/instance")
        // A component's views have their own copies, whose values may be $parameters.
        for kind in Registry.kinds {
            let def = try definition("component-" + kind.type.rawValue)
            XCTAssertEqual(def["properties"]?.keys, try definition(kind.type.rawValue)["properties"]?.keys)
            for spec in kind.attributes {
                XCTAssertEqual(def[path: "properties", spec.name, "anyOf"]?.arrayValue?.last?["$ref"], "#/definitions/parameterUse")
            }
        }
    }

    func testEveryAttributeHasItsTypeRangeWordsDefaultAndDoc() throws {
        for kind in Registry.kinds {
            for spec in kind.attributes {
                let where_ = "\(kind.type.rawValue).\(spec.name)"
                let attr = try XCTUnwrap(try definition(kind.type.rawValue)[path: "properties", spec.name], where_)
                let description = try XCTUnwrap(attr["description"]?.stringValue, where_)
                XCTAssertTrue(description.hasPrefix(spec.doc), where_)
                if spec.isRequired {
                    XCTAssertTrue(description.contains("Required."), where_)
                    XCTAssertNil(attr["default"], where_)
                } else {
                    XCTAssertTrue(description.contains("Default: \(spec.defaultDescription)."), where_)
                }
                if spec.defaultValue == nil { XCTAssertNil(attr["default"], "\(where_) has a derived default") }
                switch spec.kind {
                case .number(let range):
                    XCTAssertEqual(attr["type"], "number", where_)
                    XCTAssertEqual(attr[range.minExclusive ? "exclusiveMinimum" : "minimum"]?.numberValue, range.min, where_)
                    XCTAssertEqual(attr["maximum"]?.numberValue, range.max, where_)
                    if !spec.isRequired, case .number(let v)? = spec.defaultValue {
                        XCTAssertEqual(attr["default"], .number(v), where_)
                    }
                case .integer(let min):
                    XCTAssertEqual(attr["type"], "integer", where_)
                    XCTAssertEqual(attr["minimum"]?.numberValue, Double(min), where_)
                case .choice(let words):
                    XCTAssertEqual(attr["enum"], .array(words.map(JSONValue.string)), where_)
                    if case .choice(let word)? = spec.defaultValue { XCTAssertEqual(attr["default"], .string(word), where_) }
                case .bool:
                    XCTAssertEqual(attr["type"], "boolean", where_)
                    if case .bool(let b)? = spec.defaultValue { XCTAssertEqual(attr["default"], .bool(b), where_) }
                case .text, .fontFamily:
                    XCTAssertEqual(attr["type"], "string", where_)
                    if case .text(let t)? = spec.defaultValue { XCTAssertEqual(attr["default"], .string(t), where_) }
                case .fontWeight:
                    XCTAssertEqual(attr["anyOf"]?.arrayValue?.count, 2, where_)
                case .length, .angle, .color, .timeOfDay, .points, .dash, .insets, .gridSpacing:
                    let ref = try XCTUnwrap(attr[path: "allOf"]?.arrayValue?.first?["$ref"]?.stringValue, where_)
                    let name = String(ref.dropFirst("#/definitions/".count))
                    XCTAssertNotNil(schema[path: "definitions", name], "\(where_) refers to a missing \(ref)")
                }
                let animatable = spec.animatable != .no
                XCTAssertEqual(description.contains("Animatable"), animatable, where_)
            }
        }
    }

    func testPiesOwnLayerDefaultsAreInItsDefinition() throws {
        let pie = try definition("pie"), ring = try definition("ring")
        XCTAssertEqual(pie[path: "properties", "borderWidth", "default"], 2)
        XCTAssertEqual(ring[path: "properties", "borderWidth", "default"], 0)
        XCTAssertEqual(pie[path: "properties", "cornerRadius", "default"], "50%")
        XCTAssertEqual(pie[path: "properties", "backgroundColor", "default"],
                       ["red": 255, "green": 255, "blue": 255, "alpha": 0.15])
        // Pie has a size of its own, so only it may leave the frame's width and height out.
        XCTAssertNil(pie["else"])
        XCTAssertEqual(ring[path: "else", "properties", "frame", "required"], ["width", "height"])
    }

    func testStylesTakeEveryAttributeNameAndNothingElse() throws {
        let style = try definition("style")
        XCTAssertEqual(Set(style["properties"]?.keys ?? []), Set(Registry.attributesByName.keys))
        XCTAssertEqual(style["additionalProperties"], .bool(false))
        // spacing is a number for a stack and a number or {row, column} for a grid.
        XCTAssertEqual(style[path: "properties", "spacing", "anyOf"]?.arrayValue?.count, 2)
    }

    func testTheFixedStructureMatchesTheChecker() throws {
        XCTAssertEqual(try definition("frame")["properties"]?.keys, FrameChecker.frameKeys)
        XCTAssertEqual(try definition("timeline")["properties"]?.keys, TimelineChecker.timelineKeys)
        XCTAssertEqual(try definition("animation")["properties"]?.keys, TimelineChecker.animationKeys)
        XCTAssertEqual(try definition("keyframe")["properties"]?.keys, TimelineChecker.keyframeKeys)
        XCTAssertEqual(try definition("timeline")[path: "properties", "fps", "minimum"], 1)
        XCTAssertEqual(try definition("timeline")[path: "properties", "fps", "maximum"], 240)
        XCTAssertEqual(try definition("easing")["anyOf"]?.arrayValue?.first?["enum"],
                       .array(Easing.named.keys.sorted().map(JSONValue.string)))
    }

    func testOnlyAnimatableAttributesCanBeTargeted() throws {
        let animation = try definition("animation")
        let target = try XCTUnwrap(animation["allOf"]?.arrayValue?.first?[path: "properties", "target", "pattern"]?.stringValue)
        let regex = try Regex(target)
        for kind in Registry.kinds {
            for spec in kind.attributes {
                let animatableSomewhere = Registry.kinds.contains { $0.attribute(named: spec.name).map { $0.animatable != .no } ?? false }
                XCTAssertEqual((try? regex.firstMatch(in: "v.\(spec.name)")) != nil, animatableSomewhere, spec.name)
            }
        }
    }

    func testOutputIsDeterministicValidJSON() throws {
        let text = SceneSchema.text
        XCTAssertEqual(text, SceneSchema.text)
        XCTAssertEqual(AttributeTables.markdown, AttributeTables.markdown)
        XCTAssertTrue(text.hasSuffix("}\n"))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        XCTAssertEqual(parsed?["$schema"] as? String, SceneSchema.draft)
        // Every $ref points at a definition that exists.
        for ref in text.components(separatedBy: "\"$ref\": \"").dropFirst() {
            let target = String(ref.prefix { $0 != "\"" })
            XCTAssertTrue(target.hasPrefix("#/definitions/"), target)
            XCTAssertNotNil(schema[path: "definitions", String(target.dropFirst("#/definitions/".count))], target)
        }
    }

    func testMarkdownHasATableRowForEveryAttribute() {
        let md = AttributeTables.markdown
        XCTAssertTrue(md.hasPrefix("### Common to every view\n"))
        for spec in Layer.attributes { XCTAssertTrue(md.contains("| `\(spec.name)` |"), spec.name) }
        for kind in Registry.kinds {
            let section = md.components(separatedBy: "\n### `\(kind.type.rawValue)`\n").last ?? ""
            let own = section.components(separatedBy: "\n### ").first ?? ""
            for spec in kind.ownAttributes {
                XCTAssertTrue(own.contains("| `\(spec.name)` | "), "\(kind.type.rawValue).\(spec.name)")
            }
        }
        XCTAssertTrue(md.contains("Its own defaults for common attributes: `backgroundColor` {white: 1, alpha: 0.15}, `borderColor` white, `borderWidth` 2, `cornerRadius` \"50%\"."), md)
        XCTAssertTrue(md.contains("37 × 37"))
    }

    // MARK: the value grammars' patterns against the checker

    /// Reads `text` as a quoted YAML string, as a scene would hold it.
    func node(_ text: String) throws -> Node {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let read = YAMLReader().read(SourceFile(name: "v", text: "v: \"\(escaped)\"\n"))
        return try XCTUnwrap(read.root?.mapping?.first?.value)
    }

    func assertPattern(_ pattern: String, agreesWith accepts: (Node) -> Bool, on samples: [String],
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let regex = try Regex(pattern)
        for sample in samples {
            let schemaSays = (try? regex.firstMatch(in: sample)) != nil
            XCTAssertEqual(schemaSays, accepts(try node(sample)),
                           "the schema \(schemaSays ? "accepts" : "refuses") '\(sample)' but scenec does not",
                           file: file, line: line)
        }
    }

    func succeeded<T>(_ r: Result<T, ValueError>) -> Bool {
        if case .success = r { return true }
        return false
    }

    func testLengthPatternAgreesWithTheChecker() throws {
        try assertPattern(ValueSchemas.lengthPattern, agreesWith: { self.succeeded(ValueParser.length($0, what: "v")) }, on: [
            "12", "-3", "1e2", "0.5", ".5", "5.", "50%", " 50% ", "-10%", "100% - 10", "50% + 4", "100%-10", "50 %",
            "50% * 2", "%", "50%%", "abc", "50% - -4", "50% 4", "", "1e", "12pt", "50% + 1e1",
            "100% - 5%", "50% + 10 - 4", "10 + 50%", "100%-5%-2", "50% +", "50% - + 4", "5% 5%", "1e-2% + 1e+1",
        ])
        try assertPattern(ValueSchemas.dimensionPattern, agreesWith: { node in
            guard case .success(let l) = ValueParser.length(node, what: "v") else { return false }
            return !(l.percent == 0 && l.points < 0)
        }, on: ["12", "0", "-3", "50%", "100% - 40", "-10%", "abc", "+4", "100% - 5%", "50% + 10 - 4", "10 + 5"])
    }

    /// A length of many terms that fails at its end is refused by walking it once. Patterns whose
    /// spaces could be split two ways per term (`space "%?"` then the next term's `space`) made a
    /// backtracking engine try 2^terms splits: this sample, 24 terms, would not finish.
    func testALongFailingSumIsRefusedWithoutBacktracking() throws {
        let sample = "1" + String(repeating: " - 1 ", count: 24) + "x"
        for pattern in [ValueSchemas.lengthPattern, ValueSchemas.dimensionPattern] {
            XCTAssertNil(try Regex(pattern).firstMatch(in: sample))
            XCTAssertNotNil(try Regex(pattern).firstMatch(in: "1" + String(repeating: " - 1 ", count: 24)))
        }
    }

    func testAnglePatternAgreesWithTheChecker() throws {
        try assertPattern(ValueSchemas.anglePattern, agreesWith: { self.succeeded(ValueParser.angle($0, what: "v")) }, on: [
            "90", "-90", "90deg", "1.5708rad", "0.25turn", "90 deg", "1e1deg", "90grad", "deg", "90degs", "turn90", "",
        ])
    }

    func testDurationPatternAgreesWithTheChecker() throws {
        try assertPattern(ValueSchemas.durationPattern,
                          agreesWith: { self.succeeded(Timing.duration($0, fps: 30, what: "v")) }, on: [
            "2", "1.5s", "250ms", "12f", "1.5 s", "+1s", "0s", "-1s", "s", "1m", "1.5h", "2 seconds", "1e1s", "",
        ])
    }

    func testTimeOfDayPatternAgreesWithTheChecker() throws {
        try assertPattern(ValueSchemas.timeOfDayPattern,
                          agreesWith: { self.succeeded(ValueParser.timeOfDay($0, what: "v")) }, on: [
            "10:09:30", "22:15", "47:59:59", "24:00:30", "0:00", "10:09:30.5", "10:09:5.5", "now", " now ",
            "48:00", "10:60", "10:9", "1:2:3", "10:09:60", "10:09:5", "noon", "10", "", "-1:00",
        ])
    }

    func testColorPatternsAndNamesAgreeWithTheChecker() throws {
        let patterns = try [ValueSchemas.hexColorPattern, ValueSchemas.rgbPattern, ValueSchemas.rgbaPattern].map { try Regex($0) }
        let names = Set(ValueSchemas.colorNames)
        let samples = ["#fff", "#ffff", "#ffffff", "#ffffff80", "#ABCDEF", "#fffff", "#ggg", "#", "rgb(1, 111, 37)",
                       "rgb(1,111,37)", "RGB(1, 2, 3)", "rgb (1, 2, 3)", "rgba(255, 255, 255, 0.15)", "rgba(0, 0, 0, 1)",
                       "rgb(255.0, 0, 0)", "rgb(256, 0, 0)", "rgb(255.5, 0, 0)", "rgba(0, 0, 0, 1.5)", "rgb(1, 2)",
                       "rgb(1, 2, 3, 4)", "rgba(1, 2, 3)", "rgb(-1, 0, 0)", "red", "rebeccapurple", "clear", "transparent",
                       "reddish", "", "blue-ish"]
        for sample in samples {
            let schemaSays = names.contains(sample) || patterns.contains { (try? $0.firstMatch(in: sample)) != nil }
            let scenecSays = succeeded(ColorParser.color(try node(sample), what: "v"))
            XCTAssertEqual(schemaSays, scenecSays, "'\(sample)': schema \(schemaSays), scenec \(scenecSays)")
        }
    }

    func testEasingPatternsAgreeWithTheChecker() throws {
        let patterns = try [ValueSchemas.cubicBezierPattern, ValueSchemas.stepsPattern].map { try Regex($0) }
        let samples = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default", "cubicBezier(0.42, 0, 0.58, 1)",
                       "cubicBezier(0.42,0,0.58,1)", "cubicBezier(1.5, 0, 0.5, 1)", "cubicBezier(0, -2, 1, 3)",
                       "cubicBezier(0, 0, 1)", "steps(4)", "steps(4.0)", "steps(0)", "steps(10000)", "steps(10001)",
                       "steps(1.5)", "ease", "easeInOut", "spring", "cubic-bezier(0, 0, 1, 1)", ""]
        for sample in samples {
            let schemaSays = Easing.named[sample] != nil || patterns.contains { (try? $0.firstMatch(in: sample)) != nil }
            let scenecSays = succeeded(Timing.easing(try node(sample), what: "v"))
            XCTAssertEqual(schemaSays, scenecSays, "'\(sample)': schema \(schemaSays), scenec \(scenecSays)")
        }
    }
}
