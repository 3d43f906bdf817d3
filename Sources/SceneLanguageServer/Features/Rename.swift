import SceneCheck
import SceneSupport
import SceneSyntax

/// `textDocument/rename` and `textDocument/prepareRename`, read off the references graph: a
/// view id (from its `id:`, a `target:` or a `{id.attribute}` binding) changes in its
/// declaration, every target and every binding; a style (from its definition or a `style:`)
/// changes in its definition and every use. Refused, with the reason, where the result would not
/// be the same scene: a name that is taken, a word that is not a name, a style written in an
/// imported file.
enum Rename {
    /// What the cursor is on: an id or a style name, and the range of that word.
    enum Subject {
        case id(String, SourceRange)
        case style(String, SourceRange)

        var name: String {
            switch self {
            case .id(let n, _), .style(let n, _): return n
            }
        }

        var range: SourceRange {
            switch self {
            case .id(_, let r), .style(_, let r): return r
            }
        }
    }

    static func respond(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        guard let newName = request.params["newName"]?.stringValue else {
            return .failure(FeatureError(code: .invalidParams, message: "rename needs a newName"))
        }
        let references = request.analysis.references
        switch subject(request) {
        case .failure(let error): return .failure(error)
        case .success(.id(let old, _)):
            guard isID(newName) else {
                return refuse("'\(newName)' is not an id: a letter or _, then letters, digits, _ or -")
            }
            if newName != old, references.declaration(of: newName) != nil {
                return refuse("a view already has the id '\(newName)'")
            }
            return .success(changes(references.ranges(of: old), newName, request))
        case .success(.style(let old, _)):
            guard isID(newName) else {
                return refuse("'\(newName)' is not a style name: a letter or _, then letters, digits, _ or -")
            }
            if let imported = references.style(named: old)?.file {
                return refuse("style '\(old)' is defined in \(imported), which this file imports; rename it there")
            }
            if newName != old, references.style(named: newName) != nil {
                return refuse("a style named '\(newName)' already exists")
            }
            return .success(changes(references.ranges(ofStyle: old), newName, request))
        }
    }

    /// The range and current name of what a rename at the cursor would change, or why nothing can be.
    static func prepare(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        subject(request).map { subject in
            ["range": request.range(subject.range), "placeholder": .string(subject.name)]
        }
    }

    /// The id or style under the cursor, found in the graph.
    static func subject(_ request: FeatureRequest) -> Result<Subject, FeatureError> {
        let references = request.analysis.references
        guard let at = request.location else { return refuse("rename needs a position") }
        func on(_ r: SourceRange) -> Bool { r.start <= at && at <= r.end }
        if let d = references.declarations.first(where: { on($0.range) }) { return known(.id(d.id, d.range), references) }
        if let t = references.targets.first(where: { on($0.idRange) }) { return known(.id(t.id, t.idRange), references) }
        if let b = references.bindings.first(where: { on($0.idRange) }) { return known(.id(b.id, b.idRange), references) }
        if let s = references.styles.first(where: { $0.file == nil && on($0.range) }) { return .success(.style(s.name, s.range)) }
        if let u = references.styleUses.first(where: { on($0.range) }) {
            guard references.style(named: u.name) != nil else { return refuse("no style is named '\(u.name)'") }
            return .success(.style(u.name, u.range))
        }
        return refuse("only a view's id or a style's name can be renamed")
    }

    /// An id the scene declares (a target or binding naming no view has nothing to rename with it).
    static func known(_ subject: Subject, _ references: References) -> Result<Subject, FeatureError> {
        references.declaration(of: subject.name) == nil ? refuse("no view has the id '\(subject.name)'") : .success(subject)
    }

    static func refuse<T>(_ reason: String) -> Result<T, FeatureError> {
        .failure(FeatureError(code: .requestFailed, message: reason))
    }

    /// One edit per range, each writing `newName`, as a WorkspaceEdit of this document.
    static func changes(_ ranges: [SourceRange], _ newName: String, _ request: FeatureRequest) -> JSONValue {
        var seen: Set<SourceRange> = []
        let edits: [JSONValue] = ranges.filter { seen.insert($0).inserted }.map {
            ["range": request.range($0), "newText": .string(newName)]
        }
        return ["changes": .object([JSONMember(key: request.document.uri, value: .array(edits))])]
    }

    static func isID(_ text: String) -> Bool { ViewSelector.isValidID(text) }
}
