import XCTest
import Glibc
@testable import SceneFiles

/// Writes, reads and deletions beneath an opened folder: never outside it, never through a
/// link; the kernel's openat2 and the fallback walk give the same answers.
final class BeneathTests: XCTestCase {
    let fm = FileManager.default
    var root: URL!
    var outside: URL!

    override func setUpWithError() throws {
        let base = fm.temporaryDirectory.appendingPathComponent("scenefiles-\(UUID().uuidString)")
        root = base.appendingPathComponent("out")
        outside = base.appendingPathComponent("victim")
        try fm.createDirectory(at: root.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: outside.appendingPathComponent("secret.txt"))
        try Data("inside".utf8).write(to: root.appendingPathComponent("a/b/file.txt"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("linked").path, withDestinationPath: outside.path)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("a/leak.txt").path,
                                  withDestinationPath: outside.appendingPathComponent("secret.txt").path)
        addTeardownBlock { try? FileManager.default.removeItem(at: base) }
    }

    func open(_ resolution: Beneath.Resolution) throws -> Destination {
        try Destination.open(root.path, creating: false, resolution: resolution)
    }

    func name(_ text: String) throws -> RelativeName { try XCTUnwrap(RelativeName(text), text) }

    func victimListing() throws -> [String] {
        try fm.contentsOfDirectory(atPath: outside.path).sorted()
    }

    func testNamesThatLeaveTheFolderAreNotNames() {
        for bad in ["", "/etc/passwd", "../victim/a.txt", "a/../../x", "a//b", "a/", "./a", "a/./b", "..", ".", "a\0b"] {
            XCTAssertNil(RelativeName(bad), bad)
            XCTAssertNotNil(RelativeName.problem(with: bad), bad)
        }
        for good in ["a.png", "a/b/c.png", ".scenec-manifest.json", "..a", "a..b/c"] {
            XCTAssertEqual(RelativeName(good)?.text, good)
        }
    }

    /// The same table of answers from openat2 and from the walk: a link anywhere fails.
    func testTheKernelAndTheWalkGiveTheSameAnswers() throws {
        let table: [(String, Int32, Bool)] = [
            ("a/b/file.txt", O_RDONLY, true),
            ("a/b", O_RDONLY | O_DIRECTORY, true),
            ("linked/secret.txt", O_RDONLY, false),
            ("linked", O_RDONLY | O_DIRECTORY, false),
            ("a/leak.txt", O_RDONLY, false),
            ("a/missing.txt", O_RDONLY, false),
            ("linked/new.txt", O_WRONLY | O_CREAT, false),
            ("a/leak.txt", O_WRONLY | O_CREAT | O_TRUNC, false),
        ]
        XCTAssertTrue(Beneath.kernelResolves, "this kernel (Linux 5.6+) has openat2; the walk is tested on its own below")
        for resolution in [Beneath.Resolution.kernel, .walk] {
            let destination = try open(resolution)
            for (text, flags, opens) in table {
                let fd = destination.open(try name(text), flags: flags, mode: 0o644)
                let saved = errno
                if fd >= 0 { close(fd) }
                XCTAssertEqual(fd >= 0, opens, "\(resolution) \(text)")
                if text.contains("link") || text.contains("leak") { XCTAssertEqual(saved, ELOOP, "\(resolution) \(text)") }
            }
        }
        XCTAssertEqual(try victimListing(), ["secret.txt"])
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("secret.txt"), encoding: .utf8), "secret")
    }

    func testTheEnvironmentForcesTheWalk() {
        setenv("SCENEC_TEST_OPENAT_WALK", "1", 1)
        XCTAssertEqual(Beneath.Resolution.automatic, .walk)
        unsetenv("SCENEC_TEST_OPENAT_WALK")
        XCTAssertEqual(Beneath.Resolution.automatic, .kernel)
    }

    func testWritesThroughALinkedFolderFailAndLeaveTheOutsideAlone() throws {
        for resolution in [Beneath.Resolution.kernel, .walk] {
            let destination = try open(resolution)
            XCTAssertThrowsError(try destination.file(try name("linked/new.png")).write(Array("x".utf8))) { error in
                XCTAssertTrue("\(error)".contains("symbolic link"), "\(error)")
            }
            XCTAssertThrowsError(try destination.file(try name("linked/deeper/new.png")).write(Array("x".utf8)))
            XCTAssertThrowsError(try destination.read(try name("a/leak.txt"), limit: 100))
            XCTAssertFalse(destination.remove(try name("linked/secret.txt")))
            XCTAssertEqual(try victimListing(), ["secret.txt"], "\(resolution)")
        }
    }

    func testALinkAtTheOutputNameIsReplacedNotWrittenThrough() throws {
        for resolution in [Beneath.Resolution.kernel, .walk] {
            let destination = try open(resolution)
            let link = root.appendingPathComponent("a/out.png")
            try? fm.removeItem(at: link)
            try fm.createSymbolicLink(atPath: link.path, withDestinationPath: outside.appendingPathComponent("secret.txt").path)
            try destination.file(try name("a/out.png")).write(Array("picture".utf8))
            XCTAssertEqual(try String(contentsOf: link, encoding: .utf8), "picture")
            XCTAssertNil(try? fm.destinationOfSymbolicLink(atPath: link.path), "the link itself was replaced")
            XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("secret.txt"), encoding: .utf8), "secret")
        }
    }

    func testAtomicReplaceMakesFoldersAndLeavesNoTemporaryFile() throws {
        for resolution in [Beneath.Resolution.kernel, .walk] {
            let destination = try open(resolution)
            let file = try destination.file(try name("new/deep/x.txt"))
            try file.write(Array("one".utf8))
            let before = try fm.attributesOfItem(atPath: root.appendingPathComponent("new/deep/x.txt").path)[.systemFileNumber] as? Int
            try file.write(Array("two".utf8), permissions: 0o600)
            let attributes = try fm.attributesOfItem(atPath: root.appendingPathComponent("new/deep/x.txt").path)
            XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("new/deep/x.txt"), encoding: .utf8), "two")
            XCTAssertNotEqual(attributes[.systemFileNumber] as? Int, before, "renamed into place, not rewritten")
            XCTAssertEqual((attributes[.posixPermissions] as? Int) ?? 0, 0o600)
            XCTAssertEqual(try fm.contentsOfDirectory(atPath: root.appendingPathComponent("new/deep").path), ["x.txt"])
            let staged = try destination.file(try name("new/deep/y.txt")).stage(Array("y".utf8), sync: false)
            staged.discard()
            XCTAssertEqual(try fm.contentsOfDirectory(atPath: root.appendingPathComponent("new/deep").path), ["x.txt"])
            XCTAssertTrue(destination.remove(try name("new/deep/x.txt")))
            XCTAssertFalse(fm.fileExists(atPath: root.appendingPathComponent("new").path), "empty folders pruned")
        }
    }

    func testAUserPathWritesADeviceDirectlyAndRefusesAFolder() throws {
        try AtomicWrite.replace("/dev/null", with: Array("x".utf8))
        let path = root.appendingPathComponent("made/by/user.txt").path
        try AtomicWrite.replace(path, with: Array("u".utf8))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "u")
        XCTAssertThrowsError(try AtomicWrite.replace(root.appendingPathComponent("a").path, with: [])) { error in
            XCTAssertTrue("\(error)".contains("is a directory"), "\(error)")
        }
    }

    func testReplaceTellsOfItsTemporaryFileAndRefusesAMissingFolderWhenAsked() throws {
        let path = root.appendingPathComponent("out.bin").path
        let told = Told()
        let temporaries = AtomicWrite.TemporaryFiles(created: { told.add("+" + $0) }, finished: { told.add("-" + $0) })
        try AtomicWrite.replace(path, with: [1, 2, 3], permissions: 0o600, temporaries: temporaries)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), [1, 2, 3])
        let seen = told.all
        XCTAssertEqual(seen.count, 2)
        XCTAssertEqual(seen.first.map { "-" + $0.dropFirst() }, seen.last, "told of one file, made then finished")
        XCTAssertTrue(seen.first?.contains("/.out.bin.scenec-\(getpid())-") == true, "\(seen)")
        XCTAssertTrue(seen.first?.hasSuffix(".tmp") == true)

        let nowhere = root.appendingPathComponent("no/such/out.bin").path
        XCTAssertThrowsError(try AtomicWrite.replace(nowhere, with: [1], creatingFolders: false)) { error in
            XCTAssertEqual((error as? AtomicWrite.Failure)?.message,
                           "cannot write '\(nowhere)': cannot open the folder '\(root.path)/no/such': No such file or directory")
        }
        XCTAssertFalse(fm.fileExists(atPath: root.appendingPathComponent("no").path))
    }

    /// Paths a TemporaryFiles was told of, from any thread.
    final class Told: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []
        func add(_ path: String) { lock.withLock { paths.append(path) } }
        var all: [String] { lock.withLock { paths } }
    }

    func testOrphanedTemporariesOfDeadProcessesAreRemovedOthersKept() throws {
        let dead = "99999999"  // above any pid_max
        let alive = String(getppid())
        let files = [".x.png.scenec-\(dead)-123.tmp", "a/b/.y.png.scenec-\(dead)-7.tmp", ".z.png.scenec-\(alive)-1.tmp",
                     ".scenec-\(dead)-1.tmp", "plain.tmp", ".w.png.scenec-\(dead)-x.tmp"]
        for file in files { try Data().write(to: root.appendingPathComponent(file)) }
        try Data().write(to: outside.appendingPathComponent(".v.png.scenec-\(dead)-1.tmp"))
        let removed = OrphanedTemporaries.remove(in: try open(.kernel)).map(\.text).sorted()
        XCTAssertEqual(removed, ["a/b/.y.png.scenec-\(dead)-7.tmp", ".x.png.scenec-\(dead)-123.tmp"].sorted())
        for kept in files.dropFirst(2) { XCTAssertTrue(fm.fileExists(atPath: root.appendingPathComponent(kept).path), kept) }
        XCTAssertTrue(fm.fileExists(atPath: outside.appendingPathComponent(".v.png.scenec-\(dead)-1.tmp").path),
                      "not through the linked folder")
    }
}
