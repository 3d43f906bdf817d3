import SceneCheck
import SceneLayout
import SceneModel
import SceneSyntax

/// Mistakes that draw nothing and so pass silently: a ring whose line width leaves no radius, a
/// clock hand longer than the face (or pointing backwards: an error), a view wholly off the
/// canvas, a view whose every visible part is fully transparent. They need the laid-out
/// sizes, so they are found here, after layout, rather than by the checker.
package enum SceneLint {
    package static func diagnostics(_ laidOut: AnimatedScene) -> [Diagnostic] {
        let scene = laidOut.scene
        let animated = Set(scene.timeline?.animations.map(\.viewID) ?? [])
        let canvas = Rect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height)
        var out: [Diagnostic] = []
        func walk(_ views: [PlacedView], path: (Int) -> ViewPath) {
            for (index, placed) in views.enumerated() {
                let view = Linted(placed: placed, path: path(index))
                out += view.geometry()
                if !view.animated(animated) { out += view.transparency() }
                if let off = view.outside(canvas) {
                    out.append(off)
                    continue  // its children are off the canvas with it; one warning says it
                }
                walk(placed.children) { view.path.child($0) }
            }
        }
        // Laid out as it is drawn (labels measured with the scene's fonts).
        walk(laidOut.placed) { ViewPath(root: $0) }
        return out
    }
}

extension Frontend {
    /// The checker's diagnostics, then SceneLint's when the scene has no errors: what every
    /// command and the preview report.
    package func compileAndLint(_ file: SourceFile, scenePath: String? = nil) -> (scene: Scene?, diagnostics: [Diagnostic]) {
        let (animated, diagnostics, _) = compileLayOutAndLint(file, scenePath: scenePath)
        return (animated?.scene, diagnostics)
    }

    /// `compileAndLint` with the checker's references graph: the language server reads the
    /// diagnostics and the graph of one check.
    package func checkAndLint(_ file: SourceFile, scenePath: String? = nil) -> CheckResult {
        let (animated, diagnostics, references) = compileLayOutAndLint(file, scenePath: scenePath)
        return CheckResult(scene: animated?.scene, diagnostics: diagnostics, references: references)
    }

    /// `compileAndLint`, keeping the layout the lint made for whoever draws the scene next.
    func compileLayOutAndLint(_ file: SourceFile, scenePath: String? = nil)
        -> (animated: AnimatedScene?, diagnostics: [Diagnostic], references: References) {
        let checked = checkResult(file, scenePath: scenePath)
        guard let scene = checked.scene else { return (nil, checked.diagnostics, checked.references) }
        let animated = AnimatedScene(scene)
        let all = (checked.diagnostics + SceneLint.diagnostics(animated)).sortedByPosition()
        return (all.hasErrors ? nil : animated, all, checked.references)
    }
}

/// One placed view as the lint sees it.
struct Linted {
    let placed: PlacedView
    let path: ViewPath

    var values: AttributeValues { placed.values }
    var name: String {
        let type = placed.view.type.rawValue
        return placed.view.id.map { "\(type) '\($0)'" } ?? "\(type) at \(path)"
    }

    /// Where to point: the attribute where the file gave it, else the start of the view.
    func range(of attribute: String) -> SourceRange {
        if let given = values.explicit[attribute], !given.range.isNone { return given.range }
        let start = placed.view.range.start
        return SourceRange(start: start, end: SourceLocation(line: start.line, column: start.column + 1))
    }

    func animated(_ ids: Set<String>) -> Bool {
        placed.view.id.map(ids.contains) ?? false
    }

    func geometry() -> [Diagnostic] {
        let side = Swift.min(placed.frame.width, placed.frame.height)
        guard side > 0 else { return [] }
        switch placed.view.type {
        case .ring:
            let lineWidth = values[Ring.lineWidth]
            guard lineWidth > 0, side / 2 - lineWidth / 2 <= 0 else { return [] }
            return [.warning(.lintNoRadius, "lineWidth \(formatNumber(lineWidth)) leaves \(name) no radius (min(width, height)/2 − lineWidth/2 = \(formatNumber(side / 2)) − \(formatNumber(lineWidth / 2))), so nothing is drawn",
                             at: range(of: Ring.lineWidth.name),
                             notes: ["a line width under \(formatNumber(side)) keeps the ring visible"])]
        case .clock:
            return clockHands(radius: side / 2)
        default:
            return []
        }
    }

    func clockHands(radius: Double) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var hands = [(Clock.hourHandLength, Clock.hourHandWidth), (Clock.minuteHandLength, Clock.minuteHandWidth)]
        if values[Clock.showsSeconds] { hands.append((Clock.secondHandLength, Clock.secondHandWidth)) }
        for (lengthKey, widthKey) in hands {
            let length = values[lengthKey].resolved(against: radius)
            // The defaults ("100% - 18") run short of 0 on a clock under 36 points: the clock is
            // small, not mistaken. Only a length someone wrote is checked.
            let given = values.explicit[lengthKey.name] != nil
            if given, length < 0 {
                out.append(.error(.lintHandLength, "\(lengthKey.name) of \(name) is \(formatNumber(length)): a hand runs from the centre, so its length is 0 or more",
                                  at: range(of: lengthKey.name),
                                  notes: ["the face's radius is \(formatNumber(radius)); \"100% - 18\" is the default hour hand"]))
            } else if given, length > radius {
                out.append(.warning(.lintHandLength, "\(lengthKey.name) of \(name) is \(formatNumber(length)), longer than the face's radius \(formatNumber(radius))",
                                    at: range(of: lengthKey.name), notes: ["percent lengths are of the radius: \"100%\" reaches the rim"]))
            }
            let width = values[widthKey]
            if width >= radius * 2 {
                out.append(.warning(.lintHandWidth, "\(widthKey.name) \(formatNumber(width)) of \(name) is as wide as the whole face (\(formatNumber(radius * 2)))",
                                    at: range(of: widthKey.name)))
            }
        }
        return out
    }

    func outside(_ canvas: Rect) -> Diagnostic? {
        let f = placed.canvasFrame
        guard values[Layer.rotation].degrees == 0, f.width > 0 || f.height > 0 else { return nil }
        let apart = f.x >= canvas.x + canvas.width || f.x + f.width <= canvas.x
            || f.y >= canvas.y + canvas.height || f.y + f.height <= canvas.y
        guard apart else { return nil }
        return .warning(.lintOffCanvas, "\(name) lies entirely outside the canvas: its frame is x \(formatNumber(f.x)), y \(formatNumber(f.y)), \(formatNumber(f.width)) × \(formatNumber(f.height)); the canvas is \(formatNumber(canvas.width)) × \(formatNumber(canvas.height))",
                        at: range(of: ""), notes: ["frames are in points or percent of the parent, from its top-left corner"])
    }

    /// The colours the view would show with its values, each with whether it is drawn at all.
    func visibleParts() -> [(name: String, drawn: Bool)] {
        let layer = [(Layer.backgroundColor.name, true), (Layer.borderColor.name, values[Layer.borderWidth] > 0)]
        switch placed.view.type {
        case .ring:
            return layer + [(Ring.trackColor.name, true), (Ring.progressColor.name, values[Ring.progress] > 0)]
        case .pie:
            return layer + [(Pie.fillColor.name, values[Pie.progress] > 0)]
        case .clock:
            return layer + [(Clock.handColor.name, true), (Clock.secondHandColor.name, values[Clock.showsSeconds]),
                            (Clock.faceColor.name, true), (Clock.tickColor.name, true)]
        case .indicator:
            let fill = values[Indicator.on] ? Indicator.onColor.name : Indicator.offColor.name
            return layer + [(fill, true), (Indicator.strokeColor.name, true)]
        case .lines:
            return layer + [(Lines.strokeColor.name, values[Lines.lineWidth] > 0), (Lines.fillColor.name, true)]
        default:
            return []  // a container shows its children
        }
    }

    func color(_ name: String) -> Color? {
        if case .color(let c)? = placed.resolved.value(of: name) { return c }
        return nil
    }

    /// A colour set to alpha 0 on the only part of the view that would show: it draws nothing.
    func transparency() -> [Diagnostic] {
        guard !values[Layer.hidden], values[Layer.opacity] > 0 else { return [] }
        let drawn = visibleParts().filter(\.drawn)
        guard !drawn.isEmpty, drawn.allSatisfy({ color($0.name)?.isClear ?? false }),
              let culprit = drawn.first(where: { values.explicit[$0.name] != nil }) else { return [] }
        return [.warning(.lintInvisible, "\(culprit.name) of \(name) is fully transparent (alpha 0), and nothing else of it shows, so it draws nothing",
                         at: range(of: culprit.name))]
    }
}
