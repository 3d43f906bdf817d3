import SceneSyntax

/// A value that does not fit its attribute; becomes a `Diagnostic` where the attribute is known.
package struct ValueError: Error {
    var message: String
    var range: SourceRange
    var notes: [String] = []

    var diagnostic: Diagnostic { diagnostic(origin: nil) }

    /// With an origin, the value came from a command-line option and is reported against it.
    func diagnostic(origin: String?) -> Diagnostic {
        Diagnostic(.error, message, at: origin == nil ? range : .none, origin: origin, notes: notes)
    }
}

package typealias Parsed<T> = Result<T, ValueError>
