import SceneFiles
import SceneFonts
import SceneModel
import SceneSyntax

/// Bytes to a checked scene: the stages every command runs first.
public struct Frontend: Sendable {
    public var readerLimits = YAMLReader.Limits()
    public var options = CheckOptions()

    public init(options: CheckOptions = CheckOptions()) {
        self.options = options
    }

    /// `scenePath` is where the scene is on disk, for the files it names (`fonts:`); by
    /// default the file's name, which is its path for every command.
    public func compile(_ file: SourceFile, scenePath: String? = nil) -> (scene: Scene?, diagnostics: [Diagnostic]) {
        let read = YAMLReader(limits: readerLimits).read(file)
        if read.diagnostics.hasErrors {
            return (nil, read.diagnostics.sortedByPosition())
        }
        var options = options
        if let scenePath { options.scenePath = scenePath }  // its imports are relative to it too
        let (scene, diagnostics) = SceneChecker(options: options).check(read.root, file: file)
        guard let scene else { return (nil, diagnostics) }
        // The scene's fonts are files beside it: found and loaded here, where its path is known.
        let path = scenePath ?? file.name
        let fonts = SceneFonts.resolve(scene, scenePath: path, scope: options.readScope ?? .around(path))
        let all = (diagnostics + fonts.diagnostics).sortedByPosition()
        return (all.hasErrors ? nil : fonts.scene, all)
    }
}
