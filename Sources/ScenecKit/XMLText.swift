/// Text in XML 1.0 content and attribute values. Walks Unicode scalars (so `\r\n` is two
/// characters, each escaped); characters XML 1.0 cannot hold at all (most C0 controls) become
/// their Unicode control pictures, as in the text diagnostics. HTML reads it alike (the preview
/// sheet), and JUnit reports are XML.
package enum XML {
    package static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&apos;".unicodeScalars)
            case "\n": out.append(contentsOf: "&#10;".unicodeScalars)
            case "\r": out.append(contentsOf: "&#13;".unicodeScalars)
            case "\t": out.append(contentsOf: "&#9;".unicodeScalars)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out.append(Unicode.Scalar(0x2400 + (scalar.value < 0x20 ? scalar.value : 0x1F)) ?? "?")
                } else {
                    out.append(scalar)
                }
            }
        }
        return String(out)
    }
}
