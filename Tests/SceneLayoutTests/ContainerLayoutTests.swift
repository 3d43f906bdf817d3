@testable import SceneLayout
import SceneModel
import XCTest

/// A container that places its children lays them out (`extension NAME: LaysOutChildren`);
/// no other kind has a layout.
final class ContainerLayoutTests: XCTestCase {
    func testExactlyTheContainersThatPlaceTheirChildrenHaveALayout() {
        for kind in Registry.kinds {
            XCTAssertEqual(containerLayouts[kind.type] != nil, kind.children == .placedByContainer, kind.type.rawValue)
        }
        XCTAssertEqual(Registry.kinds.filter { $0.children != .none }.map(\.type), [.group, .stack, .grid])
    }
}
