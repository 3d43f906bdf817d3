import SceneCheck
import SceneRender
import SceneSyntax
import ScenePreview
import ScenecKit

/// `scenec preview SCENE --static -o sheet.html [--vary …] [--time T]`: the preview as one HTML
/// file (see `StaticSheet`), written atomically like every output.
enum StaticSheetCommand {
    static func run(_ args: Arguments<PreviewOptions>, scenePath: String, variants: Variants) throws -> ExitStatus {
        let outputs = try args[PreviewOptions.output]
        guard outputs.count == 1, let output = outputs.first else {
            throw UsageError("--static writes one file: give -o SHEET.html")
        }
        if Files.sameFile(scenePath, output) {
            throw UsageError("the output '\(output)' is the scene file itself; refusing to overwrite it")
        }
        let limits = try SceneOptions(args)
        let loader = SceneLoader(limits: limits)
        let bytes: [UInt8]
        switch loader.read(scenePath) {
        case .success(let read): bytes = read
        case .failure(let failed):
            try loader.reporter.finish()
            return failed.status
        }
        let base = CompiledScene(SourceFile(name: scenePath, bytes: bytes), frontend: limits.frontend)
        let fps = base.animated?.fileFPS ?? 30
        let time = try AnimatedScene.time(try args[PreviewOptions.time], fps: fps)
        let html = sheet(base, frontend: limits.frontend, set: try args[PreviewOptions.set], variants: variants, time: time)
        switch html {
        case .failure(let failure):
            loader.reporter.report(failure.scene.diagnostics, in: failure.scene.file)
            try loader.reporter.finish()
            if let message = failure.message { Console.fail(message) }
            return .sceneError
        case .success(let bytes):
            loader.reporter.report(base.diagnostics, in: base.file)
            try loader.reporter.finish()
            do {
                try Files.write(bytes, to: output)
            } catch let error as FileError {
                Console.fail(error.message)
                return .io
            }
            return .success
        }
    }

    /// The sheet of one compiled scene, as `build --preview` also writes it.
    static func sheet(_ base: CompiledScene, frontend: Frontend, set: [String], variants: Variants,
                      time: Double) -> Result<[UInt8], StaticSheet.Failure> {
        StaticSheet(base: base, frontend: frontend, baseSet: set, variants: variants, environment: Environment.render)
            .html(at: time)
    }
}
