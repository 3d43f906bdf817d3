import SceneSupport
import SceneSyntax

/// `textDocument/definition`: from a `style:` name to its style, from an instance's
/// `type: Meter` to its component and from an argument or a `$value` to its parameter (in this
/// file or one it imports), from a `target:` or a `{id.attribute}` binding in a text to the view with that id,
/// from an alias `*name` to its anchor.
enum Definition {
    static func respond(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        let analysis = request.analysis
        guard let location = request.location else { return .success(.null) }
        if let anchor = Aliases.anchor(at: location, in: request.document) { return .success(request.location(anchor)) }
        if let spot = BindingSpot.find(in: analysis.references, at: location) {
            return .success(analysis.references.declaration(of: spot.binding.id).map { request.location($0.range) } ?? .null)
        }
        guard let tree = analysis.tree, let spot = Spot.find(in: tree, at: location) else { return .success(.null) }
        // An instance's argument → its parameter; `$value` in a definition → the same.
        if spot.onKey, let (component, parameter) = Components.parameter(spot, in: analysis) {
            return .success(Components.location(of: parameter, in: component, request))
        }
        if let (component, parameter, _) = Components.reference(spot, at: location, in: analysis) {
            return .success(Components.location(of: parameter, in: component, request))
        }
        guard !spot.onKey, let text = spot.node.scalar?.text else { return .success(.null) }
        switch (spot.role, spot.pair.key) {
        case (.view?, "type"):
            guard let component = Components.instanced(spot, in: analysis) else { return .success(.null) }
            return .success(Components.location(of: component, request))
        case (.view?, "style"):
            guard let style = Styles.definitions(in: analysis).last(where: { $0.name == text }) else { return .success(.null) }
            guard let path = style.path, let bytes = style.bytes else { return .success(request.location(style.keyRange)) }
            // Positions in the imported file are counted in its own text.
            let other = TextDocument(uri: FileURI.uri(path), version: 0, text: String(decoding: bytes, as: UTF8.self))
            return .success(["uri": .string(other.uri), "range": other.range(of: style.keyRange, encoding: request.encoding).json])
        case (.animation?, "target"):
            let id = text.split(separator: ".").first.map(String.init) ?? text
            return .success(analysis.references.declaration(of: id).map { request.location($0.range) } ?? .null)
        default:
            return .success(.null)
        }
    }
}

/// YAML anchors (`&name`) and aliases (`*name`), found in the text: the reader expands aliases,
/// so the tree no longer knows where they were written.
enum Aliases {
    /// The anchor an alias under the cursor refers to: the last `&name` before it, as YAML reads it.
    static func anchor(at location: SourceLocation, in document: TextDocument) -> SourceRange? {
        let line = Array(document.lineText(location.line - 1).unicodeScalars)
        var start = Swift.min(Swift.max(0, location.column - 1), line.count), end = start
        while start > 0, isAnchorCharacter(line[start - 1]) { start -= 1 }
        while end < line.count, isAnchorCharacter(line[end]) { end += 1 }
        guard start > 0, line[start - 1] == "*", end > start else { return nil }
        let name = String(String.UnicodeScalarView(line[start..<end]))
        for l in stride(from: location.line - 1, through: 0, by: -1) {
            let text = Array(document.lineText(l).unicodeScalars)
            var i = l == location.line - 1 ? start - 1 : text.count
            while i > 0 {
                i -= 1
                guard text[i] == "&" else { continue }
                let candidate = Array(name.unicodeScalars)
                let after = i + 1 + candidate.count
                if after <= text.count, Array(text[i + 1..<after]) == candidate,
                   after == text.count || !isAnchorCharacter(text[after]) {
                    return SourceRange(start: SourceLocation(line: l + 1, column: i + 1),
                                       end: SourceLocation(line: l + 1, column: after + 1))
                }
            }
        }
        return nil
    }

    /// What YAML allows in an anchor name: anything but spaces and flow indicators (and, here,
    /// the `*` and `&` that begin one).
    static func isAnchorCharacter(_ c: Unicode.Scalar) -> Bool {
        !(c == " " || c == "\t" || c == "," || c == "[" || c == "]" || c == "{" || c == "}" || c == "*" || c == "&")
    }
}
