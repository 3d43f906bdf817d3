import SceneAnimation
import SceneCheck
import SceneFonts
import SceneLayout
import SceneModel
import SceneRender
import SceneSyntax
import ScenecKit

/// One input through every stage the commands run, as `scenec render` would: bytes → syntax →
/// check → layout → animation → (small canvases only) a PNG. Whatever the bytes, it must return;
/// a trap, a hang or a leak here is a bug in the stage that did it.
enum FuzzTarget {
    /// Pictures up to this many pixels a side are drawn; larger ones stop after sampling, so one
    /// input costs milliseconds, not the seconds a 16,384² canvas would.
    static let maxRenderedSide = 256

    /// Diagnostics rendered per input (source line and caret), as the commands print them.
    static let maxRenderedDiagnostics = 20

    /// The front end with docs/language.md §7's node and view limits lowered: the limit checks run the same
    /// code, but an input at the limit costs a fraction of a second under ASan instead of the ~14 s
    /// the 100,000-view corpus file takes, which would trip `-timeout=10`.
    static let frontend: Frontend = {
        var frontend = Frontend()
        frontend.readerLimits.maxNodes = 50_000
        frontend.options.maxViews = 5_000
        return frontend
    }()

    static func run(_ bytes: [UInt8]) {
        let file = SourceFile(name: "fuzz.scene.yaml", bytes: bytes)
        let (scene, diagnostics) = frontend.compile(file)
        // What the commands print: the source line and a caret under each located problem. Only
        // the first few: each copies its whole source line, so thousands of errors on one long
        // line cost errors × line length (a known problem of the CLI, not what this looks for).
        for diagnostic in diagnostics.prefix(maxRenderedDiagnostics) {
            _ = diagnostic.rendered(in: file)
        }
        // What the language server reads of a text that does not check (RecoveringReader).
        if scene == nil { _ = RecoveringReader(limits: frontend.readerLimits).read(file) }
        guard let scene else { return }
        let fonts = FontLibrary.of(scene)
        let placed = Layout.place(scene, measurer: TextMeasurer(fonts: fonts, scene: scene))
        let sampler = Sampler(scene: scene)
        let length = scene.timeline?.length ?? 0
        // What `frames` asks of the timeline, then the start, the middle (drawn) and the end.
        if let timeline = scene.timeline {
            _ = timeline.frameCount(fps: timeline.fps)
        }
        _ = sampler.sample(placed, at: 0)
        _ = sampler.sample(placed, at: length)
        let middle = sampler.sample(placed, at: length / 2)
        let renderer = Renderer(canvas: scene.canvas, fonts: fonts)
        let size = renderer.pixelSize
        guard size.width <= maxRenderedSide, size.height <= maxRenderedSide else { return }
        // A drawing error (a Cairo status) is an answer the CLI reports, not a crash.
        _ = try? renderer.render(middle, as: .png)
    }
}

/// libFuzzer's entry point: the FUZZING build hands it to LLVMFuzzerRunDriver, and the plain
/// build's replay goes through it too, so both run exactly the same code.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.run(bytes)
    return 0
}
