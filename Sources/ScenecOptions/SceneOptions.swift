import SceneCheck
import SceneFiles
import ScenecKit
import SceneModel
import SceneSyntax
import ScenecBuild

/// The options every command that reads scenes shares: `--set` and the raisable limits of docs/language.md §7.
package struct SceneOptions {
    package var maxFileSize = SceneReading.maxFileSize
    /// `--root` and `--allow-read`: where scenes, imports and fonts may be read from.
    package var scope: ReadScope
    /// `--scene-timeout`: seconds each scene may take to draw or export.
    package var sceneTimeout = SceneTimeoutOption.defaultSeconds
    package var frontend = Frontend()
    /// Where this command's diagnostics go (`--diagnostics`).
    package var reporter: DiagnosticReporter

    /// What ScenecBuild (and the commands' runs) take: these options without the reporter.
    package var settings: SceneSettings {
        SceneSettings(scope: scope, maxFileSize: maxFileSize, sceneTimeout: sceneTimeout, frontend: frontend)
    }

    /// The scene at `path` and the files it imports, for a watch (nothing is reported).
    package func watchedFiles(_ path: String) -> [String] {
        guard case .bytes(let bytes) = settings.read(path) else { return [path] }
        return [path] + SceneImports.files(of: SourceFile(name: path, bytes: bytes), options: frontend.options)
    }
}
