import SceneSyntax

/// "Did you mean" for misspelt keys, types, ids, styles and words.
public enum Suggestions {
    /// The candidate closest to `word`, if it is close enough to be what the user meant.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        Index(candidates).nearest(to: word) ?? extended(word, in: candidates)
    }

    /// A candidate the word starts with, or that starts with the word (`rounded` for `round`,
    /// `horiz` for `horizontal`), at least three letters in common: the edits a spelling
    /// distance counts as too many. Only for short lists (choices, keys), not for thousands of ids.
    static func extended(_ word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        guard lowered.count >= 3, lowered.count <= maxLength else { return nil }
        return candidates.filter { candidate in
            let c = candidate.lowercased()
            return c.count >= 3 && (lowered.hasPrefix(c) || c.hasPrefix(lowered))
        }.max { $0.count < $1.count }
    }

    /// "; did you mean 'x'?" or nothing.
    public static func hint(for word: String, in candidates: [String]) -> String {
        suggest(word, in: candidates, at: .none).hint
    }

    /// The hint for a misspelt `word`, and the fix that replaces it, at `range`, with the
    /// candidate meant. No fix without a place (`.none`: the word came from an option).
    public static func suggest(_ word: String, in candidates: [String], at range: SourceRange) -> Suggestion {
        Suggestion(word: nearest(to: word, in: candidates), at: range)
    }

    /// "Did you mean" as words for the message and as a fix for the editor and `help:`.
    public struct Suggestion: Sendable, Hashable {
        /// The candidate meant, if one is close enough.
        public let word: String?
        /// "; did you mean 'x'?", or "" when there is no suggestion.
        public let hint: String
        /// Replace the misspelt word with `word`; empty without a suggestion or a place.
        public let fixes: [Fix]

        public init(word: String?, at range: SourceRange) {
            self.word = word
            hint = word.map { "; did you mean '\($0)'?" } ?? ""
            fixes = word.flatMap { range.isNone ? nil : [Fix.replace(with: $0, at: range)] } ?? []
        }
    }

    /// Names longer than this get no "did you mean": the distance takes time quadratic in their
    /// length, and a 20,000-character id misspelt in an animation target took a minute.
    static let maxLength = 64

    /// Candidates prepared once (lowercased, grouped by length) for many lookups, as a scene
    /// with 20,000 ids and 2,000 misspelt animation targets needs.
    public struct Index: Sendable {
        struct Entry: Sendable {
            let original: String
            let lowered: [UInt8]
            /// Its place in the candidates: among equally close ones, the first wins.
            let order: Int
            /// Which characters it holds (byte mod 64): an edit changes at most two of these
            /// bits, so many candidates are ruled out before any distance is computed.
            let letters: UInt64
        }

        static func letters(_ bytes: [UInt8]) -> UInt64 {
            bytes.reduce(0) { $0 | (1 << UInt64($1 % 64)) }
        }

        private var byLength: [Int: [Entry]] = [:]
        private var exact: [String: String] = [:]

        public init(_ candidates: [String]) {
            for (order, candidate) in candidates.enumerated() {
                let lowered = candidate.lowercased()
                if exact[lowered] == nil { exact[lowered] = candidate }
                let bytes = Array(lowered.utf8)
                guard bytes.count <= maxLength else { continue }
                byLength[bytes.count, default: []].append(Entry(original: candidate, lowered: bytes, order: order,
                                                                     letters: Self.letters(bytes)))
            }
        }

        public func nearest(to word: String) -> String? {
            let lowered = word.lowercased()
            if let sameLetters = exact[lowered] { return sameLetters }
            let bytes = Array(lowered.utf8)
            guard bytes.count <= maxLength else { return nil }
            // The distance is at least the difference in length, so only lengths within reach
            // are compared, and each comparison stops once it cannot come within reach.
            let reach = Swift.max(1, bytes.count / 3)
            var rows = DistanceRows(width: bytes.count + reach + 1)
            let letters = Self.letters(bytes)
            var best: (entry: Entry, distance: Int)?
            for length in Swift.max(0, bytes.count - reach)...(bytes.count + reach) {
                for entry in byLength[length] ?? [] {
                    let limit = Swift.min(best.map { $0.distance } ?? reach, reach)
                    guard (letters ^ entry.letters).nonzeroBitCount <= 2 * limit,
                          let d = rows.distance(bytes, entry.lowered, limit: limit) else { continue }
                    let allowed = Swift.max(1, Swift.min(bytes.count, entry.lowered.count) / 3)
                    guard d <= allowed else { continue }
                    if let b = best, (b.distance, b.entry.order) <= (d, entry.order) { continue }
                    best = (entry, d)
                }
            }
            return best?.entry.original
        }
    }

    /// The three rows of the distance table, kept across comparisons so that comparing a word
    /// with 20,000 candidates allocates nothing.
    struct DistanceRows {
        var previous2: [Int]
        var previous: [Int]
        var current: [Int]

        init(width: Int) {
            previous2 = [Int](repeating: 0, count: width + 1)
            previous = previous2
            current = previous2
        }

        /// Levenshtein distance with a transposition counted as one edit, or nil when it is
        /// over `limit` (it stops as soon as a whole row is).
        mutating func distance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
            if a.isEmpty { return b.count <= limit ? b.count : nil }
            if b.isEmpty { return a.count <= limit ? a.count : nil }
            if previous.count < b.count + 1 { self = DistanceRows(width: b.count) }
            for j in 0...b.count { previous[j] = j }
            for i in 1...a.count {
                current[0] = i
                var rowMin = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var v = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        v = Swift.min(v, previous2[j - 2] + 1)
                    }
                    current[j] = v
                    rowMin = Swift.min(rowMin, v)
                }
                if rowMin > limit { return nil }
                swap(&previous2, &previous)
                swap(&previous, &current)
            }
            return previous[b.count] <= limit ? previous[b.count] : nil
        }
    }

    /// The unbounded distance, for tests and callers that want the number itself.
    static func distance(_ a: String, _ b: String) -> Int {
        var rows = DistanceRows(width: b.utf8.count)
        return rows.distance(Array(a.utf8), Array(b.utf8), limit: Int.max - 1) ?? Int.max
    }
}
