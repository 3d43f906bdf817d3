import SceneCheck
import SceneSupport
import SceneSyntax

/// `textDocument/rename` and `textDocument/prepareRename`, read off the references graph: a
/// view id (from its `id:`, a `target:` or a `{id.attribute}` binding) changes in its
/// declaration, every target and every binding; a style (from its definition or a `style:`)
/// changes in its definition and every use. Refused, with the reason, where the result would not
/// be the same scene: a name that is taken, a word that is not a name, a style written in an
/// imported file, a name a line that does not read as YAML may hold (the graph cannot see into
/// it, so the rename would leave that line naming what no longer exists).
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

    /// The id or style under the cursor, found in the graph, refused while a line left out of the
    /// tree (it does not read as YAML) may name it.
    static func subject(_ request: FeatureRequest) -> Result<Subject, FeatureError> {
        found(request).flatMap { subject in
            let lines = unreadLines(naming: subject.name, in: request.analysis)
            guard let first = lines.first else { return .success(subject) }
            // A few lines named, so that a file broken all over gives a message, not a list.
            let named = lines.prefix(5).map(String.init).joined(separator: ", ") + (lines.count > 5 ? ", …" : "")
            let which = lines.count == 1 ? "line \(first) does not" : "lines \(named) do not"
            return refuse("\(which) read as YAML and may name '\(subject.name)'; fix it first, then rename")
        }
    }

    /// The 1-based lines left out of the tree because they do not read as YAML that hold `name`
    /// as a word (not part of a longer id: ids are letters, digits, `_` and `-`). Read as text,
    /// comments and all: a line that cannot be read cannot be told to be a comment or a binding.
    static func unreadLines(naming name: String, in analysis: DocumentAnalysis) -> [Int] {
        let word = Array(name.utf8)
        guard !word.isEmpty else { return [] }
        let bytes = analysis.document.bytes
        func isIDByte(_ b: UInt8) -> Bool {
            (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }
        func holds(_ line: Range<Int>) -> Bool {
            guard line.count >= word.count else { return false }
            var i = line.lowerBound
            while i + word.count <= line.upperBound {
                if bytes[i..<(i + word.count)].elementsEqual(word),
                   i == line.lowerBound || !isIDByte(bytes[i - 1]),
                   i + word.count == line.upperBound || !isIDByte(bytes[i + word.count]) {
                    return true
                }
                i += 1
            }
            return false
        }
        return analysis.reading.leftOut.flatMap { $0 }.filter { holds(analysis.document.lineRange($0 - 1)) }
    }

    /// The id or style under the cursor, found in the graph.
    static func found(_ request: FeatureRequest) -> Result<Subject, FeatureError> {
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
