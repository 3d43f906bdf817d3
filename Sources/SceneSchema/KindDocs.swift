import SceneModel

/// The parts of the docs that list the view kinds, generated from the registry so a new kind
/// cannot be left out of them (`scenec schema --block NAME`; `make generated` splices each
/// between its markers, GeneratedFilesTests fails when one is stale).
public enum KindDocs {
    /// docs/language.md §3: which kinds draw and which hold children.
    public static var kindsSentence: String {
        let drawing = Registry.kinds.filter { $0.children == .none }.map { "`\($0.type.rawValue)`" }
        let containers = Registry.kinds.filter { $0.children != .none }.map { "`\($0.type.rawValue)`" }
        return wrap("Every view is a mapping with `type`: \(list(drawing)) draw something; \(list(containers)) hold `children`.")
    }

    /// docs/language.md §3: the geometry of each drawing kind, one bullet each.
    public static var geometryBullets: String {
        Registry.kinds.compactMap { kind in
            kind.geometry.map { wrap("- **\(kind.type.rawValue)**: \($0)", indent: "  ") }
        }.joined(separator: "\n")
    }

    /// fuzz/scene.dict: the kinds and every attribute name, the words the fuzzer mutates with.
    public static var fuzzDictionaryEntries: String {
        let attributes = Set(Registry.kinds.flatMap { $0.attributes.map(\.name) }).sorted()
        return (["# attributes (the registry, Sources/SceneModel/Views/*.swift)"] + attributes.map { "\"\($0)\"" }
            + ["", "# view types"] + Registry.kinds.map { "\"\($0.type.rawValue)\"" }).joined(separator: "\n")
    }

    /// "a, b and c".
    static func list(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `text` broken at spaces into lines of at most `width` characters; later lines start with
    /// `indent` (a bullet's continuation).
    public static func wrap(_ text: String, width: Int = 100, indent: String = "") -> String {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let prefix = lines.isEmpty ? "" : indent
            if !line.isEmpty, prefix.count + line.count + 1 + word.count > width {
                lines.append(prefix + line)
                line = String(word)
            } else {
                line = line.isEmpty ? String(word) : line + " " + word
            }
        }
        lines.append((lines.isEmpty ? "" : indent) + line)
        return lines.joined(separator: "\n")
    }
}
