import SceneModel
import SceneSyntax

/// Bytes to a checked scene: the stages every command runs first.
public struct Frontend {
    public var readerLimits = YAMLReader.Limits()
    public var options = CheckOptions()

    public init(options: CheckOptions = CheckOptions()) {
        self.options = options
    }

    public func compile(_ file: SourceFile) -> (scene: Scene?, diagnostics: [Diagnostic]) {
        let read = YAMLReader(limits: readerLimits).read(file)
        if read.diagnostics.hasErrors {
            return (nil, read.diagnostics.sortedByPosition())
        }
        return SceneChecker(options: options).check(read.root, file: file)
    }
}
