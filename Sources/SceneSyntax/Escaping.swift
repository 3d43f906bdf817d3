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
/// Letters of right-to-left scripts (Arabic, Hebrew) are kept as they are. XML and HTML keep
/// them too: a browser shows them as the reader's own page would.
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
    /// entities and every control character but TAB as a picture, a line break included, so a
    /// strange name shows as strange rather than as a space.
    case html
    /// Markdown text (CommonMark with GitHub's tables: the review's summary for a job summary
    /// or a pull-request comment): every ASCII punctuation character but `/ . , -` (which start
    /// nothing inside a line) backslash-escaped, so no name opens a link, an emphasis, a table
    /// cell (`|`), an entity or an HTML tag; invisible formatting
    /// as its code point and control characters as pictures, as in `text`.
    case markdown
}

extension String {
    /// This text as `escaping` prints it (see `Escaping`).
    public func escaped(_ escaping: Escaping) -> String {
        if escaping == .markdown {
            // As one line of text first (controls, bidi), then every punctuation mark escaped.
            var out = ""
            for character in escaped(.text).unicodeScalars {
                if Self.asciiPunctuation.contains(character) { out.append("\\") }
                out.unicodeScalars.append(character)
            }
            return out
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
            case (.html, _): out.append(Self.picture(scalar))
            case (.xml, "\n"): out.append(contentsOf: "&#10;".unicodeScalars)
            case (.xml, "\r"): out.append(contentsOf: "&#13;".unicodeScalars)
            case (.xml, "\t"): out.append(contentsOf: "&#9;".unicodeScalars)
            case (.xml, _):
                out.append(scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : Self.picture(scalar))
            case (.markdown, _): out.append(scalar)  // handled above
            }
        }
        return String(out)
    }

    /// CommonMark's ASCII punctuation but `/ . , -`: each may be backslash-escaped to stand for itself.
    private static let asciiPunctuation = Set("!\"#$%&'()*+:;<=>?@[\\]^_`{|}~".unicodeScalars)

    /// Whether `scalar` is a control character (Unicode's Cc category).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func needsEscaping(_ scalar: Unicode.Scalar, _ escaping: Escaping) -> Bool {
        if scalar.isInvisibleFormatting, escaping != .xml, escaping != .html { return true }
        switch escaping {
        case .text: return isControl(scalar) && scalar != "\t"
        case .lines: return isControl(scalar) && scalar != "\t" && scalar != "\n"
        case .workflowMessage: return scalar == "%" || (isControl(scalar) && scalar != "\t")
        case .workflowProperty: return scalar == "%" || scalar == ":" || scalar == "," || (isControl(scalar) && scalar != "\t")
        case .xml: return "&<>\"'".unicodeScalars.contains(scalar) || isControl(scalar)
            || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        case .html: return "&<>\"'".unicodeScalars.contains(scalar) || (isControl(scalar) && scalar != "\t")
        case .markdown: return true
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
