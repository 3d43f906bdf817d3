import SceneCheck
import XCTest

/// `--set` texts read as the command line and the preview read them.
final class OverrideListTests: XCTestCase {
    func testEachTextIsAnAddressAndAValueSplitAtTheFirstEquals() throws {
        let overrides = try OverrideList.parse(["r.progress=0.5", "views[1].text=a=b", "canvas.background=#fff"]).get()
        XCTAssertEqual(overrides.map(\.address.description), ["r.progress", "views[1].text", "canvas.background"])
        XCTAssertEqual(overrides.map(\.valueText), ["0.5", "a=b", "#fff"])
        XCTAssertEqual(overrides.map(\.option), ["--set r.progress=0.5", "--set views[1].text=a=b", "--set canvas.background=#fff"])
        XCTAssertEqual(try OverrideList.parse([]).get().count, 0)
    }

    func testTheFirstTextOfTheWrongShapeIsTheMessage() {
        guard case .failure(let error) = OverrideList.parse(["r.progress=1", "progress", "x"]) else {
            return XCTFail("'progress' has no value")
        }
        XCTAssertTrue(error.message.hasPrefix("--set needs ADDRESS=VALUE"), error.message)
        XCTAssertTrue(error.message.hasSuffix("got 'progress'"), error.message)
        guard case .failure(let bad) = OverrideList.parse(["views[x].progress=1"]) else {
            return XCTFail("views[x] is no address")
        }
        XCTAssertTrue(bad.message.hasPrefix("--set views[x].progress=1: "), bad.message)
    }
}
