import XCTest
import SceneModel

/// `scenec help KIND` and `scenec schema [--markdown] KIND`. (What `inspect --wide` adds for
/// authors is ScenecKitTests/InspectAndOverrideTests, in process.)
final class KindHelpTests: XCTestCase {
    func testHelpCoversEveryKindInTheRegistryAndItsExampleChecks() throws {
        let dir = try temporaryDirectory(self)
        for kind in Registry.kinds {
            let name = kind.type.rawValue
            let help = try scenec(["help", name])
            XCTAssertEqual(help.status, 0, help.stderr)
            let text = help.stdoutText
            XCTAssertTrue(text.hasPrefix("\(name): \(kind.summary)"), text)
            for spec in kind.attributes {
                XCTAssertTrue(text.contains("  \(spec.name) "), "\(name): no row for \(spec.name)")
                XCTAssertTrue(text.contains(spec.doc), "\(name): no doc for \(spec.name)")
            }
            let marker = "example (a scene that checks):\n\n"
            let example = try XCTUnwrap(text.range(of: marker).map { String(text[$0.upperBound...]) })
            let yaml = example.split(separator: "\n").map { $0.dropFirst(4) }.joined(separator: "\n")
            let file = dir.appendingPathComponent("\(name).scene.yaml")
            try yaml.write(to: file, atomically: true, encoding: .utf8)
            let check = try scenec(["check", file.path])
            XCTAssertEqual(check.status, 0, "\(name)'s example does not check:\n\(yaml)\n\(check.stderr)")

            let markdown = try scenec(["schema", "--markdown", name])
            XCTAssertEqual(markdown.status, 0, markdown.stderr)
            XCTAssertTrue(markdown.stdoutText.hasPrefix("### `\(name)`"), markdown.stdoutText)
            let schema = try scenec(["schema", name])
            XCTAssertEqual(schema.status, 0, schema.stderr)
            XCTAssertNotNil(try JSONSerialization.jsonObject(with: schema.stdout) as? [String: Any])
        }
    }

    func testHelpAloneIsTheUsageAndAnUnknownTopicSuggests() throws {
        let usage = try scenec(["help"])
        XCTAssertEqual(usage.status, 0)
        XCTAssertTrue(usage.stdoutText.hasPrefix("usage: scenec COMMAND"), usage.stdoutText)
        let command = try scenec(["help", "render"])
        XCTAssertTrue(command.stdoutText.hasPrefix("usage: scenec render"), command.stdoutText)
        let unknown = try scenec(["help", "rng"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no help on 'rng'; did you mean 'ring'?"), unknown.stderr)
        let schema = try scenec(["schema", "rng"])
        XCTAssertEqual(schema.status, 2)
        XCTAssertTrue(schema.stderr.contains("did you mean 'ring'?"), schema.stderr)
    }
}
