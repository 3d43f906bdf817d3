import XCTest
import ScenecBuild
import SceneRender
import SceneSupport
import Synchronization

/// The remote cache's pieces in-process: the hand-encoded `ActionResult`, the URL as messages
/// show it, and a cache that cannot be reached. The server round trips are RemoteCacheTests and
/// HostileCacheTests (ScenecCLITests), against nginx.
final class RemoteCacheUnitTests: XCTestCase {
    func testAnActionResultReadsBackAndIsREAPIsWireFormat() throws {
        let sha = String(repeating: "ab", count: 32)
        let entry = ActionResult(outputFiles: [ActionResult.OutputFile(path: "icons/ring.png", sha256: sha, size: 300),
                                               .init(path: "icons/ring.frames/0000.png", sha256: sha, size: 0)])
        XCTAssertEqual(ActionResult(decoding: entry.encoded), entry)
        // output_files = 2 (length-delimited: tag 0x12) of 87 bytes: path = 1 (0x0a, 14 bytes),
        // digest = 2 (0x12, 69 bytes: hash = 1 (0x0a, 64 bytes), size_bytes = 2 (0x10, 300 as a varint)).
        let encoded = entry.encoded
        XCTAssertEqual(Array(encoded.prefix(4)), [0x12, 87, 0x0a, 14])
        XCTAssertEqual(Array(encoded[18..<22]), [0x12, 69, 0x0a, 64])
        XCTAssertEqual(Array(encoded[86..<89]), [0x10, 0xac, 0x02])
    }

    func testDecodingSkipsFieldsItDoesNotUseAndRefusesMalformedBytes() throws {
        let sha = String(repeating: "0f", count: 32)
        var bytes: [UInt8] = [0x08, 0x96, 0x01]  // an unknown varint field 1 (as exit_code would be: field 4)
        bytes += [0x4a, 0x02, 0x01, 0x02]  // an unknown length-delimited field 9 (execution metadata)
        bytes += ActionResult(outputFiles: [.init(path: "a.png", sha256: sha, size: 7)]).encoded
        bytes += [0x25, 1, 2, 3, 4]  // a fixed32 field 4
        XCTAssertEqual(ActionResult(decoding: bytes)?.outputFiles, [.init(path: "a.png", sha256: sha, size: 7)])
        let good = ActionResult(outputFiles: [.init(path: "a.png", sha256: sha, size: 7)]).encoded
        XCTAssertNil(ActionResult(decoding: Array(good.dropLast())), "truncated")
        XCTAssertNil(ActionResult(decoding: [0x12, 0xff, 0xff, 0xff, 0xff, 0x0f]), "a length past the end")
        XCTAssertNil(ActionResult(decoding: [0x13]), "a group")
        XCTAssertNil(ActionResult(decoding: [0x12, 0x02, 0x0a, 0x00]), "an output file without a digest")
        XCTAssertEqual(ActionResult(decoding: [])?.outputFiles, [])
    }

    func testMessagesShowTheURLWithoutItsPassword() {
        XCTAssertEqual(RemoteCacheSettings(url: "https://ci:hunter2@cache.example/v1/").shownURL, "https://cache.example/v1")
        XCTAssertEqual(RemoteCacheSettings(url: "http://127.0.0.1:9090").shownURL, "http://127.0.0.1:9090")
        // As given to the option, malformed ones included (the usage error shows them).
        XCTAssertEqual(RemoteCacheSettings.shown("user:hunter2@cache.example"), "cache.example")
        XCTAssertEqual(RemoteCacheSettings.shown("http:/user:hunter2@cache.example/x"), "http:/cache.example/x")
        XCTAssertEqual(RemoteCacheSettings.shown("ftp://a:b@c@cache.example?u=x@y"), "ftp://cache.example?u=x@y")
        XCTAssertEqual(RemoteCacheSettings.shown("cache.example/a@b"), "cache.example/a@b")
    }

    func testAnUnreachableCacheIsOneWarningAndThenNotAskedAgain() {
        let events = Mutex<[BuildEvent]>([])
        // Port 1 on the loopback: nothing listens, the connection is refused at once.
        let cache = RemoteCache(RemoteCacheSettings(url: "http://127.0.0.1:1"), sink: { event in events.withLock { $0.append(event) } })
        XCTAssertNil(cache.blob(sha256: String(repeating: "0", count: 64)))
        guard case .miss = cache.lookup(String(repeating: "1", count: 64), names: ["a.png"]) else {
            return XCTFail("an unreachable cache has nothing")
        }
        XCTAssertFalse(cache.isOn)
        XCTAssertFalse(cache.uploads)
        let warnings = events.withLock { $0 }.compactMap { if case .warning(let text) = $0 { return text } else { return nil } }
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings.first?.contains("http://127.0.0.1:1") == true, "\(warnings)")
        // RemoteCache.Lookup's other answers are shown against nginx (RemoteCacheTests,
        // HostileCacheTests).
    }
}
