/// Makefile-style dependency files (`out.png out.svg: scene.yaml`), which ninja reads with
/// `deps = gcc`.
///
/// A name is written escaped as make and ninja read it back (`\ `, `\#`, `\:`, `$$`). Some
/// characters cannot be written at all (ninja ends a name at `'`, `"`, `;`, `` ` ``, `|`, `*`, …,
/// and make reads `;` as the start of a recipe): a path holding one is left out, so it never
/// reaches either tool cut into other names. The scene needs no line of its own (the build
/// edge or make rule names it already); any other input left out is returned to be warned of,
/// as a change to it will not rebuild the outputs.
enum Depfile {
    /// Writes the depfile; the inputs other than `scene` it could not name.
    package static func write(_ path: String, outputs: [String], scene: String, inputs: [String]) throws -> [String] {
        let targets = outputs.compactMap(escape)
        let named = ([scene] + inputs).compactMap(escape)
        let text = targets.joined(separator: " ") + ": " + named.joined(separator: " ") + "\n"
        try Files.write(Array(text.utf8), to: path)
        return inputs.filter { escape($0) == nil }
    }

    /// The warning for an input `write` left out.
    package static func warning(unnamed path: String, depfile: String) -> String {
        "\(depfile) cannot name '\(path)' (a depfile cannot hold one of its characters), so a change to it will not rebuild the outputs"
    }

    /// `s` as a depfile holds it, nil when it cannot.
    package static func escape(_ s: String) -> String? {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case " ": out += "\\ "
            case "#": out += "\\#"
            case ":": out += "\\:"
            case "$": out += "$$"
            case "a"..."z", "A"..."Z", "0"..."9", "+", ",", "/", "_", ".", "~", "(", ")", "{", "}", "%", "=", "@", "[", "]", "!", "-":
                out.unicodeScalars.append(scalar)
            default:
                guard scalar.value >= 0xA0 else { return nil }  // other ASCII, controls and C1
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
