import XCTest
import SceneCheck
import SceneLayout
import SceneModel
import SceneSyntax

/// `stack` with `axis: z` (SwiftUI's ZStack): children on top of each other in the content box.
final class OverlayLayoutTests: XCTestCase {
    func place(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Rect] {
        let r = SceneChecker().check(SourceFile(name: "t", text: text))
        XCTAssertEqual(r.diagnostics.filter { $0.severity == .error }.map(\.message), [], file: file, line: line)
        let scene = try XCTUnwrap(r.scene, file: file, line: line)
        return try XCTUnwrap(Layout.place(scene).first?.children.map(\.frame), file: file, line: line)
    }

    func frames(_ alignment: String) throws -> [Rect] {
        try place("""
            canvas: {width: 400, height: 400}
            views:
              - type: stack
                axis: z
                alignment: \(alignment)
                padding: {top: 10, leading: 20, bottom: 30, trailing: 40}
                frame: {x: 0, y: 0, width: 200, height: 100}
                children:
                  - {type: ring}
                  - {type: ring, size: 20}
                  - {type: ring, size: {width: "50%", height: "25%"}}
                  - {type: pie}
            """)
    }

    /// The content box is 140 × 60 at (20, 10): an unsized ring fills it, sized ones (percent of
    /// the box) and a pie's own 37 × 37 sit by the alignment's two fractions.
    func testEachWordPlacesSizedChildrenOnBothAxesAndAnUnsizedOneFillsTheContentBox() throws {
        let box = Rect(x: 20, y: 10, width: 140, height: 60)
        let cases: [(String, Double, Double)] = [
            ("center", 0.5, 0.5), ("top", 0.5, 0), ("bottom", 0.5, 1), ("leading", 0, 0.5), ("trailing", 1, 0.5),
            ("topLeading", 0, 0), ("topTrailing", 1, 0), ("bottomLeading", 0, 1), ("bottomTrailing", 1, 1),
        ]
        for (word, fx, fy) in cases {
            let placed = try frames(word)
            XCTAssertEqual(placed[0], box, word)
            for (index, (w, h)) in [(20.0, 20.0), (70.0, 15.0), (37.0, 37.0)].enumerated() {
                XCTAssertEqual(placed[index + 1], Rect(x: 20 + (140 - w) * fx, y: 10 + (60 - h) * fy, width: w, height: h),
                               "\(word), child \(index + 1)")
            }
        }
    }

    func testTheAxisWordsAndEachAxisAlignmentWords() {
        XCTAssertEqual(Stack.axis.spec.kind, .choice(["horizontal", "vertical", "z"]))
        XCTAssertEqual(StackAlignment.words(for: .z), StackAlignment.zWords)
        XCTAssertEqual(Set(StackAlignment.allWords), Set(StackAlignment.lineWords + StackAlignment.zWords))
    }

    /// A row's `top` is its `start`, a column's `trailing` its `end`.
    func testARowTakesTopAndBottomAndAColumnLeadingAndTrailing() throws {
        func row(_ word: String) throws -> Rect {
            try place("""
                canvas: {width: 400, height: 400}
                views:
                  - {type: stack, axis: horizontal, alignment: \(word), frame: {x: 0, y: 0, width: 100, height: 50}, children: [{type: ring, size: 20}]}
                """)[0]
        }
        XCTAssertEqual(try row("top"), try row("start"))
        XCTAssertEqual(try row("bottom"), Rect(x: 0, y: 30, width: 20, height: 20))
        let column = try place("""
            canvas: {width: 400, height: 400}
            views:
              - {type: stack, alignment: trailing, frame: {x: 0, y: 0, width: 100, height: 50}, children: [{type: ring, size: 20}]}
            """)[0]
        XCTAssertEqual(column, Rect(x: 80, y: 0, width: 20, height: 20))
    }
}
