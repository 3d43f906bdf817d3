import SceneCheck
import SceneCodecs
import SceneLayout
import SceneModel
import SceneRender
import SceneSyntax

/// One scene source checked with a set of options: its diagnostics and, when it has no errors,
/// the scene laid out and ready to sample and draw. The pipeline every front end runs
/// (bytes → check → layout → sample → render), in one place.
package struct CompiledScene: Sendable {
    package let file: SourceFile
    package let diagnostics: [Diagnostic]
    /// nil when the scene (or an override) has errors.
    package let animated: AnimatedScene?

    /// `scenePath`: where the scene is, when the file's name is not its path (the preview names
    /// it by its base name in messages).
    package init(_ file: SourceFile, frontend: Frontend, scenePath: String? = nil) {
        let (animated, diagnostics, _) = frontend.compileLayOutAndLint(file, scenePath: scenePath)
        self.file = file
        self.diagnostics = diagnostics
        self.animated = animated
    }

    /// Whether the scene draws or animates any colour that depends on the appearance (an iOS
    /// system colour or `{light, dark}`): only then does a dark render differ from a light one
    /// (an asset catalog needs a dark variant only then). False when the scene has errors.
    package var usesAppearance: Bool { animated?.scene.usesAppearance ?? false }

    /// The diagnostics as `scenec` prints them: `file:line:col: error: …`, the source line, a caret.
    package var renderedDiagnostics: String {
        diagnostics.map { $0.rendered(in: file) }.joined()
    }

    /// The picture at `time` seconds; nil when the scene has errors.
    package func render(at time: Double, as format: OutputFormat, environment: RenderEnvironment = RenderEnvironment()) throws -> [UInt8]? {
        guard let animated else { return nil }
        let renderer = Renderer(canvas: animated.scene.canvas, environment: environment, fonts: animated.fonts)
        return try renderer.render(animated.views(at: time), as: format)
    }

    /// The PNG at `time` as patches over `base`, and its pixels when at most `keptBytes`
    /// (FrameRenderer.patches); nil when the scene has errors.
    package func renderPatches(at time: Double, over base: RasterImage?, keptBytes: Int, environment: RenderEnvironment = RenderEnvironment(),
                               pngCompression: PNGCompression = .default) throws -> (pixels: RasterImage?, patches: [PicturePatch])? {
        guard let animated else { return nil }
        let renderer = Renderer(canvas: animated.scene.canvas, environment: environment, fonts: animated.fonts,
                                pngCompression: pngCompression)
        return try FrameRenderer(renderer, format: .png).patches(animated.views(at: time), over: base, keptBytes: keptBytes)
    }
}
