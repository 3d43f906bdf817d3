import SceneModel
import SceneSyntax

/// Values each valid alone but wrong together (`KindDeclaration.conflicts`: a stack's
/// `alignment` word for its `axis`), checked once the file, the styles and `--set` have given
/// theirs, and reported where the value at fault was written.
extension ViewChecker {
    mutating func reportConflicts(of type: ViewType, values: AttributeValues, id: String?, path: ViewPath) {
        for conflict in type.declaration.conflicts(values) {
            guard let given = values.explicit[conflict.attribute] else {
                // A default never conflicts with another default; an attribute whose value the
                // file did not give points at the view's start.
                continue
            }
            switch given.source {
            case .commandLine:
                if let o = options.overrides.last(where: { o in
                    guard case .view(let selector, let attribute) = o.address else { return false }
                    return attribute == conflict.attribute && selector.selects(id: id, path: path)
                }) {
                    log.add(o.error(.badValue, conflict.message, notes: conflict.notes))
                }
            case .style(let name), .imported(style: let name, file: _):
                let entry = styles[name]
                let written = entry?.values.last { $0.key == conflict.attribute }
                if let origin = written?.origin {
                    log.add(Diagnostic(.error, conflict.message, at: .none, origin: origin, notes: conflict.notes,
                                       code: .badValue))
                } else {
                    var d = diagnostic(conflict, at: written?.value.range ?? given.range)
                    d.notes.append("it comes from style '\(name)'; a style serves every view that names it")
                    d.file = written?.file
                    log.add(d)
                }
            case .file, .defaultValue, .derived:
                log.add(diagnostic(conflict, at: given.range))
            }
        }
    }

    private func diagnostic(_ conflict: ValueConflict, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, conflict.message, at: range, notes: conflict.notes, code: .badValue,
                   fixes: conflict.replacement.map { [.replace(with: $0, at: range)] } ?? [])
    }
}
