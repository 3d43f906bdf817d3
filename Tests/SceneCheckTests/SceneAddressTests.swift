import XCTest
import SceneCheck
import SceneSyntax

/// Addresses as text: what `--set`, the preview and `scenec edit` parse and print.
final class SceneAddressTests: XCTestCase {
    func parse(_ text: String) throws -> SceneAddress {
        try SceneAddress(parsing: text)
    }

    func problem(_ text: String) -> String {
        addressProblem(text)
    }

    func testEachFormParses() throws {
        XCTAssertEqual(try parse("download.progress"), .view(.id("download"), attribute: "progress"))
        XCTAssertEqual(try parse("download.style"), .view(.id("download"), attribute: SceneAddress.styleKey))
        XCTAssertEqual(try parse("views[1].children[2].progress"),
                       .view(.path(ViewPath(root: 1, children: [2])), attribute: "progress"))
        XCTAssertEqual(try parse("views[0].style"), .view(.path(ViewPath(root: 0)), attribute: "style"))
        XCTAssertEqual(try parse("canvas.background"), .canvas(attribute: "background"))
        XCTAssertEqual(try parse("styles.brand.lineWidth"), .style(name: "brand", attribute: "lineWidth"))
        // A style name is any mapping key, dots included; the attribute is after the last dot.
        XCTAssertEqual(try parse("styles.dark.v2.lineWidth"), .style(name: "dark.v2", attribute: "lineWidth"))
        // `views` without brackets is an ordinary id.
        XCTAssertEqual(try parse("views.progress"), .view(.id("views"), attribute: "progress"))
    }

    func testPrintingRoundTrips() throws {
        let addresses: [SceneAddress] = [
            .view(.id("a-1_b"), attribute: "progressColor"),
            .view(.path(ViewPath(root: 3, children: [0, 12])), attribute: "on"),
            .canvas(attribute: "scale"),
            .style(name: "dark.v2", attribute: "trackColor"),
        ]
        for address in addresses {
            XCTAssertEqual(try parse(address.description), address, address.description)
            XCTAssertEqual(SceneAddress(address.description), address)
        }
        XCTAssertEqual(SceneAddress.view(.path(ViewPath(root: 3, children: [0, 12])), attribute: "on").description,
                       "views[3].children[0].children[12].on")
        XCTAssertEqual(SceneAddress.style(name: "brand", attribute: "lineWidth").description, "styles.brand.lineWidth")
        XCTAssertNil(SceneAddress("progress"))
    }

    func testViewPathsParsePrintAndNavigate() throws {
        let path = try ViewPath(parsing: "views[1].children[0]")
        XCTAssertEqual(path.indices, [1, 0])
        XCTAssertEqual(path.description, "views[1].children[0]")
        XCTAssertEqual(path.parent, ViewPath(root: 1))
        XCTAssertNil(ViewPath(root: 1).parent)
        XCTAssertEqual(ViewPath(root: 1).child(0), path)
        XCTAssertThrowsError(try ViewPath(parsing: "views[1].progress"))
        XCTAssertThrowsError(try ViewPath(parsing: "download"))
        // Too large for an Int: still an index, which no scene has.
        XCTAssertEqual(try ViewPath(parsing: "views[99999999999999999999999]").indices, [Int.max])
    }

    func testMalformedAddressesSayWhatToWrite() {
        XCTAssertTrue(problem("progress").contains("such as download.progress"))
        XCTAssertTrue(problem(".progress").contains("such as download.progress"))
        XCTAssertTrue(problem("views[x].progress").contains("an index is a whole number from 0"))
        XCTAssertTrue(problem("views[-1].progress").contains("an index is a whole number from 0"))
        XCTAssertTrue(problem("views[1").contains("in brackets"))
        XCTAssertTrue(problem("views[1]").contains("after views[1] comes nothing"))
        XCTAssertTrue(problem("views[1][2].progress").contains("after views[1] comes '[2].progress'"))
        XCTAssertTrue(problem("views[1].children.progress").contains("children takes an index, such as views[1].children[0]"))
        XCTAssertTrue(problem("download.children[0].progress").contains("by its index path"))
        XCTAssertTrue(problem("download.").contains("ends in nothing"))
        XCTAssertTrue(problem("canvas.a.b").contains("ends in 'a.b'"))
        XCTAssertTrue(problem("styles.brand").contains("styles.NAME.ATTR"))
        XCTAssertTrue(problem("styles..lineWidth").contains("styles.NAME.ATTR"))
        XCTAssertTrue(problem("9lives.progress").contains("'9lives' is not a view id"))
    }

    func testAnOverrideSplitsAtTheFirstEquals() throws {
        let o = try Override("download.progressColor=rgb(1, 2, 3)")
        XCTAssertEqual(o.address, .view(.id("download"), attribute: "progressColor"))
        XCTAssertEqual(o.valueText, "rgb(1, 2, 3)")
        XCTAssertEqual(o.option, "--set download.progressColor=rgb(1, 2, 3)")
        XCTAssertEqual(try Override("canvas.background=a=b").valueText, "a=b")
        XCTAssertThrowsError(try Override("download.progress")) { error in
            XCTAssertTrue((error as? AddressError)?.message.contains("--set needs ADDRESS=VALUE") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try Override("views[a].progress=1")) { error in
            XCTAssertTrue((error as? AddressError)?.message.hasPrefix("--set views[a].progress=1: ") ?? false, "\(error)")
        }
    }

    func testViewPathsFindTheirNodeOrSayWhatIsInRange() throws {
        let read = YAMLReader().read(SourceFile(name: "t", text: """
            - {type: ring}
            - type: stack
              children:
                - {type: pie}
                - {type: clock}
            - {type: group}
            """))
        let views = try XCTUnwrap(read.root)
        func find(_ text: String) throws -> Result<Node, AddressError> {
            try ViewPath(parsing: text).node(inViews: views)
        }
        if case .success(let clock) = try find("views[1].children[1]") {
            XCTAssertEqual(clock.range.start.line, 5)
        } else {
            XCTFail("views[1].children[1] is the clock")
        }
        func missing(_ text: String) throws -> String {
            guard case .failure(let e) = try find(text) else { return "found" }
            return e.message
        }
        XCTAssertEqual(try missing("views[3]"), "no view at views[3]: views holds 3 views: views[0] to views[2]")
        XCTAssertEqual(try missing("views[1].children[2]"),
                       "no view at views[1].children[2]: views[1] (a stack) holds 2 children: children[0] to children[1]")
        XCTAssertEqual(try missing("views[0].children[0]"), "no view at views[0].children[0]: views[0] is a ring, which has no children")
        XCTAssertEqual(try missing("views[2].children[0]"), "no view at views[2].children[0]: views[2] (a group) holds no children")
        XCTAssertEqual(try missing("views[1].children[0].children[0]"),
                       "no view at views[1].children[0].children[0]: views[1].children[0] is a pie, which has no children")
    }
}

/// Why `text` is not an address (a failure when it is one).
func addressProblem(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    do {
        let address = try SceneAddress(parsing: text)
        XCTFail("'\(text)' parsed as \(address)", file: file, line: line)
        return ""
    } catch {
        return error.message
    }
}
