import XCTest

/// Library files on the command line (docs/language.md §1): `check lib.yaml` checks a file of
/// styles (and components) as a library; `render` and `build` refuse it with one located error;
/// a file with `views` and no `canvas` is still a scene that lacks its canvas.
final class LibraryFileTests: XCTestCase {
    func testCheckPassesALibraryQuietlyAndReportsItsProblems() throws {
        // The reuse corpus's themes: libraries that scenes import.
        let themes = repositoryRoot.appendingPathComponent("Tests/Corpus/reuse/themes")
        let good = try scenec(["check", "theme.yaml", "dark.yaml"], directory: themes)
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertEqual(good.stderr, "", "a good library checks without a word, as a good scene does")

        let dir = try temporaryDirectory(self)
        let bad = dir.appendingPathComponent("lib.yaml")
        try Data("styles:\n  brand: {lineWidht: 4}\ntimeline: {}\n".utf8).write(to: bad)
        let result = try scenec(["check", bad.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("lib.yaml:2:11: error: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("did you mean 'lineWidth'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("lib.yaml:3:1: error: a library has no timeline of its own"), result.stderr)
        XCTAssertFalse(result.stderr.contains("the scene needs a 'canvas'"), result.stderr)
    }

    /// `check` runs the components checker on a library's definitions: the reuse corpus's
    /// meters pass quietly; a definition's unknown attribute is a located error and a parameter
    /// no view uses a warning, both in the library.
    func testCheckReadsALibrarysComponents() throws {
        let good = try scenec(["check", "lib/meters.yaml"], directory: repositoryRoot.appendingPathComponent("Tests/Corpus/reuse"))
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertEqual(good.stderr, "")

        let dir = try temporaryDirectory(self)
        let lib = dir.appendingPathComponent("meters.yaml")
        try Data("""
            components:
              Meter:
                parameters:
                  value: {kind: ring.progress, default: 0}
                  spare: {kind: color, doc: Never used.}
                views:
                  - id: ring
                    type: ring
                    frame: {x: 0, y: 0, width: 100%, height: 100%}
                    progress: $value
                    progresColor: red

            """.utf8).write(to: lib)
        let bad = try scenec(["check", lib.path])
        XCTAssertEqual(bad.status, 1, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("meters.yaml:11:9: error: unknown attribute 'progresColor' for ring 'ring'; did you mean 'progressColor'?"),
                      bad.stderr)
        XCTAssertTrue(bad.stderr.contains("meters.yaml:5:7: warning: parameter 'spare' of Meter is never used"), bad.stderr)
        XCTAssertFalse(bad.stderr.contains("canvas"), bad.stderr)
    }

    func testRenderingALibraryIsALocatedError() throws {
        let dir = try temporaryDirectory(self)
        let lib = dir.appendingPathComponent("lib.yaml")
        try Data("x-base: &b {lineWidth: 2}\nstyles:\n  brand: *b\n".utf8).write(to: lib)
        let render = try scenec(["render", lib.path, "-o", dir.appendingPathComponent("x.png").path])
        XCTAssertEqual(render.status, 1)
        XCTAssertTrue(render.stderr.contains("lib.yaml:2:1: error: \(lib.path) is a library (styles/components), it has no picture; import it from a scene"),
                      render.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.png").path))

        let build = try scenec(["build", lib.path, "-o", dir.appendingPathComponent("out").path])
        XCTAssertEqual(build.status, 1, build.stderr)
        XCTAssertTrue(build.stderr.contains("is a library (styles/components)"), build.stderr)
    }

    func testAFileWithViewsAndNoCanvasIsStillAScene() throws {
        let result = try scenec(["check", "-"], stdin: Data("styles: {}\nviews: []\n".utf8))
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("error: the scene needs a 'canvas' with width and height"), result.stderr)
    }
}
