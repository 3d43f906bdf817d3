import SceneSupport

/// How text that scenec did not write itself — a file name, a value from a scene, a message
/// quoting either — is printed in each kind of output, so that it stays data: it never starts a
/// line of its own (a forged `::error` workflow command), never sends a control sequence to a
/// terminal, never ends an attribute or opens an element. Every printer calls
/// `String.escaped(_:)`; JSON strings are written by `JSONValue.quoted` (SceneSupport), which
/// escapes every control character as `\uXXXX`.
///
/// Control characters (Unicode's Cc: C0, DEL, C1) become visible pictures, one character for
/// one so carets under a quoted value stay aligned: C0 as the Control Pictures block (`␀`, `␛`,
/// `␊`), DEL as `␡`, and C1, which has no pictures, as `�`. A TAB is kept (it moves the cursor
/// but starts nothing).
///
/// In terminal, log and workflow text (`text`, `lines`, `workflowMessage`, `workflowProperty`)
/// the invisible characters that change how the text around them reads — the bidi controls
/// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which can make `evil.yaml` show as
/// something else, and U+2028/U+2029, which some viewers take as a line break — are written as
/// their code point in angle brackets, `<U+202E>` (`Unicode.Scalar.isInvisibleFormatting`).
/// The review's HTML and Markdown (`html`, `markdown`, `markdownCell`) show them so as well: a
/// pull request chooses the names the review prints. Letters of right-to-left scripts (Arabic,
/// Hebrew) are kept as they are. XML (JUnit) keeps the invisible characters: its readers are
/// programs.
public enum Escaping: Sendable {
    /// One line of terminal or log text: every control character but TAB as a picture,
    /// line breaks included.
    case text
    /// Several lines of terminal or log text (a diagnostic with its notes): as `text`, but a
    /// line feed stays a line break.
    case lines
    /// The message of a GitHub Actions workflow command: controls as pictures except CR and
    /// LF, then `%` → `%25`, CR → `%0D`, LF → `%0A`, which the runner decodes back.
    case workflowMessage
    /// A property value of a workflow command (`file=`): as the message, and also
    /// `:` → `%3A`, `,` → `%2C`, which would end the value.
    case workflowProperty
    /// XML 1.0 (JUnit) or HTML text or attribute value: `& < > " '` as entities, LF, CR and TAB
    /// as character references (XML keeps them as data), every other control character, which
    /// XML 1.0 forbids, and U+FFFE/U+FFFF as pictures.
    case xml
    /// HTML text or attribute value for a person to read (the review page): `& < > " '` as
    /// entities, every control character but TAB as a picture, a line break included, so a
    /// strange name shows as strange rather than as a space, and invisible formatting as its
    /// code point (`&lt;U+202E&gt;`).
    case html
    /// Markdown text (GitHub Flavored Markdown: the review's summary for a job summary or a
    /// pull-request comment) as one code span, the text as in `text` inside (controls as
    /// pictures, invisible formatting as its code point). A code span is the one place GitHub
    /// makes nothing of its text: backslash escapes are not enough, for its extended autolinks
    /// link `www.x.y`, `http://…` and `a@b.c` (even `a\@b.c`) in plain text. Its fence is one
    /// backtick longer than the longest run of backticks inside, and a space pads the text
    /// when it starts or ends with a backtick or with spaces a code span would strip.
    case markdown
    /// As `markdown`, for a code span inside a table cell: each `|` also backslash-escaped,
    /// which a table reads before the code span (GitHub and markdown-it both take the
    /// backslash away again), so a name never splits the cell.
    case markdownCell
}

extension String {
    /// This text as `escaping` prints it (see `Escaping`).
    public func escaped(_ escaping: Escaping) -> String {
        if escaping == .markdown || escaping == .markdownCell {
            return Self.codeSpan(escaped(.text), pipesEscaped: escaping == .markdownCell)
        }
        // The common case, a plain name, is returned as it is without building a new string.
        guard unicodeScalars.contains(where: { Self.needsEscaping($0, escaping) }) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch (escaping, scalar) {
            case (.text, _) where scalar.isInvisibleFormatting, (.lines, _) where scalar.isInvisibleFormatting,
                 (.workflowMessage, _) where scalar.isInvisibleFormatting,
                 (.workflowProperty, _) where scalar.isInvisibleFormatting:
                out.append(contentsOf: Self.codePoint(scalar).unicodeScalars)
            case (.text, _), (.lines, _):
                if scalar == "\n", escaping == .lines { out.append(scalar) } else { out.append(Self.picture(scalar)) }
            case (.workflowMessage, "%"), (.workflowProperty, "%"): out.append(contentsOf: "%25".unicodeScalars)
            case (.workflowMessage, "\r"), (.workflowProperty, "\r"): out.append(contentsOf: "%0D".unicodeScalars)
            case (.workflowMessage, "\n"), (.workflowProperty, "\n"): out.append(contentsOf: "%0A".unicodeScalars)
            case (.workflowProperty, ":"): out.append(contentsOf: "%3A".unicodeScalars)
            case (.workflowProperty, ","): out.append(contentsOf: "%2C".unicodeScalars)
            case (.workflowMessage, _), (.workflowProperty, _): out.append(Self.picture(scalar))
            case (.xml, "&"), (.html, "&"): out.append(contentsOf: "&amp;".unicodeScalars)
            case (.xml, "<"), (.html, "<"): out.append(contentsOf: "&lt;".unicodeScalars)
            case (.xml, ">"), (.html, ">"): out.append(contentsOf: "&gt;".unicodeScalars)
            case (.xml, "\""), (.html, "\""): out.append(contentsOf: "&quot;".unicodeScalars)
            case (.xml, "'"), (.html, "'"): out.append(contentsOf: "&apos;".unicodeScalars)
            case (.html, _) where scalar.isInvisibleFormatting:
                out.append(contentsOf: Self.codePoint(scalar).escaped(.html).unicodeScalars)
            case (.html, _): out.append(Self.picture(scalar))
            case (.xml, "\n"): out.append(contentsOf: "&#10;".unicodeScalars)
            case (.xml, "\r"): out.append(contentsOf: "&#13;".unicodeScalars)
            case (.xml, "\t"): out.append(contentsOf: "&#9;".unicodeScalars)
            case (.xml, _):
                out.append(scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : Self.picture(scalar))
            case (.markdown, _), (.markdownCell, _): out.append(scalar)  // handled above
            }
        }
        return String(out)
    }

    /// `text` (one line, no control character) as a Markdown code span (`Escaping.markdown`).
    private static func codeSpan(_ text: String, pipesEscaped: Bool) -> String {
        var longest = 0, run = 0
        for scalar in text.unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longest = Swift.max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        // A code span strips one space from each end when both ends have one (and the text is
        // not all spaces), and a backtick at an end would join the fence: a space pads both.
        if text.isEmpty { return "` `" }
        let allSpaces = text.unicodeScalars.allSatisfy { $0 == " " }
        let first = text.unicodeScalars.first, last = text.unicodeScalars.last
        let padded = first == "`" || last == "`" || (first == " " && last == " " && !allSpaces)
        let pad = padded ? " " : ""
        // By scalar: a `|` a combining mark follows is still a `|` to a table.
        var inside = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if pipesEscaped, scalar == "|" { inside.append("\\") }
            inside.append(scalar)
        }
        return fence + pad + String(inside) + pad + fence
    }

    /// Whether `scalar` is a control character (Unicode's Cc category).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func needsEscaping(_ scalar: Unicode.Scalar, _ escaping: Escaping) -> Bool {
        if scalar.isInvisibleFormatting, escaping != .xml { return true }
        switch escaping {
        case .text: return isControl(scalar) && scalar != "\t"
        case .lines: return isControl(scalar) && scalar != "\t" && scalar != "\n"
        case .workflowMessage: return scalar == "%" || (isControl(scalar) && scalar != "\t")
        case .workflowProperty: return scalar == "%" || scalar == ":" || scalar == "," || (isControl(scalar) && scalar != "\t")
        case .xml: return "&<>\"'".unicodeScalars.contains(scalar) || isControl(scalar)
            || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        case .html: return "&<>\"'".unicodeScalars.contains(scalar) || (isControl(scalar) && scalar != "\t")
        case .markdown, .markdownCell: return true
        }
    }

    /// `<U+202E>`: an invisible character named by its code point, four hex digits or more.
    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex + ">"
    }

    /// The visible stand-in of a control character; any other character is itself.
    private static func picture(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard isControl(scalar), scalar != "\t" else { return scalar }
        switch scalar.value {
        case 0x7F: return "\u{2421}"
        case 0x80...0x9F: return "\u{FFFD}"
        default: return Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        }
    }
}
