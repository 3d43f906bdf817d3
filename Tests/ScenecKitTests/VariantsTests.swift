import ScenecKit
import XCTest

/// `--vary` texts → cells: values split where a person means, the product in reading order.
final class VariantsTests: XCTestCase {
    func testCommasInsideBracketsParenthesesAndQuotesDoNotSplit() {
        XCTAssertEqual(Variants.splitValues("rgb(1, 2, 3), #fff"), ["rgb(1, 2, 3)", "#fff"])
        XCTAssertEqual(Variants.splitValues("[[0, 0], [1, 1]],[]"), ["[[0, 0], [1, 1]]", "[]"])
        XCTAssertEqual(Variants.splitValues("{white: 0.5, alpha: 1},\"a, b\",'c, d'"),
                       ["{white: 0.5, alpha: 1}", "\"a, b\"", "'c, d'"])
        XCTAssertEqual(Variants.splitValues("a,,b"), ["a", "", "b"])
    }

    func testCellsAreTheCrossProductLastOptionFastestWithCaptions() throws {
        let v = try Variants(["a.progress=0,1", "a.lineWidth=2,4,8"])
        XCTAssertEqual(v.columns, 3)
        XCTAssertEqual(v.cells.count, 6)
        XCTAssertEqual(v.cells[1].set, ["a.progress=0", "a.lineWidth=4"])
        XCTAssertEqual(v.cells[5].caption, "a.progress=1 · a.lineWidth=8")
        XCTAssertTrue(Variants.empty.cells.isEmpty)
    }

    func testTheLastOptionHeadsTheColumnsAndTheOthersTogetherTheRows() throws {
        let two = try Variants(["a.progress=0,1", "a.lineWidth=2,4,8"])
        XCTAssertEqual(two.headers?.rows.title, "a.progress")
        XCTAssertEqual(two.headers?.rows.labels, ["0", "1"])
        XCTAssertEqual(two.headers?.columns.title, "a.lineWidth")
        XCTAssertEqual(two.headers?.columns.labels, ["2", "4", "8"])
        XCTAssertEqual(two.cells.map { [$0.row, $0.column] }, [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]])
        let three = try Variants(["a.progress=0,1", "a.lineWidth=2,4", "b.progress=0.25,0.75"])
        XCTAssertEqual(three.headers?.rows.title, "a.progress · a.lineWidth")
        XCTAssertEqual(three.headers?.rows.labels, ["0 · 2", "0 · 4", "1 · 2", "1 · 4"])
        XCTAssertEqual(three.cells[5].set, ["a.progress=1", "a.lineWidth=2", "b.progress=0.75"])
        XCTAssertEqual([three.cells[5].row, three.cells[5].column], [2, 1])
        // The page and the static sheet read this one value for the grid's shape.
        let headers: Variants.Headers = try XCTUnwrap(two.headers)
        let columns: Variants.Headers.Axis = headers.columns
        XCTAssertEqual(columns.labels.count * headers.rows.labels.count, two.cells.count)
        XCTAssertEqual(two.cells.map(\.column).max().map { $0 + 1 }, columns.labels.count)
        XCTAssertEqual(two.cells.map(\.row).max().map { $0 + 1 }, headers.rows.labels.count)
        let one = try Variants(["a.progress=0,0.5,1"])
        XCTAssertEqual(one.headers?.rows.labels, [])
        XCTAssertEqual(one.headers?.columns.labels, ["0", "0.5", "1"])
        XCTAssertNil(Variants.empty.headers)
    }

    func testMoreThanSixtyFourCellsOrAShapelessOptionIsRefused() {
        let many = (0..<9).map(String.init).joined(separator: ",")
        XCTAssertThrowsError(try Variants(["a.progress=\(many)", "b.progress=\(many)"]))
        XCTAssertNoThrow(try Variants(["a.progress=0,1,2,3,4,5,6,7", "b.progress=0,1,2,3,4,5,6,7"]))
        for bad in ["a.progress", "=1,2", "a.progress=", "a.progress=1,,2", "not an address=1"] {
            XCTAssertThrowsError(try Variants([bad]), bad)
        }
    }
}
