import SceneCheck
import SceneSyntax
import ScenecBuild
import ScenecKit
import ScenecOptions

/// `scenec preview SCENE --vary …`: each cell's values checked against the scene at start, as
/// `render --set` checks its own. A value the scene refuses (`download.progress=7`) or an address
/// it has no view for (`nope.progress`) is a mistake on the command line, said where it is and
/// before the server starts; otherwise the page would show a blank cell. A scene that has errors
/// of its own is served as it is (the page shows them; the cells wait for the fix), and a cell the
/// file refuses after a later edit says why in its place on the page.
enum PreviewVaryCheck {
    /// nil when every cell compiles (or the scene itself has errors); else the exit status, the
    /// first refused cell's diagnostics told to `sink`.
    static func run(_ variants: Variants, bytes: [UInt8], path: String, frontend: Frontend,
                    sink: BuildSink) -> ExitStatus? {
        guard !variants.isEmpty else { return nil }
        let file = SourceFile(name: path, bytes: bytes)
        guard CompiledScene(file, frontend: frontend).animated != nil else { return nil }
        for cell in variants.cells {
            var options = frontend
            switch OverrideList.parse(cell.set) {
            case .success(let overrides):
                // Named as the option they came from: `--vary download.progress=7: error: …`.
                options.options.overrides += overrides.map {
                    Override(address: $0.address, valueText: $0.valueText, origin: "--vary " + $0.option.dropFirst("--set ".count))
                }
            case .failure(let error):   // Variants read each value's shape already; kept for safety
                sink(.error("--vary \(cell.caption): \(error.message)"))
                return .usage
            }
            let compiled = CompiledScene(file, frontend: options)
            if compiled.animated == nil {
                sink(.diagnostics(compiled.diagnostics, file))
                return .sceneError
            }
        }
        return nil
    }
}
