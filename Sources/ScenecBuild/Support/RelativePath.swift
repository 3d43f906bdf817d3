/// One path as seen from a folder, both given as the names of their folders from `/`: `..` for
/// each folder of `from` past what the two share, then the rest of `to`. Worked out on the
/// names alone; a `..` in `to` is never taken as shared (it leaves a folder the names do not
/// know), so the Ninja file's paths and the review's links agree on what "relative" is.
enum RelativePath {
    static func components<S: StringProtocol>(from: [S], to: [S]) -> [String] {
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common], to[common] != ".." { common += 1 }
        let up = [String](repeating: "..", count: from.count - common)
        return up + to[common...].map { String($0) }
    }
}
