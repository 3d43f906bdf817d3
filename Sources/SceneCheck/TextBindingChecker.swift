import SceneModel
import SceneSyntax

/// The `{view.attribute:format}` references in text values, checked once every view is known:
/// a view or attribute that does not exist, or a format that cannot write the value, is an
/// error at the reference, with a "did you mean". The ids, and where each reference is written,
/// come from the scene's references graph.
struct TextBindingChecker {
    var log: DiagnosticLog
    let references: References

    init(references: References, log: DiagnosticLog) {
        self.log = log
        self.references = references
    }

    mutating func check(_ views: [SceneView]) {
        for view in views {
            for name in References.textAttributes[view.type] ?? [] {
                // A text without a brace binds nothing; the scene's own texts were read by the graph.
                guard let entry = view.values.explicit[name], case .text(let text) = entry.value, text.contains("{"),
                      let template = references.template(of: text, writtenAt: entry.range)
                          ?? (try? TextTemplate.parse(text).get()) else { continue }
                for binding in template.bindings {
                    check(binding, in: entry)
                }
            }
            check(view.children)
        }
    }

    mutating func check(_ b: TextTemplate.Binding, in entry: ResolvedValue) {
        let origin = entry.source == .commandLine ? "--set" : nil
        let at = placed(b, in: entry)
        guard let kind = references.viewTypes[b.viewID]?.kind else {
            let known = references.ids
            log.error(.unknownID, "no view has the id '\(b.viewID)'\(Suggestions.hint(for: b.viewID, in: known))", at: at,
                      origin: origin, notes: known.isEmpty ? ["text can show values of views with an id"]
                          : ["ids: " + known.joined(separator: ", ")])
            return
        }
        guard let spec = kind.attribute(named: b.attribute) else {
            let names = kind.attributes.map(\.name)
            log.error(.unknownAttribute, "\(kind.type.rawValue) '\(b.viewID)' has no attribute '\(b.attribute)'\(Suggestions.hint(for: b.attribute, in: names))",
                      at: at, origin: origin)
            return
        }
        guard b.format.suits(spec.kind) else {
            log.error(.badTextBinding, "'\(b.viewID).\(b.attribute)' is a \(spec.kind.name); its format cannot be \(formatName(b.format))",
                      at: at, origin: origin,
                      notes: ["percent and number(N) write numbers; time and hh:mm write times of day"])
            return
        }
    }

    func formatName(_ f: TextTemplate.Format) -> String {
        switch f {
        case .plain: return "number"
        case .percent: return "percent"
        case .number: return "number(N)"
        case .time: return "time"
        case .hoursMinutes: return "hh:mm"
        }
    }

    /// The reference's own source range, in any scalar style, when the graph has the text (the
    /// scene's own); else (a `--set`, an imported style) as `TextParsing.range` places it.
    func placed(_ b: TextTemplate.Binding, in entry: ResolvedValue) -> SourceRange {
        if let written = references.binding(inTextAt: entry.range, offset: b.offset), written.textRange == entry.range {
            return written.range
        }
        guard case .text(let text) = entry.value else { return entry.range }
        return TextParsing.range(of: text, writtenAt: entry.range, offset: b.offset, length: b.length)
    }
}
