import XCTest
import SceneCheck
import SceneLayout
import SceneModel
import SceneSyntax

/// Layout is pure: these place scenes without Cairo or files.
final class LayoutTests: XCTestCase {
    func place(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [PlacedView] {
        let r = SceneChecker().check(SourceFile(name: "t", text: text))
        XCTAssertEqual(r.diagnostics.map(\.message), [], file: file, line: line)
        let scene = try XCTUnwrap(r.scene, file: file, line: line)
        return Layout.place(scene)
    }

    func testPercentFramesAndCentres() throws {
        let views = try place("""
            canvas: {width: 400, height: 200}
            views:
              - {type: ring, frame: {x: "10%", y: "100% - 60", width: "50%", height: 50}}
              - {type: ring, frame: {centerX: "50%", centerY: "50%", width: 100, height: 40}}
              - {type: pie, frame: {x: 5, y: 6}}
            """)
        XCTAssertEqual(views[0].frame, Rect(x: 40, y: 140, width: 200, height: 50))
        XCTAssertEqual(views[1].frame, Rect(x: 150, y: 80, width: 100, height: 40))
        XCTAssertEqual(views[2].frame, Rect(x: 5, y: 6, width: 37, height: 37))
    }

    func testGroupChildrenAreRelativeToTheGroup() throws {
        let views = try place("""
            canvas: {width: 400, height: 400}
            views:
              - type: group
                frame: {x: 100, y: 50, width: 200, height: 100}
                children:
                  - {type: ring, frame: {x: "50%", y: 10, width: "25%", height: "50%"}}
            """)
        let child = try XCTUnwrap(views.first?.children.first)
        XCTAssertEqual(child.frame, Rect(x: 100, y: 10, width: 50, height: 50))
        XCTAssertEqual(child.canvasFrame, Rect(x: 200, y: 60, width: 50, height: 50))
    }

    func testVerticalStackSharesFreeSpaceAmongUnsizedChildren() throws {
        let views = try place("""
            canvas: {width: 400, height: 400}
            views:
              - type: stack
                spacing: 10
                padding: 5
                frame: {x: 0, y: 0, width: 110, height: 230}
                children:
                  - {type: ring, size: {width: 40, height: 20}}
                  - {type: ring}
                  - {type: ring}
            """)
        let frames = try XCTUnwrap(views.first?.children.map(\.frame))
        // Content 100 × 220; free along the axis = 220 − 20 − 2 × 10 = 180, 90 each.
        XCTAssertEqual(frames, [Rect(x: 35, y: 5, width: 40, height: 20),
                                Rect(x: 5, y: 35, width: 100, height: 90),
                                Rect(x: 5, y: 135, width: 100, height: 90)])
    }

    func testHorizontalStackAlignmentAndDistribution() throws {
        func frames(_ alignment: String, _ distribution: String) throws -> [Rect] {
            let views = try place("""
                canvas: {width: 400, height: 400}
                views:
                  - type: stack
                    axis: horizontal
                    alignment: \(alignment)
                    distribution: \(distribution)
                    frame: {x: 0, y: 0, width: 100, height: 50}
                    children:
                      - {type: ring, size: 20}
                      - {type: ring, size: {width: 30, height: "50%"}}
                """)
            return try XCTUnwrap(views.first?.children.map(\.frame))
        }
        XCTAssertEqual(try frames("start", "start"), [Rect(x: 0, y: 0, width: 20, height: 20),
                                                      Rect(x: 20, y: 0, width: 30, height: 25)])
        XCTAssertEqual(try frames("end", "end"), [Rect(x: 50, y: 30, width: 20, height: 20),
                                                  Rect(x: 70, y: 25, width: 30, height: 25)])
        XCTAssertEqual(try frames("center", "center"), [Rect(x: 25, y: 15, width: 20, height: 20),
                                                        Rect(x: 45, y: 12.5, width: 30, height: 25)])
        XCTAssertEqual(try frames("stretch", "spaceBetween"), [Rect(x: 0, y: 0, width: 20, height: 50),
                                                               Rect(x: 70, y: 0, width: 30, height: 50)])
        // Leftover 50 in three equal gaps.
        let even = try frames("start", "spaceEvenly")
        XCTAssertEqual(even[0].x, 50.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(even[1].x, 50.0 / 3 * 2 + 20, accuracy: 1e-9)
    }

    func testGridCellsRowByRow() throws {
        let views = try place("""
            canvas: {width: 400, height: 400}
            views:
              - type: grid
                columns: 3
                spacing: {row: 4, column: 10}
                padding: 5
                frame: {x: 0, y: 0, width: 130, height: 200}
                children:
                  - {type: ring}
                  - {type: ring}
                  - {type: ring}
                  - {type: ring, size: 10}
                  - {type: pie}
            """)
        let frames = try XCTUnwrap(views.first?.children.map(\.frame))
        // Content 120 wide: cells (120 − 20) / 3 wide, rows as tall as a cell is wide.
        let cell = 100.0 / 3
        XCTAssertEqual(frames[1].x, 5 + cell + 10, accuracy: 1e-9)
        XCTAssertEqual(frames[2].width, cell, accuracy: 1e-9)
        XCTAssertEqual(frames[2].height, cell, accuracy: 1e-9)
        XCTAssertEqual(frames[3].midX, 5 + cell / 2, accuracy: 1e-9)
        XCTAssertEqual(frames[3].midY, 5 + cell + 4 + cell / 2, accuracy: 1e-9)
        XCTAssertEqual(frames[3].width, 10)
        XCTAssertEqual(frames[4].width, 37, "a pie keeps its own size in a cell")
    }

    func testGridRowHeight() throws {
        let views = try place("""
            canvas: {width: 400, height: 400}
            views:
              - type: grid
                columns: 2
                rowHeight: "25%"
                frame: {x: 0, y: 0, width: 100, height: 200}
                children: [{type: ring}, {type: ring}, {type: ring}]
            """)
        let frames = try XCTUnwrap(views.first?.children.map(\.frame))
        XCTAssertEqual(frames[2], Rect(x: 0, y: 50, width: 50, height: 50))
    }

    func testNegativeSizesBecomeZero() throws {
        let views = try place("""
            canvas: {width: 10, height: 10}
            views:
              - {type: ring, frame: {x: 0, y: 0, width: "100% - 50", height: 5}}
            """)
        XCTAssertEqual(views.first?.frame.width, 0)
    }

    /// A view that sizes to its content asks the measurer layout is given.
    func testAViewWithoutASizeIsMeasuredByTheGivenMeasurer() throws {
        struct Fixed: ContentMeasuring {
            func contentSize(of view: SceneView, width: Double?) -> Size { Size(width: 40, height: 12) }
        }
        let r = SceneChecker().check(SourceFile(name: "t", text: """
            canvas: {width: 100, height: 100}
            views:
              - {type: label, text: hi, frame: {x: 5, y: 6}}
            """))
        let scene = try XCTUnwrap(r.scene)
        XCTAssertEqual(Layout.place(scene, measurer: Fixed())[0].frame, Rect(x: 5, y: 6, width: 40, height: 12))
        XCTAssertNotEqual(Layout.place(scene)[0].frame.width, 40, "without it, not the measurer's size")
    }
}
