import XCTest
@testable import scenec

/// `scenec --version`: what a bug report needs, and the renderer identity a build's cache keys on.
final class VersionTests: XCTestCase {
    func testVersionNamesTheVersionCommitAndTheLibrariesThisMachineHas() throws {
        let fields = try versionFields(of: scenecBinary())
        XCTAssertEqual(fields["scenec"], BuildInfo.version)
        let commit = try XCTUnwrap(fields["commit"])
        XCTAssertTrue(commit == "unknown" || commit.range(of: "^[0-9a-f]{40,64}(-dirty)?$", options: .regularExpression) != nil,
                      "commit: \(commit)")
        // The libraries the binary runs with are this machine's, which pkg-config describes.
        for (name, package) in [("cairo", "cairo"), ("libyaml", "yaml-0.1"), ("libpng", "libpng")] {
            let pkgConfig = try runProgram(URL(fileURLWithPath: "/usr/bin/pkg-config"), ["--modversion", package])
            XCTAssertEqual(fields[name], pkgConfig.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines), name)
        }
        let renderer = try XCTUnwrap(fields["renderer"])
        XCTAssertNotNil(renderer.range(of: "^code sha256:[0-9a-f]{64} cairo [^ ]+ libyaml [^ ]+ libpng [^ ]+$",
                                       options: .regularExpression), renderer)
    }

    /// A build from another commit with the same code keeps every cached output; any other byte
    /// of the executable does not.
    func testRendererIdentityIgnoresTheCommitAndBuildHashesButNotTheCode() throws {
        let dir = try temporaryDirectory(self)
        let original = [UInt8](try Data(contentsOf: scenecBinary()))
        let fields = try versionFields(of: scenecBinary())
        let commit = try XCTUnwrap(fields["commit"])

        var otherCommit = original
        let stamp = Array("scenec-build-commit:\(commit)".utf8)
        let stampAt = try XCTUnwrap(ExecutableDigest.occurrences(of: stamp, in: original).first, "no commit stamp")
        let digit: UInt8 = commit.hasPrefix("e") ? 0x66 : 0x65   // "f" or "e", any commit but this one
        for i in stampAt.upperBound - commit.utf8.count..<stampAt.upperBound { otherCommit[i] = digit }
        let buildHashes = ExecutableDigest.sections(ExecutableDigest.buildSections, in: original)
        XCTAssertEqual(buildHashes.count, 2, "the build ID and .swift_modhash")
        for range in buildHashes { otherCommit[range.upperBound - 1] ^= 0xff }
        let rebuilt = try versionFields(of: write(otherCommit, to: dir.appendingPathComponent("other-commit")))
        XCTAssertEqual(rebuilt["commit"], String(repeating: Character(UnicodeScalar(digit)), count: commit.count))
        XCTAssertEqual(rebuilt["renderer"], fields["renderer"])

        // .comment (the compiler's name) changes nothing the program does, which is why it is a
        // safe byte to change here; what matters is that it is not blanked.
        var otherCode = original
        let comment = try XCTUnwrap(ExecutableDigest.sections([".comment"], in: original).first)
        otherCode[comment.lowerBound] ^= 0xff
        let changed = try versionFields(of: write(otherCode, to: dir.appendingPathComponent("other-code")))
        XCTAssertNotEqual(changed["renderer"], fields["renderer"])
    }

    func testBytesThatAreNotAnELFFileHaveNoSections() {
        XCTAssertEqual(ExecutableDigest.sections([".comment"], in: Array("#!/bin/sh\n".utf8)), [])
        XCTAssertEqual(ExecutableDigest.sections([".comment"], in: [0x7f, 0x45, 0x4c, 0x46, 2, 1]), [])
        XCTAssertEqual(ExecutableDigest.occurrences(of: [1, 2], in: [1, 2, 1, 2, 2]), [0..<2, 2..<4])
    }

    /// `scenec --version`'s lines as name → value.
    private func versionFields(of binary: URL) throws -> [String: String] {
        let run = try runProgram(binary, ["--version"])
        XCTAssertEqual(run.status, 0, run.stderr)
        var fields: [String: String] = [:]
        for line in run.stdoutText.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            fields[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        return fields
    }

    private func write(_ bytes: [UInt8], to url: URL) throws -> URL {
        try Data(bytes).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }
}
