import Foundation
import SceneCheck
import SceneModel
import SceneSchema
import SceneSyntax
import XCTest

/// `scenec help KIND`, `scenec schema --markdown KIND` and `scenec schema KIND` for every kind in
/// the registry, as KindHelp and SceneSchema give them to the commands: the summary, a row and
/// the doc of every attribute, an example that checks, the markdown heading and a JSON object.
final class EveryKindHelpTests: XCTestCase {
    func testHelpCoversEveryKindInTheRegistryAndItsExampleChecks() throws {
        for kind in Registry.kinds {
            let name = kind.type.rawValue
            XCTAssertEqual(KindHelp.kind(named: name)?.type, kind.type)
            let text = KindHelp.text(kind)
            XCTAssertTrue(text.hasPrefix("\(name): \(kind.summary)"), text)
            for spec in kind.attributes {
                XCTAssertTrue(text.contains("  \(spec.name) "), "\(name): no row for \(spec.name)")
                XCTAssertTrue(text.contains(spec.doc), "\(name): no doc for \(spec.name)")
            }
            let marker = "example (a scene that checks):\n\n"
            let example = try XCTUnwrap(text.range(of: marker).map { String(text[$0.upperBound...]) })
            let yaml = example.split(separator: "\n").map { $0.dropFirst(4) }.joined(separator: "\n")
            // What `scenec check` finds in it, errors only (a warning passes).
            let file = SourceFile(name: "\(name).scene.yaml", text: yaml)
            let errors = SceneChecker().check(file).diagnostics.filter { $0.severity == .error }
            XCTAssertEqual(errors.map { $0.rendered(in: file) }, [], "\(name)'s example does not check:\n\(yaml)")

            XCTAssertTrue(KindHelp.markdown(kind).hasPrefix("### `\(name)`"), KindHelp.markdown(kind))
            XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data((SceneSchema.text(of: kind) + "\n").utf8)) as? [String: Any])
        }
    }
}
