import XCTest

/// The examples in scenes/ are what `make demo` renders and what the README shows.
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
        let out = try temporaryDirectory(self)
        for scene in scenes {
            let check = try scenec(["check", scene.path])
            XCTAssertEqual(check.status, 0, check.stderr)
            XCTAssertEqual(check.stderr, "", "\(scene.lastPathComponent) has warnings")
            for format in ["png", "pdf", "svg"] {
                let target = out.appendingPathComponent(scene.lastPathComponent + "." + format)
                let result = try scenec(["render", scene.path, "-o", target.path])
                XCTAssertEqual(result.status, 0, "\(scene.lastPathComponent): \(result.stderr)")
                XCTAssertGreaterThan((try? Data(contentsOf: target))?.count ?? 0, 100)
            }
        }
    }

    /// The README's picture is the showcase as scenec renders it now (`make docs` refreshes it).
    func testTheREADMEPictureIsNotStale() throws {
        let out = try temporaryDirectory(self).appendingPathComponent("showcase.png")
        let result = try scenec(["render", repositoryRoot.appendingPathComponent("scenes/showcase.scene.yaml").path,
                                 "-o", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let committed = try Data(contentsOf: repositoryRoot.appendingPathComponent("docs/showcase.png"))
        XCTAssertEqual(try Data(contentsOf: out), committed, "docs/showcase.png is stale: run make docs")
    }
}
