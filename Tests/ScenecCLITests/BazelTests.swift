import Foundation
import SceneFonts
import XCTest

/// Issue 25: the example workspace (Examples/bazel: 20 scenes under app/, their styles under
/// themes/, an asset catalog of five of them) built by Debian's Bazel 4.2.3 offline with scenec's rules (bazel/), against a real
/// nginx WebDAV server as Bazel's HTTP remote cache. One test, one Bazel server: each start of
/// Bazel costs seconds, and each step builds on the state the one before left.
final class BazelTests: XCTestCase {
    private var server: NginxCache?
    private var workspace: BazelWorkspace?

    override func setUp() {
        // Each step builds on the one before: after a failed build the rest would only repeat it.
        continueAfterFailure = false
    }

    override func tearDown() {
        workspace?.stop()
        server?.stop()
    }

    /// The flags `scenec build --emit-bazel` made the example's BUILD files with (its WORKSPACE says so).
    static let emitFlags = ["--formats", "png,svg", "--animated", "webp"]
    /// The actions that read themes/dark.yaml, by their first output: its five settings rows and
    /// the two watch scenes that import it.
    static let darkDependents = ["app/settings/backup.png", "app/settings/location.png", "app/settings/notifications.png",
                                 "app/settings/privacy.png", "app/settings/sync.png",
                                 "app/watch/activity.png", "app/watch/activity.webp", "app/watch/alarm.png"]

    func testTheExampleBuildsOfflineCachesRemotelyAndRebuildsExactlyWhatChanged() throws {
        try BazelWorkspace.skippingWithoutBazel()
        let server = try NginxCache.startedOrSkipped()
        self.server = server
        let dir = try temporaryDirectory(self)
        let ws = dir.appendingPathComponent("ws")
        try copyExample(to: ws)
        let bazel = BazelWorkspace(folder: ws, outputRoot: dir.appendingPathComponent("bazel-root"))
        workspace = bazel
        let remote = ["--remote_cache=" + server.url("bazel")]

        // 1. A cold build: every scene action runs here (and is uploaded); the outputs are
        //    byte-identical to `scenec build`'s of the same tree.
        let cold = try bazel.build(remote)
        XCTAssertEqual(cold.status, 0, cold.stderr)
        XCTAssertEqual(cold.executed.count, 22, cold.summary)
        XCTAssertEqual(cold.fetched, [], cold.summary)
        try assertSameAsScenecBuild(ws, count: 41)
        try assertCatalogSameAsScenecBuild(ws)

        // 2. Another machine, as far as Bazel knows: every scene action is a remote cache hit.
        XCTAssertEqual(try bazel.run("clean", ["--expunge"]).status, 0)
        let warm = try bazel.build(remote)
        XCTAssertEqual(warm.status, 0, warm.stderr)
        XCTAssertTrue(warm.summary.contains("22 remote cache hit"), warm.summary)
        XCTAssertEqual(warm.executed, [], warm.summary)
        try assertSameAsScenecBuild(ws, count: 41)

        // 3. An edit to an imported style re-runs exactly the scenes that read it.
        let dark = ws.appendingPathComponent("themes/dark.yaml")
        let styles = try String(contentsOf: dark, encoding: .utf8)
        XCTAssertTrue(styles.contains("#64d2ff"))
        try styles.replacingOccurrences(of: "#64d2ff", with: "#ff375f").write(to: dark, atomically: true, encoding: .utf8)
        let edited = try bazel.build(remote)
        XCTAssertEqual(edited.status, 0, edited.stderr)
        XCTAssertEqual(edited.executed, Self.darkDependents, edited.summary)
        XCTAssertEqual(edited.fetched, [], edited.summary)

        // 4. The same scenec from a .deb: the same inputs, so nothing to do.
        let binary = scenecBinary().resolvingSymlinksInPath()
        try packDeb(binary, into: ws.appendingPathComponent("tools"))
        try setTool(ws, #"deb = "//tools:scenec.deb""#)
        let packaged = try bazel.build(remote)
        XCTAssertEqual(packaged.status, 0, packaged.stderr)
        XCTAssertEqual(packaged.actions, [], packaged.summary)

        // 5. Another scenec (here the same program with other bytes): every action misses.
        let other = dir.appendingPathComponent("tool/scenec")
        try FileManager.default.createDirectory(at: other.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try Data(contentsOf: binary) + Data("another build".utf8)).write(to: other)
        XCTAssertEqual(chmod(other.path, 0o755), 0)
        try setTool(ws, #"binary = "\#(other.path)""#)
        let replaced = try bazel.build(remote)
        XCTAssertEqual(replaced.status, 0, replaced.stderr)
        XCTAssertEqual(replaced.executed.count, 22, replaced.summary)
        XCTAssertEqual(replaced.fetched, [], replaced.summary)
    }

    /// --emit-bazel on the example's tree writes the BUILD files the repository holds; an import
    /// added to one scene changes only that scene's target; a scene with a font of its own gets
    /// the font as an input, and Bazel's picture of it equals scenec build's.
    func testEmitBazelRegeneratesTheExampleAndFollowsImportsAndFonts() throws {
        try BazelWorkspace.skippingWithoutBazel()
        let dir = try temporaryDirectory(self)
        let ws = dir.appendingPathComponent("ws")
        try copyExample(to: ws)
        let committed = try buildFiles(in: ws)
        XCTAssertEqual(committed.count, 6, "\(committed.keys.sorted())")

        let again = try scenec(["build", "app", "--emit-bazel", "."] + Self.emitFlags, directory: ws)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try buildFiles(in: ws), committed, "the example's BUILD files are not what --emit-bazel writes")

        let face = ws.appendingPathComponent("app/watch/face.scene.yaml")
        let text = try String(contentsOf: face, encoding: .utf8)
        try text.replacingOccurrences(of: "canvas:", with: "imports: [../../themes/brand.yaml]\ncanvas:")
            .write(to: face, atomically: true, encoding: .utf8)
        XCTAssertEqual(try scenec(["build", "app", "--emit-bazel", "."] + Self.emitFlags, directory: ws).status, 0)
        let withImport = try buildFiles(in: ws)
        for (path, content) in committed where path != "app/watch/BUILD.bazel" {
            XCTAssertEqual(withImport[path], content, path)
        }
        let before = targets(committed["app/watch/BUILD.bazel"] ?? ""), after = targets(withImport["app/watch/BUILD.bazel"] ?? "")
        XCTAssertEqual(before.count, after.count)
        let changed = zip(before, after).filter { $0 != $1 }
        XCTAssertEqual(changed.count, 1)
        XCTAssertTrue(changed.first?.1.contains(#"name = "face""#) == true && changed.first?.1.contains(#""//themes:brand.yaml""#) == true,
                      "\(changed)")

        // A scene with a font file of its own: the font is the only source of its family, so a
        // Bazel action that could not read it would draw another face than scenec build does.
        try FileManager.default.createDirectory(at: ws.appendingPathComponent("app/watch/fonts"), withIntermediateDirectories: true)
        try FontFixtures.write("DejaVuSerif.ttf", family: "Bazel Probe", to: ws.appendingPathComponent("app/watch/fonts/Probe.ttf"))
        try write("""
            fonts: [fonts/Probe.ttf]
            canvas: {width: 200, height: 60, background: white, scale: 2}
            views:
              - {type: label, text: "Probe", font: Bazel Probe, fontSize: 30, frame: {x: 10, y: 10, width: 180, height: 40}}

            """, "app/watch/probe.scene.yaml", in: ws)
        let emitted = try scenec(["build", "app", "--emit-bazel", "."] + Self.emitFlags, directory: ws)
        XCTAssertEqual(emitted.status, 0, emitted.stderr)
        let probe = targets(try buildFiles(in: ws)["app/watch/BUILD.bazel"] ?? "").first { $0.contains(#"name = "probe""#) }
        XCTAssertTrue(probe?.contains(#""fonts/Probe.ttf""#) == true, probe ?? "no probe target")

        let bazel = BazelWorkspace(folder: ws, outputRoot: dir.appendingPathComponent("bazel-root"))
        workspace = bazel
        try setTool(ws, #"binary = "\#(scenecBinary().resolvingSymlinksInPath().path)""#)
        let built = try bazel.build()
        XCTAssertEqual(built.status, 0, built.stderr)
        XCTAssertEqual(built.executed.count, 23, built.summary)
        try assertSameAsScenecBuild(ws, count: 43)
    }

    /// The fonts the rules hand to every action are those scenec draws with by default, each
    /// from the folder its Debian package installs it in.
    func testTheToolchainsFontsAreScenecsDefaultFonts() throws {
        let rule = try String(contentsOf: repositoryRoot.appendingPathComponent("bazel/defs.bzl"), encoding: .utf8)
        let block = try XCTUnwrap(rule.range(of: "DEFAULT_FONTS = [").flatMap { start in
            rule[start.upperBound...].range(of: "\n]").map { rule[start.upperBound..<$0.lowerBound] }
        })
        let quoted = block.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        let pairs = stride(from: 0, to: quoted.count - 1, by: 2).map { "\(quoted[$0]) in \(quoted[$0 + 1])" }
        XCTAssertEqual(pairs, DefaultFont.all.map { "\($0.file) in \($0.folder)" })
    }

    // MARK: - The example and its outputs

    /// Examples/bazel copied to `ws` (without Bazel's convenience links, should someone have
    /// built it in place), its WORKSPACE naming the rules by their absolute path.
    private func copyExample(to ws: URL) throws {
        let example = repositoryRoot.appendingPathComponent("Examples/bazel")
        try FileManager.default.copyItem(at: example, to: ws)
        for name in fileNames(in: ws) where name.hasPrefix("bazel-") {
            try FileManager.default.removeItem(at: ws.appendingPathComponent(name))
        }
        let file = ws.appendingPathComponent("WORKSPACE")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains(#"path = "../../bazel""#), text)
        var rewritten = text.replacingOccurrences(of: #"path = "../../bazel""#, with: #"path = "\#(repositoryRoot.path)/bazel""#)
        // The example runs the scenec this checkout builds; a test run with another (SCENEC_BIN)
        // names it.
        let built = repositoryRoot.appendingPathComponent(".build/release/scenec").resolvingSymlinksInPath()
        if scenecBinary().resolvingSymlinksInPath() != built {
            rewritten = rewritten.replacingOccurrences(of: #"scenec_tool(name = "scenec_tool")"#,
                                                       with: #"scenec_tool(name = "scenec_tool", binary = "\#(scenecBinary().path)")"#)
        }
        try rewritten.write(to: file, atomically: true, encoding: .utf8)
    }

    /// Makes the WORKSPACE's scenec_tool take `attribute` (binary = …, deb = …).
    private func setTool(_ ws: URL, _ attribute: String) throws {
        let file = ws.appendingPathComponent("WORKSPACE")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let replaced = lines.map { $0.hasPrefix("scenec_tool(") ? #"scenec_tool(name = "scenec_tool", \#(attribute))"# : String($0) }
        XCTAssertNotEqual(lines.map(String.init), replaced, "the WORKSPACE has no scenec_tool line")
        try replaced.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    }

    /// `tools/scenec.deb` holding `binary` as usr/bin/scenec, and the package exporting it.
    private func packDeb(_ binary: URL, into tools: URL) throws {
        let root = tools.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("DEBIAN"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("usr/bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: binary, to: root.appendingPathComponent("usr/bin/scenec"))
        try write("Package: scenec\nVersion: 0.0.1\nArchitecture: amd64\nMaintainer: scenec tests <tests@localhost>\nDescription: scenec\n",
                  "DEBIAN/control", in: root)
        try runTool("dpkg-deb", ["-Zgzip", "-z1", "--root-owner-group", "-b", root.path, tools.appendingPathComponent("scenec.deb").path])
        try FileManager.default.removeItem(at: root)
        try write(#"exports_files(["scenec.deb"])"# + "\n", "BUILD.bazel", in: tools)
    }

    /// Every output `scenec build app` writes with the example's flags equals Bazel's of the same
    /// path under bazel-bin/app, and Bazel made no other picture.
    private func assertSameAsScenecBuild(_ ws: URL, count: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let out = try temporaryDirectory(self)
        let built = try scenec(["build", "app", "-o", out.path] + Self.emitFlags, directory: ws)
        XCTAssertEqual(built.status, 0, built.stderr, file: file, line: line)
        let names = outputNames(under: out)
        XCTAssertEqual(names.count, count, "\(names)", file: file, line: line)
        for name in names {
            let ours = try Data(contentsOf: out.appendingPathComponent(name))
            let bazels = try? Data(contentsOf: ws.appendingPathComponent("bazel-bin/app/" + name))
            XCTAssertEqual(bazels, ours, "bazel-bin/app/\(name) differs from scenec build's", file: file, line: line)
        }
        let pictures = outputNames(under: ws.appendingPathComponent("bazel-bin/app").resolvingSymlinksInPath())
        XCTAssertEqual(pictures, names, file: file, line: line)
    }

    /// bazel-bin/Widgets.xcassets holds what `scenec build` makes of the five widget scenes as an
    /// asset catalog, file for file.
    private func assertCatalogSameAsScenecBuild(_ ws: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let out = try temporaryDirectory(self).appendingPathComponent("Widgets.xcassets")
        let scenes = ["budget", "sleep", "steps", "storage", "water"].map { "app/widgets/\($0).scene.yaml" }
        let built = try scenec(["build"] + scenes + ["--asset-catalog", out.path], directory: ws)
        XCTAssertEqual(built.status, 0, built.stderr, file: file, line: line)
        let bazels = ws.appendingPathComponent("bazel-bin/Widgets.xcassets").resolvingSymlinksInPath()
        let names = files(under: out).filter { !($0 as NSString).lastPathComponent.hasPrefix(".") }
        XCTAssertEqual(names.count, 21, "\(names)", file: file, line: line)  // 5 × (Contents.json + 3 PNGs) + Contents.json
        XCTAssertEqual(files(under: bazels), names, file: file, line: line)
        for name in names {
            XCTAssertEqual(try? Data(contentsOf: bazels.appendingPathComponent(name)), try Data(contentsOf: out.appendingPathComponent(name)),
                           name, file: file, line: line)
        }
    }

    /// Every regular file under a folder, relative to it, sorted.
    private func files(under folder: URL) -> [String] {
        var names: [String] = []
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let name = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder), !isFolder.boolValue {
                names.append(name)
            }
        }
        return names.sorted()
    }

    /// The pictures under a folder, relative to it (no hidden files, no Bazel bookkeeping).
    private func outputNames(under folder: URL) -> [String] {
        files(under: folder).filter { name in
            !(name as NSString).lastPathComponent.hasPrefix(".") && ["png", "svg", "webp"].contains((name as NSString).pathExtension)
        }
    }

    /// The workspace's BUILD.bazel files (the generated ones, and themes'), path → text.
    private func buildFiles(in ws: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let walker = FileManager.default.enumerator(atPath: ws.path)
        while let name = walker?.nextObject() as? String {
            if name.hasPrefix("bazel-") { walker?.skipDescendants(); continue }
            guard (name as NSString).lastPathComponent == "BUILD.bazel", !name.hasPrefix("tools/") else { continue }
            files[name] = try String(contentsOf: ws.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    /// A BUILD file's targets, each its text from its rule's name to the closing parenthesis.
    private func targets(_ build: String) -> [String] {
        build.components(separatedBy: "\n\n").filter { $0.hasPrefix("scene_") }
    }
}
