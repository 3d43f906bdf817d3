@testable import SceneLanguageServer
import XCTest

/// The base protocol's framing, fed as the pipe may deliver it: whole, or a byte at a time.
final class MessageFramerTests: XCTestCase {
    static let good1 = #"{"jsonrpc":"2.0","id":1,"method":"a"}"#
    static let good2 = #"{"jsonrpc":"2.0","method":"b"}"#

    /// Garbage before, between and after good messages, cut at every possible place.
    static let stream = "hello there\r\n\r\n" + "Content-Length: \(good1.utf8.count)\r\n\r\n" + good1
        + "Content-Length: banana\r\n\r\n" + "Content-Length: 99999999999999999\r\n\r\n{}"
        + "xyz" + "content-length: \(good2.utf8.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + good2
        + "\r\n\r\n\r\n"

    func bodies(_ chunks: [ArraySlice<UInt8>]) -> (bodies: [String], problems: [String]) {
        var framer = MessageFramer()
        var out: [String] = []
        for chunk in chunks {
            framer.append(chunk)
            while let body = framer.next() { out.append(String(decoding: body, as: UTF8.self)) }
        }
        return (out, framer.takeProblems())
    }

    func testGoodMessagesSurviveGarbageHoweverTheBytesArrive() {
        let bytes = Array(Self.stream.utf8)
        let whole = bodies([bytes[...]])
        XCTAssertEqual(whole.bodies, [Self.good1, Self.good2])
        XCTAssertFalse(whole.problems.isEmpty)
        XCTAssertEqual(bodies(bytes.indices.map { bytes[$0...$0] }).bodies, [Self.good1, Self.good2], "a byte at a time")
        for cut in 1..<bytes.count {
            XCTAssertEqual(bodies([bytes[..<cut], bytes[cut...]]).bodies, [Self.good1, Self.good2], "cut at \(cut)")
        }
    }

    func testAHeaderThatNeverEndsIsDropped() {
        var framer = MessageFramer()
        framer.append(ArraySlice(repeating: UInt8(ascii: "x"), count: MessageFramer.maxHeader + 10))
        XCTAssertNil(framer.next())
        framer.append(ArraySlice(Array("Content-Length: 2\r\n\r\n{}".utf8)))
        XCTAssertEqual(framer.next().map { String(decoding: $0, as: UTF8.self) }, "{}")
    }
}
