@testable import SceneRender
import SceneModel
import XCTest

/// Every kind that holds no children draws something of its own, so it has a drawer
/// (`extension NAME: ViewDrawer` in Drawers/NAMEDrawer.swift); a container has none.
final class KindDrawerTests: XCTestCase {
    func testEveryDrawingKindHasADrawerAndNoContainerHasOne() {
        for kind in Registry.kinds {
            if kind.children == .none {
                XCTAssertNotNil(kind.type.drawer, "\(kind.type.rawValue) has no drawer: add extension to Drawers/")
            } else {
                XCTAssertNil(kind.type.drawer, "\(kind.type.rawValue) is a container; its children draw")
            }
        }
    }

    /// A kind that sizes to its content measures it in its drawer.
    func testOnlyTheLabelMeasuresItsContent() {
        XCTAssertEqual(Registry.kinds.filter(\.sizesToContent).map(\.type), [.label])
    }
}
