import XCTest

/// scenec run as CI runs it on a pull request from a fork: every scene, name, import, symlink,
/// manifest and baseline in the tree is the attacker's. The tree is generated in a temporary
/// folder beside the things an attacker wants — a file outside the project, a token in
/// `.git/config`, a secret in the environment, a victim folder — and after every run the test
/// reads back all that scenec printed and wrote: no planted secret, nothing outside `out/`
/// changed, no command run by Ninja, no forged workflow command, no terminal control byte.
/// Which error each attack gets is for the focused tests (ReadContainmentTests, …) to say;
/// here it is enough that there is one, naming the file.
final class HostileTreeTests: XCTestCase {
    let fm = FileManager.default

    // MARK: The three ways CI runs scenec over the tree.

    func testBuildCheckPruneReviewAndEditOverAHostileTreeLeakNothingAndTouchNothingOutsideOut() throws {
        let h = try HostileTree(self)
        var log = Outputs()
        let ci = ["--keep-going"] + h.root

        // CI's first build: every report format, diagnostics as annotations and as text.
        let first = try h.run(["build", "scenes", "-o", "out", "--report", "reports/r.json", "--junit", "reports/j.xml",
                               "--diagnostics", "github", "--diagnostics", "text:reports/d.txt"] + ci, into: &log)
        XCTAssertEqual(first.status, 1, "the hostile scenes are errors: \(first.stderr)")
        XCTAssertTrue(fm.fileExists(atPath: h.tree.appendingPathComponent("out/ok.png").path),
                      "--keep-going builds the good scene: \(first.stderr)")
        log.collect(h.tree.appendingPathComponent("reports"), as: "first build")

        // A folder linked out of the tree, built the same way.
        let linkedFolder = try h.run(["build", "linked", "-o", "lout", "--report", "reports/linked.json", "--junit", "reports/linked.xml",
                                      "--diagnostics", "github"] + ci, into: &log)
        XCTAssertEqual(linkedFolder.status, 1, linkedFolder.stderr)
        XCTAssertTrue((linkedFolder.stdoutText + linkedFolder.stderr).contains("error"), linkedFolder.stdoutText + linkedFolder.stderr)
        log.collect(h.tree.appendingPathComponent("lout"), as: "linked folder's build")

        // The same, as a person reads it in the log.
        let text = try h.run(["build", "scenes", "-o", "out"] + ci, into: &log)
        XCTAssertEqual(text.status, 1, text.stderr)
        // Each read attack is an error reported for its scene (where the error is located, at
        // the import or in the imported file, is for the focused tests).
        let lines = text.stderr.split(separator: "\n")
        let unreported = HostileTree.readAttacks.filter { name in
            !lines.contains { $0.contains("scenes/\(name).scene.yaml") && $0.contains("error") }
        }
        XCTAssertEqual(unreported, [], "no error names these scenes: \(text.stderr)")
        XCTAssertTrue(text.stderr.split(separator: "\n").contains { $0.contains("FORGED") && $0.contains("error:") },
                      "the scene with a forging name is reported, escaped: \(text.stderr)")

        // check over every scene file, as an editor's CI job would.
        for format in [[], ["--diagnostics", "github"]] {
            let checked = try h.run(["check"] + h.sceneFiles + format + h.root, into: &log)
            XCTAssertEqual(checked.status, 1, checked.stderr)
        }

        // edit --diff prints the file's name in its headers; on a link out of the tree it
        // would print the outside file's lines.
        let edited = try h.run(["edit", "scenes/" + HostileTree.editedName, "--set", "r.progress=0.9", "--diff"] + h.root,
                               into: &log)
        XCTAssertEqual(edited.status, 0, "a hostile name is still a scene one may edit: \(edited.stderr)")
        let linked = try h.run(["edit", "scenes/link.scene.yaml", "--set", "r.progress=0.9", "--diff", "--dry-run"] + h.root,
                               into: &log)
        XCTAssertNotEqual(linked.status, 0, "a scene linked out of the tree is not read: \(linked.stdoutText)")
        XCTAssertTrue(linked.stderr.contains("error:"), linked.stderr)

        // The attacker's out/: manifests naming files outside it, a folder linked outside, and
        // a scene gone so its outputs (with a hostile name) are pruned.
        try h.plantHostileOutputFolder()
        try fm.removeItem(at: h.tree.appendingPathComponent("scenes/" + HostileTree.removedName))
        let pruned = try h.run(["build", "scenes", "-o", "out", "--prune", "--report", "reports/r.json",
                                "--junit", "reports/j.xml", "--diagnostics", "github", "--diagnostics", "text"] + ci,
                               into: &log)
        XCTAssertNotEqual(pruned.status, 0, pruned.stderr)
        log.collect(h.tree.appendingPathComponent("reports"), as: "pruning build")

        // Two baselines: one whose manifest reaches outside, one with links to outside files.
        for baseline in ["base1", "base2"] {
            let reviewed = try h.run(["build", "scenes", "-o", "out", "--baseline", baseline] + ci, into: &log)
            XCTAssertNotEqual(reviewed.status, 0, reviewed.stderr)
            let review = h.tree.appendingPathComponent("out/.scenec-review")
            XCTAssertTrue(fm.fileExists(atPath: review.appendingPathComponent("index.html").path), "the review ran: \(reviewed.stderr)")
            log.collect(review, as: "review against \(baseline)")
        }

        // Last, as a lock that refuses to be followed may stop the build before the rest: the
        // lock file linked to a victim file.
        try h.plantLinkedLock()
        _ = try h.run(["build", "scenes", "-o", "out"] + ci, into: &log)

        log.collect(h.tree.appendingPathComponent("out"), as: "out")
        h.assertContained(log)
    }

    func testNinjaRunsNoCommandHiddenInAName() throws {
        let h = try HostileTree(self)
        var log = Outputs()
        let emitted = try h.run(["build", "ninja", "-o", "nout", "--emit-ninja", "build.ninja"] + h.root, into: &log)
        XCTAssertEqual(emitted.status, 0, emitted.stderr)
        let ninja = try h.runProgram(URL(fileURLWithPath: "/usr/bin/ninja"), ["-f", "build.ninja"], into: &log)
        XCTAssertEqual(ninja.status, 0, "names with $, `, ; and ( ) are built: \(ninja.stdoutText)")
        for name in HostileTree.shellNames {
            let png = h.tree.appendingPathComponent("nout/" + name.replacingOccurrences(of: ".scene.yaml", with: ".png"))
            XCTAssertTrue(fm.fileExists(atPath: png.path), "\(png.lastPathComponent) was built: \(ninja.stdoutText)")
        }
        // Ninja cannot say a newline in a path: a tree with one is refused, not half-written.
        let refused = try h.run(["build", "scenes", "-o", "out", "--emit-ninja", "bad.ninja"] + h.root, into: &log)
        XCTAssertNotEqual(refused.status, 0, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("error:"), refused.stderr)
        XCTAssertFalse(fm.fileExists(atPath: h.tree.appendingPathComponent("bad.ninja").path))

        log.collect(h.tree.appendingPathComponent("build.ninja"), as: "ninja file")
        log.collect(h.tree.appendingPathComponent("nout"), as: "nout")
        h.assertContained(log)
    }

    func testAFIFOImportIsAnErrorNotAHang() throws {
        let h = try HostileTree(self)
        var log = Outputs()
        for command in [["check", "hang/fifo.scene.yaml"], ["build", "hang", "-o", "hout", "--keep-going"]] {
            let r = try h.run(command + h.root, into: &log, timeout: 60)
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.split(separator: "\n").contains { $0.contains("hang/fifo") && $0.contains("error:") }, r.stderr)
        }
        h.assertContained(log)
    }
}

/// Everything scenec printed or wrote in a test, to be searched at the end.
struct Outputs {
    var items: [(label: String, bytes: Data, isText: Bool)] = []

    /// Pictures and movies are binary; everything else scenec writes (JSON, XML, HTML, SVG,
    /// Ninja, logs) is text a terminal or a CI log may show.
    static let binaryExtensions: Set<String> = ["png", "pdf", "gif", "webp", "apng", "mp4", "webm"]

    mutating func add(_ label: String, _ bytes: Data, isText: Bool = true) {
        items.append((label, bytes, isText))
    }

    /// Every regular file at or under `url`, symbolic links not followed (one into a victim
    /// folder is the victim folder's check).
    mutating func collect(_ url: URL, as label: String) {
        let fm = FileManager.default
        guard let type = (try? fm.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType else { return }
        if type == .typeDirectory {
            for name in ((try? fm.contentsOfDirectory(atPath: url.path)) ?? []).sorted() {
                collect(url.appendingPathComponent(name), as: label)
            }
        } else if type == .typeRegular, let data = fm.contents(atPath: url.path) {
            add("\(label): \(url.path)", data, isText: !Self.binaryExtensions.contains(url.pathExtension.lowercased()))
        }
    }
}

/// A project tree an attacker wrote, in a temporary folder beside what they are after.
struct HostileTree {
    let test: XCTestCase
    let top: URL
    var tree: URL { top.appendingPathComponent("tree") }
    /// The project root, given as CI gives it.
    var root: [String] { ["--root", tree.path] }
    let envSecret = "ENV-SECRET-" + UUID().uuidString
    let fileSecret = "OUTSIDE-FILE-SECRET-" + UUID().uuidString
    let homeSecret = "HOME-SECRET-" + UUID().uuidString
    let dirSecret = "OUTSIDE-DIR-SECRET-" + UUID().uuidString
    let token = "ghp_FAKE" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(28)
    var outsideGIF: Data { Data(("GIF89a" + fileSecret + "\n").utf8) }
    private(set) var before: [String: String] = [:]

    /// Scenes that each try to read one thing outside the tree; each must be an error.
    static let readAttacks = ["environ", "passwd", "passwd-relative", "outside", "home", "gitconfig", "link"]
    /// A scene with errors whose name forges a workflow command when printed raw.
    static let forgingName = "evil\u{1B}[2J\u{07}\n::error file=README.md,line=1::FORGED.scene.yaml"
    /// A good scene, removed before the pruning build so its outputs are listed and pruned.
    static let removedName = "esc\u{1B}[31mred\u{07}\r::warning file=README.md::FORGED2.scene.yaml"
    /// A good scene that `edit --diff` edits.
    static let editedName = "edit\u{1B}]0;title\u{07}\n::error file=README.md,line=1::FORGED3.scene.yaml"
    /// Names a shell would run if Ninja's command line did not quote them.
    static let shellNames = ["$(touch PWNED).scene.yaml", "`touch PWNED2`;x.scene.yaml"]

    init(_ test: XCTestCase) throws {
        self.test = test
        top = try temporaryDirectory(test)
        let fm = FileManager.default
        func put(_ text: String, _ relative: String) throws {
            let url = top.appendingPathComponent(relative)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func link(_ relative: String, to destination: String) throws {
            let url = top.appendingPathComponent(relative)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
        }

        // What lies outside the project.
        try put("token: \(fileSecret)\n", "outside/secret.yaml")
        try outsideGIF.write(to: top.appendingPathComponent("outside/secret.gif"))
        try put("canvas: {width: 40, height: 40}\nviews: [{type: \(dirSecret)}]\n", "outside/scenes/leak.scene.yaml")
        try put("home: \(homeSecret)\n", "home/secret.yaml")
        for name in ["a.txt", "b.txt", "lock.txt", "dir/keep.txt"] { try put("victim \(name)\n", "victim/\(name)") }

        // The project: a git checkout whose config holds the token, as actions/checkout leaves it.
        try put("ref: refs/heads/main\n", "tree/.git/HEAD")
        try put("[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic \(token)\n", "tree/.git/config")
        try put(ringScene(0.5), "tree/scenes/ok.scene.yaml")
        // Content that quoted in a diagnostic would start a log line as a workflow command.
        try put("::error file=README.md,line=1::FORGED-SRC1\n", "tree/scenes/content1.scene.yaml")
        try put("canvas: {width: 40, height: 40}\nviews: []\n  ::error file=README.md,line=1::FORGED-SRC2: 1\n",
                "tree/scenes/content2.scene.yaml")
        try put(ringScene(0.25), "tree/scenes/sub/x.scene.yaml")
        let imports = ["environ": "/proc/self/environ", "passwd": "/etc/passwd",
                       "passwd-relative": "../../../../../../../../../../etc/passwd",
                       "outside": "../../outside/secret.yaml", "home": "~/secret.yaml", "gitconfig": "../.git/config"]
        for (name, path) in imports {
            try put("imports: [\"\(path)\"]\n" + ringScene(0.5), "tree/scenes/\(name).scene.yaml")
        }
        try link("tree/scenes/link.scene.yaml", to: "../../outside/secret.yaml")
        // In a folder of its own: a build refuses a tree with a link out of it before building
        // anything, which would spare the rest of scenes/ every other attack.
        try link("tree/linked/dirlink", to: "../../outside/scenes")
        try put("canvas: {width: 40, height: 40}\nviews: [{type: rng}]\n", "tree/scenes/" + Self.forgingName)
        try put(ringScene(0.75), "tree/scenes/" + Self.removedName)
        try put(ringScene(0.75), "tree/scenes/" + Self.editedName)
        for name in Self.shellNames { try put(ringScene(0.5), "tree/ninja/" + name) }
        try put("imports: [fifo.yaml]\n" + ringScene(0.5), "tree/hang/fifo.scene.yaml")
        XCTAssertEqual(mkfifo(top.appendingPathComponent("tree/hang/fifo.yaml").path, 0o644), 0)

        // Baselines: a manifest naming a file outside its folder; links to an outside file.
        let entry: [String: Any] = ["sceneKey": "k", "hasTimeline": false, "warnings": [] as [Any],
                                    "outputs": ["../../outside/secret.gif": ["group": "png", "key": "k", "sha256": "s", "size": 1]]]
        try put(String(decoding: try JSONSerialization.data(withJSONObject: ["version": 2, "scenes": ["ok.scene.yaml": entry]]),
                       as: UTF8.self), "tree/base1/.scenec-manifest.json")
        try link("tree/base2/leak.gif", to: "../../outside/secret.gif")
        try link("tree/base2/leak.mp4", to: "../../outside/secret.gif")
        try fm.createDirectory(at: top.appendingPathComponent("tree/reports"), withIntermediateDirectories: true)
        before = Self.snapshot(top, ["victim", "outside", "home", "tree/.git"])
    }

    /// The scene files of scenes/ and the one reached through linked/, as `check` is given them.
    var sceneFiles: [String] {
        fileNames(in: tree.appendingPathComponent("scenes")).filter { $0.hasSuffix(".scene.yaml") }.map { "scenes/" + $0 }
            + ["linked/dirlink/leak.scene.yaml"]
    }

    /// The attacker's build folder: manifests (the build's and a shard's) naming victim files,
    /// a folder of outputs linked to a victim folder.
    func plantHostileOutputFolder() throws {
        let fm = FileManager.default
        let out = tree.appendingPathComponent("out")
        try fm.createDirectory(at: out, withIntermediateDirectories: true)
        func entry(_ path: String) -> [String: Any] {
            ["hasTimeline": false, "warnings": [] as [Any], "outputs": [path: ["group": "png", "key": "k", "sha256": "s", "size": 9]]]
        }
        let manifestURL = out.appendingPathComponent(".scenec-manifest.json")
        var manifest = (try? JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL))) as? [String: Any] ?? ["version": 2]
        var scenes = manifest["scenes"] as? [String: Any] ?? [:]
        scenes["gone.scene.yaml"] = entry("../../victim/a.txt")
        manifest["scenes"] = scenes
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        try JSONSerialization.data(withJSONObject: ["version": 2, "scenes": ["gone2.scene.yaml": entry("../../victim/b.txt")]])
            .write(to: out.appendingPathComponent(".scenec-manifest.1-of-2.json"))
        try? fm.removeItem(at: out.appendingPathComponent("sub"))
        try fm.createSymbolicLink(atPath: out.appendingPathComponent("sub").path, withDestinationPath: "../../victim/dir")
    }

    /// `out/.scenec-build.lock` linked to a victim file.
    func plantLinkedLock() throws {
        let lock = tree.appendingPathComponent("out/.scenec-build.lock")
        try? FileManager.default.removeItem(at: lock)
        try FileManager.default.createSymbolicLink(atPath: lock.path, withDestinationPath: "../../victim/lock.txt")
    }

    /// Runs scenec in the tree as CI does: the secret in its environment, HOME holding another.
    func run(_ arguments: [String], into log: inout Outputs, timeout: TimeInterval = 120,
             file: StaticString = #filePath, line: UInt = #line) throws -> RunResult {
        try runProgram(scenecBinary(), arguments, into: &log, timeout: timeout, file: file, line: line)
    }

    func runProgram(_ binary: URL, _ arguments: [String], into log: inout Outputs, timeout: TimeInterval = 120,
                    file: StaticString = #filePath, line: UInt = #line) throws -> RunResult {
        // The built scenec first on $PATH, where a Ninja file's edges find it.
        let environment = ["SCENEC_TEST_SECRET": envSecret, "HOME": top.appendingPathComponent("home").path,
                           "XDG_CACHE_HOME": top.appendingPathComponent("cache").path,
                           "PATH": test.environmentWithScenecOnPath()["PATH"] ?? ""]
        let r = try ScenecCLITests.runProgram(binary, arguments, environment: environment, directory: tree, timeout: timeout, file: file, line: line)
        let label = ([binary.lastPathComponent] + arguments).joined(separator: " ").debugDescription
        log.add("stdout of \(label)", r.stdout)
        log.add("stderr of \(label)", Data(r.stderr.utf8))
        return r
    }

    // MARK: What must hold after every run.

    /// Every file and link under the given folders of `top`: path → what it holds.
    static func snapshot(_ top: URL, _ folders: [String]) -> [String: String] {
        let fm = FileManager.default
        var items: [String: String] = [:]
        func visit(_ relative: String) {
            let path = top.appendingPathComponent(relative).path
            guard let type = (try? fm.attributesOfItem(atPath: path))?[.type] as? FileAttributeType else { return }
            switch type {
            case .typeDirectory:
                items[relative] = "folder"
                for name in ((try? fm.contentsOfDirectory(atPath: path)) ?? []) { visit(relative + "/" + name) }
            case .typeSymbolicLink: items[relative] = "link to " + ((try? fm.destinationOfSymbolicLink(atPath: path)) ?? "?")
            case .typeRegular: items[relative] = fm.contents(atPath: path)?.base64EncodedString() ?? "unreadable"
            default: items[relative] = "\(type)"
            }
        }
        folders.forEach(visit)
        return items
    }

    /// Everything that must hold after the runs that made `log`.
    func assertContained(_ log: Outputs, file: StaticString = #filePath, line: UInt = #line) {
        assertUntouchedOutside(file: file, line: line)
        assertNoMarkers(file: file, line: line)
        assertClean(log, file: file, line: line)
    }

    /// Nothing outside the project and its `.git` was written, replaced or deleted.
    func assertUntouchedOutside(file: StaticString = #filePath, line: UInt = #line) {
        let after = Self.snapshot(top, ["victim", "outside", "home", "tree/.git"])
        for key in Set(before.keys).union(after.keys).sorted() where before[key] != after[key] {
            XCTFail("\(key) changed: \(before[key] ?? "absent") → \(after[key] ?? "absent")", file: file, line: line)
        }
    }

    /// No file a shell command in a name would have made, anywhere in the temporary folder.
    func assertNoMarkers(file: StaticString = #filePath, line: UInt = #line) {
        let walker = FileManager.default.enumerator(atPath: top.path)
        while let path = walker?.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name == "PWNED" || name == "PWNED2" { XCTFail("a command in a name ran: \(path)", file: file, line: line) }
        }
    }

    /// What must never be in an output: the planted secrets (also as a data: URL would hold
    /// them), a line of /etc/passwd, forged workflow commands and terminal control bytes.
    func assertClean(_ log: Outputs, file: StaticString = #filePath, line: UInt = #line) {
        let gif = outsideGIF
        let needles: [(String, Data)] = [
            ("the environment variable's value", Data(envSecret.utf8)), ("the outside file's secret", Data(fileSecret.utf8)),
            ("the secret in HOME", Data(homeSecret.utf8)), ("the outside folder's secret", Data(dirSecret.utf8)),
            ("the token of .git/config", Data(token.utf8)), ("a line of /etc/passwd", Data("root:x:0:0".utf8)),
            ("the outside file in base64", Data(gif.prefix(gif.count / 3 * 3).base64EncodedString().utf8)),
        ]
        XCTAssertFalse(log.items.isEmpty, file: file, line: line)
        for item in log.items {
            for (what, needle) in needles where item.bytes.range(of: needle) != nil {
                XCTFail("\(item.label) holds \(what)", file: file, line: line)
            }
            guard item.isText else { continue }
            for (byte, name) in [(UInt8(0x1B), "ESC"), (UInt8(0x07), "BEL")] where item.bytes.contains(byte) {
                XCTFail("\(item.label) holds the control byte \(name)", file: file, line: line)
            }
            let text = String(decoding: item.bytes, as: UTF8.self)
            let lines = text.unicodeScalars.split(whereSeparator: { $0 == "\r" || $0 == "\n" }).map { String(String.UnicodeScalarView($0)) }
            // A runner reads a line as a command when it starts with `::` after leading spaces.
            for l in lines.map({ String($0.drop { $0 == " " || $0 == "\t" }) }) where l.hasPrefix("::") {
                if let problem = Self.forgery(l) {
                    XCTFail("\(item.label) has a line starting with :: that scenec did not issue (\(problem)): \(l.debugDescription)",
                            file: file, line: line)
                }
            }
        }
    }

    /// Why a line starting with `::` is not one of scenec's own workflow commands, or nil.
    /// scenec issues error, warning and notice annotations and log groups, and annotates
    /// files of the tree; the forged lines name README.md, which no scene is.
    static func forgery(_ line: String) -> String? {
        let body = line.dropFirst(2)
        let command = body.prefix { $0.isLetter }
        guard ["error", "warning", "notice", "group", "endgroup"].contains(String(command)) else {
            return "the command '\(command)'"
        }
        let rest = body.dropFirst(command.count)
        guard rest.hasPrefix(" ") else { return rest.hasPrefix("::") ? nil : "no properties and no message" }
        let properties = rest.dropFirst().prefix { $0 != ":" }
        for property in properties.split(separator: ",") where property.hasPrefix("file=") {
            if property.dropFirst(5) == "README.md" { return "it annotates README.md" }
        }
        return nil
    }
}
