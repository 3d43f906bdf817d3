import XCTest
@testable import scenec
import SceneFonts
import ScenecBuild

/// `scenec --version`, what a bug report needs, and the renderer identity a build's keys hold.
final class VersionTests: XCTestCase {
    func testVersionNamesTheVersionCommitAndTheLibrariesThisMachineHas() throws {
        let fields = try versionFields(of: scenecBinary())
        XCTAssertEqual(fields["scenec"], BuildInfo.version)
        let commit = try XCTUnwrap(fields["commit"])
        XCTAssertTrue(commit == "unknown" || commit.range(of: "^[0-9a-f]{40,64}(-dirty)?$", options: .regularExpression) != nil,
                      "commit: \(commit)")
        // The libraries the binary runs with are this machine's, which pkg-config describes.
        for (name, package) in [("cairo", "cairo"), ("libyaml", "yaml-0.1"), ("libpng", "libpng"),
                                ("libdeflate", "libdeflate"), ("pixman", "pixman-1"), ("harfbuzz", "harfbuzz"),
                                ("fribidi", "fribidi"), ("libwebp", "libwebp"), ("libwebpmux", "libwebpmux")] {
            let pkgConfig = try runProgram(URL(fileURLWithPath: "/usr/bin/pkg-config"), ["--modversion", package])
            XCTAssertEqual(fields[name], pkgConfig.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines), name)
        }
        // FreeType's pkg-config version is its libtool number (24.3.18), not the release the
        // library reports; Debian's package version starts with the release (2.12.1+dfsg-…).
        let freetype = try runProgram(URL(fileURLWithPath: "/usr/bin/dpkg-query"), ["-W", "-f", "${Version}", "libfreetype6"])
        let release = try XCTUnwrap(fields["freetype"])
        XCTAssertTrue(freetype.stdoutText.hasPrefix(release + "+") || freetype.stdoutText.hasPrefix(release + "-"),
                      "freetype \(release), package \(freetype.stdoutText)")
        // Each default font, a line: its package, its file and the version the file states, as
        // fontconfig's own fc-query reads it (16.16 fixed point; 133825 is 2.042).
        let report = try runProgram(scenecBinary(), ["--version"]).stdoutText
        for font in DefaultFont.all {
            let query = try runProgram(URL(fileURLWithPath: "/usr/bin/fc-query"), ["-f", "%{fontversion}", font.path])
            let fixed = try XCTUnwrap(Int(query.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)), font.file)
            let version = String(format: "%.3f", Double(fixed) / 65536)
            XCTAssertTrue(report.contains("\nfont \(font.package) \(font.file) \(version)\n"), "\(font.file) \(version) in\n\(report)")
        }
    }

    /// A build from another commit with the same code keeps every output `scenec build` made
    /// (the renderer identity in its keys blanks the commit and the build hashes); any other
    /// byte of the executable changes the identity.
    func testABuildOfTheSameCodeFromAnotherCommitRebuildsNothing() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("scenes/showcase.scene.yaml"),
                                         to: scenes.appendingPathComponent("showcase.scene.yaml"))
        let original = [UInt8](try Data(contentsOf: scenecBinary()))
        let commit = try XCTUnwrap(try versionFields(of: scenecBinary())["commit"])

        var otherCommit = original
        let stamp = "scenec-build-commit:\(commit)"
        let stampAt = try XCTUnwrap(ExecutableDigest.occurrences(of: Array(stamp.utf8), in: original).first,
                                    "no commit stamp")
        let digit: UInt8 = commit.hasPrefix("e") ? 0x66 : 0x65   // "f" or "e", any commit but this one
        for i in stampAt.upperBound - commit.utf8.count..<stampAt.upperBound { otherCommit[i] = digit }
        let buildHashes = ExecutableDigest.sections(ExecutableDigest.buildSections, in: original)
        XCTAssertEqual(buildHashes.count, 2, "the build ID and .swift_modhash")
        for range in buildHashes { otherCommit[range.upperBound - 1] ^= 0xff }

        let first = try runProgram(write(original, to: dir.appendingPathComponent("scenec")),
                                   ["build", "scenes", "-o", "out"], directory: dir)
        XCTAssertTrue(first.stderr.contains("1 built, 0 up to date"), first.stderr)
        let rebuilt = dir.appendingPathComponent("scenec-other-commit")
        let newCommit = String(repeating: Character(UnicodeScalar(digit)), count: commit.count)
        XCTAssertEqual(try versionFields(of: write(otherCommit, to: rebuilt))["commit"], newCommit)
        let second = try runProgram(rebuilt, ["build", "scenes", "-o", "out"], directory: dir)
        XCTAssertTrue(second.stderr.contains("0 built, 1 up to date"), second.stderr)

        // Each executable blanks its own stamp. .comment (the compiler's name) is a byte no code
        // reads, so it is safe to change here, and not one the digest blanks.
        var otherCode = original
        let comment = try XCTUnwrap(ExecutableDigest.sections([".comment"], in: original).first)
        otherCode[comment.lowerBound] ^= 0xff
        let digest = ExecutableDigest.digest(of: original, stamp: stamp)
        XCTAssertEqual(ExecutableDigest.digest(of: otherCommit, stamp: "scenec-build-commit:\(newCommit)"), digest)
        XCTAssertNotEqual(ExecutableDigest.digest(of: otherCode, stamp: stamp), digest)
    }

    func testBytesThatAreNotAnELFFileHaveNoSections() {
        XCTAssertEqual(ExecutableDigest.sections([".comment"], in: Array("#!/bin/sh\n".utf8)), [])
        XCTAssertEqual(ExecutableDigest.sections([".comment"], in: [0x7f, 0x45, 0x4c, 0x46, 2, 1]), [])
        XCTAssertEqual(ExecutableDigest.occurrences(of: [1, 2], in: [1, 2, 1, 2, 2]), [0..<2, 2..<4])
    }

    private func write(_ bytes: [UInt8], to url: URL) throws -> URL {
        try Data(bytes).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }
}
