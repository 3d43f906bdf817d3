/// Pango's line breaking inside a word too long for its line costs about the square of the
/// word's length (measured with Pango 1.50: a 50,000-character word took 45 s to set, 1,000
/// words of 50 characters half a second), so a label's text could hold a renderer for minutes.
/// A word longer than `longest` characters gets a zero-width space after every `longest`
/// characters, and Pango sees words of bounded length; shorter words (every real one) are left
/// alone, and so are their pictures.
enum LongWords {
    /// Characters (grapheme clusters) a word may have before it is given break opportunities.
    static let longest = 100
    /// U+200B ZERO WIDTH SPACE: a break opportunity that draws nothing.
    static let breakOpportunity: Character = "\u{200B}"

    /// `text` with a break opportunity after every `longest` characters of each longer word.
    static func breakable(_ text: String) -> String {
        // Fewer bytes than a long word's characters: no word can be long (the usual case).
        guard text.utf8.count > longest, hasLongWord(text) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + text.utf8.count / longest * 3)
        var run = 0
        for character in text {
            if endsWord(character) {
                run = 0
            } else {
                if run == longest {
                    result.append(breakOpportunity)
                    run = 0
                }
                run += 1
            }
            result.append(character)
        }
        return result
    }

    static func hasLongWord(_ text: String) -> Bool {
        var run = 0
        for character in text {
            run = endsWord(character) ? 0 : run + 1
            if run > longest { return true }
        }
        return false
    }

    /// Spaces and line breaks end a word, as does a break opportunity already written.
    static func endsWord(_ character: Character) -> Bool {
        character.isWhitespace || character == breakOpportunity
    }
}
