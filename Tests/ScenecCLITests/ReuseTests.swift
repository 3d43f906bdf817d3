import XCTest

/// YAML merge keys (`<<: *base`, `<<: [*a, *b]`) with anchors kept under ignored `x-` keys: every
/// scene in Tests/Corpus/reuse renders byte for byte as its `.expanded` twin, written out by hand.
final class ReuseTests: XCTestCase {
    static let corpus = repositoryRoot.appendingPathComponent("Tests/Corpus/reuse")

    func testMergedScenesRenderExactlyAsTheirExpandedEquivalents() throws {
        let names = fileNames(in: Self.corpus).filter { $0.hasSuffix(".scene.yaml") && !$0.contains(".expanded.") }
        XCTAssertGreaterThanOrEqual(names.count, 3)
        let out = try temporaryDirectory(self)
        for name in names {
            let base = String(name.dropLast(".scene.yaml".count))
            var pictures: [[Data]] = []
            for file in [name, base + ".expanded.scene.yaml"] {
                let png = out.appendingPathComponent("\(file).png"), svg = out.appendingPathComponent("\(file).svg")
                let result = try scenec(["render", file, "--time", "0.4", "-o", png.path, "-o", svg.path], directory: Self.corpus)
                XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
                XCTAssertEqual(result.stderr, "", "\(file) should check without a word")
                pictures.append([try Data(contentsOf: png), try Data(contentsOf: svg)])
            }
            XCTAssertEqual(pictures[0], pictures[1], "\(name) does not draw as its expanded equivalent")
        }
    }
}
