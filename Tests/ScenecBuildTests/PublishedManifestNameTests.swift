import XCTest
@testable import ScenecBuild
import SceneSupport

/// The names a manifest is published under (`--publish-manifest NAME`, `cache:NAME`) and the
/// `/ac/` key each gets; PublishedManifestTests (ScenecCLITests) publish and fetch against nginx.
final class PublishedManifestNameTests: XCTestCase {
    func testTheKeyIsTheSHA256OfTheNameInItsOwnSpace() {
        var hash = SHA256()
        hash.update("scenec manifest\u{0}main")
        XCTAssertEqual(PublishedManifest.key("main"), hash.finish())
        XCTAssertNotEqual(PublishedManifest.key("main"), PublishedManifest.key("main2"))
        XCTAssertEqual(PublishedManifest.key("main").utf8.count, 64)
    }

    func testANameIsWhatABranchIsCalledAndNothingToEscape() {
        for name in ["main", "release/1.2", "feature_x-y.z"] { XCTAssertTrue(PublishedManifest.isName(name), name) }
        for name in ["", "main branch", "a\u{0}b", "x\ny", "é", String(repeating: "a", count: PublishedManifest.maxName + 1)] {
            XCTAssertFalse(PublishedManifest.isName(name), name)
        }
    }
}
