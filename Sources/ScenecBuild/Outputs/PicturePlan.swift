import SceneCodecs
import SceneModel
import SceneRender
import ScenecKit

/// `scenec render`: one scene drawn at one moment into one or more files, decided once from
/// the command line.
package struct PicturePlan: Sendable {
    /// A file to write: its path, format and, for `--scales`, its scale.
    package struct Target: Sendable {
        package var path: String
        package var format: OutputFormat
        package var scale: Double?

        package init(path: String, format: OutputFormat, scale: Double? = nil) {
            self.path = path
            self.format = format
            self.scale = scale
        }
    }

    package var scenePath: String
    package var targets: [Target]
    package var scene: SceneSettings
    /// `--time T` as typed: the scene's check reads it in place of `canvas.poster`, once the
    /// timeline's fps and length are known.
    package var time: String?
    package var pngCompression: PNGCompression = .default
    package var depfile: String?

    package init(scenePath: String, targets: [Target], scene: SceneSettings) {
        self.scenePath = scenePath
        self.targets = targets
        self.scene = scene
    }
}

/// Draws a PicturePlan's files and writes them, telling `sink` what happens. Every picture is
/// made before any is written, so a failure leaves all outputs as they were.
extension PicturePlan {
    /// Runs the plan; `finish` writes what the diagnostics reporter collected, before any file.
    package func run(sink: BuildSink, finishing finish: () throws -> Void) throws -> ExitStatus {
        var plan = self
        try AnimatedScene.checkTimeOption(plan.time)
        plan.scene.frontend.options.time = plan.time
        let deadline = plan.scene.deadline()
        let compiled: SceneFile
        switch plan.scene.load(plan.scenePath, sink: sink) {
        case .success(let s): compiled = s
        case .failure(let failure):
            try finish()
            return failure.status
        }
        let scene = compiled.animated.scene
        // `--time` when given, else `canvas.poster`: the check put the moment there.
        let time = scene.canvas.poster
        var environment = Environment.render
        environment.deadline = deadline
        let settings = SceneFile.RenderSettings(environment: environment, sourceDateEpoch: Environment.sourceDateEpoch,
                                                pngCompression: plan.pngCompression)
        var pictures: [(path: String, bytes: [UInt8])] = []
        do {
            let renderer = compiled.renderer(settings)
            let placed = compiled.animated.views(at: time)
            for target in plan.targets {
                var renderer = renderer
                if let scale = target.scale { renderer.canvas.scale = scale }
                pictures.append((target.path, try renderer.render(placed, as: target.format)))
            }
        } catch let timeout as SceneTimeout {
            sink(.diagnostics([timeout.diagnostic(in: scene)], compiled.source))
            try finish()
            return .sceneError
        } catch {
            try finish()
            sink(.error("cannot render '\(plan.scenePath)': \(error)"))
            return .sceneError
        }
        try finish()
        do {
            for picture in pictures { try Files.write(picture.bytes, to: picture.path) }
            if let depfile = plan.depfile {
                let unnamed = try Depfile.write(depfile, outputs: plan.targets.map(\.path), scene: plan.scenePath,
                                                inputs: scene.fonts.map(\.path) + scene.importedFiles)
                for path in unnamed { sink(.warning(Depfile.warning(unnamed: path, depfile: depfile))) }
            }
        } catch let error as FileError {
            sink(.error(error.message))
            return .io
        }
        return .success
    }
}
