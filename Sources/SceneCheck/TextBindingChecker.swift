import SceneModel
import SceneSyntax

/// The `{view.attribute:format}` references in text values, checked once every view is known:
/// a view or attribute that does not exist, or a format that cannot write the value, is an
/// error at the reference, with a "did you mean". The ids, and where each reference is written,
/// come from the scene's references graph.
struct TextBindingChecker {
    var log: DiagnosticLog
    let references: References
    /// The imported files, by name: a text an imported style gives is reported in its file.
    let importedFiles: [String: SourceFile]

    init(references: References, log: DiagnosticLog, importedFiles: [SourceFile] = []) {
        self.log = log
        self.references = references
        self.importedFiles = Dictionary(importedFiles.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func check(_ views: [SceneView]) {
        checkTexts(views)
        // A text with a bad `{…}` is not a value of its view; its other `{…}` are checked still,
        // so every problem of a text is reported at once.
        for unread in references.unreadTexts {
            let entry = ResolvedValue(value: .text(unread.text), source: .file, range: unread.range)
            for binding in unread.template.bindings {
                check(binding, in: entry)
            }
        }
    }

    mutating func checkTexts(_ views: [SceneView]) {
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
            checkTexts(view.children)
        }
    }

    mutating func check(_ b: TextTemplate.Binding, in entry: ResolvedValue) {
        var b = b
        // The template splits at the last dot; the scene's views say where the id ends (`r.frame.x`).
        if references.viewTypes[b.viewID] == nil, !log.isInBrokenInstance(b.viewID),
           let (id, attribute) = SceneAddress.splitViewAttribute(b.viewID + "." + b.attribute, views: references.viewTypes),
           references.viewTypes[id] != nil {
            (b.viewID, b.attribute) = (id, attribute)
        }
        let origin = entry.source == .commandLine ? "--set" : nil
        let saved = log.currentFile
        if case .imported(_, let file) = entry.source { log.currentFile = importedFiles[file] }
        defer { log.currentFile = saved }
        let written = writtenBinding(b, in: entry)
        let at = written?.range ?? placed(b, in: entry)
        guard let kind = references.viewTypes[b.viewID]?.kind else {
            if log.isInBrokenInstance(b.viewID) { return }  // the instance's own error says why
            let known = references.ids
            // The word itself, and a fix replacing it, only where the graph knows where it is written.
            let suggestion = Suggestions.suggest(b.viewID, in: known, at: written?.idRange ?? .none)
            log.error(.unknownID, "no view has the id '\(b.viewID)'\(suggestion.hint)", at: written?.idRange ?? at,
                      origin: origin, notes: known.isEmpty ? ["text can show values of views with an id"]
                          : ["ids: " + known.joined(separator: ", ")], fixes: suggestion.fixes)
            return
        }
        guard let spec = kind.attribute(named: b.attribute) else {
            let suggestion = Suggestions.suggest(b.attribute, in: kind.attributes.map(\.name), at: written?.attributeRange ?? .none)
            log.error(.unknownAttribute, "\(kind.type.rawValue) '\(b.viewID)' has no attribute '\(b.attribute)'\(suggestion.hint)",
                      at: written?.attributeRange ?? at, origin: origin, notes: argumentNote(b), fixes: suggestion.fixes)
            return
        }
        guard b.format.suits(spec.kind) else {
            log.error(.badTextBinding, "'\(b.viewID).\(b.attribute)' is a \(spec.kind.name); its format cannot be \(formatName(b.format))",
                      at: at, origin: origin,
                      notes: ["percent and number(N) write numbers; time and hh:mm write times of day"])
            return
        }
    }

    /// `{cpu.value}`: `value` is an argument of the instance, which a text cannot show; the
    /// view the parameter's kind names (`ring.progress`) inside it can be.
    func argumentNote(_ b: TextTemplate.Binding) -> [String] {
        let inside = references.viewTypes.filter { $0.key.hasPrefix(b.viewID + ".") }
        guard !inside.isEmpty,
              let parameter = references.components.lazy.compactMap({ $0.parameter(named: b.attribute) }).first else { return [] }
        var note = "'\(b.attribute)' is an argument of the instance '\(b.viewID)'; a text shows the attribute of a view"
        let parts = parameter.kindWritten.split(separator: ".").map(String.init)
        if parts.count == 2, let view = inside.filter({ $0.value.rawValue == parts[0] }).keys.sorted().first {
            note += ": bind {\(view).\(parts[1])} instead"
        }
        return [note]
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

    /// The binding as the graph read it in the scene's own text, with the exact ranges of its
    /// `{…}`, id and attribute in any scalar style; nil for a text from `--set` or an imported
    /// style, which the graph did not read (or read elsewhere).
    func writtenBinding(_ b: TextTemplate.Binding, in entry: ResolvedValue) -> References.Binding? {
        guard entry.source != .commandLine, let written = references.binding(inTextAt: entry.range, offset: b.offset),
              written.textRange == entry.range, written.id == b.viewID, written.attribute == b.attribute else { return nil }
        if case .imported = entry.source { return nil }
        return written
    }

    /// Where a binding the graph did not read is reported: as `TextParsing.range` places it in its text.
    func placed(_ b: TextTemplate.Binding, in entry: ResolvedValue) -> SourceRange {
        guard case .text(let text) = entry.value else { return entry.range }
        return TextParsing.range(of: text, writtenAt: entry.range, offset: b.offset, length: b.length)
    }
}
