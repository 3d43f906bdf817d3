/// How `fmt` writes a scalar: as it reads, quoted only when it must be. A text is written bare
/// when YAML reads it bare as the same string (not a number, a bool, null or a time such as
/// 10:09:30, which YAML 1.1 reads as a number of seconds) and no character in it means
/// something to YAML there; otherwise in double quotes, escaped. A bare number, bool or null
/// stays bare: that is what it is.
enum FmtScalars {
    /// Words the checker reads differently bare and quoted, beyond YAML's own.
    static let keywords: Set<String> = ["forever"]

    /// The scalar as `fmt` writes it, in block or flow context.
    static func written(_ text: String, isPlain: Bool, flow: Bool) -> String {
        if isPlain {
            return plainKeepsMeaning(text, flow: flow) ? text : YAMLText.quoted(text)
        }
        return canBeBare(text, flow: flow) ? text : YAMLText.quoted(text)
    }

    /// A plain scalar as read may be written back bare unless a line break (a multi-line plain
    /// scalar folds to one line) or, in a flow collection, a flow indicator would cut it.
    static func plainKeepsMeaning(_ text: String, flow: Bool) -> Bool {
        if text.isEmpty { return true }
        if text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\t" }) { return false }
        if text.first == " " || text.last == " " { return false }
        if flow, text.unicodeScalars.contains(where: { ",[]{}".unicodeScalars.contains($0) }) { return false }
        // In a flow collection `?` and `:` first are indicators (a key, a value) to some readers.
        if flow, let first = text.unicodeScalars.first, "?:#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if text.contains(" #") || text.contains(": ") || text.hasSuffix(":") { return false }
        return true
    }

    /// Whether a quoted text can lose its quotes: it reads bare as the same string.
    static func canBeBare(_ text: String, flow: Bool) -> Bool {
        guard readsAsString(text), !keywords.contains(text) else { return false }
        // A component's `$parameter` is replaced by its argument, and what the text becomes
        // (true, 12) may read differently bare: the quotes say it stays text.
        if text.contains("$") { return false }
        return isBareSafe(text, flow: flow)
    }

    /// No character of it means anything to YAML in its context: the flow indicators (`,[]{}`)
    /// inside a text only in a flow collection, so block style has one form, bare.
    static func isBareSafe(_ text: String, flow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@`<= ".unicodeScalars.contains(first) || last == " " || last == ":" { return false }
        for s in text.unicodeScalars {
            if s.value < 0x20 || s.value == 0x7F || (0x80...0x9F).contains(s.value) || s == "\u{FEFF}"
                || s == "\u{2028}" || s == "\u{2029}" || "#\\".unicodeScalars.contains(s)
                || (flow && ",[]{}".unicodeScalars.contains(s)) {
                return false
            }
        }
        return !text.contains(": ") && !text.contains("  ")
    }

    /// Whether YAML (1.1 or 1.2) reads the text, bare, as a string: not null, a bool, a number,
    /// a time or a date. Anything that starts like a number and holds only number characters
    /// counts as one, so a reader of either version agrees.
    static func readsAsString(_ text: String) -> Bool {
        let nulls: Set<String> = ["", "~", "null", "Null", "NULL"]
        let bools: Set<String> = ["y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE",
                                  "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF"]
        if nulls.contains(text) || bools.contains(text) { return false }
        if [".inf", "-.inf", "+.inf", ".nan"].contains(text.lowercased()) { return false }
        guard let first = text.unicodeScalars.first, "0123456789+-.".unicodeScalars.contains(first) else { return true }
        let numeric = "0123456789_+-.:eExXoObBabcdefABCDEF T".unicodeScalars
        return !text.unicodeScalars.allSatisfy { numeric.contains($0) }
    }
}
