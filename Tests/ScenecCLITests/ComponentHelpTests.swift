import Foundation
import TestSupport
import XCTest

/// `scenec help FILE [COMPONENT]` (docs/commands.md): the components a library or a scene can
/// use, with their parameters, as the components checker read them.
final class ComponentHelpTests: XCTestCase {
    static let corpus = repositoryRoot.appendingPathComponent("Tests/Corpus/reuse")

    static let meterPage = """
        Meter: A ring showing a value, with a caption under it.
          defined at lib/meters.yaml:2:3
          parameter  kind                        default
          value      ring.progress (number 0–1)  0
              Fraction of the ring drawn.
          color      color                       systemBlue
              The ring's colour.
          caption    text                        (required)
              Words under the ring.


        """

    func testHelpListsALibrarysAndAScenesComponentsWithTheirParameters() throws {
        let library = try scenec(["help", "lib/meters.yaml"], directory: Self.corpus)
        XCTAssertEqual(library.status, 0, library.stderr)
        XCTAssertEqual(library.stdoutText, Self.meterPage)
        XCTAssertEqual(library.stderr, "")

        // A scene: the components it imports, where they are defined (relative to where scenec runs).
        let scene = try scenec(["help", "components.scene.yaml", "Meter"], directory: Self.corpus)
        XCTAssertEqual(scene.status, 0, scene.stderr)
        XCTAssertEqual(scene.stdoutText, Self.meterPage)

        let unknown = try scenec(["help", "components.scene.yaml", "Metre"], directory: Self.corpus)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("components.scene.yaml has no component 'Metre'; did you mean 'Meter'?"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("its components: Meter"), unknown.stderr)
    }

    func testAFileWithErrorsListsWhatWasReadAndSaysSo() throws {
        let dir = try temporaryDirectory(self)
        _ = try write("""
            components:
              Dot:
                parameters: {on: {kind: bool}}
                views:
                  - {id: d, type: indicator, frame: {x: 0, y: 0, width: 100%, height: 100%}, on: $on, colr: red}

            """, "lib.yaml", in: dir)
        let result = try scenec(["help", "lib.yaml"], directory: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdoutText.hasPrefix("Dot\n  defined at lib.yaml:2:3 (its definition has errors: instances are not drawn)\n"),
                      result.stdoutText)
        XCTAssertTrue(result.stdoutText.contains("  on         bool  (required)\n"), result.stdoutText)
        XCTAssertTrue(result.stderr.contains("note: lib.yaml has 1 error; run 'scenec check lib.yaml' to see it"), result.stderr)

        _ = try write("canvas: {width: 10, height: 10}\nviews: []\n", "plain.yaml", in: dir)
        let plain = try scenec(["help", "plain.yaml"], directory: dir)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(plain.stdoutText, "plain.yaml defines and imports no components\n")
        XCTAssertEqual(try scenec(["help", "missing.yaml"], directory: dir).status, 3)
    }
}
