/// "Did you mean" for misspelt keys, types, ids, styles and words.
public enum Suggestions {
    /// The candidate closest to `word`, if it is close enough to be what the user meant.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if let sameLetters = candidates.first(where: { $0.lowercased() == lowered }) {
            return sameLetters
        }
        guard word.count <= maxLength else { return nil }
        var best: (String, Int)?
        for candidate in candidates where candidate.count <= maxLength {
            let d = distance(lowered, candidate.lowercased())
            if d < (best?.1 ?? Int.max) {
                best = (candidate, d)
            }
        }
        guard let (candidate, d) = best else { return nil }
        let allowed = Swift.max(1, Swift.min(word.count, candidate.count) / 3)
        return d <= allowed ? candidate : nil
    }

    /// "; did you mean 'x'?" or nothing.
    public static func hint(for word: String, in candidates: [String]) -> String {
        nearest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Names longer than this get no "did you mean": the distance takes time quadratic in their
    /// length, and a 20,000-character id misspelt in an animation target took a minute.
    static let maxLength = 64

    /// Levenshtein distance, with a transposition counted as one edit.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    v = Swift.min(v, previous2[j - 2] + 1)
                }
                current[j] = v
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
