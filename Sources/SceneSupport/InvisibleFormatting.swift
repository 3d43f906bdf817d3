extension Unicode.Scalar {
    /// An invisible character that changes how the text around it reads: a bidi control
    /// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which can reorder what follows so
    /// that a name shows as another, or U+2028/U+2029, which some viewers take as a line break.
    /// Text printers show these by code point (`String.escaped`, SceneSyntax) and JSON writes them
    /// as `\uXXXX` (`JSONValue.quoted`). Right-to-left letters (Arabic, Hebrew) are not among them.
    public var isInvisibleFormatting: Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
