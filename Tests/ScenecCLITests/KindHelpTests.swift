import XCTest
import SceneModel

/// `scenec help KIND` and `scenec schema [--markdown] KIND` as commands. (Every kind's page is
/// SceneSchemaTests/EveryKindHelpTests, and what `inspect --wide` adds for authors
/// ScenecKitTests/InspectAndOverrideTests, in process.)
final class KindHelpTests: XCTestCase {
    /// One kind through the commands (every kind's page is SceneSchemaTests/EveryKindHelpTests).
    func testHelpAndSchemaOfAKindArePrinted() throws {
        let help = try scenec(["help", "ring"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdoutText.hasPrefix("ring: \(ViewType.ring.kind.summary)"), help.stdoutText)
        let markdown = try scenec(["schema", "--markdown", "ring"])
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        XCTAssertTrue(markdown.stdoutText.hasPrefix("### `ring`"), markdown.stdoutText)
        let schema = try scenec(["schema", "ring"])
        XCTAssertEqual(schema.status, 0, schema.stderr)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: schema.stdout) as? [String: Any])
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
