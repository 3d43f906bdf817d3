import Foundation
import SceneFonts
import XCTest
import TestSupport

/// Keys across packaging (issue 24, acceptance 2): the binary in the `.deb` and in the tarball of
/// a clean commit and the `swift build -c release` binary of it report the same renderer, so one
/// builds nothing the other built; a dirty build shares nothing.
///
/// The package is made as `make dist` makes it, less the compiling: the objects the release
/// build compiled are linked again with `-static-stdlib` (Swift's runtime inside the executable,
/// so its bytes are another file's) and packed by packaging/dist.sh (stripped, Depends from
/// dpkg-shlibdeps, dpkg-deb, the tarball), then taken out again with `dpkg-deb -x`. That costs
/// about 30 s where compiling everything again with `-static-stdlib`, as `make dist` does, costs
/// 5–6 minutes on 2 cores; the compile only differs by where the compiler reads Swift's own
/// modules from (`-use-static-resource-dir`), and a clean build's renderer is named by its
/// sources, compiler and configuration, which are the same either way. (Checked once against a
/// real `make dist` package: the same `--version`, 0 of 15 scenes built, byte-identical outputs.)
final class PackagingKeysTests: XCTestCase {
    func testTheDebTheTarballAndTheReleaseBuildOfACleanCommitShareKeysAndADirtyBuildDoesNot() throws {
        let release = scenecBinary().resolvingSymlinksInPath()
        guard let link = try linkArguments(of: release) else {
            throw XCTSkip("\(release.path) was not linked by SwiftPM here (no link command in its build folder)")
        }
        let dir = try temporaryDirectory(self)
        let relinked = dir.appendingPathComponent("scenec-static-stdlib")
        var arguments = Array(link.dropFirst())
        let output = try XCTUnwrap(arguments.firstIndex(of: "-o")) + 1
        arguments[output] = relinked.path
        // The static Foundation's modules name these in their autolink entries, which objects
        // compiled against the shared ones do not carry.
        arguments += ["-static-stdlib", "-l_FoundationCShims", "-l_FoundationCollections"]
        let linked = try runProgram(URL(fileURLWithPath: link[0]), arguments, timeout: 300)
        XCTAssertEqual(linked.status, 0, linked.stderr)

        let dist = dir.appendingPathComponent("dist")
        let packed = try runProgram(repositoryRoot.appendingPathComponent("packaging/dist.sh"), [relinked.path, dist.path],
                                    directory: repositoryRoot, timeout: 300)
        XCTAssertEqual(packed.status, 0, packed.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: dist.path)
        let deb = try XCTUnwrap(files.first { $0.hasSuffix(".deb") }, "\(files)")
        let tarball = try XCTUnwrap(files.first { $0.hasSuffix(".tar.gz") }, "\(files)")
        // The remote cache's HTTP client is libcurl, a shared library: the package must pull it in.
        let fields = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["dpkg-deb", "-f", dist.appendingPathComponent(deb).path, "Depends"])
        XCTAssertTrue(fields.stdoutText.contains("libcurl4"), fields.stdoutText)
        // The default fonts are read by path, not linked: dist.sh adds their packages.
        for package in DefaultFont.packages {
            XCTAssertTrue(fields.stdoutText.contains(package), "\(package) in \(fields.stdoutText)")
        }
        let root = dir.appendingPathComponent("root"), unpacked = dir.appendingPathComponent("tarball")
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        for (program, words) in [("dpkg-deb", ["-x", dist.appendingPathComponent(deb).path, root.path]),
                                 ("tar", ["-xzf", dist.appendingPathComponent(tarball).path, "-C", unpacked.path])] {
            let run = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), [program] + words, timeout: 120)
            XCTAssertEqual(run.status, 0, "\(program): \(run.stderr)")
        }
        let fromDeb = root.appendingPathComponent("usr/bin/scenec")
        let fromTarball = unpacked.appendingPathComponent(String(tarball.dropLast(".tar.gz".count))).appendingPathComponent("scenec")
        // Not the same file in another place: another runtime linked in, and stripped.
        XCTAssertNotEqual(try Data(contentsOf: fromDeb), try Data(contentsOf: release))

        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("scenes"), to: scenes)
        let count = try FileManager.default.contentsOfDirectory(atPath: scenes.path).filter { $0.hasSuffix(".scene.yaml") }.count
        func build(_ binary: URL) throws -> String {
            let run = try runProgram(binary, ["build", "scenes", "-o", "out", "--formats", "png,pdf,svg"], directory: dir, timeout: 120)
            XCTAssertEqual(run.status, 0, run.stderr)
            return run.stderr
        }

        let releaseFields = try versionFields(of: release)
        let commit = try XCTUnwrap(releaseFields["commit"])
        let debRenderer = try XCTUnwrap(try versionFields(of: fromDeb)["renderer"])
        let dirty = dir.appendingPathComponent("scenec-dirty")
        guard commit.range(of: "^[0-9a-f]{40,64}$", options: .regularExpression) != nil else {
            // Built with uncommitted changes: both are dirty builds, keyed by their own bytes.
            XCTAssertNotEqual(debRenderer, releaseFields["renderer"])
            XCTAssertTrue(debRenderer.hasSuffix("(keyed by the executable's bytes)"), debRenderer)
            XCTAssertTrue(try build(fromDeb).contains("\(count) built, 0 up to date"))
            XCTAssertTrue(try build(release).contains("\(count) built, 0 up to date"))
            throw XCTSkip("the release build is of '\(commit)', not a clean commit: only the dirty half ran")
        }

        XCTAssertTrue(debRenderer.hasSuffix("(keyed by the sources)"), debRenderer)
        XCTAssertEqual(releaseFields["renderer"], debRenderer)
        XCTAssertEqual(try versionFields(of: fromTarball)["renderer"], debRenderer)
        XCTAssertEqual(try versionFields(of: fromDeb)["sources"], releaseFields["sources"])
        let first = try build(fromDeb)
        XCTAssertTrue(first.contains("\(count) built, 0 up to date"), first)
        for binary in [release, fromTarball] {
            let again = try build(binary)
            XCTAssertTrue(again.contains("0 built, \(count) up to date"), "\(binary.path): \(again)")
        }

        // The same code built with uncommitted changes: the stamp a dirty build carries.
        try Data(try markedDirty([UInt8](try Data(contentsOf: release)))).write(to: dirty)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dirty.path)
        let dirtyFields = try versionFields(of: dirty)
        XCTAssertEqual(dirtyFields["commit"], commit + "-dirty")
        XCTAssertNotEqual(dirtyFields["renderer"], debRenderer)
        XCTAssertEqual(dirtyFields["sources"], "none (not a clean checkout)")
        XCTAssertTrue(dirtyFields["renderer"]?.hasSuffix("(keyed by the executable's bytes)") == true, "\(dirtyFields)")
        let rebuilt = try build(dirty)
        XCTAssertTrue(rebuilt.contains("\(count) built, 0 up to date"), rebuilt)
    }

    /// The command SwiftPM linked `binary` with, from the build description beside it
    /// (`.build/release.yaml` for `.build/x86_64-unknown-linux-gnu/release/scenec`).
    private func linkArguments(of binary: URL) throws -> [String]? {
        let folder = binary.deletingLastPathComponent()
        let description = folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(folder.lastPathComponent + ".yaml")
        guard let text = try? String(contentsOf: description, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("args: ["),
                  let words = try JSONSerialization.jsonObject(with: Data(trimmed.dropFirst("args: ".count).utf8)) as? [String],
                  let output = words.firstIndex(of: "-o"), output + 1 < words.count, words[output + 1] == binary.path,
                  words.contains("-emit-executable") else { continue }
            return words
        }
        return nil
    }
}
