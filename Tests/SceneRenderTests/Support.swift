import SceneCodecs
// The shared helpers (temporaryDirectory, runTool, RGBA, assertPixel, indented) for every file here.
@_exported import TestSupport
import XCTest
import SceneCheck
import SceneFonts
import SceneLayout
import SceneModel
import SceneRender
import SceneSyntax

/// Compiles scene text through every stage, failing the test on any diagnostic.
func compileScene(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) throws -> (Scene, [PlacedView]) {
    let source = SourceFile(name: "test.scene.yaml", text: yaml)
    let (scene, diagnostics) = SceneChecker().check(source)
    guard let scene else {
        let text = diagnostics.map { $0.rendered(in: source) }.joined()
        XCTFail("scene has errors:\n\(text)", file: file, line: line)
        throw XCTSkip("scene did not compile")
    }
    return (scene, Layout.place(scene, measurer: TextMeasurer(fonts: FontLibrary.of(scene), scene: scene)))
}

/// The picture's pixels, as the PNG holds them.
func renderImage(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) throws -> RasterImage {
    let (scene, placed) = try compileScene(yaml, file: file, line: line)
    return try Renderer(canvas: scene.canvas, fonts: FontLibrary.of(scene)).image(placed)
}

/// The bytes of the scene in one format.
func renderBytes(_ yaml: String, as format: OutputFormat, file: StaticString = #filePath,
                 line: UInt = #line) throws -> [UInt8] {
    let (scene, placed) = try compileScene(yaml, file: file, line: line)
    return try Renderer(canvas: scene.canvas, fonts: FontLibrary.of(scene)).render(placed, as: format)
}
