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

    /// Light and dark, poster and another moment, never share a name: `-dark`, then `-tT` (in
    /// seconds) for a still not at the poster; the frame files have no moment.
    func testTheAppearanceAndTheMomentAreInTheName() {
        XCTAssertEqual(PreviewAPI.downloadName(scene: "x.scene.yaml", format: "png", scale: 2, dark: true), "x-dark@2x.png")
        XCTAssertEqual(PreviewAPI.downloadName(scene: "x.scene.yaml", format: "png", scale: 2, time: 1.5), "x-t1.5s@2x.png")
        XCTAssertEqual(PreviewAPI.downloadName(scene: "x.scene.yaml", format: "svg", scale: nil, dark: true, time: 0.25),
                       "x-dark-t0.25s.svg")
        XCTAssertEqual(PreviewAPI.downloadName(scene: "x.scene.yaml", format: "flipbook", scale: nil, dark: true), "x-dark-flipbook.pdf")
        XCTAssertNotEqual(PreviewAPI.downloadName(scene: "x.scene.yaml", format: "png", scale: 2, dark: true),
                          PreviewAPI.downloadName(scene: "x.scene.yaml", format: "png", scale: 2))
    }
}
