import SceneCheck
import SceneModel
import SceneSyntax
import TestSupport
import XCTest
@testable import SceneEdit

/// `edit` writes a colour in the form chosen: over random forms (every single form, `{color,
/// alpha}` and `{light, dark}` of them), the text the writer gives reads back as the very same
/// form — a name stays a name, a pair's sides keep theirs, hex appears only for hex.
final class ColorFormRoundTripTests: XCTestCase {
    func testEveryFormReadsBackAsWritten() throws {
        var random = SeededRandom(state: 23)
        for i in 0..<500 {
            let form = Self.form(&random, depth: 0)
            let text = ValueWriter.write(.colorForm(form)).flow
            let read = YAMLReader().read(SourceFile(name: "v", text: "v: \(text)\n"))
            let node = try XCTUnwrap(read.root?.mapping?.first?.value, "case \(i): \(text)")
            switch ValueParser.parse(node, as: .color, what: "v") {
            case .success(let value): XCTAssertEqual(value, .colorForm(form), "case \(i): \(text)")
            case .failure(let error): XCTFail("case \(i): \(text) refused: \(error)")
            }
            XCTAssertEqual(text, form.description, "the writer's flow text is the form's own text")
        }
    }

    /// 0–255 steps and two-decimal alphas: what a person writes, so the value is exact in text.
    static func color(_ random: inout SeededRandom, alpha: Bool = true) -> Color {
        func step() -> Double { Double(Int.random(in: 0...255, using: &random)) }
        return .rgb255(step(), step(), step(), alpha: alpha ? Double(Int.random(in: 0...100, using: &random)) / 100 : 1)
    }

    /// depth 0: any form; 1: a pair's side (no pair); 2: `{color, alpha}`'s colour (single only).
    static func form(_ random: inout SeededRandom, depth: Int) -> ColorForm {
        let choices = depth == 0 ? 9 : depth == 1 ? 8 : 7
        switch Int.random(in: 0..<choices, using: &random) {
        case 0:
            var c = color(&random)
            c.alpha = Double(Int.random(in: 0...255, using: &random)) / 255
            return .hex(c)
        case 1: return .rgb(color(&random))
        case 2: return .components(color(&random))
        case 3:
            let w = Double(Int.random(in: 0...100, using: &random)) / 100
            return .white(.white(w, alpha: Double(Int.random(in: 0...100, using: &random)) / 100))
        case 4:
            let names = ["red", "Tomato", "rebeccapurple", "LightGoldenrodYellow", "transparent"]
            let name = names[Int.random(in: 0..<names.count, using: &random)]
            let reference = ColorFormRoundTripTests.parsed(name)
            return reference ?? .clear
        case 5: return .clear
        case 6: return .system(SystemColors.all[Int.random(in: 0..<SystemColors.all.count, using: &random)])
        case 7: return .withAlpha(form(&random, depth: 2), Double(Int.random(in: 0...100, using: &random)) / 100)
        default: return .pair(light: form(&random, depth: 1), dark: form(&random, depth: 1))
        }
    }

    /// A CSS name's form as the checker reads it (the table of names lives there).
    static func parsed(_ text: String) -> ColorForm? {
        let read = YAMLReader().read(SourceFile(name: "v", text: "v: \(text)\n"))
        guard let node = read.root?.mapping?.first?.value,
              case .success(.colorForm(let form)) = ValueParser.parse(node, as: .color, what: "v") else { return nil }
        return form
    }
}
