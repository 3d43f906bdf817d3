@testable import SceneRender
import XCTest

/// The break opportunities given to words too long for Pango to set quickly (LongWords).
final class LongWordsTests: XCTestCase {
    let zwsp = "\u{200B}"

    func testWordsUpToTheBoundAreLeftAsTheyAre() {
        let text = String(repeating: "x", count: LongWords.longest) + " " + String(repeating: "é", count: 60) + "\n"
            + String(repeating: "y", count: LongWords.longest)
        XCTAssertEqual(LongWords.breakable(text), text)
        XCTAssertEqual(LongWords.breakable("short words\tand lines\n"), "short words\tand lines\n")
    }

    func testALongWordGetsABreakAfterEveryHundredCharactersAndNothingElseChanges() {
        let word = String(repeating: "ab", count: 125)  // 250 characters
        let broken = LongWords.breakable("go " + word + " stop")
        let pieces = broken.dropFirst(3).dropLast(5).components(separatedBy: zwsp)
        XCTAssertEqual(pieces.map(\.count), [100, 100, 50])
        XCTAssertEqual(broken.replacingOccurrences(of: zwsp, with: ""), "go " + word + " stop")
    }

    func testABreakNeverSplitsACharacterOfSeveralScalars() {
        // e + combining acute, a flag, a family joined by ZWJs: one character each.
        for character in ["e\u{301}", "🇫🇷", "👨‍👩‍👧"] {
            let word = String(repeating: character, count: 150)
            let broken = LongWords.breakable(word)
            XCTAssertEqual(broken.components(separatedBy: zwsp).map(\.count), [100, 50], character)
            XCTAssertEqual(broken.replacingOccurrences(of: zwsp, with: ""), word)
        }
    }
}
