@testable import ScenePreview
import SceneCodecs
import XCTest

/// The checks before any route: Host names this server, the token is there (header or query).
final class GateTests: XCTestCase {
    let gate = Gate(token: "0123456789abcdef0123456789abcdef", port: 8123, extraHost: "127.0.0.1")

    func request(host: String?, query token: String? = nil, header: String? = nil) -> Request {
        Request(method: "GET", path: "/api/scene", query: token.map { [("token", $0)] } ?? [], host: host, headerToken: header)
    }

    func testLoopbackHostsWithThePortAndTheTokenPass() {
        for host in ["127.0.0.1:8123", "localhost:8123", "[::1]:8123", "LocalHost:8123"] {
            XCTAssertNil(gate.refusal(request(host: host, query: gate.token)), host)
            XCTAssertNil(gate.refusal(request(host: host, header: gate.token)), host)
        }
    }

    func testOtherHostsAndMissingOrWrongTokensAreForbidden() {
        for host in [nil, "evil.example", "evil.example:8123", "127.0.0.1", "127.0.0.1:8124", "localhost.evil.example:8123"] {
            XCTAssertEqual(gate.refusal(request(host: host, query: gate.token))?.status, 403, host ?? "no Host")
        }
        XCTAssertEqual(gate.refusal(request(host: "127.0.0.1:8123"))?.status, 403)
        XCTAssertEqual(gate.refusal(request(host: "127.0.0.1:8123", query: "0123456789abcdef0123456789abcdee"))?.status, 403)
        XCTAssertEqual(gate.refusal(request(host: "127.0.0.1:8123", header: String(gate.token.dropLast())))?.status, 403)
        XCTAssertEqual(gate.refusal(request(host: "127.0.0.1:8123", query: gate.token, header: "wrong"))?.status, 403,
                       "a wrong header is not rescued by the query")
        XCTAssertNil(gate.hostRefusal(request(host: "127.0.0.1:8123")), "the page's files need only the Host")
    }

    func testAnExplicitHostIsAcceptedButNotAWildcard() {
        let lan = Gate(token: gate.token, port: 80, extraHost: "192.168.1.5")
        XCTAssertNil(lan.refusal(request(host: "192.168.1.5:80", query: gate.token)))
        let any = Gate(token: gate.token, port: 80, extraHost: "0.0.0.0")
        XCTAssertEqual(any.refusal(request(host: "0.0.0.0:80", query: gate.token))?.status, 403)
    }

    func testTokensAreRandom() throws {
        let a = try XCTUnwrap(Gate.newToken()), b = try XCTUnwrap(Gate.newToken())
        XCTAssertEqual(a.count, 32)
        XCTAssertNotEqual(a, b)
    }
}

/// The page works offline: no asset refers to the network (XML namespaces aside).
final class AssetTests: XCTestCase {
    func testTheAssetsHaveNoNetworkReferencesButXMLNamespaces() throws {
        XCTAssertFalse(EmbeddedAssets.files.isEmpty)
        let namespaces = ["http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink", "http://www.w3.org/1999/xhtml"]
        for (name, text) in EmbeddedAssets.files {
            var rest = text
            for ns in namespaces { rest = rest.replacingOccurrences(of: ns, with: "") }
            XCTAssertFalse(rest.lowercased().contains("http://"), name)
            XCTAssertFalse(rest.lowercased().contains("https://"), name)
            XCTAssertFalse(rest.contains("//cdn"), name)
        }
        XCTAssertNotNil(Assets.byPath["/"])
        XCTAssertNotNil(Assets.byPath["/preview.js"])
    }
}

/// The caches stay within their bounds, dropping the least recently used.
final class BoundedCacheTests: XCTestCase {
    func testEvictsTheLeastRecentlyUsedByCountAndCost() {
        var cache = BoundedCache<Int, String>(maxEntries: 3, maxCost: 10)
        cache.insert("a", for: 1, cost: 3)
        cache.insert("b", for: 2, cost: 3)
        cache.insert("c", for: 3, cost: 3)
        XCTAssertEqual(cache.value(for: 1), "a")
        cache.insert("d", for: 4, cost: 3)
        XCTAssertNil(cache.value(for: 2), "the least recently used goes")
        XCTAssertEqual(cache.count, 3)
        cache.insert("e", for: 5, cost: 5)
        XCTAssertLessThanOrEqual(cache.totalCost, 10)
        cache.insert("huge", for: 6, cost: 11)
        XCTAssertNil(cache.value(for: 6), "an entry over the whole budget is not kept")
    }
}

/// The quick pictures' pixels kept as the bases of the next (RenderService.quickPicture): the
/// last four, none over 16 MiB, numbered in order whether kept or not.
final class QuickPixelsTests: XCTestCase {
    func testKeepsTheLastFourAndNoneTooLarge() {
        var kept = QuickPixels()
        let small = RasterImage(width: 4, height: 4, premultipliedARGB: [UInt8](repeating: 7, count: 64))
        let numbers = (0..<6).map { _ in kept.keep(small) }
        XCTAssertEqual(numbers, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(numbers.map { kept.holds($0) }, [false, false, true, true, true, true])
        XCTAssertEqual(kept.pixels(6)?.data, small.data)
        XCTAssertNil(kept.pixels(99))
        let side = 2049   // 2049 × 2049 × 4 bytes: over 16 MiB
        let large = RasterImage(width: side, height: side, premultipliedARGB: [UInt8](repeating: 0, count: side * side * 4))
        let number = kept.keep(large)
        XCTAssertEqual(number, 7)
        XCTAssertFalse(kept.holds(number), "a picture over 16 MiB is sent whole each time, never kept")
        XCTAssertTrue(kept.holds(6), "and it displaced nothing")
    }
}

/// The check a writing request passes after the gate: it comes from the page itself.
final class WriteGateTests: XCTestCase {
    let gate = Gate(token: "0123456789abcdef0123456789abcdef", port: 8123, extraHost: "127.0.0.1")

    func testOnlyThePagesOwnOriginMayWrite() {
        func write(origin: String?, site: String?) -> Request {
            var r = Request(method: "POST", path: "/api/write", query: [], host: "127.0.0.1:8123", headerToken: gate.token)
            r.origin = origin
            r.fetchSite = site
            return r
        }
        XCTAssertNil(gate.crossOriginRefusal(write(origin: nil, site: nil)), "a script without Origin (curl)")
        XCTAssertNil(gate.crossOriginRefusal(write(origin: "http://127.0.0.1:8123", site: "same-origin")))
        for (origin, site) in [("http://evil.example", nil), ("http://localhost:8123", nil), ("null", nil),
                               ("https://127.0.0.1:8123", nil), (nil, "cross-site"), ("http://127.0.0.1:8123", "cross-site")] {
            XCTAssertEqual(gate.crossOriginRefusal(write(origin: origin, site: site))?.status, 403, "\(origin ?? "-") \(site ?? "-")")
        }
    }
}
