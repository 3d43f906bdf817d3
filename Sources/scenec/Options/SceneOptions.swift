import SceneCheck
import SceneFiles
import ScenecKit
import SceneModel
import SceneSyntax
import ScenecBuild

/// The options every command that reads scenes shares: `--set` and the raisable limits of docs/language.md §7.
struct SceneOptions {
    static let flags = ["--set-where-present"]
    /// The raisable limits alone (what `scenec lsp` takes).
    static let limitValued = ["--max-file-size", "--max-nodes", "--max-text-bytes", "--max-views", "--max-nesting",
                              "--max-pixels", "--max-pixels-per-side", "--max-frames"]
    static let valued = DiagnosticReporter.valuedOptions + ["--set", "--appearance", "--scene-timeout"] + limitValued
    static let help = DiagnosticReporter.optionHelp + "\n" + """
          --set ADDRESS=VALUE      override a value (repeatable), checked like the file and
                                   applied after styles and the file; ADDRESS is ID.ATTR,
                                   views[0].children[1].ATTR (any view, by index), ID.style,
                                   canvas.ATTR or styles.NAME.ATTR
          --set-where-present      a --set naming an id, index or style the scene lacks is
                                   skipped, not an error
                                   (as in scenec build, where one --set serves many scenes)
          --appearance light|dark  which side of iOS system colors (systemBlue, label, …) and
                                   {light, dark} colors to draw with (default light)

        """ + limitsHelp + "\n" + SceneTimeoutOption.help
    static let limitsHelp = """
          --max-file-size N        refuse scene files over N bytes (default 16777216)
          --max-nodes N            refuse YAML that expands to over N nodes (default 1000000)
          --max-text-bytes N       refuse YAML whose text, aliases expanded, is over N bytes
                                   (default 67108864, 4 × --max-file-size's default)
          --max-views N            refuse scenes with over N views (default 100000)
          --max-nesting N          refuse views nested over N deep (default 64)
          --max-pixels N           refuse pictures over N pixels in all, each scale's picture
                                   on its own (default 67108864, 8192 × 8192)
          --max-pixels-per-side N  refuse pictures over N pixels a side (default 16384)
          --max-frames N           refuse timelines over N frames (default 10000)
        """

    var maxFileSize = SceneReading.maxFileSize
    /// `--root` and `--allow-read`: where scenes, imports and fonts may be read from.
    var scope: ReadScope
    /// `--scene-timeout`: seconds each scene may take to draw or export.
    var sceneTimeout = SceneTimeoutOption.defaultSeconds
    var frontend = Frontend()
    /// Where this command's diagnostics go (`--diagnostics`).
    var reporter = DiagnosticReporter()

    init(_ args: Arguments) throws {
        reporter = try DiagnosticReporter.from(args)
        scope = try ProjectOptions.scope(args)
        switch OverrideList.parse(args.values["--set"] ?? []) {
        case .success(let overrides): frontend.options.overrides = overrides
        case .failure(let error): throw UsageError(error.message)
        }
        frontend.options.overridesMustMatch = !args.has("--set-where-present")
        if let text = args.value("--appearance") {
            guard let appearance = Appearance(rawValue: text) else {
                let guess = Suggest.nearest(to: text, in: Appearance.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("--appearance must be light or dark, not '\(text)'\(guess)")
            }
            frontend.options.appearance = appearance
        }
        maxFileSize = try args.count("--max-file-size") ?? maxFileSize
        frontend.readerLimits.maxNodes = try args.count("--max-nodes") ?? frontend.readerLimits.maxNodes
        frontend.readerLimits.maxTextBytes = try args.count("--max-text-bytes") ?? frontend.readerLimits.maxTextBytes
        frontend.options.maxViews = try args.count("--max-views") ?? frontend.options.maxViews
        frontend.options.maxNesting = try args.count("--max-nesting") ?? frontend.options.maxNesting
        frontend.options.maxPixels = try args.count("--max-pixels") ?? frontend.options.maxPixels
        frontend.options.maxPixelsPerSide = try args.count("--max-pixels-per-side") ?? frontend.options.maxPixelsPerSide
        frontend.options.maxFrames = try args.count("--max-frames") ?? frontend.options.maxFrames
        sceneTimeout = try args.positiveNumber("--scene-timeout") ?? sceneTimeout
        frontend.options.readScope = scope
        frontend.options.readImport = SceneReading.importReader(limit: maxFileSize, scope: scope)
    }

    /// What ScenecBuild (and the commands' runs) take: these options without the reporter.
    var settings: SceneSettings {
        SceneSettings(scope: scope, maxFileSize: maxFileSize, sceneTimeout: sceneTimeout, frontend: frontend)
    }

    /// The scene at `path` and the files it imports, for a watch (nothing is reported).
    func watchedFiles(_ path: String) -> [String] {
        guard case .bytes(let bytes) = settings.read(path) else { return [path] }
        return [path] + SceneImports.files(of: SourceFile(name: path, bytes: bytes), options: frontend.options)
    }
}
