import SceneSupport
import SceneSyntax

/// `textDocument/rename` of a view id, from its `id:` or from a `target:` naming it: the id
/// and every animation target naming it change together.
enum Rename {
    static func respond(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        let analysis = request.analysis
        guard let newName = request.params["newName"]?.stringValue else {
            return .failure(FeatureError(code: .invalidParams, message: "rename needs a newName"))
        }
        guard isID(newName) else {
            return .failure(FeatureError(code: .requestFailed,
                                         message: "'\(newName)' is not an id: a letter or _, then letters, digits, _ or -"))
        }
        guard let location = request.location, let tree = analysis.tree, let spot = Spot.find(in: tree, at: location),
              !spot.onKey, let text = spot.node.scalar?.text else { return .success(.null) }
        let old: String
        switch (spot.role, spot.pair.key) {
        case (.view?, "id"): old = text
        case (.animation?, "target"): old = text.split(separator: ".").first.map(String.init) ?? text
        default:
            return .failure(FeatureError(code: .requestFailed, message: "only a view's id can be renamed"))
        }
        guard analysis.ids.contains(where: { $0.id == old }) else { return .success(.null) }
        if newName != old, analysis.ids.contains(where: { $0.id == newName }) {
            return .failure(FeatureError(code: .requestFailed, message: "a view already has the id '\(newName)'"))
        }
        var edits: [JSONValue] = []
        for entry in analysis.ids where entry.id == old {
            if let node = entry.view.idNode { edits.append(edit(node, length: old, request, newName)) }
        }
        for animation in tree.mapping?["timeline"]?.value.mapping?["animations"]?.value.sequence ?? [] {
            guard let target = animation.mapping?["target"]?.value, let written = target.scalar?.text,
                  written.split(separator: ".").first.map(String.init) == old else { continue }
            edits.append(edit(target, length: old, request, newName))
        }
        return .success(["changes": .object([JSONMember(key: request.document.uri, value: .array(edits))])])
    }

    /// Replaces the first `old` characters of a scalar, inside its quotes when it has them.
    static func edit(_ node: Node, length old: String, _ request: FeatureRequest, _ newName: String) -> JSONValue {
        var start = node.range.start
        let first = request.document.lineText(start.line - 1).unicodeScalars.dropFirst(start.column - 1).first
        if first == "\"" || first == "'" { start.column += 1 }
        let end = SourceLocation(line: start.line, column: start.column + old.unicodeScalars.count)
        return ["range": request.range(SourceRange(start: start, end: end)), "newText": .string(newName)]
    }

    static func isID(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }
}

