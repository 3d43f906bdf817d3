@testable import ScenePreview
import XCTest

/// `/api/export`'s download name goes into a `Content-Disposition` header: nothing a file name
/// may hold (a quote, CR, LF, a semicolon, non-ASCII, a slash) may end the header or the
/// parameter, and a name of dots alone is not left to mean a folder.
final class ExportNameTests: XCTestCase {
    func testTheSceneNameKeepsOnlySafeCharacters() {
        XCTAssertEqual(PreviewAPI.downloadName(scene: "ring.scene.yaml", format: "png", scale: 2), "ring@2x.png")
        XCTAssertEqual(PreviewAPI.downloadName(scene: "ring.scene.yaml", format: "png", scale: 1.5), "ring@1.5x.png")
        XCTAssertEqual(PreviewAPI.downloadName(scene: "ring.yaml", format: "svg", scale: nil), "ring.svg")
        XCTAssertEqual(PreviewAPI.downloadName(scene: "ring.scene.yaml", format: "flipbook", scale: nil), "ring-flipbook.pdf")
        XCTAssertEqual(PreviewAPI.downloadName(scene: "a\"b\r\nc;d/é.scene.yaml", format: "gif", scale: nil), "a_b__c_d__.gif")
        XCTAssertEqual(PreviewAPI.downloadName(scene: "...scene.yaml", format: "pdf", scale: nil), "scene.pdf")
        XCTAssertEqual(PreviewAPI.downloadName(scene: String(repeating: "x", count: 300) + ".scene.yaml", format: "svg", scale: nil),
                       String(repeating: "x", count: 100) + ".svg")
    }
}
