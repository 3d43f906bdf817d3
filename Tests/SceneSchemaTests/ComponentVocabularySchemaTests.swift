import XCTest
@testable import SceneCheck
@testable import SceneSchema
import SceneSupport
import SceneModel

/// The schema's component words are the checker's (`ComponentVocabulary`), not a copy: the
/// kinds a parameter names, the names it may not take, the names a component may not take.
final class ComponentVocabularySchemaTests: XCTestCase {
    let schema = SceneSchema.document

    func testParameterKindsAndReservedNamesAreTheCheckersLists() throws {
        let kind = try XCTUnwrap(schema[path: "definitions", "parameter", "properties", "kind", "anyOf"])
        XCTAssertEqual(kind, [["enum": .strings(ComponentVocabulary.parameterKindNames)],
                              ["type": "string", "pattern": .string(ComponentSchema.attributeKindPattern)]])
        XCTAssertEqual(ComponentVocabulary.parameterKindNames, ParameterKind.named.map(\.name))
        let names = try XCTUnwrap(schema[path: "definitions", "component", "properties", "parameters", "propertyNames", "not", "enum"])
        XCTAssertEqual(names, .strings(ComponentVocabulary.reservedParameterNames))
        XCTAssertEqual(Set(ComponentVocabulary.reservedParameterNames), ComponentDefinition.reservedNames)
    }

    func testABuiltInsNameCapitalisedIsRefusedAsAComponentsName() throws {
        let refused = try XCTUnwrap(schema[path: "definitions", "components", "propertyNames", "not", "enum"])
        XCTAssertEqual(refused, .strings(ComponentSchema.builtInKindNames))
        for name in ComponentSchema.builtInKindNames {
            XCTAssertNotNil(ComponentVocabulary.builtInKind(named: name), name)
        }
        XCTAssertTrue(ComponentSchema.builtInKindNames.contains("Label"))
    }
}
