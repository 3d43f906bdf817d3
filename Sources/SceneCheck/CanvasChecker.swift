import SceneModel
import SceneSyntax

/// `canvas:` and `--set canvas.ATTR=VALUE`, which stands in for the file's value.
extension SceneChecker {
    /// A canvas value and where it was written: the file, or an option (`origin`).
    struct CanvasValue {
        var node: Node
        var origin: String?
    }

    /// `poster` is left in `poster` for `checkPoster`, which needs the timeline's fps and length.
    func checkCanvas(_ node: Node, poster: inout CanvasValue?, log: inout DiagnosticLog) -> Canvas? {
        guard let all = node.mapping else {
            log.error(.wrongStructure, "canvas must be a mapping such as {width: 400, height: 300}, not \(node.kindDescription)", at: node.range)
            return nil
        }
        var given: [String: CanvasValue] = [:]
        for pair in log.knownKeys(all, SceneAddress.canvasAttributes, in: "canvas") {
            given[pair.key] = CanvasValue(node: pair.value, origin: nil)
        }
        applyCanvasOverrides(to: &given, log: &log)
        poster = given["poster"]
        func dimension(_ key: String) -> Double? {
            guard let value = given[key] else {
                log.missing([key], in: all, "canvas needs '\(key)', in points", at: node.range.startOnly)
                return nil
            }
            return log.take(Numbers.number(value.node, in: .positive, what: "canvas \(key)"), origin: value.origin)
        }
        let width = dimension("width"), height = dimension("height")
        var canvas = Canvas(width: width ?? 1, height: height ?? 1)
        if let bg = given["background"] {
            if let form = log.take(ColorParser.form(bg.node, what: "canvas background"), origin: bg.origin) {
                canvas.background = form.color(for: options.appearance)
                canvas.backgroundForm = form
            }
        }
        var scalePlace = CanvasValue(node: node, origin: nil)
        if let scale = given["scale"] {
            canvas.scale = log.take(Numbers.number(scale.node, in: .positive, what: "canvas scale"), origin: scale.origin) ?? 1
            scalePlace = scale
        }
        if let override = options.scaleOverride {
            canvas.scale = override
            scalePlace = CanvasValue(node: node, origin: nil)
        }
        guard let width, let height else { return nil }
        let pixelsWide = (width * canvas.scale).rounded(.up), pixelsHigh = (height * canvas.scale).rounded(.up)
        // Point at what makes the picture too big: the scale when the size alone would fit,
        // else the dimension (or, for the total, the whole canvas).
        let how = options.scaleOverride == nil ? "" : " at \(options.scaleOverrideOption) \(formatNumber(canvas.scale))"
        let perSide = Double(options.maxPixelsPerSide)
        if pixelsWide > perSide || pixelsHigh > perSide {
            let tooWide = pixelsWide > perSide
            let side = tooWide ? width : height
            let sidePlace = given[tooWide ? "width" : "height"] ?? CanvasValue(node: node, origin: nil)
            let culprit = canvas.scale > 1 && side.rounded(.up) <= perSide ? scalePlace : sidePlace
            log.error(.limitExceeded, "the picture would be \(formatNumber(pixelsWide)) × \(formatNumber(pixelsHigh)) pixels\(how); the limit is \(options.maxPixelsPerSide) a side",
                      at: culprit.node.range, origin: culprit.origin, notes: ["raise it with --max-pixels-per-side if you mean it"])
            return nil
        }
        if pixelsWide * pixelsHigh > Double(options.maxPixels) {
            let sizeFits = width.rounded(.up) * height.rounded(.up) <= Double(options.maxPixels)
            let culprit = canvas.scale > 1 && sizeFits ? scalePlace : CanvasValue(node: node, origin: nil)
            log.error(.limitExceeded, "the picture would be \(formatNumber(pixelsWide * pixelsHigh)) pixels\(how); the limit is \(options.maxPixels)",
                      at: culprit.node.range, origin: culprit.origin, notes: ["raise it with --max-pixels if you mean it"])
            return nil
        }
        return canvas
    }

    /// Each `--set canvas.ATTR` replaces the file's value (a later one wins); an attribute the
    /// canvas lacks gets the file's message.
    func applyCanvasOverrides(to given: inout [String: CanvasValue], log: inout DiagnosticLog) {
        let known = SceneAddress.canvasAttributes
        for o in options.overrides {
            guard case .canvas(let attribute) = o.address else { continue }
            guard known.contains(attribute) else {
                // `canvas` is reserved at the head of an address; someone setting a view
                // attribute on it most likely has a view with that id.
                let viewHint = Registry.attributesByName[attribute] == nil ? []
                    : ["a view whose id is 'canvas' is reached by its index path, views[N].\(attribute) (inspect shows it)"]
                log.add(o.error(.unknownKey, "unknown key '\(attribute)' in canvas\(Suggestions.hint(for: attribute, in: known))",
                                notes: ["allowed: " + known.joined(separator: ", ")] + viewHint))
                continue
            }
            switch o.valueNode() {
            case .success(let value): given[attribute] = CanvasValue(node: value, origin: o.option)
            case .failure(let d): log.add(d)
            }
        }
    }

    /// `canvas.poster`: a time in the timeline's grammar, within its length; on a scene without
    /// a timeline it does nothing, which is worth a warning. `--time` (`options.time`) takes its
    /// place: the same grammar and the same limit, the error then shown at the scene's `timeline`
    /// key (`timelineKey`) so that a build of many scenes says which one is too short.
    func checkPoster(_ poster: CanvasValue?, timeline: Timeline?, timelineKey: SourceRange?, log: inout DiagnosticLog) -> Double {
        // The file's poster is checked even when `--time` wins: its mistakes are the file's.
        let posterTime = checkPoster(poster, timeline: timeline, log: &log)
        guard let time = options.time else { return posterTime }
        return checkTime(time, timeline: timeline, timelineKey: timelineKey, log: &log)
    }

    private func checkPoster(_ poster: CanvasValue?, timeline: Timeline?, log: inout DiagnosticLog) -> Double {
        guard let poster else { return 0 }
        guard let timeline else {
            log.add(Diagnostic(.warning, "canvas poster does nothing: the scene has no timeline, so every still shows the same picture",
                               at: poster.node.range, origin: poster.origin, code: .posterWithoutTimeline))
            return 0
        }
        guard let seconds = log.take(Timing.duration(poster.node, fps: timeline.fps, what: "canvas poster"), origin: poster.origin) else { return 0 }
        let length = timeline.length
        if seconds > length {
            log.error(.outOfRange, "canvas poster \(formatNumber(seconds)) s is past the end of the timeline, which lasts \(formatNumber(length)) s",
                      at: poster.node.range, origin: poster.origin)
            return 0
        }
        return seconds
    }

    /// `--time T`: a time is a time in every scene (a typo is an error even where there is no
    /// timeline), but only a scene with a timeline has moments to choose from; one without draws
    /// the same at any T, so a build's `--time` passes over it without a word.
    private func checkTime(_ text: String, timeline: Timeline?, timelineKey: SourceRange?, log: inout DiagnosticLog) -> Double {
        let origin = "--time \(text)"
        let node = Node(.scalar(Node.Scalar(text: text, isPlain: false)), range: .none)
        guard let seconds = log.take(Timing.duration(node, fps: timeline?.fps ?? 30, what: "--time"), origin: origin),
              let timeline else { return 0 }
        let length = timeline.length
        if seconds > length {
            let start = SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 2))
            log.error(.outOfRange, "--time \(formatNumber(seconds)) s is past the end of the timeline, which lasts \(formatNumber(length)) s",
                      at: timelineKey ?? start, notes: ["give a --time from 0 to \(formatNumber(length)) s"])
            return 0
        }
        return seconds
    }
}
