import SceneSyntax

/// The review as Markdown, short enough for `$GITHUB_STEP_SUMMARY` or a pull-request comment:
/// the counts, the most changed scenes in a table (their outputs, share of pixels changed and
/// largest channel difference), the new and removed scenes, each linked to its page. Every name
/// is a code span (`Escaping.markdown`): a pull request chooses its scenes' names, and GitHub
/// would make a link of `www.x.y` or `a@b.c` in plain text.
extension ReviewReport {
    /// How many scenes of each kind are listed before "and N more".
    public static let markdownListed = 10

    /// `pages`: where the report's folder is as a link sees it, ending in `/` unless empty (a
    /// URL the report is published at, or a path relative to the Markdown file); each page's
    /// link is it followed by the page's path in the folder.
    public func markdown(pages: String) -> String {
        func link(_ text: String, _ page: String) -> String { "[\(text)](\(Self.linkTarget(pages + page)))" }
        var text = "### scenec review: \(sceneCounts)\n\n"
        text += "\(outputCounts.prefix(1).uppercased() + outputCounts.dropFirst()). "
        text += "\(outputDirectory.escaped(.markdown)) against the baseline \(baseline.escaped(.markdown)): "
        text += "\(link("the full report", "index.html")).\n\n"
        let paged = scenesWithPages
        let changed = paged.filter { $0.verdict == .changed }
        if !changed.isEmpty {
            text += "| scene | outputs | pixels changed | by up to |\n| --- | --- | --- | --- |\n"
            for scene in changed.prefix(Self.markdownListed) {
                let outputs = scene.outputs.filter { $0.verdict != .same }.map { $0.path.escaped(.markdownCell) }.joined(separator: ", ")
                let share = scene.worstShare.map(Self.percentText) ?? "bytes differ"
                let magnitude = scene.worstMagnitude.map { "\($0) of 255" } ?? "–"
                text += "| \(link(scene.name.escaped(.markdownCell), scene.page)) | \(outputs) | \(share) | \(magnitude) |\n"
            }
            text += more(changed.count, "changed")
        }
        for verdict in [ReviewedOutput.Verdict.new, .removed] {
            let scenes = paged.filter { $0.verdict == verdict }
            guard !scenes.isEmpty else { continue }
            text += "\n**\(verdict.rawValue.capitalized):** "
            text += scenes.prefix(Self.markdownListed).map { link($0.name.escaped(.markdown), $0.page) }.joined(separator: ", ") + "\n"
            text += more(scenes.count, verdict.rawValue)
        }
        return text
    }

    private func more(_ count: Int, _ what: String) -> String {
        count > Self.markdownListed ? "\nand \(count - Self.markdownListed) more \(what) scenes in the full report.\n" : ""
    }

    /// A link's target as Markdown takes it between parentheses: characters that would end or
    /// break it (spaces, parentheses, angle brackets, backslashes, controls) and every non-ASCII
    /// byte percent-encoded; a `%` not already starting an escape is encoded too.
    static func linkTarget(_ target: String) -> String {
        let bytes = Array(target.utf8)
        var out = ""
        for (i, byte) in bytes.enumerated() {
            let isHex: (Int) -> Bool = { j in j < bytes.count && (bytes[j] >= 0x30 && bytes[j] <= 0x39 || bytes[j] | 0x20 >= 0x61 && bytes[j] | 0x20 <= 0x66) }
            let keep = byte > 0x20 && byte < 0x7F && !"()<>\\\"'`|[]{}^".utf8.contains(byte)
                && (byte != UInt8(ascii: "%") || (isHex(i + 1) && isHex(i + 2)))
            if keep { out.unicodeScalars.append(Unicode.Scalar(byte)) } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
