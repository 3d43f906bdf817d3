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
        func walk(_ views: [PlacedView], parent: Size, path: (Int) -> ViewPath) {
            for (index, placed) in views.enumerated() {
                let view = Linted(placed: placed, path: path(index))
                let negative = view.negativeSize(in: parent)
                out += negative
                out += view.geometry()
                out += view.missingGlyphs(in: laidOut.fonts)
                if !view.animated(animated) { out += view.transparency() }
                // Clamped to 0 it may lie off the canvas: the error says why, not the warning.
                if negative.isEmpty, let off = view.outside(canvas) {
                    out.append(off)
                    continue  // its children are off the canvas with it; one warning says it
                }
                walk(placed.children, parent: Size(width: placed.frame.width, height: placed.frame.height)) { view.path.child($0) }
            }
        }
        // Laid out as it is drawn (labels measured with the scene's fonts).
        walk(laidOut.placed, parent: Size(width: canvas.width, height: canvas.height)) { ViewPath(root: $0) }
        out += OverflowLint.diagnostics(laidOut)
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
    var name: String { linted.name }

    /// As the kinds' lints see it.
    var linted: LintedView {
        LintedView(values: values, size: Size(width: placed.frame.width, height: placed.frame.height),
                   type: placed.view.type, id: placed.view.id, path: placed.view.id == nil ? path.description : "",
                   start: placed.view.range.start)
    }

    /// Where to point: the attribute where the file gave it, else the start of the view.
    func range(of attribute: String) -> SourceRange { linted.range(of: attribute) }

    func animated(_ ids: Set<String>) -> Bool {
        placed.view.id.map(ids.contains) ?? false
    }

    /// The kind's own geometry checks (`KindDeclaration.lint`).
    func geometry() -> [Diagnostic] {
        guard Swift.min(placed.frame.width, placed.frame.height) > 0 else { return [] }
        return placed.view.type.declaration.lint(linted)
    }

    /// A frame's width or height written as a sum whose parts differ in sign ("50% - 300")
    /// that comes to less than zero in its parent: drawn as 0, so an error like "-20" (one
    /// negative whatever the parent is the checker's). Views a container places have no frame.
    func negativeSize(in parent: Size) -> [Diagnostic] {
        guard let frame = placed.view.frame else { return [] }
        var out: [Diagnostic] = []
        for (key, length, reference) in [("width", frame.width, parent.width), ("height", frame.height, parent.height)] {
            guard let length, length.percent != 0 else { continue }
            let total = length.resolved(against: reference)
            guard total.isFinite, total < 0 else { continue }
            out.append(.error(.outOfRange, "frame \(key) of \(name) cannot be negative: \(length) of the parent's \(formatNumber(reference)) comes to \(formatNumber(total))",
                              at: range(of: "")))
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

    /// The colours the view would show with its values, each with whether it is drawn at all:
    /// the layer's and the kind's (`KindDeclaration.paints`); none for a kind that lists none.
    func visibleParts() -> [PaintedPart] {
        let own = placed.view.type.declaration.paints(values)
        guard !own.isEmpty else { return [] }
        return [PaintedPart(Layer.backgroundColor.name), PaintedPart(Layer.borderColor.name, drawn: values[Layer.borderWidth] > 0)] + own
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
