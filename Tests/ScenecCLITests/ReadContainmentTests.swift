import XCTest

/// A scene tree from a pull request is hostile: scenec reads its scenes, imports and fonts only
/// from inside the project root, never from hidden folders, and only regular files — each
/// attack is one clear error naming the rule, exit 1, and the secret it aimed at never reaches
/// any output (standard output and error, `--report`, `--junit`). scenec runs here as CI runs
/// it: in the project (a git work tree with a token in `.git/config`), without `--allow-read`.
final class ReadContainmentTests: XCTestCase {
    static let secret = "SECRET-c0ffee-\(UUID().uuidString)"
    static let canvas = "canvas: {width: 10, height: 10}\nviews: []\n"

    /// A project folder (`.git/config` holding a token) and a folder beside it holding a secret
    /// YAML file that would be quoted if it were read.
    func project() throws -> (root: URL, outside: URL) {
        let top = try temporaryDirectory(self)
        let root = top.appendingPathComponent("project"), outside = top.appendingPathComponent("elsewhere")
        for dir in [root.appendingPathComponent(".git"), root.appendingPathComponent("scenes"), outside] {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        try "[http]\n  extraheader = AUTHORIZATION: basic \(Self.secret)\n"
            .write(to: root.appendingPathComponent(".git/config"), atomically: true, encoding: .utf8)
        try "styles:\n  s: {opacity: \(Self.secret)}\n".write(to: outside.appendingPathComponent("secret.yaml"), atomically: true, encoding: .utf8)
        return (root, outside)
    }

    func scene(importing name: String, in root: URL, as file: String = "scenes/s.scene.yaml") throws {
        try "imports: [\"\(name)\"]\n\(Self.canvas)".write(to: root.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }

    /// Builds the project's scenes with every report, and checks the outcome: exit 1, `rule`
    /// in the diagnostics, no secret anywhere.
    @discardableResult
    func assertRefused(_ root: URL, rule: String, file: StaticString = #filePath, line: UInt = #line) throws -> RunResult {
        let result = try scenec(["build", "scenes", "-o", "out", "--keep-going", "--report", "report.json", "--junit", "junit.xml",
                                 "--diagnostics", "github"],
                                environment: ["SCENEC_TEST_SECRET": Self.secret], directory: root, timeout: 60, file: file, line: line)
        XCTAssertEqual(result.status, 1, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(rule) || result.stdoutText.contains(rule), "\(result.stdoutText)\n\(result.stderr)",
                      file: file, line: line)
        var outputs = [result.stdoutText, result.stderr]
        for name in ["report.json", "junit.xml"] {
            outputs.append((try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)) ?? "")
        }
        for text in outputs {
            XCTAssertFalse(text.contains(Self.secret), "the secret reached an output: \(text)", file: file, line: line)
            XCTAssertFalse(text.contains("root:x:0:0"), "/etc/passwd reached an output: \(text)", file: file, line: line)
        }
        return result
    }

    func testImportsOfTheEnvironmentPasswdAndHiddenFilesAreRefusedByName() throws {
        let (root, outside) = try project()
        let relativeOut = "../../elsewhere/secret.yaml"
        for (name, rule) in [("/proc/self/environ", "imports must stay inside the project root"),
                             ("/etc/passwd", "imports must stay inside the project root"),
                             (outside.appendingPathComponent("secret.yaml").path, "imports must stay inside the project root"),
                             (relativeOut, "imports must stay inside the project root"),
                             ("../../../../../../../../etc/passwd", "imports must stay inside the project root"),
                             ("~/.ssh/id_ed25519", "imports must stay out of hidden files and folders"),
                             ("../.git/config", "imports must stay out of hidden files and folders")] {
            try scene(importing: name, in: root)
            let result = try assertRefused(root, rule: rule)
            XCTAssertTrue(result.stdoutText.contains("::error file=scenes/s.scene.yaml,line=1,"), result.stdoutText)
        }
    }

    func testASceneLinkedOutOfTheTreeIsAnErrorForThatSceneAndTheOthersBuild() throws {
        let (root, outside) = try project()
        try Self.canvas.write(to: root.appendingPathComponent("scenes/ok.scene.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("scenes/passwd.scene.yaml").path,
                                                   withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("scenes/secret.scene.yaml").path,
                                                   withDestinationPath: outside.appendingPathComponent("secret.yaml").path)
        let result = try assertRefused(root, rule: "scenes must stay inside the project root")
        XCTAssertTrue(result.stdoutText.contains("'scenes/passwd.scene.yaml' leads outside it, to '/etc/passwd'"), result.stdoutText)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/ok.png").path), "the other scene is built")
    }

    func testALinkedFolderOutOfTheTreeIsNotFollowedAndALoopIsReportedOnce() throws {
        let (root, outside) = try project()
        try Self.canvas.write(to: outside.appendingPathComponent("o.scene.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("scenes/ext").path,
                                                   withDestinationPath: outside.path)
        try assertRefused(root, rule: "'scenes/ext' is a symbolic link to a folder outside the project root")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/ext/o.png").path))

        try FileManager.default.removeItem(at: root.appendingPathComponent("scenes/ext"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("scenes/sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("scenes/sub/up").path, withDestinationPath: "..")
        let loop = try assertRefused(root, rule: "'scenes/sub/up' is a symbolic link to a folder it is in, a loop")
        XCTAssertEqual(loop.stdoutText.components(separatedBy: "a loop").count, 2, loop.stdoutText)
    }

    /// The hang guards: each import is one error, and scenec ends (a FIFO once blocked for ever).
    func testAFIFOADeviceAFolderAndALinkLoopAreOneErrorEachWithoutHanging() throws {
        let (root, _) = try project()
        XCTAssertEqual(mkfifo(root.appendingPathComponent("scenes/fifo.yaml").path, 0o644), 0)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("scenes/folder.yaml"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("scenes/loop.yaml").path, withDestinationPath: "loop.yaml")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("scenes/zero.yaml").path, withDestinationPath: "/dev/zero")
        for (name, message) in [("fifo.yaml", "'fifo.yaml' is a FIFO, not a regular file"),
                                ("folder.yaml", "'folder.yaml' is a directory, not a regular file"),
                                ("loop.yaml", "'loop.yaml' is a loop of symbolic links"),
                                ("zero.yaml", "'zero.yaml' leads outside it, to '/dev/zero'"),
                                ("/dev/zero", "imports must stay inside the project root")] {
            try scene(importing: name, in: root)
            let result = try scenec(["check", "scenes/s.scene.yaml"], directory: root, timeout: 60)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix("1 error in scenes/s.scene.yaml\n"), result.stderr)
        }
        // Allowed on purpose, /dev still holds no scene.
        let allowed = try scenec(["check", "/dev/zero", "--allow-read", "/dev"], directory: root, timeout: 60)
        XCTAssertEqual(allowed.status, 1, allowed.stderr)
        XCTAssertTrue(allowed.stderr.contains("'/dev/zero' is a character device, not a regular file"), allowed.stderr)
    }

    /// `dia{i}` imports `dia{i+1}` twice: once per file, not 2²⁵ times (20 levels took > 60 s).
    func testA25LevelImportDiamondReadsEachFileOnce() throws {
        let (root, _) = try project()
        for i in 0..<25 {
            try "imports: [dia\(i + 1).yaml, dia\(i + 1).yaml]\nstyles: {s\(i): {opacity: 1}}\n"
                .write(to: root.appendingPathComponent("scenes/dia\(i).yaml"), atomically: true, encoding: .utf8)
        }
        try "styles: {last: {opacity: 0.5}}\n".write(to: root.appendingPathComponent("scenes/dia25.yaml"), atomically: true, encoding: .utf8)
        try "imports: [dia0.yaml]\ncanvas: {width: 10, height: 10}\nviews:\n  - {type: ring, style: last, frame: {x: 0, y: 0, width: 9, height: 9}}\n"
            .write(to: root.appendingPathComponent("scenes/s.scene.yaml"), atomically: true, encoding: .utf8)
        let result = try scenec(["check", "scenes/s.scene.yaml"], directory: root, timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testTheImportGraphHasALimitOnItsFiles() throws {
        let (root, _) = try project()
        for i in 0..<300 {
            try "styles: {}\n".write(to: root.appendingPathComponent("scenes/w\(i).yaml"), atomically: true, encoding: .utf8)
        }
        let list = (0..<300).map { "w\($0).yaml" }.joined(separator: ", ")
        try "imports: [\(list)]\n\(Self.canvas)".write(to: root.appendingPathComponent("scenes/s.scene.yaml"), atomically: true, encoding: .utf8)
        let result = try scenec(["check", "scenes/s.scene.yaml"], directory: root)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("error: the scene imports more than 256 files in all; 'w256.yaml' is one too many"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("1 error in scenes/s.scene.yaml\n"), result.stderr)
    }

    func testASceneOutsideTheRootIsRefusedUnlessAllowedAndStandardInputObeysTheRules() throws {
        let (root, outside) = try project()
        let away = outside.appendingPathComponent("away.scene.yaml")
        try Self.canvas.write(to: away, atomically: true, encoding: .utf8)
        let refused = try scenec(["check", away.path], directory: root)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("scenes must stay inside the project root '\(root.resolvingSymlinksInPath().path)'"), refused.stderr)
        XCTAssertEqual(try scenec(["check", away.path, "--allow-read", outside.path], directory: root).status, 0)
        XCTAssertEqual(try scenec(["check", away.path, "--root", outside.path], directory: root).status, 0)
        XCTAssertEqual(try scenec(["check", away.path, "--path-root", outside.path], directory: root).status, 0, "the old name")

        let stdin = try scenec(["check", "-"], stdin: Data("imports: [../elsewhere/secret.yaml]\n\(Self.canvas)".utf8),
                               directory: root)
        XCTAssertEqual(stdin.status, 1)
        XCTAssertTrue(stdin.stderr.contains("imports must stay inside the project root"), stdin.stderr)
        XCTAssertFalse(stdin.stderr.contains(Self.secret))
    }

    /// A folder option named inside the project (`--allow-read vendor/theme`, `--root sub`) is a
    /// path in the tree the pull request wrote, so a link committed there (to `/`, or to the
    /// secret's folder) is refused rather than followed; the real folder works.
    func testAFolderOptionNamedInsideTheProjectIsNotFollowedThroughALink() throws {
        let (root, outside) = try project()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("vendor"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("vendor/theme").path,
                                                   withDestinationPath: outside.path)
        try scene(importing: outside.appendingPathComponent("secret.yaml").path, in: root)
        for option in [["--allow-read", "vendor/theme"], ["--allow-read", "./vendor/theme/"], ["--root", "vendor/theme"]] {
            let r = try scenec(["check", "scenes/s.scene.yaml"] + option, directory: root)
            XCTAssertEqual(r.status, 2, "\(option): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("\(option[0]) '\(option[1])' goes through a symbolic link inside the current folder"), r.stderr)
            XCTAssertFalse(r.stderr.contains(Self.secret))
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("themes"), withIntermediateDirectories: true)
        XCTAssertEqual(try scenec(["check", "scenes/s.scene.yaml", "--allow-read", "themes"], directory: root).status, 1,
                       "a real folder is accepted (the import outside it is still refused)")
        let absolute = try scenec(["check", "scenes/s.scene.yaml", "--allow-read", outside.path], directory: root)
        XCTAssertTrue(absolute.stderr.contains("secret.yaml:2:"), "an absolute folder is the caller's choice: read: \(absolute.stderr)")
    }

    /// The language server reads inside the folder the editor opened (`rootUri`).
    func testTheLanguageServerTakesItsRootFromTheClient() throws {
        let (root, _) = try project()
        let client = try LSPClient(arguments: ["--debounce", "1"])
        _ = try client.request("initialize", ["processId": NSNull(), "rootUri": "file://" + root.path, "capabilities": [:]])
        client.notify("initialized", [:])
        let scene = root.appendingPathComponent("scenes/s.scene.yaml").path
        client.open("file://" + scene, text: "imports: [/etc/passwd]\n\(Self.canvas)")
        let message = try XCTUnwrap(client.diagnostics("file://" + scene)?.first?["message"] as? String)
        XCTAssertTrue(message.hasPrefix("imports must stay inside the project root '\(root.resolvingSymlinksInPath().path)'"), message)
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testFontsOutsideTheRootAreRefusedAndThePackagedFontsAreNot() throws {
        let (root, _) = try project()
        try "fonts: [/etc/passwd, /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf]\n\(Self.canvas)"
            .write(to: root.appendingPathComponent("scenes/s.scene.yaml"), atomically: true, encoding: .utf8)
        let result = try scenec(["check", "scenes/s.scene.yaml"], directory: root)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("fonts must stay inside the project root"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("1 error in scenes/s.scene.yaml\n"), result.stderr)
    }
}
