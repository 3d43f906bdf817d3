import Foundation
import SceneCheck
import SceneFiles
import SceneSyntax
import ScenecKit
@testable import SceneLanguageServer
import TestSupport
import XCTest

/// The language server's diagnostics are the checker's, in the client's positions, with the
/// scene's imports read from the editor's buffers: the server in process (LanguageClient),
/// checking with `scenec lsp`'s and `scenec check`'s options (the repository as the project
/// root, the system's temporary folder allowed as `--allow-read` allows it).
final class LanguageServerCheckTests: XCTestCase {
    /// What `scenec lsp` and `scenec check` check with, run in the repository.
    var frontend: Frontend {
        get throws {
            let root = try XCTUnwrap(ProjectRoot(repositoryRoot.path))
            let temporary = try XCTUnwrap(ProjectRoot(FileManager.default.temporaryDirectory.path))
            let scope = ReadScope(root: root, allowed: [temporary])
            var frontend = Frontend()
            frontend.options.readScope = scope
            frontend.options.readImport = SceneReading.importReader(limit: SceneReading.maxFileSize, scope: scope)
            return frontend
        }
    }

    /// `scenec check --diagnostics json PATH`'s diagnostics for `text`, the file at `path`.
    func check(_ path: String, _ text: String) throws -> [JSONDiagnostic] {
        SceneFile.check(SourceFile(name: path, text: text), frontend: try frontend).diagnostics.map { JSONDiagnostic($0, file: path) }
    }

    /// Every bad scene of the corpora, opened in the server: the diagnostics it publishes are
    /// `scenec check --diagnostics json`'s for the file (the checker's, as JSONDiagnostic gives them) — message, range and severity — with
    /// the 1-based line:column (columns in Unicode scalars) turned into LSP's UTF-16 positions.
    func testCorpusDiagnosticsAreCheckDiagnostics() throws {
        let dir = try temporaryDirectory(self)
        let client = LanguageClient(frontend: try frontend)
        _ = try client.initialize()
        var files: [URL] = []
        for corpus in ["bad", "schema-bad"] {
            let folder = repositoryRoot.appendingPathComponent("Tests/Corpus/\(corpus)")
            files += fileNames(in: folder).filter { $0.hasSuffix(".scene.yaml") }.map { folder.appendingPathComponent($0) }
        }
        XCTAssertGreaterThan(files.count, 100)
        var compared = 0
        for file in files {
            let bytes = try Data(contentsOf: file)
            let text = String(decoding: bytes, as: UTF8.self)
            // An editor holds text, not bytes: a file that is not UTF-8 is checked as the text sent.
            var path = file.path
            if Data(text.utf8) != bytes {
                path = dir.appendingPathComponent(file.lastPathComponent).path
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            }
            let all = try check(path, text)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
            func lspPosition(_ line: Int, _ column: Int) -> [Int] {
                guard line - 1 < lines.count else { return [line - 1, column - 1] }
                let scalars = Array(lines[line - 1].unicodeScalars)
                let walked = min(column - 1, scalars.count)
                return [line - 1, scalars[..<walked].reduce(0) { $0 + UTF16.width($1) } + (column - 1 - walked)]
            }
            let expected = all.filter { $0.file == path }.map { d -> String in
                let start = lspPosition(d.line ?? 0, d.column ?? 0)
                let end = lspPosition(d.endLine ?? 0, d.endColumn ?? 0)
                let severity = ["error": 1, "warning": 2][d.severity] ?? 3
                return "\(start)-\(end) \(severity) \(d.message)"
            }
            let uri = "file://" + path
            client.open(uri, text: text)
            let published = try XCTUnwrap(client.diagnostics(uri, version: 1), "no diagnostics for \(file.lastPathComponent)")
            let got = published.map { d -> String in
                let range = d["range"] as! [String: [String: Int]]
                return "\([range["start"]!["line"]!, range["start"]!["character"]!])-\([range["end"]!["line"]!, range["end"]!["character"]!]) "
                    + "\(d["severity"] as! Int) \(d["message"] as! String)"
            }
            XCTAssertEqual(got, expected, file.lastPathComponent)
            XCTAssertFalse(expected.isEmpty, "\(file.lastPathComponent) has no error for scenec check")
            client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
            compared += 1
        }
        print("scenec lsp: \(compared) corpus files, published diagnostics equal to scenec check's")
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// A client that offers UTF-8 gets positions in bytes: `über` is 5 bytes and 4 UTF-16 units.
    func testUTF8PositionsWhenOffered() throws {
        let text = "canvas: {width: 20, height: 20}\nstyles: {über: {lineWidth: 2}}\nviews:\n"
            + "  - {type: ring, style: über, frame: {x: 0, y: 0, width: 10, height: 10}, progress: 7}\n"
        for (offered, encoding, column) in [(["utf-8", "utf-16"], "utf-8", 85), ([String](), "utf-16", 84)] {
            let client = LanguageClient(frontend: try frontend)
            let reply = try client.initialize(capabilities: ["general": ["positionEncodings": offered]])
            XCTAssertEqual(((reply["result"] as? [String: Any])?["capabilities"] as? [String: Any])?["positionEncoding"] as? String,
                           encoding)
            client.open("file:///tmp/utf8.scene.yaml", text: text)
            let first = try XCTUnwrap(client.diagnostics("file:///tmp/utf8.scene.yaml")?.first)
            let start = (first["range"] as? [String: [String: Int]])?["start"]
            // scenec check says 4:84 (characters); 0-based, `ü` counts 2 bytes in UTF-8.
            XCTAssertEqual(start?["line"], 3)
            XCTAssertEqual(start?["character"], column)
            XCTAssertEqual(try client.shutdown(), 0)
        }
    }

    /// A problem inside an imported file is published for that file; the imported file open
    /// in the editor, with unsaved edits, is read as the editor has it.
    func testImportsAreReadFromOpenBuffers() throws {
        let dir = try temporaryDirectory(self)
        let theme = dir.appendingPathComponent("theme.yaml").path
        let scene = dir.appendingPathComponent("main.scene.yaml").path
        try Data("styles:\n  brand: {lineWidth: -3}\n".utf8).write(to: URL(fileURLWithPath: theme))
        let sceneText = "imports: [theme.yaml]\ncanvas: {width: 20, height: 20}\n"
            + "views:\n  - {type: ring, style: brand, frame: {x: 0, y: 0, width: 10, height: 10}}\n"
        try Data(sceneText.utf8).write(to: URL(fileURLWithPath: scene))
        let expected = try XCTUnwrap(check(scene, sceneText).first)
        XCTAssertEqual(expected.file, theme)
        let client = LanguageClient(frontend: try frontend)
        _ = try client.initialize()
        client.open("file://" + scene, text: sceneText)
        let inTheme = try XCTUnwrap(client.diagnostics("file://" + theme))
        XCTAssertEqual(inTheme.first?["message"] as? String, expected.message)
        let start = (inTheme.first?["range"] as? [String: [String: Int]])?["start"]
        XCTAssertEqual([start?["line"], start?["character"]], [(expected.line ?? 0) - 1, (expected.column ?? 0) - 1])
        XCTAssertEqual(client.diagnostics("file://" + scene)?.count, 0)
        // The theme, fixed in the editor and not saved: the scene's check reads the buffer.
        client.open("file://" + theme, text: "styles:\n  brand: {lineWidth: 3}\n")
        XCTAssertNotNil(client.waitFor(timeout: 10) { m in
            let params = m["params"] as? [String: Any]
            return params?["uri"] as? String == "file://" + theme && (params?["diagnostics"] as? [Any])?.isEmpty == true
        }, "the import's old problem is cleared")
        // Open, it is also checked on its own, as scenec check checks it: a library (styles, no
        // canvas or views) with nothing wrong.
        XCTAssertEqual(client.diagnostics("file://" + theme, version: 1)?.count, 0)
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// One check serves the diagnostics and the references graph of a document version: the
    /// graph the features read is the checker's (with the imported styles it read), and a
    /// binding's diagnostic lies at the id the graph places.
    func testTheDiagnosticsAndTheGraphAreOneChecksOwn() throws {
        let dir = try temporaryDirectory(self)
        _ = try write("styles:\n  brand: {progressColor: red}\n", "styles.yaml", in: dir)
        let text = """
            imports: [styles.yaml]
            canvas: {width: 200, height: 100}
            views:
              - {id: download, type: ring, style: brand, frame: {x: 0, y: 0, width: 100, height: 100}}
              - {type: label, frame: {x: 100, y: 0, width: 100, height: 100}, text: "{downlaod.progress}"}

            """
        let path = try write(text, "one.scene.yaml", in: dir)
        let analysis = DocumentAnalysis(TextDocument(uri: "file://" + path, version: 1, text: text), frontend: try frontend,
                                        encoding: .utf16)
        let checked = try frontend.checkAndLint(SourceFile(name: path, text: text), scenePath: path)
        let graph = analysis.references
        XCTAssertEqual(graph.bindings, checked.references.bindings)
        XCTAssertEqual(graph.declarations, checked.references.declarations)
        XCTAssertEqual(graph.styles, checked.references.styles)
        XCTAssertEqual(graph.styles.map(\.file), [dir.appendingPathComponent("styles.yaml").path])
        let d = try XCTUnwrap(analysis.checked.diagnostics.first)
        XCTAssertEqual(d.code, .unknownID)
        XCTAssertEqual(d.range, graph.bindings.first?.idRange)
    }
}
