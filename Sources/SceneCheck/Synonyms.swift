import SceneSyntax
import SceneModel
/// The names other toolkits give scenec's attributes (Interface Builder and UIKit, CALayer,
/// SwiftUI, CSS and SVG), so that `alpha` or `stroke-width` gets pointed at its scenec name
/// rather than at nothing: a new author arrives speaking one of these.
enum Synonyms {
    /// Written name (lower case, without `-`, `_` and spaces; `colour` as `color`) → the scenec
    /// names it may mean, most likely first (the first one the view kind has is offered), and
    /// whose name it is.
    static let table: [String: (names: [String], from: String)] = [
        "alpha": (["opacity"], "UIKit's name"),
        "ishidden": (["hidden"], "UIKit's name"),
        "visible": (["hidden"], "a common name (scenec's is the opposite: hidden: true hides)"),
        "isvisible": (["hidden"], "a common name (scenec's is the opposite: hidden: true hides)"),
        "visibility": (["hidden"], "CSS's name"),
        "display": (["hidden"], "CSS's name"),
        "tintcolor": (["progressColor", "fillColor", "strokeColor", "handColor", "onColor"], "UIKit's name"),
        "progresstintcolor": (["progressColor"], "UIProgressView's name"),
        "tracktintcolor": (["trackColor"], "UIProgressView's name"),
        "ontintcolor": (["onColor"], "UISwitch's name"),
        "ison": (["on"], "UISwitch's name"),
        "color": (["progressColor", "strokeColor", "fillColor", "handColor", "onColor", "backgroundColor"], "CSS's name"),
        "foregroundcolor": (["progressColor", "strokeColor", "fillColor", "handColor", "onColor"], "SwiftUI's name"),
        "foregroundstyle": (["progressColor", "strokeColor", "fillColor", "handColor", "onColor"], "SwiftUI's name"),
        "background": (["backgroundColor"], "CSS's name"),
        "fill": (["fillColor", "backgroundColor"], "SVG's name"),
        "stroke": (["strokeColor", "progressColor", "borderColor"], "SVG's name"),
        "linecolor": (["strokeColor", "progressColor"], "a common name"),
        "strokewidth": (["lineWidth", "borderWidth"], "SVG's and CSS's name"),
        "thickness": (["lineWidth", "borderWidth"], "a common name"),
        "borderradius": (["cornerRadius"], "CSS's name"),
        "radius": (["cornerRadius"], "a common name"),
        "strokelinecap": (["lineCap"], "SVG's name"),
        "strokelinejoin": (["lineJoin"], "SVG's name"),
        "strokedasharray": (["dash"], "SVG's name"),
        "linedashpattern": (["dash"], "CAShapeLayer's name"),
        "dasharray": (["dash"], "SVG's name"),
        "transform": (["rotation"], "CSS's name"),
        "rotate": (["rotation"], "CSS's name"),
        "rotationeffect": (["rotation"], "SwiftUI's name"),
        "value": (["progress", "on", "time"], "a common name"),
        "percent": (["progress"], "a common name"),
        "fraction": (["progress"], "a common name"),
        "direction": (["axis"], "a common name"),
        "flexdirection": (["axis"], "CSS's name"),
        "orientation": (["axis"], "a common name"),
        "gap": (["spacing"], "CSS's name"),
        "justifycontent": (["distribution"], "CSS's name"),
        "alignitems": (["alignment"], "CSS's name"),
        "margin": (["padding"], "CSS's name"),
        "layoutmargins": (["padding"], "UIKit's name"),
        "cols": (["columns"], "a common name"),
        "x": (["frame"], "a common name"),
        "y": (["frame"], "a common name"),
        "width": (["frame", "size"], "a common name"),
        "height": (["frame", "size"], "a common name"),
        "center": (["frame"], "UIKit's name"),
        "position": (["frame"], "CALayer's name"),
        "bounds": (["frame"], "CALayer's name"),
    ]

    /// Other toolkits' words for scenec's choice words (CSS flexbox, UIKit, Core Graphics).
    static let words: [String: [String]] = [
        "row": ["horizontal"], "column": ["vertical"],
        "smooth": ["sweep"], "continuous": ["sweep"], "step": ["tick"],
        "flexstart": ["start"], "flexend": ["end"], "leading": ["start"], "trailing": ["end"],
        "top": ["start"], "bottom": ["end"], "left": ["start", "leading"], "right": ["end", "trailing"],
        "centre": ["center"], "middle": ["center"], "fill": ["stretch"],
        "spacearound": ["spaceEvenly"], "projecting": ["square"], "flat": ["butt"],
    ]

    /// The allowed word another toolkit's `word` stands for, if any.
    static func word(for word: String, among allowed: [String]) -> String? {
        words[normalised(word)]?.first(where: allowed.contains)
    }

    static func normalised(_ word: String) -> String {
        String(word.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }).replacing("colour", with: "color")
    }

    /// The scenec name among `known` that `word` is another toolkit's name for, and whose name
    /// it is: the kind's own meaning first (`ViewKind.synonyms`; none for a style, which any
    /// kind may use).
    static func meaning(of word: String, among known: [String], kind: ViewKind? = nil) -> (name: String, from: String)? {
        let key = normalised(word)
        if let own = kind?.synonyms[key], known.contains(own.name) { return own }
        guard let entry = table[key], let name = entry.names.first(where: known.contains) else { return nil }
        return (name, entry.from)
    }
}

/// "Did you mean" for a key that is not an attribute: a close spelling, another toolkit's name,
/// or, when nothing is close, the attributes there are.
enum AttributeSuggestions {
    static func hint(for key: String, known: [String], kind: ViewKind? = nil) -> (hint: String, notes: [String]) {
        let s = suggest(key, known: known, kind: kind, at: .none)
        return (s.hint, s.notes)
    }

    /// The hint and notes, the attribute a rename makes of the key (`frame`, meant by a
    /// synonym such as `bounds`, takes more than a rename: none then) and the fix replacing the
    /// key at `range` with it.
    static func suggest(_ key: String, known: [String], kind: ViewKind? = nil, at range: SourceRange)
        -> (hint: String, notes: [String], fixes: [Fix], renamed: String?) {
        if let meant = Synonyms.meaning(of: key, among: known, kind: kind) {
            let frameNote = meant.name == "frame"
                ? "; place a view with frame: {x, y, width, height}" : ""
            let renamed = meant.name == "frame" ? nil : meant.name
            return ("; did you mean '\(meant.name)'?", ["'\(key)' is \(meant.from); scenec says '\(meant.name)'\(frameNote)"],
                    Suggestions.Suggestion(word: renamed, at: range).fixes, renamed)
        }
        if let close = Suggestions.nearest(to: key, in: known + known.map(Synonyms.normalised)) {
            let name = known.first { $0 == close || Synonyms.normalised($0) == close } ?? close
            return ("; did you mean '\(name)'?", [], Suggestions.Suggestion(word: name, at: range).fixes, name)
        }
        return ("", [], [], nil)
    }

    /// `{type:ring}`, `{progress:0.5}` or `{type ring}`: a key with no space after its colon, or
    /// no colon, which YAML reads inside braces as one key (`type:ring`) without a value. Said as
    /// what it is when the part before the colon or space is one of the `known` keys, with the
    /// space or the colon as the fix.
    static func keyWithoutColon(_ pair: Node.Pair, known: [String]) -> Diagnostic? {
        guard pair.value.scalar?.isNull == true, let end = pair.key.firstIndex(where: { $0 == ":" || $0 == " " }),
              known.contains(String(pair.key[..<end])), pair.keyRange.start.line == pair.keyRange.end.line,
              pair.keyRange.end.column - pair.keyRange.start.column == pair.key.count else { return nil }
        return Diagnostic.keyWithoutColon(pair.key, at: pair.keyRange.start, alone: false)
    }

    /// A view written as one plain line of text (`- type:ring`, `- type ring`): the view's first
    /// key without its space or colon.
    static func keyWithoutColon(view node: Node) -> Diagnostic? {
        guard let s = node.scalar, s.isPlain, !s.isNull, node.range.start.line == node.range.end.line,
              node.range.end.column - node.range.start.column == s.text.count,
              s.text.hasPrefix("type:") || s.text.hasPrefix("type ") else { return nil }
        return Diagnostic.keyWithoutColon(s.text, at: node.range.start, alone: false)
    }

    /// The note listing a kind's attributes, own and layer ones apart, for a key nothing is close to.
    static func listing(_ kind: ViewKindListing) -> [String] {
        var notes: [String] = []
        if !kind.own.isEmpty {
            notes.append("\(kind.name) attributes: " + kind.own.joined(separator: ", "))
        }
        notes.append("layer attributes: " + kind.layer.joined(separator: ", "))
        notes.append("view keys: " + kind.structural.joined(separator: ", "))
        return notes
    }

    struct ViewKindListing {
        var name: String
        var own: [String]
        var layer: [String]
        var structural: [String]
    }
}
