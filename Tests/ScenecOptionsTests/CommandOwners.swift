import CommandLineOptions
import ScenecOptions
import SceneSupport

// Options types as commands declare them, each taking the shared groups its protocols name,
// so the tests read words through the same typed keys the commands do.

/// Like render and build: every group, `--set-where-present`, PNG, `--watch`, and two of the
/// picture options.
enum PictureCommand: MaySkipSets, WritesPNG, Watches {
    static let scale = Option<Double?, PictureCommand>(OutputOptions.scale)
    static let scales = Option<[Double]?, PictureCommand>(OutputOptions.scales)
    static let time = Option<String?, PictureCommand>(OutputOptions.time)
    static let depfile = Option<String?, PictureCommand>(OutputOptions.depfile)
    static let all = declarations(scale, scales, time, depfile, OutputOptions.watch) + PNGOptions.all + SceneOptionGroups.all
        + declarations(StandardOptions.help)
}

/// Like edit: reads scenes, writes each `--set`, so it has no `--set-where-present`.
enum EditingCommand: ReadsScenes {
    static let all = DiagnosticOptions.all + ProjectOptions.all
        + declarations(OverrideOptions.set, OverrideOptions.appearance) + LimitOptions.all
        + declarations(SceneTimeoutOption.sceneTimeout, StandardOptions.help)
}

/// Like lsp: the project and the limits only.
enum ServerCommand: TakesProject, TakesLimits {
    static let all = LimitOptions.all + ProjectOptions.all + declarations(StandardOptions.help)
}

/// What the reporter printed, by stream.
final class Streams: Sendable {
    let standardError = Locked<[String]>([])
    let standardOutput = Locked<[String]>([])

    var errorText: String { standardError.withLock { $0.joined() } }
    var outputText: String { standardOutput.withLock { $0.joined() } }

    /// The shared groups of `words`, read as a command of type `O` reads them.
    func read<O: ReadsScenes>(_ words: [String], as _: O.Type = PictureCommand.self) throws -> SceneOptions {
        try SceneOptions(try Arguments<O>.parse(words, declarations: O.all),
                         standardError: { text in self.standardError.withLock { $0.append(text) } },
                         standardOutput: { text in self.standardOutput.withLock { $0.append(text) } })
    }

    func readProjectAndLimits(_ words: [String]) throws -> SceneOptions {
        try SceneOptions(projectAndLimits: try Arguments<ServerCommand>.parse(words, declarations: ServerCommand.all),
                         standardError: { text in self.standardError.withLock { $0.append(text) } },
                         standardOutput: { text in self.standardOutput.withLock { $0.append(text) } })
    }
}
