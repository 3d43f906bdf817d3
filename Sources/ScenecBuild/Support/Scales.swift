import SceneModel

/// `--scales 1,2,3`: one PNG per scale, named as Apple's tools name them (`icon.png`,
/// `icon@2x.png`, `icon@3x.png`).
package enum Scales {
    /// The scales in increasing order, each once; the order typed does not change the files.
    package static func parse(_ text: String, option: String = "--scales") throws -> [Double] {
        var scales: [Double] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = String(word.filter { $0 != " " })
            // `2x` is how the files are named, so it is accepted as well as `2`.
            let number = trimmed.hasSuffix("x") ? String(trimmed.dropLast()) : trimmed
            guard let v = Double(number), v.isFinite, v > 0 else {
                throw PlanError("\(option) takes scales greater than 0 separated by commas (1,2,3), not '\(word)'")
            }
            if !scales.contains(v) { scales.append(v) }
        }
        return scales.sorted()
    }

    /// `2x`, `1.5x`: how a scale is written in file names and in asset catalogs.
    package static func word(_ scale: Double) -> String { "\(formatNumber(scale))x" }

    /// `icon.png` at scale 2 is `icon@2x.png`; at scale 1 it keeps its name. The suffix goes
    /// before the file name's extension, or at its end when it has none.
    package static func path(_ path: String, scale: Double) -> String {
        guard scale != 1 else { return path }
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let suffix = "@" + word(scale)
        guard let dot = path[nameStart...].lastIndex(of: "."), dot != nameStart else { return path + suffix }
        return String(path[..<dot]) + suffix + String(path[dot...])
    }
}
