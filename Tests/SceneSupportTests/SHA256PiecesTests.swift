import SceneSupport
import XCTest

/// SHA256 fed in random pieces (as a build hashes a file while reading it) gives the digest of
/// the whole.
final class SHA256PiecesTests: XCTestCase {
    func testHashingInPiecesEqualsHashingWhole() {
        var rng = SystemRandomNumberGenerator()
        let bytes = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        var hash = SHA256()
        var offset = 0
        while offset < bytes.count {
            let n = Swift.min(Int.random(in: 0...150, using: &rng), bytes.count - offset)
            hash.update(Array(bytes[offset..<offset + n]))
            offset += n
        }
        XCTAssertEqual(hash.finish(), SHA256.hex(bytes))
    }
}
