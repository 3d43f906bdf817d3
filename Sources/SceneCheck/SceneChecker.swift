import SceneModel
import SceneSyntax

/// Node tree → `Scene`, reporting every problem (docs/language.md §4). Pure: no I/O.
public struct SceneChecker {
    public var options: CheckOptions

    public init(options: CheckOptions = CheckOptions()) {
        self.options = options
    }

    package static let topKeys = ["version", "imports", "canvas", "styles", "components", "fonts", "views", "timeline"]
    /// Top-level keys that scenec ignores.
    public static let extensionPrefix = "x-"

    /// The file's bytes read as YAML within `limits` and checked: the front end without the
    /// scene's fonts (ScenecKit's `Frontend` adds them). Diagnostics sorted by position.
    public func check(_ file: SourceFile, limits: YAMLReader.Limits = YAMLReader.Limits()) -> (scene: Scene?, diagnostics: [Diagnostic]) {
        let checked = checkResult(file, limits: limits)
        return (checked.scene, checked.diagnostics)
    }

    /// `check` of the file's bytes, with the references graph (empty when the bytes are not YAML).
    public func checkResult(_ file: SourceFile, limits: YAMLReader.Limits = YAMLReader.Limits()) -> CheckResult {
        let read = YAMLReader(limits: limits).read(file)
        if read.diagnostics.hasErrors {
            return CheckResult(scene: nil, diagnostics: read.diagnostics.sortedByPosition(), references: References())
        }
        return checkResult(read.root, file: file)
    }

    /// The checked scene, or nil when there are errors; diagnostics sorted by position.
    /// `file` is the scene's own file, which its `imports:` are relative to.
    public func check(_ root: Node?, file: SourceFile? = nil) -> (scene: Scene?, diagnostics: [Diagnostic]) {
        var references = References()
        return check(root, file: file, references: &references)
    }

    /// `check`, with the scene's references graph (made even when the scene has errors).
    public func checkResult(_ root: Node?, file: SourceFile? = nil) -> CheckResult {
        var references = References()
        let (scene, diagnostics) = check(root, file: file, references: &references)
        return CheckResult(scene: scene, diagnostics: diagnostics, references: references)
    }

    func check(_ root: Node?, file: SourceFile?, references: inout References) -> (scene: Scene?, diagnostics: [Diagnostic]) {
        var log = DiagnosticLog()
        let start = SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 2))
        guard let root else {
            log.error(.missingKey, "the scene file is empty; a scene needs at least 'canvas' and 'views'", at: start,
                      notes: ["for example:\n    canvas: {width: 200, height: 200}\n    views: []"])
            return (nil, log.all)
        }
        guard let top = root.mapping else {
            log.error(.wrongStructure, "a scene file must be a mapping with 'canvas' and 'views', not \(root.kindDescription)", at: root.range)
            return (nil, log.all)
        }
        if Self.isLibrary(top) { return checkLibrary(top, root: root, file: file, references: &references, log: &log) }
        // `x-…` keys are the file's own, as in Compose files: a home for anchors (`x-base: &base`).
        let pairs = log.knownKeys(top.filter { !$0.key.hasPrefix(Self.extensionPrefix) }, Self.topKeys, in: "the scene")
        if let version = pairs["version"] { checkVersion(version.value, log: &log) }
        var poster: CanvasValue?
        var canvas = pairs["canvas"].flatMap { checkCanvas($0.value, poster: &poster, log: &log) }
        if pairs["canvas"] == nil {
            log.missing(["canvas"], in: top, "the scene needs a 'canvas' with width and height", at: root.range.startOnly)
        }
        var imports = ImportReader(options: options)
        if let importsPair = pairs["imports"] {
            imports.read(importsPair.value, in: nil, chain: [ImportReader.normalised(options.scenePath ?? file?.name ?? "<scene>")], log: &log)
        }
        let own = pairs["styles"].map { [StyleSource(node: $0.value, file: nil)] } ?? []
        references = References.build(root, file: file, imported: imports.sources.flatMap { References.styles($0.node, path: $0.file?.name) },
                                      overrides: options.overrides)
        let styles = StyleTable.read(imports.sources + own, options: options, log: &log)
        let sceneName = options.scenePath ?? file?.name ?? "the scene"
        let components = ComponentTable.read(imports.componentSources + (pairs["components"].map { [ComponentSource(node: $0.value, file: nil)] } ?? []),
                                             styles: styles, options: options, sceneFile: file, sceneName: sceneName, log: &log)
        references.components = components.referenced
        var views: [SceneView] = []
        var viewTypes: [String: ViewType] = [:]
        var expandedViews = pairs["views"]?.value
        var instanceAnimations: [InstanceAnimation] = []
        var instances: [String: ComponentDefinition] = [:]
        if let viewsPair = pairs["views"] {
            var checker = ViewChecker(styles: styles, options: options, log: log)
            if !components.isEmpty || ComponentExpander.repeats(in: viewsPair.value) {
                var expander = ComponentExpander(table: components, options: options, sceneName: sceneName, useOverrides: true)
                expander.sceneFile = file
                expandedViews = expander.expandList(viewsPair.value, scope: nil, parent: nil, log: &checker.log)
                checker.origins = expander.origins
                checker.unrepeated = expander.unrepeated
                checker.componentNames = components.names
                instanceAnimations = expander.animations
                instances = expander.instances
            }
            views = checker.checkList(expandedViews ?? viewsPair.value, parent: nil, depth: 1)
            viewTypes = checker.idTypes
            log = checker.log
            // The views instances hold (`cpu.ring`) are known by id as the file's own are.
            for (id, type) in viewTypes where references.viewTypes[id] == nil { references.viewTypes[id] = type }
            reportMissingViews(expandedViews ?? viewsPair.value, ids: viewTypes, log: &log)
            var bindings = TextBindingChecker(references: references, log: log,
                                              importedFiles: imports.sources.compactMap(\.file))
            bindings.check(views)
            log = bindings.log
        } else {
            log.missing(["views"], in: top, "the scene needs 'views', a list (it may be empty: views: [])",
                        at: root.range.startOnly)
        }
        var timeline: Timeline?
        var timelineOverrides = TimelineOverrides(options: options)
        let written = Self.withInstanceAnimations(pairs["timeline"]?.value, instanceAnimations)
        timelineOverrides.instanceAnimations = written.origins
        let timelineNode = timelineOverrides.apply(to: written.node, views: expandedViews,
                                                   viewTypes: viewTypes, fileName: options.scenePath ?? file?.name ?? "the scene",
                                                   log: &log)
        if let timelineNode {
            var timelineLog = DiagnosticLog()
            (timelineLog.argumentNotes, timelineLog.brokenInstances) = (log.argumentNotes, log.brokenInstances)
            var checker = TimelineChecker(log: timelineLog, viewTypes: references.viewTypes, options: options)
            (checker.instances, checker.sceneName) = (instances, sceneName)
            for (position, index) in timelineOverrides.kept.enumerated() {
                if let origin = written.origins[index] { checker.itemOrigins[position] = origin }
            }
            timeline = timelineOverrides.numbered(checker.check(timelineNode))
            for d in checker.log.all { log.add(timelineOverrides.located(d)) }
        }
        // A --set that replaces an animation with a constant shortens the timeline drawn, not
        // the moments the file offers: the poster and --time are checked against the timeline
        // as written then (`render --time 1 --set r.progress=1` draws the constant at 1 s).
        var moments = timeline
        if timelineOverrides.replacedAnimations, let written = pairs["timeline"]?.value {
            var quiet = TimelineChecker(log: DiagnosticLog(), viewTypes: references.viewTypes, options: options)
            if let asWritten = quiet.check(written), asWritten.length > (timeline?.length ?? 0) { moments = asWritten }
        }
        canvas?.poster = checkPoster(poster, timeline: moments, timelineKey: pairs["timeline"]?.keyRange, log: &log)
        let fonts = pairs["fonts"].map { checkFonts($0.value, log: &log) } ?? []
        let diagnostics = references.placingTemplateProblems(log.all).sortedByPosition()
        guard !diagnostics.hasErrors, let canvas else { return (nil, diagnostics) }
        var scene = Scene(canvas: canvas, views: views, timeline: timeline, fonts: fonts, importedFiles: imports.files)
        scene.resolveColors(for: options.appearance)
        return (scene, diagnostics)
    }
}

/// What a check finds: the scene (nil when there are errors), the diagnostics sorted by
/// position, and the scene's references graph.
public struct CheckResult: Sendable {
    public var scene: Scene?
    public var diagnostics: [Diagnostic]
    public var references: References

    public init(scene: Scene?, diagnostics: [Diagnostic], references: References) {
        self.scene = scene
        self.diagnostics = diagnostics
        self.references = references
    }
}

extension SceneChecker {
    /// `version: 1`, the only version of the scene language, in a scene or a library.
    func checkVersion(_ node: Node, log: inout DiagnosticLog) {
        if case .success(let v) = Numbers.number(node, what: "version"), v == 1 { return }
        log.error(.unsupportedVersion, "version must be 1, the only version of the scene language", at: node.range)
    }

    /// `fonts: [fonts/Inter.ttf]`: paths relative to the scene file (the front end finds and
    /// loads them).
    func checkFonts(_ node: Node, log: inout DiagnosticLog) -> [FontFile] {
        guard let items = node.sequence else {
            log.error(.wrongStructure, "fonts must be a list of font files, such as [fonts/Inter.ttf], not \(node.kindDescription)",
                      at: node.range)
            return []
        }
        var files: [FontFile] = []
        for item in items {
            guard let s = item.scalar, !s.isNull, !s.text.isEmpty else {
                log.error(.wrongStructure, "each of fonts must be a font file's path, not \(item.kindDescription)", at: item.range)
                continue
            }
            files.append(FontFile(written: s.text, path: s.text, range: item.range))
        }
        return files
    }
}

extension SourceRange {
    /// The first character of the range, for "missing key" messages about a whole mapping.
    var startOnly: SourceRange {
        SourceRange(start: start, end: SourceLocation(line: start.line, column: start.column + 1))
    }
}
