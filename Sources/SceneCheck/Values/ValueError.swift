import SceneSyntax

/// A value that does not fit its attribute; becomes a `Diagnostic` where the attribute is known.
package struct ValueError: Error {
    /// `bad-value` unless the problem is more precisely named (`out-of-range`, `unknown-key`).
    var code: DiagnosticCode = .badValue
    var message: String
    var range: SourceRange
    var notes: [String] = []
    /// Fixes in the file; dropped when the value came from a command-line option.
    var fixes: [Fix] = []
    /// More problems of the same value, each its own diagnostic (a text's other bad `{…}`);
    /// where one value gives one diagnostic (`--set`, a style's first error), the first speaks.
    var others: [ValueError] = []

    var diagnostic: Diagnostic { diagnostic(origin: nil) }

    /// With an origin, the value came from a command-line option and is reported against it.
    func diagnostic(origin: String?) -> Diagnostic {
        Diagnostic(.error, message, at: origin == nil ? range : .none, origin: origin, notes: notes, code: code,
                   fixes: origin == nil ? fixes : [])
    }
}

package typealias Parsed<T> = Result<T, ValueError>
