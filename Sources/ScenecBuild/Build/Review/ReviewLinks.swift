import SceneFiles

/// Where the Markdown summary's links point: the report folder's published URL when
/// `--review-url` gives one (a job summary or a pull-request comment is read elsewhere than the
/// runner's disk), else the report folder relative to the Markdown file's folder, so both can be
/// uploaded together as one artifact and the links still work.
enum ReviewLinks {
    /// The prefix each page's path is appended to: empty or ending in `/`.
    static func pages(_ options: ReviewOptions, markdown: String) -> String {
        if let url = options.reportURL { return url.hasSuffix("/") ? url : url + "/" }
        let from = markdown == "-" ? [] : Array(absolute(markdown).dropLast())
        let relative = RelativePath.components(from: from, to: absolute(options.reportDirectory)).joined(separator: "/")
        return relative.isEmpty ? "" : relative + "/"
    }

    /// A path's components from `/`, `.` and `..` resolved as written (links are not followed:
    /// the Markdown is read where it is published, not where links lead on this disk).
    static func absolute(_ path: String) -> [String] {
        var components = path.hasPrefix("/") ? [] : ProjectRoot.workingDirectory().split(separator: "/").map(String.init)
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(String(part))
            }
        }
        return components
    }
}
