import Foundation
import SceneSupport
import XCTest

/// JSONValue, the JSON that scenec writes (schema, diagnostics, reports, Lottie, the language
/// server): member order kept, the same bytes on every run, strings quoted so YAML reads them too.
final class JSONValueTests: XCTestCase {
    func testPrinterEscapesAndKeepsOrder() {
        let value: JSONValue = ["b": "quote \" backslash \\ tab \t", "a": [1, 2.5, -3e-7, true, .null]]
        XCTAssertEqual(value.prettyPrinted,
                       "{\"b\": \"quote \\\" backslash \\\\ tab \\t\", \"a\": [1, 2.5, -3e-07, true, null]}\n")
    }

    func testWhatFitsOnALineStaysThereAndTheRestOpensOneMemberPerLine() {
        // The width counts a separator after every item: 94 letters stay inline, 95 do not,
        // which then go one item per line, two spaces deeper.
        let fits = JSONValue.array([.string(String(repeating: "a", count: 94))])
        XCTAssertEqual(fits.prettyPrinted, "[\"" + String(repeating: "a", count: 94) + "\"]\n")
        let long = JSONValue.array([.string(String(repeating: "a", count: 95))])
        XCTAssertEqual(long.prettyPrinted, "[\n  \"" + String(repeating: "a", count: 95) + "\"\n]\n")
        let nested: JSONValue = ["outer": ["inner": .string(String(repeating: "b", count: 100))], "n": 1]
        XCTAssertEqual(nested.prettyPrinted, """
            {
              "outer": {
                "inner": "\(String(repeating: "b", count: 100))"
              },
              "n": 1
            }

            """)
    }

    func testCompactFormHasNoSpacesAndTakesTheNumberWriter() {
        let value: JSONValue = ["a": [1, 0.125], "b": ["c": .null, "d": false], "e": []]
        XCTAssertEqual(value.compact(), "{\"a\":[1,0.125],\"b\":{\"c\":null,\"d\":false},\"e\":[]}")
        XCTAssertEqual(value.compact(numbers: { _ in "N" }), "{\"a\":[N,N],\"b\":{\"c\":null,\"d\":false},\"e\":[]}")
    }

    func testNumbersAreIntegersWithoutAFractionAndNotFiniteIsNull() {
        XCTAssertEqual(JSONValue.numberText(12), "12")
        XCTAssertEqual(JSONValue.numberText(-3), "-3")
        XCTAssertEqual(JSONValue.numberText(0.1), "0.1")
        XCTAssertEqual(JSONValue.numberText(1e14), "100000000000000")
        XCTAssertEqual(JSONValue.numberText(1e15), "1000000000000000.0")
        XCTAssertEqual(JSONValue.numberText(.infinity), "null")
        XCTAssertEqual(JSONValue.numberText(.nan), "null")
    }

    func testQuotingEscapesEveryControlYAMLRefusesRaw() {
        XCTAssertEqual(JSONValue.quoted("a\nb\rc\u{1}"), "\"a\\nb\\rc\\u0001\"")
        XCTAssertEqual(JSONValue.quoted("\u{7F}\u{85}\u{9F}\u{A0}"), "\"\\u007f\\u0085\\u009f\u{A0}\"")
        XCTAssertEqual(JSONValue.quoted("é ✓ 😀"), "\"é ✓ 😀\"")
    }

    func testMembersAreReadByKeyAndPathAndSetInPlaceOrAppended() {
        let value: JSONValue = ["a": ["b": ["c": "deep"]], "n": 2.5, "list": [1, 2], "s": "text"]
        XCTAssertEqual(value[path: "a", "b", "c"], "deep")
        XCTAssertNil(value[path: "a", "x", "c"])
        XCTAssertEqual(value.keys, ["a", "n", "list", "s"])
        XCTAssertEqual(value["n"]?.numberValue, 2.5)
        XCTAssertEqual(value["s"]?.stringValue, "text")
        XCTAssertEqual(value["list"]?.arrayValue, [1, 2])
        XCTAssertNil(value["s"]?.numberValue)
        XCTAssertNil(JSONValue.string("x")["a"])
        XCTAssertEqual(JSONValue.number(1).keys, [])

        let replaced = value.setting("n", "now a string")
        XCTAssertEqual(replaced.keys, ["a", "n", "list", "s"])
        XCTAssertEqual(replaced["n"], "now a string")
        XCTAssertEqual(value.setting("z", .null).keys, ["a", "n", "list", "s", "z"])
        XCTAssertEqual(JSONValue.array([1]).setting("a", 1), [1])
        XCTAssertEqual(JSONValue.strings(["x", "y"]), .array([.string("x"), .string("y")]))
        XCTAssertEqual(JSONMember(key: "k", value: true).value, .bool(true))
    }

    func testEncodableGivesTheSameDocument() throws {
        let value: JSONValue = ["name": "ring", "sizes": [1, 2.5], "on": true, "none": .null, "nested": ["x": 0]]
        let encoded = try JSONEncoder().encode(value)
        let viaFoundation = try XCTUnwrap(try JSONSerialization.jsonObject(with: encoded) as? NSDictionary)
        let viaCompact = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(value.compact().utf8)) as? NSDictionary)
        XCTAssertEqual(viaFoundation, viaCompact)
        XCTAssertEqual(viaFoundation["name"] as? String, "ring")
    }
}
