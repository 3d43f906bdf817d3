import XCTest
@testable import SceneFiles

/// A program is found only in absolute PATH folders outside the project, through links too.
final class ProgramLookupTests: XCTestCase {
    func testFoldersInsideTheProjectRelativeOrEmptyAreSkipped() throws {
        let fm = FileManager.default
        let base = fm.temporaryDirectory.appendingPathComponent("lookup-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: base) }
        let project = base.appendingPathComponent("project"), system = base.appendingPathComponent("system")
        for folder in [project.appendingPathComponent("bin"), system] {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            try "#!/bin/sh\n".write(to: folder.appendingPathComponent("tool"), atomically: true, encoding: .utf8)
            try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("tool").path)
        }
        // A folder outside whose link leads back into the project is inside it.
        try fm.createSymbolicLink(atPath: base.appendingPathComponent("sneaky").path, withDestinationPath: project.path + "/bin")
        let root = try XCTUnwrap(ProjectRoot(project.path))
        let bin = root.directory + "/bin", sneaky = base.path + "/sneaky"
        let systemTool = try XCTUnwrap(ProjectRoot.realPath(system.path + "/tool"))
        XCTAssertEqual(ProgramLookup.find("tool", path: "\(bin)::bin:.:\(sneaky):\(system.path)", outside: root), .program(systemTool))
        XCTAssertEqual(ProgramLookup.find("tool", path: "\(sneaky):\(bin)", outside: root), .onlyInside(sneaky + "/tool"))
        XCTAssertEqual(ProgramLookup.find("tool", path: "\(bin)", outside: root).note,
                       "; the one at 'bin/tool' is inside the project and not run")
        XCTAssertEqual(ProgramLookup.find("tool", path: ":bin:.", outside: root), .missing)
        XCTAssertEqual(ProgramLookup.find("tool", path: nil, outside: root), .missing)
    }
}
