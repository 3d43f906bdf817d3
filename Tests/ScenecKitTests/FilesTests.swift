import Foundation
import SceneCheck
import ScenecKit
import XCTest

/// The façade's file helpers: atomic replacement (nothing half-written, no temporary left,
/// permissions as asked, links kept by `rewrite`) and reading within a size limit.
final class FilesTests: XCTestCase {
    func testReplaceWritesTheBytesWithThePermissionsAndLeavesNoTemporaryFile() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("out.bin").path
        var told: [String] = []
        let lock = NSLock()
        let temporaries = AtomicFile.TemporaryFiles(created: { p in lock.withLock { told.append("+" + p) } },
                                                    finished: { p in lock.withLock { told.append("-" + p) } })
        try AtomicFile.replace(path, with: [1, 2, 3], permissions: 0o600, temporaries: temporaries)
        try AtomicFile.replace(path, with: [4, 5], permissions: 0o600)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), [4, 5])
        let mode = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o600)
        XCTAssertEqual(fileNames(in: dir), ["out.bin"])
        let temporary = AtomicFile.temporaryPath(for: path)
        XCTAssertEqual(told, ["+" + temporary, "-" + temporary])
        XCTAssertTrue(temporary.hasPrefix(dir.path + "/.out.bin.scenec-"), temporary)
        XCTAssertTrue(temporary.hasSuffix(".tmp"))

        let nowhere = dir.appendingPathComponent("no/such/out.bin").path
        XCTAssertThrowsError(try AtomicFile.replace(nowhere, with: [1])) { error in
            XCTAssertEqual((error as? AtomicFile.Failure)?.message, "cannot write '\(nowhere)': No such file or directory")
        }
        XCTAssertEqual(fileNames(in: dir), ["out.bin"])
    }

    func testRewriteKeepsALinkAndTheFilesOwnPermissions() throws {
        let dir = try temporaryDirectory()
        let target = try write("old", "real.yaml", in: dir)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)
        let link = dir.appendingPathComponent("link.yaml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.yaml")
        try AtomicFile.rewrite(link, with: Array("new".utf8))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real.yaml", "still a link")
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "new")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int, 0o640)
    }

    func testReadingStopsPastTheLimitAndRefusesFolders() throws {
        let dir = try temporaryDirectory()
        let path = try write(String(repeating: "x", count: 100), "a.yaml", in: dir)
        let whole = try SceneReading.read(path, limit: 100)
        XCTAssertEqual(whole.bytes.count, 100)
        XCTAssertFalse(whole.tooLarge)
        XCTAssertTrue(try SceneReading.read(path, limit: 99).tooLarge)
        XCTAssertThrowsError(try SceneReading.read(dir.path, limit: 100)) { error in
            XCTAssertEqual((error as? SceneReading.Failure)?.message, "cannot read '\(dir.path)': it is a directory")
        }
        let reader = SceneReading.importReader(limit: 50)
        guard case .failure(let failure) = reader(path) else { return XCTFail("100 bytes is over 50") }
        XCTAssertEqual(failure.reason, "it is larger than 50 bytes")
        guard case .success(let bytes) = SceneReading.importReader(limit: 500)(path) else { return XCTFail("within 500") }
        XCTAssertEqual(bytes.count, 100)
    }

    func testLockedSerialisesItsValue() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 1000) { _ in counter.withLock { $0 += 1 } }
        XCTAssertEqual(counter.withLock { $0 }, 1000)
    }
}

/// What rendering reads from its surroundings: SOURCE_DATE_EPOCH when it is a number.
final class SurroundingsTests: XCTestCase {
    func testSourceDateEpochIsReadFromTheEnvironment() {
        let saved = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"]
        defer {
            if let saved { setenv("SOURCE_DATE_EPOCH", saved, 1) } else { unsetenv("SOURCE_DATE_EPOCH") }
        }
        setenv("SOURCE_DATE_EPOCH", "1700000000", 1)
        XCTAssertEqual(Surroundings.sourceDateEpoch, 1_700_000_000)
        setenv("SOURCE_DATE_EPOCH", "yesterday", 1)
        XCTAssertNil(Surroundings.sourceDateEpoch)
        unsetenv("SOURCE_DATE_EPOCH")
        XCTAssertNil(Surroundings.sourceDateEpoch)
        let now = Surroundings.renderEnvironment.nowSecondsSinceMidnight
        XCTAssertTrue((0..<86_400).contains(now), "\(now)")
    }
}
