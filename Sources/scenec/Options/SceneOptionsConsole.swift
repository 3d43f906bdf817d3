import SceneFiles
import ScenecBuild

/// The reporter as the command line makes it (`DiagnosticReporter.from`, in DiagnosticOptions):
/// the formats, collecting and writing are ScenecBuild's, printing through the console.
extension DiagnosticReporter {
    convenience init(sinks: [Sink] = [Sink(format: .text)], pathRoot: ProjectRoot? = nil) {
        self.init(sinks: sinks, pathRoot: pathRoot, standardError: { Console.error($0) }, standardOutput: { Console.output($0) })
    }
}
