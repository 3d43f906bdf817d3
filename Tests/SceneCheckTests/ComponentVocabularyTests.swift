import XCTest
@testable import SceneCheck
import SceneModel
import SceneSyntax

/// The components vocabulary is one list in SceneModel (`ComponentVocabulary`): the checker
/// refuses exactly its reserved names, names exactly its kinds in messages and completion,
/// hints at scenec's word for another language's kind, and refuses a built-in's name.
final class ComponentVocabularyTests: XCTestCase {
    func firstError(parameter: String = "value", kind: String = "number", component: String = "Widget") -> String {
        let library = """
            components:
              \(component):
                parameters:
                  \(parameter): {kind: \(kind), default: 0}
                views:
                  - {id: r, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}}

            """
        var options = CheckOptions()
        options.readImport = { _ in .success(Array(library.utf8)) }
        let scene = "imports: [lib.yaml]\ncanvas: {width: 10, height: 10}\nviews: []\n"
        let result = SceneChecker(options: options).checkResult(SourceFile(name: "scene.yaml", text: scene))
        guard let d = result.diagnostics.first(where: { $0.severity == .error }) else { return "none" }
        return ([d.message] + d.notes).joined(separator: " | ")
    }

    func testTheCheckerRefusesEachReservedNameAndItsNoteListsThemAll() {
        let reserved = ComponentVocabulary.reservedParameterNames
        XCTAssertEqual(Set(reserved), Set(ComponentVocabulary.instanceGroupKeys + Registry.containerKeys + ["repeat"]))
        XCTAssertEqual(ComponentDefinition.reservedNames, Set(reserved))
        for name in reserved {
            let message = firstError(parameter: name)
            XCTAssertTrue(message.hasPrefix("a parameter cannot be named '\(name)'"), message)
            for other in reserved { XCTAssertTrue(message.contains(other), "\(other) missing from: \(message)") }
        }
        XCTAssertEqual(firstError(parameter: "level"), "none")
    }

    func testTheCheckerAndTheEditorReadTheOneListOfKinds() {
        XCTAssertEqual(ParameterKind.named.map(\.name), ComponentVocabulary.parameterKindNames)
        XCTAssertEqual(References.parameterKindNames.map(\.name), ComponentVocabulary.parameterKindNames)
        for name in ComponentVocabulary.parameterKindNames where name != "number" {
            XCTAssertFalse(firstError(kind: name).contains("unknown parameter kind"), name)
        }
        XCTAssertTrue(firstError(kind: "numbr").contains(ComponentVocabulary.parameterKindsSentence))
    }

    func testAViewKindOrAnotherLanguagesWordGetsScenecsWord() {
        XCTAssertTrue(firstError(kind: "ring").hasPrefix("unknown parameter kind 'ring': 'ring' is a view kind; a parameter takes one of its attributes' kinds, such as 'ring.progress'"),
                      firstError(kind: "ring"))
        XCTAssertTrue(firstError(kind: "string").hasPrefix("unknown parameter kind 'string': a text is 'text'"), firstError(kind: "string"))
        XCTAssertTrue(firstError(kind: "float").hasPrefix("unknown parameter kind 'float': a number is 'number'"))
        XCTAssertTrue(firstError(kind: "int").hasPrefix("unknown parameter kind 'int': a number is 'number'"))
        XCTAssertTrue(firstError(kind: "percent").contains("'ring.progress'"))
        // A near spelling still gets its did-you-mean, not the table's hint.
        XCTAssertTrue(firstError(kind: "colour").contains("did you mean 'color'"), firstError(kind: "colour"))
    }

    func testAComponentNamedAsABuiltInIsRefused() {
        XCTAssertTrue(firstError(component: "Label").hasPrefix("a component cannot be named 'Label': it reads as the built-in view kind 'label'"),
                      firstError(component: "Label"))
        XCTAssertTrue(firstError(component: "Ring").contains("built-in view kind 'ring'"))
        XCTAssertEqual(firstError(component: "Rings"), "none")
    }
}
