import SceneModel
import SceneSyntax

/// Values each valid alone but wrong together (`KindDeclaration.conflicts`: a stack's
/// `alignment` word for its `axis`), checked once the file, the styles and `--set` have given
/// theirs, and reported where the value at fault was written.
extension ViewChecker {
    mutating func reportConflicts(of type: ViewType, values: AttributeValues, id: String?, path: ViewPath) {
        for found in type.declaration.conflicts(values) {
            var conflict = found
            // The other value's origin, where it is not where this one was written.
            if let other = found.against, let source = values.explicit[other]?.source, source != .file,
               source != values.explicit[found.attribute]?.source {
                conflict = ValueConflict(attribute: found.attribute, message: found.message,
                                         notes: found.notes + ["\(other) comes from \(Self.origin(of: other, source, id: id, path: path, options: options))"],
                                         replacement: found.replacement, against: found.against)
            }
            guard let given = values.explicit[conflict.attribute] else {
                // The defaults agree with every value: a value at fault was given somewhere.
                continue
            }
            switch given.source {
            case .commandLine:
                if let o = Self.lastOverride(of: conflict.attribute, id: id, path: path, options: options) {
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

    /// Where a value not written in the view came from: "--set s.axis=z", "style 'over'".
    static func origin(of attribute: String, _ source: AttributeSource, id: String?, path: ViewPath,
                       options: CheckOptions) -> String {
        if source == .commandLine, let o = lastOverride(of: attribute, id: id, path: path, options: options) {
            return o.option
        }
        return source.description
    }

    /// The `--set` that gave the view's `attribute` its value: the last one naming it.
    static func lastOverride(of attribute: String, id: String?, path: ViewPath, options: CheckOptions) -> Override? {
        options.overrides.last { o in
            guard case .view(let selector, let name) = o.address else { return false }
            return name == attribute && selector.selects(id: id, path: path)
        }
    }

    private func diagnostic(_ conflict: ValueConflict, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, conflict.message, at: range, notes: conflict.notes, code: .badValue,
                   fixes: conflict.replacement.map { [.replace(with: $0, at: range)] } ?? [])
    }
}
