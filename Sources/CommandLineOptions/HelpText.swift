/// The options part of `--help`: a section per group, each option's spellings and value name
/// in a column, its help wrapped beside them.
public enum HelpText {
    /// The title of the command's own options (declarations without a group).
    public static let ownSection = "options"

    public static func options(_ declarations: [OptionDeclaration], width: Int = 96, column: Int = 27) -> String {
        sections(declarations).map { title, members in
            ([title + ":"] + members.map { entry($0, width: width, column: column) }).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// The declarations by group, in the order each group first appears; the own section first.
    public static func sections(_ declarations: [OptionDeclaration]) -> [(title: String, members: [OptionDeclaration])] {
        var titles = [ownSection]
        var members: [String: [OptionDeclaration]] = [:]
        for declaration in declarations {
            let title = declaration.group ?? ownSection
            if !titles.contains(title) { titles.append(title) }
            members[title, default: []].append(declaration)
        }
        return titles.compactMap { title in members[title].map { (title, $0) } }
    }

    /// `-o, --output OUT_DIR` (old long names are left to the help text).
    public static func synopsis(_ declaration: OptionDeclaration) -> String {
        let names = declaration.spellings.filter { !$0.hasPrefix("--") || $0 == declaration.name }
        return names.joined(separator: ", ") + (declaration.valueName.map { " " + $0 } ?? "")
    }

    /// The help with its default, as one text.
    public static func description(_ declaration: OptionDeclaration) -> String {
        declaration.help + (declaration.defaultText.map { " (default \($0))" } ?? "")
    }

    static func entry(_ declaration: OptionDeclaration, width: Int, column: Int) -> String {
        let names = "  " + synopsis(declaration)
        let indent = String(repeating: " ", count: column)
        let lines = wrap(description(declaration), width: max(20, width - column))
        guard var first = lines.first else { return names }
        // Names too long for the column get a line of their own.
        if names.count > column - 2 {
            return ([names] + lines.map { indent + $0 }).joined(separator: "\n")
        }
        first = names + String(repeating: " ", count: column - names.count) + first
        return ([first] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
    }

    /// Words filled into lines of at most `width` characters; `\n` starts a new line.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
        }
        return lines
    }
}
