import SceneLottie
import ScenecKit

/// `scenec export SCENE -o ANIM.json`: the scene and its timeline as a Lottie animation,
/// what Lottie cannot express told to the sink as warnings.
package struct LottieExport {
    package var scenePath: String
    package var output: String
    package var scene: SceneSettings

    package init(scenePath: String, output: String, scene: SceneSettings) {
        self.scenePath = scenePath
        self.output = output
        self.scene = scene
    }

    /// Runs the export; `finish` writes what the diagnostics reporter collected, before the file.
    package func run(sink: BuildSink, finishing finish: () throws -> Void) throws -> ExitStatus {
        let deadline = scene.deadline()
        let compiled: SceneFile
        switch scene.load(scenePath, sink: sink) {
        case .success(let s): compiled = s
        case .failure(let failure):
            try finish()
            return failure.status
        }
        let (checked, file, animated) = (compiled.animated.scene, compiled.source, compiled.animated)
        let exporter = LottieExporter(scene: checked, placed: animated.placed, sampler: animated.sampler,
                                      now: Environment.render.nowSecondsSinceMidnight, deadline: deadline, fonts: animated.fonts)
        let base = scenePath == "-" ? "scene" : String(scenePath.split(separator: "/").last ?? "scene")
        let result: LottieExporter.Result
        do {
            result = try exporter.export(name: base.hasSuffix(".scene.yaml") ? String(base.dropLast(11)) : base)
        } catch {
            sink(.diagnostics([error.diagnostic(in: checked)], file))
            try finish()
            return .sceneError
        }
        if !result.warnings.isEmpty { sink(.diagnostics(result.warnings, file)) }
        try finish()
        do {
            try Files.write(Array(result.json.utf8), to: output)
        } catch let error as FileError {
            sink(.error(error.message))
            return .io
        }
        return .success
    }
}
