import SceneCheck
import SceneFiles
import SceneFonts
import SceneModel
import SceneSyntax

/// Bytes to a checked scene with its fonts: the stages every command runs first (read the YAML,
/// check it, load the scene's `fonts:` files). Here rather than in SceneCheck so that the checker
/// stays free of Pango; the checker alone is `SceneChecker.check(_:limits:)`.
public struct Frontend: Sendable {
    public var readerLimits = YAMLReader.Limits()
    public var options = CheckOptions()

    public init(options: CheckOptions = CheckOptions()) {
        self.options = options
    }

    /// `scenePath` is where the scene is on disk, for the files it names (`fonts:`); by
    /// default the file's name, which is its path for every command.
    public func compile(_ file: SourceFile, scenePath: String? = nil) -> (scene: Scene?, diagnostics: [Diagnostic]) {
        let checked = checkResult(file, scenePath: scenePath)
        return (checked.scene, checked.diagnostics)
    }

    /// `compile`, keeping the checker's references graph (made even when the scene has errors).
    package func checkResult(_ file: SourceFile, scenePath: String? = nil) -> CheckResult {
        var options = options
        if let scenePath { options.scenePath = scenePath }  // its imports are relative to it too
        var checked = SceneChecker(options: options).checkResult(file, limits: readerLimits)
        guard let scene = checked.scene else { return checked }
        // The scene's fonts are files beside it: found and loaded here, where its path is known.
        let path = scenePath ?? file.name
        let fonts = SceneFonts.resolve(scene, scenePath: path, scope: options.readScope ?? .around(path))
        checked.diagnostics = (checked.diagnostics + fonts.diagnostics).sortedByPosition()
        checked.scene = checked.diagnostics.hasErrors ? nil : fonts.scene
        return checked
    }
}
