import SceneCheck
import SceneModel
import SceneSchema
import SceneSupport
import SceneSyntax
import XCTest

/// KindHelp's pages, AttributeTables' sections and EditorVocabulary, read through their own API:
/// each says what the registry and the checker say.
final class KindHelpAndVocabularyTests: XCTestCase {
    let ring = ViewType.ring.kind

    func testKindHelpTextHasTheSummaryEveryAttributeAndAnExampleThatChecks() throws {
        XCTAssertEqual(KindHelp.kind(named: "ring")?.type, .ring)
        XCTAssertNil(KindHelp.kind(named: "rnig"))
        let text = KindHelp.text(ring)
        XCTAssertTrue(text.hasPrefix("ring: \(ring.summary)\n"), text)
        XCTAssertTrue(text.contains("\nring attributes:\n"), text)
        XCTAssertTrue(text.contains("\nlayer attributes (every view has them):\n"), text)
        for spec in ring.attributes {
            XCTAssertTrue(text.contains("\n  \(spec.name) "), "no row for \(spec.name)")
            XCTAssertTrue(text.contains("\n      \(spec.doc)\n"), "no doc for \(spec.name)")
        }
        XCTAssertTrue(text.hasSuffix("\n" + KindHelp.example(ring).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"))

        for kind in Registry.kinds {
            let file = SourceFile(name: "\(kind.type.rawValue).scene.yaml", text: KindHelp.example(kind))
            let checked = SceneChecker().check(YAMLReader().read(file).root, file: file)
            XCTAssertNotNil(checked.scene, "\(kind.type.rawValue)'s example: \(checked.diagnostics.map(\.message))")
        }
    }

    func testKindHelpMarkdownHasARowPerAttributeInRegistryOrder() throws {
        let markdown = KindHelp.markdown(ring)
        XCTAssertTrue(markdown.hasPrefix("### `ring`\n\n\(ring.summary)\n"), markdown)
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| `") }
        let names = rows.map { $0.dropFirst(3).prefix { $0 != "`" } }.map(String.init)
        XCTAssertEqual(names, ring.ownAttributes.map(\.name) + ring.layerAttributes.map(\.name))
        XCTAssertEqual(names, ring.attributes.map(\.name), "the table's order is the registry's: own first")
        XCTAssertTrue(markdown.hasSuffix("```yaml\n" + KindHelp.example(ring) + "```\n"))
    }

    func testTheMarkdownTableOfAKindIsItsRegistryAttributes() throws {
        let markdown = AttributeTables.markdown
        for kind in Registry.kinds {
            let section = try XCTUnwrap(markdown.components(separatedBy: "\n### `\(kind.type.rawValue)`\n\n").dropFirst().first)
            let own = section.components(separatedBy: "\n### ").first ?? ""
            XCTAssertTrue(own.hasPrefix(kind.summary + "\n"), kind.type.rawValue)
            let names = own.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { String($0.dropFirst(3).prefix { $0 != "`" }) }
            XCTAssertEqual(names, kind.ownAttributes.map(\.name), kind.type.rawValue)
        }
        let common = markdown.components(separatedBy: "\n### `").first ?? ""
        let names = common.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { String($0.dropFirst(3).prefix { $0 != "`" }) }
        XCTAssertEqual(names, Layer.attributes.map(\.name))
        XCTAssertTrue(markdown.contains("\n### iOS system colours\n"))
        for entry in SystemColors.all { XCTAssertTrue(markdown.contains("| `\(entry.name)` | "), entry.name) }
    }

    func testTheSchemaTextOfAKindIsItsDefinition() {
        XCTAssertEqual(SceneSchema.text(of: ring), (SceneSchema.document[path: "definitions", "ring"] ?? .null).prettyPrinted)
    }

    func testEditorVocabularyListsTheCheckersKeysAndWords() {
        XCTAssertEqual(EditorVocabulary.topKeys, SceneChecker.topKeys)
        XCTAssertTrue(EditorVocabulary.topKeys.contains("timeline"))
        XCTAssertEqual(EditorVocabulary.frameKeys, ["x", "y", "centerX", "centerY", "width", "height"])
        XCTAssertEqual(EditorVocabulary.canvasKeys, SceneAddress.canvasAttributes)
        XCTAssertTrue(EditorVocabulary.animationKeys.contains("autoreverse"))
        XCTAssertEqual(EditorVocabulary.keyframeKeys, ["at", "value", "easing"])
        XCTAssertEqual(EditorVocabulary.easingNames, Easing.named.keys.sorted())
        XCTAssertEqual(EditorVocabulary.easingCurve("easeIn"), "cubicBezier(0.42, 0, 1, 1)")
        XCTAssertNil(EditorVocabulary.easingCurve("wobble"))
        XCTAssertTrue(EditorVocabulary.fontWeights.contains("bold"))
        XCTAssertEqual(EditorVocabulary.summary(of: .pie), ViewType.pie.kind.summary)
        let colors = Dictionary(EditorVocabulary.colorNames.map { ($0.name, $0.color) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(colors["red"], .rgb255(255, 0, 0))
        XCTAssertEqual(colors["clear"], .clear)
        XCTAssertEqual(EditorVocabulary.importPath("../shared/theme.yaml", from: "scenes/a/x.scene.yaml"), "scenes/shared/theme.yaml")
    }

    func testEditorVocabularyDocsComeFromTheSchema() {
        XCTAssertEqual(EditorVocabulary.doc(ofKey: "fps", in: "timeline"), "Frames per second.")
        XCTAssertEqual(EditorVocabulary.doc(ofKey: "width", in: "canvas"), "Width in points, > 0.")
        // A key whose schema is a $ref reads the description of the definition it names.
        XCTAssertEqual(EditorVocabulary.doc(ofKey: "canvas", in: nil),
                       SceneSchema.document[path: "definitions", "canvas", "description"]?.stringValue)
        XCTAssertNil(EditorVocabulary.doc(ofKey: "nosuchkey", in: "frame"))
    }

    func testEditorVocabularyReadsAValueAsTheCheckerDoes() throws {
        func node(_ yaml: String) throws -> Node {
            try XCTUnwrap(YAMLReader().read(SourceFile(name: "v", text: "v: \(yaml)\n")).root?.mapping?.first?.value)
        }
        XCTAssertEqual(EditorVocabulary.value(try node("\"#ff0000\""), as: .color), .colorForm(.hex(.rgb255(255, 0, 0))))
        XCTAssertNil(EditorVocabulary.value(try node("reddish"), as: .color))
        XCTAssertEqual(EditorVocabulary.value(try node("true"), as: .bool), .bool(true))
        XCTAssertNil(EditorVocabulary.value(try node("maybe"), as: .bool))
    }
}

/// The parts of the docs that list the kinds, from the registry (`schema --block`).
final class KindDocsTests: XCTestCase {
    func testTheSentenceAndTheBulletsNameEveryKind() {
        let sentence = KindDocs.kindsSentence.replacingOccurrences(of: "\n", with: " ")
        for kind in Registry.kinds { XCTAssertTrue(sentence.contains("`\(kind.type.rawValue)`"), kind.type.rawValue) }
        XCTAssertTrue(sentence.contains("`lines` and `label` draw something; `group`, `stack` and `grid` hold `children`."), sentence)
        let bullets = KindDocs.geometryBullets.components(separatedBy: "\n").filter { $0.hasPrefix("- **") }
        XCTAssertEqual(bullets.count, Registry.kinds.filter { $0.geometry != nil }.count)
        XCTAssertTrue(KindDocs.fuzzDictionaryEntries.contains("\n\"trackColor\"\n"))
    }

    func testWrapping() {
        XCTAssertEqual(KindDocs.wrap("aa bb cc", width: 5, indent: "  "), "aa bb\n  cc")
        XCTAssertEqual(KindDocs.wrap("- one two three", width: 9, indent: "  "), "- one two\n  three")
    }
}
