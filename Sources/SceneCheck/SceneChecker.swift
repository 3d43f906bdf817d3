import SceneModel
import SceneSyntax

/// Node tree → `Scene`, reporting every problem (SPEC §4). Pure: no I/O.
public struct SceneChecker {
    public var options: CheckOptions

    public init(options: CheckOptions = CheckOptions()) {
        self.options = options
    }

    static let topKeys = ["version", "canvas", "styles", "views", "timeline"]

    /// The checked scene, or nil when there are errors; diagnostics sorted by position.
    public func check(_ root: Node?) -> (scene: Scene?, diagnostics: [Diagnostic]) {
        var log = DiagnosticLog()
        let start = SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 2))
        guard let root else {
            log.error("the scene file is empty; a scene needs at least 'canvas' and 'views'", at: start,
                      notes: ["for example:\n    canvas: {width: 200, height: 200}\n    views: []"])
            return (nil, log.all)
        }
        guard let top = root.mapping else {
            log.error("a scene file must be a mapping with 'canvas' and 'views', not \(root.kindDescription)", at: root.range)
            return (nil, log.all)
        }
        let pairs = log.knownKeys(top, Self.topKeys, in: "the scene")
        if let version = pairs["version"] {
            if case .success(let v) = Numbers.number(version.value, what: "version"), v == 1 {
            } else {
                log.error("version must be 1, the only version of the scene language", at: version.value.range)
            }
        }
        let canvas = pairs["canvas"].flatMap { checkCanvas($0.value, log: &log) }
        if pairs["canvas"] == nil {
            log.missing(["canvas"], in: top, "the scene needs a 'canvas' with width and height", at: root.range.startOnly)
        }
        let styles = pairs["styles"].map { StyleTable.read($0.value, log: &log) } ?? StyleTable()
        var views: [SceneView] = []
        var viewTypes: [String: ViewType] = [:]
        if let viewsPair = pairs["views"] {
            var checker = ViewChecker(styles: styles, options: options, log: log)
            views = checker.checkList(viewsPair.value, parent: nil, depth: 1)
            viewTypes = checker.idTypes
            log = checker.log
            for o in options.overrides where viewTypes[o.viewID] == nil && options.overridesMustMatch {
                let ids = viewTypes.keys.sorted()
                log.add(o.error("no view has the id '\(o.viewID)'\(Suggestions.hint(for: o.viewID, in: ids))",
                                notes: ids.isEmpty ? [] : ["ids: " + ids.joined(separator: ", ")]))
            }
        } else {
            log.missing(["views"], in: top, "the scene needs 'views', a list (it may be empty: views: [])",
                        at: root.range.startOnly)
        }
        var timeline: Timeline?
        if let timelinePair = pairs["timeline"] {
            var checker = TimelineChecker(log: log, viewTypes: viewTypes, options: options)
            timeline = checker.check(timelinePair.value)
            log = checker.log
        }
        let diagnostics = log.all.sortedByPosition()
        guard !diagnostics.hasErrors, let canvas else { return (nil, diagnostics) }
        return (Scene(canvas: canvas, views: views, timeline: timeline), diagnostics)
    }

    func checkCanvas(_ node: Node, log: inout DiagnosticLog) -> Canvas? {
        guard let all = node.mapping else {
            log.error("canvas must be a mapping such as {width: 400, height: 300}, not \(node.kindDescription)", at: node.range)
            return nil
        }
        let pairs = log.knownKeys(all, ["width", "height", "background", "scale"], in: "canvas")
        func dimension(_ key: String) -> Double? {
            guard let pair = pairs[key] else {
                log.missing([key], in: all, "canvas needs '\(key)', in points", at: node.range.startOnly)
                return nil
            }
            return log.take(Numbers.number(pair.value, in: .positive, what: "canvas \(key)"))
        }
        let width = dimension("width"), height = dimension("height")
        var canvas = Canvas(width: width ?? 1, height: height ?? 1)
        if let bg = pairs["background"] {
            canvas.background = log.take(ColorParser.color(bg.value, what: "canvas background")) ?? .clear
        }
        var scaleRange = node.range
        if let scale = pairs["scale"] {
            canvas.scale = log.take(Numbers.number(scale.value, in: .positive, what: "canvas scale")) ?? 1
            scaleRange = scale.value.range
        }
        if let override = options.scaleOverride {
            canvas.scale = override
        }
        guard let width, let height else { return nil }
        let pixelsWide = (width * canvas.scale).rounded(.up), pixelsHigh = (height * canvas.scale).rounded(.up)
        // Point at what makes the picture too big: the scale when the size alone would fit,
        // else the dimension (or, for the total, the whole canvas).
        let scaleCulprit = options.scaleOverride == nil ? scaleRange : node.range
        let how = options.scaleOverride == nil ? "" : " at --scale \(formatNumber(canvas.scale))"
        let perSide = Double(options.maxPixelsPerSide)
        if pixelsWide > perSide || pixelsHigh > perSide {
            let tooWide = pixelsWide > perSide
            let side = tooWide ? width : height
            let sideRange = pairs[tooWide ? "width" : "height"]?.value.range ?? node.range
            let range = canvas.scale > 1 && side.rounded(.up) <= perSide ? scaleCulprit : sideRange
            log.error("the picture would be \(formatNumber(pixelsWide)) × \(formatNumber(pixelsHigh)) pixels\(how); the limit is \(options.maxPixelsPerSide) a side",
                      at: range, notes: ["raise it with --max-pixels-per-side if you mean it"])
            return nil
        }
        if pixelsWide * pixelsHigh > Double(options.maxPixels) {
            let sizeFits = width.rounded(.up) * height.rounded(.up) <= Double(options.maxPixels)
            let range = canvas.scale > 1 && sizeFits ? scaleCulprit : node.range
            log.error("the picture would be \(formatNumber(pixelsWide * pixelsHigh)) pixels\(how); the limit is \(options.maxPixels)",
                      at: range, notes: ["raise it with --max-pixels if you mean it"])
            return nil
        }
        return canvas
    }
}

extension SourceRange {
    /// The first character of the range, for "missing key" messages about a whole mapping.
    var startOnly: SourceRange {
        SourceRange(start: start, end: SourceLocation(line: start.line, column: start.column + 1))
    }
}
