import Foundation
import ScenecKit
import XCTest

/// The examples in scenes/ are what `make demo` renders and what the README shows: each loaded
/// and rendered in process, through `SceneFile` as `scenec check` and `render` use it (which
/// gives `render`'s bytes: ScenecCLITests/SceneFileTests).
final class ExampleScenesTests: XCTestCase {
    var scenes: [URL] {
        let dir = repositoryRoot.appendingPathComponent("scenes")
        return fileNames(in: dir).filter { $0.hasSuffix(".scene.yaml") }.map { dir.appendingPathComponent($0) }
    }

    func testThereIsAnExampleForEverySeedAndAShowcase() {
        let names = scenes.map(\.lastPathComponent)
        for prefix in ["seed-000-ring", "seed-000-lines", "seed-001-pie", "seed-002-ring", "seed-003-clock",
                       "seed-004-indicator", "showcase"] {
            XCTAssertTrue(names.contains("\(prefix).scene.yaml"), "missing scenes/\(prefix).scene.yaml")
        }
    }

    func testEveryExampleChecksCleanAndRendersToEveryFormat() throws {
        for scene in scenes {
            let file = try SceneFile(contentsOf: scene.path)
            XCTAssertEqual(file.diagnostics, [], "\(scene.lastPathComponent) has warnings")
            for format in SceneFile.Format.allCases {
                XCTAssertGreaterThan(try file.render(format).count, 100, "\(scene.lastPathComponent) as \(format)")
            }
        }
    }

    /// The README's picture is the showcase as scenec renders it now (`make docs` refreshes it).
    func testTheREADMEPictureIsNotStale() throws {
        let png = try SceneFile(contentsOf: repositoryRoot.appendingPathComponent("scenes/showcase.scene.yaml").path).render(.png)
        let committed = try Data(contentsOf: repositoryRoot.appendingPathComponent("docs/showcase.png"))
        XCTAssertEqual(Data(png), committed, "docs/showcase.png is stale: run make docs")
    }
}
