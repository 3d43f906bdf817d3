/// Reading addresses from text (the grammar is on `SceneAddress`). Errors say what to write
/// instead; they are command-line errors, since no scene is needed to see them.
extension SceneAddress {
    public init(parsing text: String) throws(AddressError) {
        if text.hasPrefix("views[") {
            var reader = AddressReader(text: text)
            let path = try reader.path()
            self = .view(.path(path), attribute: try reader.finalAttribute(after: path.description))
            return
        }
        guard let dot = text.firstIndex(of: "."), dot != text.startIndex else {
            throw AddressError("'\(text)' is not an address: write the view id, a dot and the attribute, such as download.progress, or views[0].progress, canvas.background, styles.NAME.lineWidth")
        }
        let head = String(text[..<dot]), tail = String(text[text.index(after: dot)...])
        switch head {
        case "canvas":
            self = .canvas(attribute: try Self.attribute(tail, in: text))
        case "timeline":
            self = try Self.timeline(tail, in: text)
        case "styles":
            guard let last = tail.lastIndex(of: "."), last != tail.startIndex else {
                throw AddressError("'\(text)' is not an address: a style's attribute is styles.NAME.ATTR, such as styles.brand.lineWidth")
            }
            self = .style(name: String(tail[..<last]),
                          attribute: try Self.attribute(String(tail[tail.index(after: last)...]), in: text))
        default:
            guard ViewSelector.isValidID(head) else {
                throw AddressError("'\(text)' is not an address: '\(head)' is not a view id (letters, digits, _ and -, starting with a letter or _) nor an index path such as views[0]")
            }
            if tail.hasPrefix("children[") {
                throw AddressError("'\(text)' is not an address: a child is reached by its index path from views, such as views[0].children[1].progress (inspect shows each view's)")
            }
            let (id, attribute) = Self.splitScoped(head: head, tail: tail)
            if let bad = id.split(separator: ".", omittingEmptySubsequences: false).first(where: { !ViewSelector.isValidID(String($0)) }) {
                throw AddressError("'\(text)' is not an address: '\(bad)' is not a view id (letters, digits, _ and -, starting with a letter or _)")
            }
            self = .view(.id(id), attribute: try Self.attribute(attribute, in: text))
        }
    }

    /// `head.tail` as a view's id and attribute: a view of a component's instance is named
    /// through it (`cpu.ring.progress`, `cpu.ring.frame.x`), so the id is every part before the
    /// attribute, which is the last part, or `frame.KEY`; `cpu.value` is the instance's argument.
    static func splitScoped(head: String, tail: String) -> (id: String, attribute: String) {
        let parts = tail.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 2, parts[parts.count - 2] == "frame" {
            return (([head] + parts.dropLast(2)).joined(separator: "."), "frame." + parts[parts.count - 1])
        }
        return (([head] + parts.dropLast()).joined(separator: "."), parts[parts.count - 1])
    }

    /// `ID.ATTR` (or `ID.frame.KEY`) in a scene whose views are known (`views`, by id): the one
    /// reading of a target or binding. An instance's view has a dotted id (`cpu.ring.progress`),
    /// so the id is every part before the attribute; when that names no view, a plain view the
    /// text starts with is meant (`r.frame.x`, `r.progress.x`: ring `r` has no such attribute),
    /// unless views are named through it (`cpu.rng.progress` is an unknown `cpu.rng`).
    /// Nil when the text has no dot after a first part.
    public static func splitViewAttribute<Value>(_ text: String, views: [String: Value]) -> (id: String, attribute: String)? {
        guard let first = text.firstIndex(of: "."), first != text.startIndex else { return nil }
        let scoped = splitScoped(head: String(text[..<first]), tail: String(text[text.index(after: first)...]))
        if views[scoped.id] != nil { return scoped }
        var end = first
        while true {
            let id = String(text[..<end])
            if views[id] != nil, !views.keys.contains(where: { $0.hasPrefix(id + ".") }) {
                return (id, String(text[text.index(after: end)...]))
            }
            guard let next = text[text.index(after: end)...].firstIndex(of: ".") else { return scoped }
            end = next
        }
    }

    /// An attribute name: the characters of an id, so a near miss (`line-width`) reaches the
    /// checker and its "did you mean" instead of failing here.
    static func attribute(_ name: String, in text: String) throws(AddressError) -> String {
        if name.hasPrefix(frameKeyPrefix) {
            return try frameAttribute(name, in: text)
        }
        guard !name.isEmpty, name.allSatisfy({ ViewSelector.idCharacters.contains($0) }) else {
            let what = name.isEmpty ? "nothing" : "'\(name)'"
            throw AddressError("'\(text)' is not an address: it ends in \(what) where an attribute name belongs, such as progress")
        }
        return name
    }
}

extension SceneAddress {
    /// `frame.KEY`: one key of the view's `frame:`, checked here since the keys are fixed.
    static func frameAttribute(_ name: String, in text: String) throws(AddressError) -> String {
        let key = name.dropFirst(frameKeyPrefix.count)
        guard FrameChecker.frameKeys.contains(String(key)) else {
            let shown = key.isEmpty ? "nothing" : "'\(key)'"
            throw AddressError("'\(text)' is not an address: after frame comes \(shown), where one of its keys belongs (\(FrameChecker.frameKeys.joined(separator: ", "))), such as download.frame.x\(key.isEmpty ? "" : Suggestions.hint(for: String(key), in: FrameChecker.frameKeys))")
        }
        return name
    }
}

extension ViewPath {
    /// `views[1].children[2]`, the way `description` writes it.
    public init(parsing text: String) throws(AddressError) {
        var reader = AddressReader(text: text)
        self = try reader.path()
        guard reader.rest.isEmpty else {
            throw AddressError("'\(text)' is not a view's address: after \(self) comes '\(reader.rest)', where .children[N] or the end belongs")
        }
    }
}

extension ViewSelector {
    /// The id of a view a component's instance holds: ids joined by dots (`cpu.ring`), each
    /// the shape of an `id:`. Only expansion makes them; a file's `id:` may not hold a dot.
    public static func isValidScopedID(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { isValidID(String($0)) }
    }

    /// What a view id may hold (docs/language.md §3): letters, digits, _ and -.
    static let idCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")

    /// `[A-Za-z_][A-Za-z0-9_-]*`, the shape the checker demands of an `id:`.
    /// Read as bytes: every character allowed is one ASCII byte, so any other character has a
    /// byte outside the set; a tenth of the cost of reading characters, for every id of a scene.
    public static func isValidID(_ text: String) -> Bool {
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        guard let first = text.utf8.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return text.utf8.allSatisfy { b in
            isLetter(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }
    }
}

/// Walks an index path from the front of the text, leaving what follows in `rest`.
struct AddressReader {
    let text: String
    var rest: Substring

    init(text: String) {
        self.text = text
        rest = Substring(text)
    }

    mutating func path() throws(AddressError) -> ViewPath {
        guard rest.hasPrefix("views[") else {
            throw AddressError("'\(text)' is not a view's address: it starts with views[N], such as views[0]")
        }
        rest = rest.dropFirst("views".count)
        var path = ViewPath(root: try index())
        while rest.hasPrefix(".children[") {
            rest = rest.dropFirst(".children".count)
            path = path.child(try index())
        }
        return path
    }

    /// `[N]`: a whole number from 0. One too large for an Int stays an index, and the checker
    /// reports it out of range like any other.
    mutating func index() throws(AddressError) -> Int {
        let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
        let after = rest.dropFirst(1 + digits.count)
        guard !digits.isEmpty, after.first == "]" else {
            throw AddressError("'\(text)' is not an address: an index is a whole number from 0 in brackets, such as views[0] or children[2]")
        }
        rest = after.dropFirst()
        return Int(digits) ?? Int.max
    }

    /// `.ATTR` and nothing after it.
    mutating func finalAttribute(after path: String) throws(AddressError) -> String {
        guard rest.first == "." else {
            let what = rest.isEmpty ? "nothing" : "'\(rest)'"
            throw AddressError("'\(text)' is not an address: after \(path) comes \(what), where .ATTR (such as .progress) or .children[N] belongs")
        }
        let name = String(rest.dropFirst())
        rest = ""
        if name == "children" || name.hasPrefix("children.") {
            throw AddressError("'\(text)' is not an address: children takes an index, such as \(path).children[0]")
        }
        return try SceneAddress.attribute(name, in: text)
    }
}
