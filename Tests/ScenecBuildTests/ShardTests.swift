import XCTest
import ScenecBuild
import TestSupport

/// `--shard K/N`: N builds that together make exactly the outputs of one, none twice (moved
/// from ScenecCLITests.BuildCommandTests).
final class ShardTests: XCTestCase {
    func testShardsTogetherBuildExactlyTheUnshardedOutputsWithoutOverlap() throws {
        let project = try Project(self)
        for i in 0..<20 {
            try project.write(ringScene(Double(i) / 20), "scenes/\(["", "a/", "a/b/"][i % 3])s\(i).scene.yaml")
        }
        var plan = try project.plan(out: "all")
        plan.formats = [.png, .pdf]
        XCTAssertEqual(try project.build(plan).status, .success)
        let whole = project.outputs("all")
        XCTAssertEqual(whole.count, 40)
        var union: [String] = []
        for k in 1...3 {
            var part = try project.plan(out: "shard\(k)")
            part.formats = [.png, .pdf]
            part.shard = try Shard("\(k)/3")
            XCTAssertEqual(try project.build(part).status, .success)
            let files = project.outputs("shard\(k)")
            XCTAssertFalse(files.isEmpty, "shard \(k) is empty")
            for file in files {
                XCTAssertEqual(try project.data("shard\(k)/\(file)"), try project.data("all/\(file)"), file)
            }
            XCTAssertTrue(project.exists("shard\(k)/.scenec-manifest.\(k)-of-3.json"))
            union += files
        }
        XCTAssertEqual(union.count, Set(union).count, "no output is built by two shards")
        XCTAssertEqual(union.sorted(), whole)
    }

    /// Each scene is in exactly one of N shards, for any N.
    func testEachPathIsInExactlyOneShard() throws {
        let paths = (0..<200).map { "dir\($0 % 7)/scene\($0).scene.yaml" }
        for n in [1, 2, 3, 5, 8] {
            let shards = try (1...n).map { try Shard("\($0)/\(n)") }
            for path in paths {
                XCTAssertEqual(shards.filter { $0.contains(path) }.count, 1, "\(path) in \(n) shards")
            }
        }
    }

    func testMalformedShardsAreRefused() {
        for bad in ["0/3", "4/3", "1/0", "x"] {
            XCTAssertThrowsError(try Shard(bad), bad) { error in
                XCTAssertTrue((error as? PlanError)?.message.hasPrefix("--shard must be K/N") == true, "\(error)")
            }
        }
    }
}
