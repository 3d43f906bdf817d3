import SceneCodecs
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

/// An RGBA colour, 0–255, for comparing probed pixels.
struct RGBA: Equatable, CustomStringConvertible {
    var r, g, b, a: Int

    init(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    init(hex: UInt32, alpha: Int = 255) {
        self.init(Int(hex >> 16 & 0xFF), Int(hex >> 8 & 0xFF), Int(hex & 0xFF), alpha)
    }

    var description: String { "rgba(\(r), \(g), \(b), \(a))" }

    func isClose(to other: RGBA, tolerance: Int) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
            && abs(a - other.a) <= tolerance
    }
}

extension RasterImage {
    func rgba(_ x: Int, _ y: Int) -> RGBA {
        let p = pixel(x, y)
        return RGBA(p.r, p.g, p.b, p.a)
    }
}

/// Asserts the pixel at (x, y) is `expected` within `tolerance` per channel.
func assertPixel(_ image: RasterImage, _ x: Int, _ y: Int, _ expected: RGBA, tolerance: Int = 3,
                 _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let actual = image.rgba(x, y)
    XCTAssertTrue(actual.isClose(to: expected, tolerance: tolerance),
                  "pixel (\(x), \(y)) is \(actual), expected \(expected) \(message)", file: file, line: line)
}

/// Runs a program from PATH, failing the test if it cannot run or exits non-zero; `environment`
/// adds to (or replaces entries of) the test's own environment.
@discardableResult
func runTool(_ tool: String, _ arguments: [String], environment: [String: String] = [:],
             file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: output, as: UTF8.self)
    XCTAssertEqual(process.terminationStatus, 0, "\(tool) failed: \(text)", file: file, line: line)
    return text
}

/// A fresh temporary directory, removed when the test ends.
func temporaryDirectory(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// `text` with every line indented by `spaces`, to splice attributes under a view in a scene
/// written as a string literal.
func indented(_ text: String, by spaces: Int) -> String {
    let pad = String(repeating: " ", count: spaces)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }.joined(separator: "\n")
}
