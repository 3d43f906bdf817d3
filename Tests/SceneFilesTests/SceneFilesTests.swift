import XCTest
@testable import SceneFiles

final class SceneFilesModuleTests: XCTestCase {
    func testModuleIsLinked() {
        XCTAssertNotNil(SceneFiles.self)
    }
}
