import CommandLineOptions
import SceneCheck
import ScenecKit

extension SceneOptions {
    /// The shared groups a command line gives (those a command does not take read as not given).
    init<O>(_ args: Arguments<O>) throws {
        reporter = try DiagnosticReporter.from(args)
        scope = try ProjectOptions.scope(args)
        Programs.use(root: scope.root)
        switch OverrideList.parse(try args[OverrideOptions.set]) {
        case .success(let overrides): frontend.options.overrides = overrides
        case .failure(let error): throw UsageError(error.message)
        }
        frontend.options.overridesMustMatch = !args[OverrideOptions.setWherePresent]
        if let appearance = try args[OverrideOptions.appearance] { frontend.options.appearance = appearance }
        maxFileSize = try args[LimitOptions.maxFileSize] ?? maxFileSize
        frontend.readerLimits.maxNodes = try args[LimitOptions.maxNodes] ?? frontend.readerLimits.maxNodes
        frontend.readerLimits.maxTextBytes = try args[LimitOptions.maxTextBytes] ?? frontend.readerLimits.maxTextBytes
        frontend.options.maxViews = try args[LimitOptions.maxViews] ?? frontend.options.maxViews
        frontend.options.maxNesting = try args[LimitOptions.maxNesting] ?? frontend.options.maxNesting
        frontend.options.maxPixels = try args[LimitOptions.maxPixels] ?? frontend.options.maxPixels
        frontend.options.maxPixelsPerSide = try args[LimitOptions.maxPixelsPerSide] ?? frontend.options.maxPixelsPerSide
        frontend.options.maxFrames = try args[LimitOptions.maxFrames] ?? frontend.options.maxFrames
        sceneTimeout = try args[SceneTimeoutOption.sceneTimeout] ?? sceneTimeout
        frontend.options.readScope = scope
        frontend.options.readImport = SceneReading.importReader(limit: maxFileSize, scope: scope)
    }
}
