import ScenecBuild
import CommandLineOptions
import SceneCheck
import ScenecKit

extension SceneOptions {
    /// The shared groups a command line gives (those a command does not take read as not given);
    /// diagnostics printed to the streams given (the console's).
    package init<O: ReadsScenes>(_ args: Arguments<O>, standardError: @escaping @Sendable (String) -> Void,
                                 standardOutput: @escaping @Sendable (String) -> Void) throws {
        reporter = try DiagnosticReporter.from(args, standardError: standardError, standardOutput: standardOutput)
        scope = try ProjectOptions.scope(args)
        switch OverrideList.parse(try args[O.set]) {
        case .success(let overrides): frontend.options.overrides = overrides
        case .failure(let error): throw UsageError(error.message)
        }
        frontend.options.overridesMustMatch = !O.skipsUnmatchedSets(args)
        if let appearance = try args[O.appearance] { frontend.options.appearance = appearance }
        try readLimits(args)
        sceneTimeout = try args[O.sceneTimeout] ?? sceneTimeout
        frontend.options.readScope = scope
        frontend.options.readImport = SceneReading.importReader(limit: maxFileSize, scope: scope)
    }

    /// What the language server takes: the project and the limits (the editor sends the rest).
    package init<O: TakesProject & TakesLimits>(projectAndLimits args: Arguments<O>,
                                                standardError: @escaping @Sendable (String) -> Void,
                                                standardOutput: @escaping @Sendable (String) -> Void) throws {
        reporter = DiagnosticReporter(sinks: [.init(format: .text)], pathRoot: try ProjectOptions.root(args),
                                      standardError: standardError, standardOutput: standardOutput)
        scope = try ProjectOptions.scope(args)
        try readLimits(args)
        frontend.options.readScope = scope
        frontend.options.readImport = SceneReading.importReader(limit: maxFileSize, scope: scope)
    }

    private mutating func readLimits<O: TakesLimits>(_ args: Arguments<O>) throws {
        maxFileSize = try args[O.maxFileSize] ?? maxFileSize
        frontend.readerLimits.maxNodes = try args[O.maxNodes] ?? frontend.readerLimits.maxNodes
        frontend.readerLimits.maxTextBytes = try args[O.maxTextBytes] ?? frontend.readerLimits.maxTextBytes
        frontend.options.maxViews = try args[O.maxViews] ?? frontend.options.maxViews
        frontend.options.maxNesting = try args[O.maxNesting] ?? frontend.options.maxNesting
        frontend.options.maxPixels = try args[O.maxPixels] ?? frontend.options.maxPixels
        frontend.options.maxPixelsPerSide = try args[O.maxPixelsPerSide] ?? frontend.options.maxPixelsPerSide
        frontend.options.maxFrames = try args[O.maxFrames] ?? frontend.options.maxFrames
    }
}
