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

/// The scene (at scale 2) as SVG and PDF files at `base`.svg and .pdf, and as librsvg and poppler
/// draw them at scale 2 on white: what the PNG's pixels are compared with.
func readBackAtScaleTwo(_ yaml: String, base: String, file: StaticString = #filePath, line: UInt = #line)
    throws -> (svg: RasterImage, pdf: RasterImage) {
    try Data(try renderBytes(yaml, as: .svg, file: file, line: line)).write(to: URL(fileURLWithPath: base + ".svg"))
    try Data(try renderBytes(yaml, as: .pdf, file: file, line: line)).write(to: URL(fileURLWithPath: base + ".pdf"))
    try runTool("sh", ["-c", """
        set -e
        rsvg-convert -z 2 -b white '\(base).svg' -o '\(base)-svg.png'
        pdftoppm -png -r 144 -singlefile '\(base).pdf' '\(base)-pdf'
        """], file: file, line: line)
    func decode(_ path: String) throws -> RasterImage {
        try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }
    return (try decode(base + "-svg.png"), try decode(base + "-pdf.png"))
}
