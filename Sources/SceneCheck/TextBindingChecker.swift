import SceneModel
import SceneSyntax

/// The `{view.attribute:format}` references in text values, checked once every view is known:
/// a view or attribute that does not exist, or a format that cannot write the value, is an
/// error at the reference, with a "did you mean".
struct TextBindingChecker {
    var log: DiagnosticLog
    /// Each view with an id: its kind.
    let kinds: [String: ViewKind]

    init(views: [SceneView], log: DiagnosticLog) {
        self.log = log
        var kinds: [String: ViewKind] = [:]
        func collect(_ views: [SceneView]) {
            for view in views {
                if let id = view.id { kinds[id] = view.type.kind }
                collect(view.children)
            }
        }
        collect(views)
        self.kinds = kinds
    }

    mutating func check(_ views: [SceneView]) {
        for view in views {
            for spec in view.type.kind.attributes where spec.kind == .text {
                guard let entry = view.values.explicit[spec.name], case .text(let text) = entry.value,
                      case .success(let template) = TextTemplate.parse(text) else { continue }
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
        guard let kind = kinds[b.viewID] else {
            let known = kinds.keys.sorted()
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

    /// The reference's own columns when the text was written on one line without escapes.
    func placed(_ b: TextTemplate.Binding, in entry: ResolvedValue) -> SourceRange {
        guard case .text(let text) = entry.value else { return entry.range }
        return TextParsing.range(of: text, writtenAt: entry.range, offset: b.offset, length: b.length)
    }
}
