import Foundation
import PackagePlugin

/// Compiles the files in a target's `Assets/` folder into a Swift file (`EmbeddedAssets.swift`),
/// so the binary carries the preview page and serves it without reading the disk.
///
/// Why a build-tool plugin: plain `swift build` regenerates the file whenever an asset changes,
/// so there is no generated file to commit and none to go stale. SwiftPM resources would need
/// Foundation's Bundle, and with it ICU, which scenec stays off.
@main
struct EmbedAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // The folder beside the target's Assets.swift (the target's own directory URL needs
        // tools 6.1; `directory` is deprecated).
        guard let anchor = target.sourceFiles.first(where: { $0.url.lastPathComponent == "Assets.swift" }) else {
            throw EmbedError(description: "\(target.name) has no Assets.swift beside its Assets folder")
        }
        let folder = anchor.url.deletingLastPathComponent().appending(path: "Assets")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasPrefix(".") }
            .sorted()
        let inputs = names.map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedAssets.swift")
        return [.buildCommand(displayName: "Embedding \(names.count) assets of \(target.name)",
                              executable: try context.tool(named: "AssetEmbedder").url,
                              arguments: [output.path] + inputs.map(\.path),
                              inputFiles: inputs, outputFiles: [output])]
    }
}

struct EmbedError: Error, CustomStringConvertible {
    let description: String
}
