import SceneSyntax

/// A value that does not fit its attribute; becomes a `Diagnostic` where the attribute is known.
struct ValueError: Error {
    var message: String
    var range: SourceRange
    var notes: [String] = []

    var diagnostic: Diagnostic { .error(message, at: range, notes: notes) }
}

typealias Parsed<T> = Result<T, ValueError>
