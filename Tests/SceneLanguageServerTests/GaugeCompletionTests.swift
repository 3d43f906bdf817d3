import XCTest

/// The gauge in the language server: nothing of the server names a kind, so the registry's new
/// line is all it takes for `type: ga` to complete and for a gauge's own keys to be offered.
extension LanguageServerFeatureTests {
    func testCompletionOffersTheGaugeAndItsAttributes() throws {
        let typing = """
            canvas: {width: 200, height: 200}
            views:
              - id: g
                type: ga
                frame: {x: 0, y: 0, width: 100, height: 100}

            """
        let kinds = try labels(try open(typing), at(typing, 3, "ga", 2))
        XCTAssertTrue(kinds.contains("gauge"), "\(kinds)")
        let keys = """
            canvas: {width: 200, height: 200}
            views:
              - id: g
                type: gauge
                frame: {x: 0, y: 0, width: 100, height: 100}
                nee

            """
        let offered = try labels(try open(keys), at(keys, 5, "nee", 3))
        XCTAssertTrue(offered.contains("needleColor") && offered.contains("needleWidth"), "\(offered)")
        XCTAssertFalse(offered.contains("progress"), "a ring's attribute offered for a gauge: \(offered)")
        let valid = keys.replacingOccurrences(of: "    nee\n", with: "    value: 0.5\n")
        let hover = try hover(try open(valid), at(valid, 3, "gauge", 1))
        XCTAssertTrue(hover.contains("Dial gauge"), hover)
    }
}
