import Foundation
import XCTest
@testable import SceneFiles

/// The containment decisions of `ContainedRead`, on a real folder tree: what may be read, and
/// the rule each refusal names.
final class ContainedReadTests: XCTestCase {
    var top: URL!
    var root: URL!
    var scope: ReadScope!

    override func setUpWithError() throws {
        top = FileManager.default.temporaryDirectory.appendingPathComponent("scenefiles-\(UUID().uuidString)")
        root = top.appendingPathComponent("project")
        for dir in ["project/.git", "project/themes", "project/.hidden", "shared", "outside"] {
            try FileManager.default.createDirectory(at: top.appendingPathComponent(dir), withIntermediateDirectories: true)
        }
        for (name, text) in ["project/themes/t.yaml": "styles: {}\n", "project/.git/config": "token\n",
                             "project/.hidden/x.yaml": "styles: {}\n", "project/.env.yaml": "styles: {}\n",
                             "project/notes.txt": "x\n", "shared/brand.yaml": "styles: {}\n",
                             "outside/secret.yaml": "styles: {secret: {}}\n"] {
            try text.write(to: top.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        scope = ReadScope(root: try XCTUnwrap(ProjectRoot(root.path)))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: top)
    }

    func path(_ name: String) -> String { root.appendingPathComponent(name).path }

    func refusal(_ name: String, as kind: ReadKind = .importedFile, in scope: ReadScope? = nil) -> ReadRefusal? {
        guard case .failure(let refusal) = ContainedRead.read(name, as: kind, in: scope ?? self.scope, limit: 1 << 20) else { return nil }
        return refusal
    }

    func testAFileInsideTheRootIsReadWhole() throws {
        guard case .success(let contents) = ContainedRead.read(path("themes/t.yaml"), as: .importedFile, in: scope, limit: 100) else {
            return XCTFail("refused")
        }
        XCTAssertEqual(contents, ContainedRead.Contents(bytes: Array("styles: {}\n".utf8), tooLarge: false))
        guard case .success(let small) = ContainedRead.read(path("themes/t.yaml"), as: .importedFile, in: scope, limit: 4) else {
            return XCTFail("refused")
        }
        XCTAssertTrue(small.tooLarge)
    }

    func testPathsLeavingTheRootAreRefusedWithTheRule() throws {
        for name in [top.appendingPathComponent("outside/secret.yaml").path, path("../outside/secret.yaml"), "/etc/passwd",
                     "/proc/self/environ", path("../outside/missing.yaml")] {
            let r = refusal(name)
            XCTAssertEqual(r?.reason, .outsideRoot, name)
            XCTAssertEqual(r?.message(naming: "x").hasPrefix("imports must stay inside the project root '\(scope.root.directory)'; 'x'"), true, name)
            XCTAssertEqual(r?.notes.first?.contains("--allow-read DIR"), true)
        }
    }

    func testASymbolicLinkOutOfTheRootIsRefusedForWhereItLeads() throws {
        try FileManager.default.createSymbolicLink(atPath: path("themes/link.yaml"), withDestinationPath: top.appendingPathComponent("outside/secret.yaml").path)
        try FileManager.default.createSymbolicLink(atPath: path("themes/dir"), withDestinationPath: top.appendingPathComponent("outside").path)
        XCTAssertEqual(refusal(path("themes/link.yaml"))?.reason, .outsideRoot)
        XCTAssertEqual(refusal(path("themes/dir/secret.yaml"))?.reason, .outsideRoot)
        XCTAssertEqual(refusal(path("themes/link.yaml"))?.problem.hasPrefix("leads outside it, to '"), true)
        XCTAssertEqual(refusal(path("themes/link.yaml"), as: .scene)?.message(naming: "l").hasPrefix("scenes must stay inside"), true)
    }

    func testHiddenFilesAndFoldersAreRefused() throws {
        XCTAssertEqual(refusal(path(".hidden/x.yaml"))?.message(naming: ".hidden/x.yaml"),
                       "imports must stay out of hidden files and folders (names starting with '.'); '.hidden/x.yaml' is in '.hidden'")
        XCTAssertEqual(refusal(path(".git/config"), as: .scene)?.reason, .hidden)
        XCTAssertEqual(refusal(path(".env.yaml"))?.problem, "is hidden")
        // A link inside the project to .git is refused for where it leads.
        try FileManager.default.createSymbolicLink(atPath: path("themes/c.yaml"), withDestinationPath: path(".git/config"))
        XCTAssertEqual(refusal(path("themes/c.yaml"), as: .scene)?.reason, .hidden)
    }

    func testImportsAndFontsNeedTheirEndings() throws {
        XCTAssertEqual(refusal(path("notes.txt"))?.message(naming: "notes.txt"),
                       "imports must be YAML files, ending in .yaml or .yml; 'notes.txt' does not")
        XCTAssertEqual(refusal(path("notes.txt"), as: .font)?.rule, "fonts must be font files, ending in .ttf, .otf or .ttc")
        XCTAssertNil(refusal(path("notes.txt"), as: .scene), "a scene may have any name")
        try FileManager.default.createSymbolicLink(atPath: path("themes/n.yaml"), withDestinationPath: path("notes.txt"))
        XCTAssertEqual(refusal(path("themes/n.yaml"))?.reason, .wrongExtension, "by the name it leads to as well")
    }

    func testAllowedFoldersAndThePackagedFontsAreReadable() throws {
        let shared = top.appendingPathComponent("shared/brand.yaml").path
        XCTAssertEqual(refusal(shared)?.reason, .outsideRoot)
        var allowing = scope!
        allowing.allowed = [try XCTUnwrap(ProjectRoot(top.appendingPathComponent("shared").path))]
        XCTAssertNil(refusal(shared, in: allowing))
        XCTAssertEqual(refusal(top.appendingPathComponent("outside/secret.yaml").path, in: allowing)?.reason, .outsideRoot)
        let dejavu = ReadScope.packagedFontDirectory + "/DejaVuSans.ttf"
        if FileManager.default.fileExists(atPath: dejavu) {
            XCTAssertNil(refusal(dejavu, as: .font))
            XCTAssertEqual(refusal(dejavu, as: .scene)?.reason, .outsideRoot, "only fonts may come from there")
        }
    }

    func testOnlyRegularFilesAreReadAndNothingBlocks() throws {
        XCTAssertEqual(mkfifo(path("themes/fifo.yaml"), 0o644), 0)
        try FileManager.default.createDirectory(atPath: path("themes/dir.yaml"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path("themes/loop.yaml"), withDestinationPath: "loop.yaml")
        try FileManager.default.createSymbolicLink(atPath: path("themes/gone.yaml"), withDestinationPath: "nowhere.yaml")
        XCTAssertEqual(refusal(path("themes/fifo.yaml"))?.message(naming: "fifo.yaml"), "'fifo.yaml' is a FIFO, not a regular file")
        XCTAssertEqual(refusal(path("themes/dir.yaml"))?.problem, "is a directory, not a regular file")
        XCTAssertEqual(refusal(path("themes/loop.yaml"))?.problem, "is a loop of symbolic links")
        XCTAssertEqual(refusal(path("themes/gone.yaml"))?.problem, "is a symbolic link to a file that does not exist")
        XCTAssertEqual(refusal(path("themes/missing.yaml"))?.reason, .unreadable)
        XCTAssertEqual(refusal(path("themes/missing.yaml"))?.message(naming: "m.yaml"), "cannot read 'm.yaml': No such file or directory")
        let dev = ReadScope(root: scope.root, allowed: [try XCTUnwrap(ProjectRoot("/dev"))])
        XCTAssertEqual(refusal("/dev/zero", as: .scene, in: dev)?.problem, "is a character device, not a regular file")
        XCTAssertEqual(refusal("/dev/null", as: .scene, in: dev)?.reason, .notRegularFile)
    }

    func testTheDefaultRootIsTheGitTopLevelElseTheFolder() throws {
        try FileManager.default.createDirectory(at: root.appendingPathComponent("themes/deep"), withIntermediateDirectories: true)
        XCTAssertEqual(ProjectRoot.enclosing(path("themes/deep"))?.directory, scope.root.directory)
        XCTAssertEqual(ReadScope.around(path("themes/deep/x.scene.yaml")).root.directory, scope.root.directory)
        let plain = top.appendingPathComponent("outside").resolvingSymlinksInPath().path
        XCTAssertEqual(ReadScope.around(plain + "/x.scene.yaml").root.directory, plain)
        XCTAssertNil(ProjectRoot(path("notes.txt")), "a file is no root")
    }

    func testRelativeNamesAnnotationsRelativeToTheRoot() {
        XCTAssertEqual(scope.root.relative(path("themes/t.yaml")), "themes/t.yaml")
        XCTAssertEqual(scope.root.relative("/elsewhere/x.yaml"), "/elsewhere/x.yaml")
    }

    /// `--declared-input`: a path is allowed by its spelling with `..` removed, and what is read
    /// is where that spelling leads. `link/../t.yaml`, with `link` a folder link to `outside/`
    /// deeper down, is by spelling the declared `themes/t.yaml` — so that file is read, never
    /// the one the kernel would reach through the link (`outside/t.yaml`, planted to be taken).
    func testADeclaredPathIsComparedAndReadBySpelling() throws {
        try FileManager.default.createDirectory(at: top.appendingPathComponent("outside/deep"), withIntermediateDirectories: true)
        try "styles: {planted: {}}\n".write(to: top.appendingPathComponent("outside/t.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path("themes/link"), withDestinationPath: top.appendingPathComponent("outside/deep").path)
        try FileManager.default.createSymbolicLink(atPath: path("themes/out.yaml"), withDestinationPath: top.appendingPathComponent("outside/secret.yaml").path)
        var declaring = scope!
        declaring.declared = [path("themes/t.yaml"), path("themes/out.yaml"), path(".hidden/x.yaml")]
        guard case .success(let read) = ContainedRead.read(path("themes/link/../t.yaml"), as: .importedFile, in: declaring, limit: 1 << 20) else {
            return XCTFail("the declared file, spelt through the link, is readable")
        }
        XCTAssertEqual(String(decoding: read.bytes, as: UTF8.self), "styles: {}\n", "the declared file, not the planted one")
        XCTAssertNil(refusal(path("themes/out.yaml"), in: declaring), "a declared link is followed out of the root")
        XCTAssertEqual(refusal(path("themes/../../outside/secret.yaml"), in: declaring)?.reason, .undeclared)
        XCTAssertEqual(refusal(path("themes/t.yaml/../../notes.txt"), as: .scene, in: declaring)?.reason, .undeclared)
        XCTAssertEqual(refusal(path("themes/t.yaml"), in: ReadScope(root: scope.root, declared: [])).map(\.reason), .undeclared,
                       "an empty declaration allows nothing")
        XCTAssertEqual(refusal(path(".hidden/x.yaml"), in: declaring)?.reason, .hidden)
    }
}
