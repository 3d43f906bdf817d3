import SceneSyntax

/// Collects diagnostics while checking; duplicates (the same message at the same place, as a
/// style applied to several views would give) are kept once. Two options are two places.
struct DiagnosticLog {
    private(set) var all: [Diagnostic] = []
    private var seen: Set<String> = []
    /// The imported file being read, whose name goes on what is found in it.
    var currentFile: SourceFile?
    /// Notes every problem found in the file gets while it is being read through a use of a
    /// component ("in Meter, used by 'cpu' at scene.yaml:7:5"), innermost last.
    var context: [String] = []
    /// Notes naming the arguments a definition's value was made with, by the place of the
    /// value in the definition and the use (`argumentKey`): a problem the argument made is
    /// reported in the definition, where the value is written, with a note at the argument.
    var argumentNotes: [String: [String]] = [:]
    /// Ids of instances whose views were not made (a bad argument, a definition with errors):
    /// their views' ids (`cpu.ring`) are not reported unknown, the instance's error says why.
    var brokenInstances: Set<String> = []
    /// Places (`argumentKey` without uses) whose problems are not reported: values made from
    /// a parameter whose declaration was already reported wrong.
    var quietPlaces: Set<String> = []

    /// Whether `id` names a view inside an instance whose views were not made.
    func isInBrokenInstance(_ id: String) -> Bool {
        var rest = Substring(id)
        while let dot = rest.lastIndex(of: ".") {
            rest = rest[..<dot]
            if brokenInstances.contains(String(rest)) { return true }
        }
        return false
    }

    static func argumentKey(file: SourceFile?, range: SourceRange, context: [String]) -> String {
        "\(file?.name ?? ""):\(range.start.line):\(range.start.column):\(range.end.line):\(range.end.column)|" + context.joined(separator: "|")
    }

    mutating func add(_ d: Diagnostic) {
        var d = d
        if d.origin == nil, d.file == nil { d.file = currentFile }
        if !quietPlaces.isEmpty, quietPlaces.contains(Self.argumentKey(file: d.file, range: d.range, context: [])) { return }
        var argumentNote = ""
        if d.origin == nil, !argumentNotes.isEmpty, !context.isEmpty,
           let notes = argumentNotes[Self.argumentKey(file: d.file, range: d.range, context: context)] {
            argumentNote = notes.joined(separator: ";")
            d.notes += notes.filter { !d.notes.contains($0) }
        }
        if d.origin == nil, !context.isEmpty { d.notes += context.reversed().filter { !d.notes.contains($0) } }
        let key = "\(d.file?.name ?? ""):\(d.origin ?? ""):\(d.range.start.line):\(d.range.start.column):\(d.code.rawValue):\(d.message):\(argumentNote)"
        if seen.insert(key).inserted {
            all.append(d)
        }
    }

    /// An error in the file at `range`, or, with an `origin`, in that command-line option.
    mutating func error(_ code: DiagnosticCode, _ message: String, at range: SourceRange, origin: String? = nil,
                        notes: [String] = [], fixes: [Fix] = []) {
        add(Diagnostic(.error, message, at: range, origin: origin, notes: notes, code: code, fixes: fixes))
    }

    /// An error without a code: `unclassified`, which the bad-scene corpus test refuses.
    mutating func error(_ message: String, at range: SourceRange, origin: String? = nil, notes: [String] = []) {
        error(.unclassified, message, at: range, origin: origin, notes: notes)
    }

    /// Unwraps a parsed value, logging its error (against `origin` when the value came from one).
    mutating func take<T>(_ result: Result<T, ValueError>, origin: String? = nil, file: SourceFile? = nil) -> T? {
        switch result {
        case .success(let v): return v
        case .failure(let e):
            for e in [e] + e.others {
                var d = e.diagnostic(origin: origin)
                d.file = file
                add(d)
            }
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
            error(.missingKey, message, at: range, notes: notes)
        }
    }

    /// Reports keys of `pairs` not in `known`, with "did you mean"; returns the known pairs.
    mutating func knownKeys(_ pairs: [Node.Pair], _ known: [String], in place: String) -> [Node.Pair] {
        pairs.filter { pair in
            if known.contains(pair.key) { return true }
            let suggestion = Suggestions.suggest(pair.key, in: known, at: pair.keyRange)
            error(.unknownKey, "unknown key '\(pair.key)' in \(place)\(suggestion.hint)",
                  at: pair.keyRange, notes: ["allowed: " + known.joined(separator: ", ")], fixes: suggestion.fixes)
            return false
        }
    }
}

extension Array where Element == Node.Pair {
    subscript(key: String) -> Node.Pair? {
        first { $0.key == key }
    }
}
