import SceneSyntax

/// Collects diagnostics while checking; duplicates (the same message at the same place, as a
/// style applied to several views would give) are kept once.
struct DiagnosticLog {
    private(set) var all: [Diagnostic] = []
    private var seen: Set<String> = []

    mutating func add(_ d: Diagnostic) {
        let key = "\(d.range.start.line):\(d.range.start.column):\(d.message)"
        if seen.insert(key).inserted {
            all.append(d)
        }
    }

    mutating func error(_ message: String, at range: SourceRange, notes: [String] = []) {
        add(.error(message, at: range, notes: notes))
    }

    /// Unwraps a parsed value, logging its error.
    mutating func take<T>(_ result: Result<T, ValueError>) -> T? {
        switch result {
        case .success(let v): return v
        case .failure(let e):
            add(e.diagnostic)
            return nil
        }
    }

    /// Reports a missing key, unless the mapping has a misspelling of it: that was already
    /// reported as unknown with "did you mean", and one error says it better than two.
    mutating func missing(_ keys: [String], in pairs: [Node.Pair], _ message: String, at range: SourceRange,
                          notes: [String] = []) {
        let misspelt = pairs.contains { pair in
            !keys.contains(pair.key) && Suggestions.nearest(to: pair.key, in: keys) != nil
        }
        if !misspelt {
            error(message, at: range, notes: notes)
        }
    }

    /// Reports keys of `pairs` not in `known`, with "did you mean"; returns the known pairs.
    mutating func knownKeys(_ pairs: [Node.Pair], _ known: [String], in place: String) -> [Node.Pair] {
        pairs.filter { pair in
            if known.contains(pair.key) { return true }
            error("unknown key '\(pair.key)' in \(place)\(Suggestions.hint(for: pair.key, in: known))",
                  at: pair.keyRange, notes: ["allowed: " + known.joined(separator: ", ")])
            return false
        }
    }
}

extension Array where Element == Node.Pair {
    subscript(key: String) -> Node.Pair? {
        first { $0.key == key }
    }
}
