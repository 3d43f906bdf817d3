import Foundation
import SceneFiles
import XCTest

/// The writing side's types through their API: a file beneath a folder staged, committed or
/// discarded; a temporary another program writes; a destination's entries by kind; a program
/// found on PATH; and why a read was refused.
final class WriteTypesTests: XCTestCase {
    func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("writetypes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func testAStagedFileIsInPlaceOnlyOnceCommitted() throws {
        let dir = try temporaryDirectory()
        let file = try FileBeneath(userPath: dir + "/out/a.txt")
        XCTAssertEqual(file.name, "a.txt")
        let staged: StagedFile = try file.stage(Array("new".utf8), sync: false)
        XCTAssertEqual(staged.path, dir + "/out/a.txt")
        XCTAssertNil(contents(dir + "/out/a.txt"), "not there before commit")
        try staged.commit()
        XCTAssertEqual(contents(dir + "/out/a.txt"), "new")
        try file.stage(Array("other".utf8), sync: false).discard()
        XCTAssertEqual(contents(dir + "/out/a.txt"), "new", "a discarded stage leaves the file")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/out"), ["a.txt"], "and no temporary")
    }

    func testAFolderIsNoFileToWrite() throws {
        let dir = try temporaryDirectory()
        XCTAssertThrowsError(try FileBeneath(userPath: dir + "/..")) { error in
            XCTAssertEqual((error as? DestinationFailure)?.message, "cannot write '\(dir)/..': it is a directory")
        }
        try FileManager.default.createDirectory(atPath: dir + "/d", withIntermediateDirectories: true)
        XCTAssertThrowsError(try FileBeneath(userPath: dir + "/d").write(Array("x".utf8))) { error in
            XCTAssertEqual((error as? DestinationFailure)?.message, "cannot write '\(dir)/d': it is a directory")
        }
    }

    func testAProgramsTemporaryIsReadBackThroughItsPath() throws {
        let dir = try temporaryDirectory()
        let temporary: ProgramTemporary = try FileBeneath(userPath: dir + "/movie.mp4").temporaryForProgram()
        try Data("frames".utf8).write(to: URL(fileURLWithPath: temporary.programPath))
        XCTAssertEqual(try temporary.bytes(), Array("frames".utf8))
        temporary.discard()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], "discarded, and the target never made")
    }

    func testEntriesAreListedByKind() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/f"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/l", withDestinationPath: "f")
        let destination = try Destination.open(dir, creating: false)
        let entries = destination.entries().sorted { $0.name < $1.name }
        XCTAssertEqual(entries.map(\.name), ["f", "l", "sub"])
        XCTAssertEqual(entries.map(\.kind), [Destination.EntryKind.file, .link, .folder])
    }

    func testAProgramIsFoundByItsAbsolutePath() throws {
        let dir = try temporaryDirectory()
        let root = try XCTUnwrap(ProjectRoot(dir))
        let found: ProgramLookup.Found = ProgramLookup.find("sh", path: "/bin:/usr/bin", outside: root)
        XCTAssertTrue(found.path?.hasSuffix("sh") ?? false, "\(found)")
        XCTAssertEqual(ProgramLookup.find("no-such-program-here", path: "/bin", outside: root), .missing)
        XCTAssertNil(ProgramLookup.Found.missing.path)
    }

    func testARefusalSaysWhyInItsReason() throws {
        let dir = try temporaryDirectory()
        let scope = ReadScope.around(dir + "/s.scene.yaml")
        guard case .failure(let refusal) = ContainedRead.check(dir + "/missing.yaml", as: .importedFile, in: scope) else {
            return XCTFail("a missing file cannot be read")
        }
        XCTAssertEqual(refusal.reason, ReadRefusal.Reason.unreadable)
        XCTAssertTrue(refusal.message(naming: "missing.yaml").hasPrefix("cannot read 'missing.yaml': "))
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/theme.txt"))
        guard case .failure(let wrong) = ContainedRead.check(dir + "/theme.txt", as: .importedFile, in: scope) else {
            return XCTFail("an import must end in .yaml")
        }
        XCTAssertEqual(wrong.reason, .wrongExtension)
    }
}
