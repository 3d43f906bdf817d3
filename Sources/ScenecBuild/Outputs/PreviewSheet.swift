import SceneCheck
import ScenePreview
import ScenecKit
import SceneSyntax

extension StaticSheet {
    /// The sheet of one compiled scene, as `scenec preview --static` and `build --preview`
    /// write it, drawn in this process's surroundings (the clock, SOURCE_DATE_EPOCH).
    package static func html(_ base: CompiledScene, frontend: Frontend, set: [String], variants: Variants,
                             time: Double) -> Result<[UInt8], StaticSheet.Failure> {
        StaticSheet(base: base, frontend: frontend, baseSet: set, variants: variants, environment: Environment.render)
            .html(at: time)
    }
}

/// `scenec preview SCENE --static -o SHEET.html`: the preview of one scene as one HTML file,
/// written atomically like every output.
package struct PreviewSheet {
    package var scenePath: String
    package var output: String
    package var scene: SceneSettings
    /// The `--set`s as typed, and `--vary`'s variants, which the sheet shows.
    package var overrides: [String]
    package var variants: Variants
    /// `--time T` as typed: the scene's check reads it in place of `canvas.poster`.
    package var time: String?

    package init(scenePath: String, output: String, scene: SceneSettings, overrides: [String], variants: Variants,
                 time: String?) {
        self.scenePath = scenePath
        self.output = output
        self.scene = scene
        self.overrides = overrides
        self.variants = variants
        self.time = time
    }

    /// Writes the sheet; `finish` writes what the diagnostics reporter collected, before the file.
    package func run(sink: BuildSink, finishing finish: () throws -> Void) throws -> ExitStatus {
        let bytes: [UInt8]
        switch scene.read(scenePath, sink: sink) {
        case .success(let read): bytes = read
        case .failure(let failure):
            try finish()
            return failure.status
        }
        try AnimatedScene.checkTimeOption(time)
        var frontend = scene.frontend
        frontend.options.time = time
        let base = CompiledScene(SourceFile(name: scenePath, bytes: bytes), frontend: frontend)
        // `--time` when given, else the scene's `canvas.poster`: the check put the moment there.
        let seconds = base.animated?.scene.canvas.poster ?? 0
        switch StaticSheet.html(base, frontend: frontend, set: overrides, variants: variants, time: seconds) {
        case .failure(let failure):
            if !failure.scene.diagnostics.isEmpty { sink(.diagnostics(failure.scene.diagnostics, failure.scene.file)) }
            try finish()
            if let message = failure.message { sink(.error(message)) }
            return .sceneError
        case .success(let html):
            if !base.diagnostics.isEmpty { sink(.diagnostics(base.diagnostics, base.file)) }
            try finish()
            do {
                try Files.write(html, to: output)
            } catch let error as FileError {
                sink(.error(error.message))
                return .io
            }
            return .success
        }
    }
}
