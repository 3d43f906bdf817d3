import Foundation
import SceneFonts
import XCTest

/// scenec as a Bazel action runs it: in a sandbox whose every input is a symbolic link into the
/// source tree, elsewhere. `--declared-input` makes the rule "read exactly the declared files"
/// (links followed), `SCENEC_FONT_DIR` names the toolchain's copy of DejaVu, and `build
/// --no-manifest` leaves an asset catalog holding its files alone. The tree here is built as
/// linux-sandbox builds it: `exec/` (the working directory) holds links to files in `src/`.
final class DeclaredInputTests: XCTestCase {
    static let inputs = ["scenes/x.scene.yaml", "themes/t.yaml", "fonts/F.ttf"]
    /// The left half is green only through the imported style; the right half holds text in
    /// DejaVu Sans (the default fonts) and in the scene's own font.
    static let scene = """
        imports: [../themes/t.yaml]
        fonts: [../fonts/F.ttf]
        canvas: {width: 40, height: 20, background: white}
        views:
          - {type: group, style: [t], frame: {x: 0, y: 0, width: 20, height: 20}}
          - {type: label, frame: {x: 20, y: 0, width: 20, height: 10}, text: "Ag", fontSize: 9}
          - {type: label, frame: {x: 20, y: 10, width: 20, height: 10}, text: "Ag", font: "Scenec Probe", fontSize: 9}

        """

    /// `exec/` with each input a link to its file in `src/`, outside it.
    func sandbox() throws -> URL {
        let top = try temporaryDirectory(self)
        let src = top.appendingPathComponent("src"), exec = top.appendingPathComponent("exec")
        for folder in ["scenes", "themes", "fonts"] {
            for base in [src, exec] {
                try FileManager.default.createDirectory(at: base.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
        }
        try Self.scene.write(to: src.appendingPathComponent("scenes/x.scene.yaml"), atomically: true, encoding: .utf8)
        try "styles:\n  t: {backgroundColor: \"#00ff00\"}\n".write(to: src.appendingPathComponent("themes/t.yaml"), atomically: true, encoding: .utf8)
        try FontFixtures.write("DejaVuSerif.ttf", family: "Scenec Probe", to: src.appendingPathComponent("fonts/F.ttf"))
        for input in Self.inputs {
            try FileManager.default.createSymbolicLink(atPath: exec.appendingPathComponent(input).path,
                                                       withDestinationPath: src.appendingPathComponent(input).path)
        }
        return exec
    }

    func declaring(_ paths: [String]) -> [String] {
        paths.flatMap { ["--declared-input", $0] }
    }

    func testTheDeclaredLinkedInputsAreReadAndTheImportedStyleIsDrawn() throws {
        let exec = try sandbox()
        // Without the declarations the links lead out of the root, as in Bazel before.
        let refused = try scenec(["render", "scenes/x.scene.yaml", "-o", "out.png"], directory: exec)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("leads outside it"), refused.stderr)

        let result = try scenec(["render", "scenes/x.scene.yaml", "-o", "out.png"] + declaring(Self.inputs), directory: exec)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "", "the scene's font is found: no warning")
        let image = try readPNG(exec.appendingPathComponent("out.png"))
        assertPixel(image, 5, 10, RGBA(0, 255, 0))
        // check and frames read the same way; a declaration spelt with ./ and .. is the same file.
        XCTAssertEqual(try scenec(["check", "scenes/x.scene.yaml"] + declaring(Self.inputs), directory: exec).status, 0)
        let spelt = ["./scenes/../scenes/x.scene.yaml", "themes/./t.yaml", "fonts/F.ttf"]
        let frames = try scenec(["frames", "scenes/x.scene.yaml", "-o", "f/%d.png"] + declaring(spelt), directory: exec)
        XCTAssertEqual(frames.status, 0, frames.stderr)
        assertPixel(try readPNG(exec.appendingPathComponent("f/0.png")), 5, 10, RGBA(0, 255, 0))
    }

    func testAnUndeclaredImportFontOrSceneIsRefusedByNameAtItsEntry() throws {
        let exec = try sandbox()
        let noImport = try scenec(["render", "scenes/x.scene.yaml", "-o", "out.png"] + declaring(["scenes/x.scene.yaml", "fonts/F.ttf"]),
                                  directory: exec)
        XCTAssertEqual(noImport.status, 1, noImport.stderr)
        XCTAssertTrue(noImport.stderr.contains(
            "scenes/x.scene.yaml:1:11: error: with --declared-input scenec reads only the files declared; '../themes/t.yaml' is not one of them"),
            noImport.stderr)
        XCTAssertTrue(noImport.stderr.contains("add it to the target's srcs"), noImport.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: exec.appendingPathComponent("out.png").path))

        let noFont = try scenec(["check", "scenes/x.scene.yaml"] + declaring(["scenes/x.scene.yaml", "themes/t.yaml"]), directory: exec)
        XCTAssertEqual(noFont.status, 1, noFont.stderr)
        XCTAssertTrue(noFont.stderr.contains("scenes/x.scene.yaml:2:9: error: with --declared-input scenec reads only the files declared; "
                                             + "'../fonts/F.ttf' is not one of them"), noFont.stderr)

        let noScene = try scenec(["build", "scenes/x.scene.yaml", "-o", "out"] + declaring(["themes/t.yaml", "fonts/F.ttf"]), directory: exec)
        XCTAssertEqual(noScene.status, 1, noScene.stderr)
        XCTAssertTrue(noScene.stderr.contains("'scenes/x.scene.yaml' is not one of them"), noScene.stderr)

        let both = try scenec(["check", "scenes/x.scene.yaml", "--allow-read", "/"] + declaring(Self.inputs), directory: exec)
        XCTAssertEqual(both.status, 2, both.stderr)
        XCTAssertTrue(both.stderr.contains("--allow-read cannot go with --declared-input"), both.stderr)
        let rooted = try scenec(["check", "scenes/x.scene.yaml", "--root", "."] + declaring(Self.inputs), directory: exec)
        XCTAssertEqual(rooted.status, 2, rooted.stderr)
        XCTAssertTrue(rooted.stderr.contains("--root cannot go with --declared-input"), rooted.stderr)
    }

    /// A path matches a declaration only by its spelling with `.` and `..` removed: climbing out
    /// through a declared folder, or declaring a file by a path that climbs, reads nothing else.
    func testDotDotTricksAreRefused() throws {
        let exec = try sandbox()
        let declared = declaring(Self.inputs)
        for path in ["scenes/../../../../../../etc/passwd", "scenes/x.scene.yaml/../../src/scenes/x.scene.yaml", "../src/scenes/x.scene.yaml"] {
            let result = try scenec(["check", path] + declared, directory: exec)
            XCTAssertEqual(result.status, 1, "\(path): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("'\(path)' is not one of them"), result.stderr)
            XCTAssertFalse(result.stderr.contains("root:x:0:0"), result.stderr)
        }
        // An import climbing out of the scene's folder to a file not declared, though the file
        // it spells at the end (x.scene.yaml's name) is declared elsewhere.
        let src = exec.deletingLastPathComponent().appendingPathComponent("src")
        try "imports: [../../../../../../etc/passwd.yaml, ../scenes/../../src/themes/t.yaml]\ncanvas: {width: 10, height: 10}\nviews: []\n"
            .write(to: src.appendingPathComponent("scenes/x.scene.yaml"), atomically: true, encoding: .utf8)
        let result = try scenec(["check", "scenes/x.scene.yaml"] + declared, directory: exec)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("'../../../../../../etc/passwd.yaml' is not one of them"), result.stderr)
        XCTAssertTrue(result.stderr.contains("'../scenes/../../src/themes/t.yaml' is not one of them"), result.stderr)
        // A declared file in a hidden folder is still refused by the hidden-file rule.
        try FileManager.default.createDirectory(at: exec.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try "canvas: {width: 10, height: 10}\nviews: []\n".write(to: exec.appendingPathComponent(".git/s.scene.yaml"), atomically: true, encoding: .utf8)
        let hidden = try scenec(["check", ".git/s.scene.yaml", "--declared-input", ".git/s.scene.yaml"], directory: exec)
        XCTAssertEqual(hidden.status, 1, hidden.stderr)
        XCTAssertTrue(hidden.stderr.contains("scenes must stay out of hidden files and folders"), hidden.stderr)
    }

    /// SCENEC_FONT_DIR, relative to the working directory, holding links to the default fonts (as a Bazel
    /// toolchain's files are): every format byte-identical to the default folder's.
    func testAFontFolderOfLinksToDejaVuDrawsTheSameBytes() throws {
        let exec = try sandbox()
        let fonts = exec.appendingPathComponent("tool/dejavu")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        for font in DefaultFont.all {
            try FileManager.default.createSymbolicLink(atPath: fonts.appendingPathComponent(font.file).path, withDestinationPath: font.folder + "/" + font.file)
        }
        for format in ["png", "pdf", "svg"] {
            let args = ["render", "scenes/x.scene.yaml"] + declaring(Self.inputs)
            XCTAssertEqual(try scenec(args + ["-o", "default.\(format)"], directory: exec).status, 0)
            let linked = try scenec(args + ["-o", "linked.\(format)"], environment: ["SCENEC_FONT_DIR": "tool/dejavu"], directory: exec)
            XCTAssertEqual(linked.status, 0, linked.stderr)
            XCTAssertEqual(try Data(contentsOf: exec.appendingPathComponent("default.\(format)")),
                           try Data(contentsOf: exec.appendingPathComponent("linked.\(format)")), format)
        }
        // The folder is really used, and a file there is read as the font it names: with DejaVu
        // Serif in place of DejaVu Sans, or an empty NotoColorEmoji.ttf, a command refuses.
        let swapped = exec.appendingPathComponent("tool/swapped")
        try FileManager.default.createDirectory(at: swapped, withIntermediateDirectories: true)
        for font in DefaultFont.all where font.file != "NotoColorEmoji.ttf" {
            try FileManager.default.createSymbolicLink(atPath: swapped.appendingPathComponent(font.file).path,
                                                       withDestinationPath: font.folder + "/" + (font.file == "DejaVuSans.ttf" ? "DejaVuSerif.ttf" : font.file))
        }
        try Data().write(to: swapped.appendingPathComponent("NotoColorEmoji.ttf"))
        let wrong = try scenec(["render", "scenes/x.scene.yaml", "-o", "swapped.svg"] + declaring(Self.inputs),
                               environment: ["SCENEC_FONT_DIR": swapped.path], directory: exec)
        XCTAssertEqual(wrong.status, 2, wrong.stderr)
        XCTAssertTrue(wrong.stderr.contains("its DejaVuSans.ttf is not DejaVu Sans; its NotoColorEmoji.ttf is not Noto Color Emoji"), wrong.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: exec.appendingPathComponent("swapped.svg").path))
        // A folder lacking one of them is a mistake in a toolchain, not a font to do without:
        // every command refuses, naming the file, and writes nothing.
        try FileManager.default.removeItem(at: swapped.appendingPathComponent("DejaVuSansMono-Bold.ttf"))
        let lacking = try scenec(["render", "scenes/x.scene.yaml", "-o", "lacking.svg"] + declaring(Self.inputs),
                                 environment: ["SCENEC_FONT_DIR": "tool/swapped"], directory: exec)
        XCTAssertEqual(lacking.status, 2, lacking.stderr)
        XCTAssertTrue(lacking.stderr.contains("SCENEC_FONT_DIR names 'tool/swapped', which lacks DejaVuSansMono-Bold.ttf"), lacking.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: exec.appendingPathComponent("lacking.svg").path))
        // --version still reports, naming each font's state, and refuses after it.
        let version = try scenec(["--version"], environment: ["SCENEC_FONT_DIR": "tool/swapped"], directory: exec)
        XCTAssertEqual(version.status, 2, version.stderr)
        XCTAssertTrue(version.stdoutText.contains("font fonts-dejavu-core DejaVuSansMono-Bold.ttf missing"), version.stdoutText)
        XCTAssertTrue(version.stdoutText.contains("font fonts-noto-color-emoji NotoColorEmoji.ttf not a font"), version.stdoutText)
        XCTAssertTrue(version.stderr.contains("which lacks DejaVuSansMono-Bold.ttf"), version.stderr)
    }

    /// `build --asset-catalog --no-manifest`: the catalog's files alone, the same bytes each run.
    func testAnAssetCatalogWithoutManifestHoldsOnlyItsFilesAndIsDeterministic() throws {
        let exec = try sandbox()
        var trees: [[String: Data]] = []
        for name in ["A.xcassets", "B.xcassets"] {
            let result = try scenec(["build", "scenes/x.scene.yaml", "--asset-catalog", "out/\(name)", "--no-manifest"] + declaring(Self.inputs),
                                    directory: exec)
            XCTAssertEqual(result.status, 0, result.stderr)
            let root = exec.appendingPathComponent("out/\(name)")
            var files: [String: Data] = [:]
            for relative in try FileManager.default.subpathsOfDirectory(atPath: root.path) {
                var isFolder: ObjCBool = false
                let url = root.appendingPathComponent(relative)
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                    files[relative] = try Data(contentsOf: url)
                }
            }
            trees.append(files)
        }
        XCTAssertEqual(trees[0].keys.sorted(), ["Contents.json", "x.imageset/Contents.json", "x.imageset/x.png",
                                                "x.imageset/x@2x.png", "x.imageset/x@3x.png"])
        XCTAssertEqual(trees[0], trees[1])
        assertPixel(try readPNG(exec.appendingPathComponent("out/A.xcassets/x.imageset/x@2x.png")), 10, 20, RGBA(0, 255, 0))

        let refused = try scenec(["build", "scenes/x.scene.yaml", "--asset-catalog", "C.xcassets", "--no-manifest", "--prune"]
                                 + declaring(Self.inputs), directory: exec)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--no-manifest cannot go with --prune"), refused.stderr)
    }
}
