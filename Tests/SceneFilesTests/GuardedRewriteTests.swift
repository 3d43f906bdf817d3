import Foundation
import SceneFiles
import XCTest

/// `GuardedRewrite` through its own API: the file swapped between the read and the rename (by
/// doing it inside the edit, where a racing process would) is never written through.
final class GuardedRewriteTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("guarded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { [folder] in try? FileManager.default.removeItem(at: folder!) }
    }

    func file(_ name: String, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    func kind(_ body: () throws -> Void) -> GuardedRewrite.Failure.Kind? {
        do { try body() } catch let failure as GuardedRewrite.Failure { return failure.kind } catch { return nil }
        return nil
    }

    func testTheEditSeesTheBytesAndTheFileIsReplacedKeepingItsMode() throws {
        let scene = try file("s.yaml", "a: 1\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o604], ofItemAtPath: scene.path)
        let guarded = try GuardedRewrite(path: scene.path)
        var seen: [UInt8] = []
        let outcome: Result<Void, Never> = try guarded.rewrite(maxBytes: 100) { bytes in
            seen = bytes
            return .success(Array("a: 2\n".utf8))
        }
        guard case .success = outcome else { return XCTFail("refused") }
        XCTAssertEqual(seen, Array("a: 1\n".utf8))
        XCTAssertEqual(try text(scene), "a: 2\n")
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: scene.path)[.posixPermissions] as? NSNumber)?.intValue, 0o604)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["s.yaml"])
    }

    func testALinkSwappedInDuringTheEditIsNotWrittenThrough() throws {
        let scene = try file("s.yaml", "a: 1\n")
        let victim = try file("victim.txt", "secret\n")
        let guarded = try GuardedRewrite(path: scene.path)
        XCTAssertEqual(kind {
            let _: Result<Void, Never> = try guarded.rewrite(maxBytes: 100) { _ in
                try? FileManager.default.removeItem(at: scene)
                try? FileManager.default.createSymbolicLink(at: scene, withDestinationURL: victim)
                return .success(Array("a: 2\n".utf8))
            }
        }, .replaced)
        XCTAssertEqual(try text(victim), "secret\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: scene.path), victim.path)
        // And a link already there when the write begins is not followed either.
        XCTAssertEqual(kind { let _: Result<Void, Never> = try guarded.rewrite(maxBytes: 100) { _ in .success([]) } }, .replaced)
        XCTAssertEqual(try text(victim), "secret\n")
    }

    func testAFileRenamedOverTheNameDuringTheEditIsLeftAsItIs() throws {
        let scene = try file("s.yaml", "a: 1\n")
        let guarded = try GuardedRewrite(path: scene.path)
        XCTAssertEqual(kind {
            let _: Result<Void, Never> = try guarded.rewrite(maxBytes: 100) { _ in
                let saved = try? self.file("editor.tmp", "a: 3\n")
                _ = saved.map { rename($0.path, scene.path) }
                return .success(Array("a: 2\n".utf8))
            }
        }, .replaced)
        XCTAssertEqual(try text(scene), "a: 3\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["s.yaml"], "no temporary file left")
    }

    func testReadOnlyRefusalsAndTheirMessage() throws {
        let scene = try file("s.yaml", "a: 1\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o464], ofItemAtPath: scene.path)
        let guarded = try GuardedRewrite(path: scene.path)
        do {
            let _: Result<Void, Never> = try guarded.rewrite(maxBytes: 100) { _ in .success([]) }
            XCTFail("a file its owner may not write was written")
        } catch {
            XCTAssertEqual(error.kind, .readOnly)
            XCTAssertTrue(error.message.contains("is read-only (its owner may not write it); nothing written"), error.message)
        }
        XCTAssertEqual(try text(scene), "a: 1\n")
    }

    func testARefusalFromTheEditWritesNothing() throws {
        let scene = try file("s.yaml", "a: 1\n")
        struct Stale: Error {}
        let outcome: Result<Void, Stale> = try GuardedRewrite(path: scene.path).rewrite(maxBytes: 100) { _ in .failure(Stale()) }
        guard case .failure = outcome else { return XCTFail("not refused") }
        XCTAssertEqual(try text(scene), "a: 1\n")
        XCTAssertEqual(kind { let _: Result<Void, Never> = try GuardedRewrite(path: scene.path).rewrite(maxBytes: 2) { _ in .success([]) } },
                       .unwritable, "over the size limit")
    }
}
