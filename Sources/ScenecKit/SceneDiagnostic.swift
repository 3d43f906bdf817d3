import SceneSyntax

/// One problem found in a scene, as `scenec check` reports it: where it is, how bad, and what.
public struct SceneDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad a problem is: an error stops the scene from rendering, a warning does not.
    public enum Severity: String, Sendable, Hashable {
        /// The scene cannot be rendered until it is fixed.
        case error
        /// The scene renders, but probably not as meant (a view off the canvas).
        case warning
        /// More about the diagnostic before it.
        case note
    }

    /// The file the problem is in: the scene's name, a file it imports, or the path that could
    /// not be read.
    public let file: String
    /// The 1-based line of the problem; nil for an override's problem (see `origin`) and for a
    /// file that could not be read.
    public let line: Int?
    /// The 1-based column (in characters) of the problem; nil where `line` is.
    public let column: Int?
    /// Whether the scene can still be rendered with it.
    public let severity: Severity
    /// What kind of problem it is (`unknown-attribute`), stable when the message is reworded;
    /// docs/diagnostics.md lists every code.
    public let code: String
    /// What is wrong, in one line ("'progres' is not an attribute of ring").
    public let message: String
    /// Further lines: what is allowed, a likely fix ("did you mean 'progress'?").
    public let notes: [String]
    /// Repairs to offer, each a title and text edits in `file` (1-based line:column, end exclusive).
    public let fixes: [Fix]
    /// Where the problem comes from when it is not in a file, named as the command line names
    /// it: an override ("--set ring.progress=2"), or an argument ("time", "scale", "fps").
    public let origin: String?
    /// The problem as the command line prints it: `file:line:col: error: message`, the source
    /// line with a caret under the problem, then the notes; ends in a line break.
    public let formatted: String

    /// `formatted`, so `print(diagnostic)` shows what `scenec check` shows.
    public var description: String { formatted }

    package init(_ d: Diagnostic, in source: SourceFile) {
        let located = JSONDiagnostic(d, file: source.name)
        file = located.file
        line = located.line
        column = located.column
        severity = Severity(rawValue: d.severity.rawValue) ?? .error
        code = d.code.rawValue
        fixes = located.fixes
        message = d.message
        notes = d.notes
        origin = d.origin
        formatted = d.rendered(in: source)
    }

    /// A problem with a file as a whole (it cannot be read or written).
    package init(path: String, message: String) {
        file = path
        line = nil
        column = nil
        severity = .error
        code = DiagnosticCode.fileError.rawValue
        fixes = []
        self.message = message
        notes = []
        origin = nil
        formatted = "\(path.escaped(.text)): error: \(message.escaped(.text))\n"
    }
}

/// Why a scene could not be loaded, rendered or written; thrown by `SceneFile`'s methods.
public struct SceneError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure it is, for a caller that answers each differently (as the command
    /// line exits 1 for a bad scene and 3 for a file it cannot read or write).
    public enum Kind: Sendable, Hashable {
        /// The scene, or an override given with it, has errors: every one is in `diagnostics`.
        case invalidScene
        /// An argument cannot be used: a time, scale or fps out of range, an override's text
        /// that is not `ADDRESS=VALUE`, an output path whose format is unknown.
        case invalidArgument
        /// A file could not be read or written.
        case io
        /// Cairo could not draw the picture (out of memory).
        case render
    }

    /// What kind of failure it is.
    public let kind: Kind
    /// Every problem, sorted by position; for `.invalidScene` the warnings found beside the
    /// errors too.
    public let diagnostics: [SceneDiagnostic]

    /// The scene the problems were found in, for the closing count.
    let scene: String?

    /// The diagnostics as `scenec check` prints them, with its closing count of errors.
    public var description: String {
        let text = diagnostics.map(\.formatted).joined()
        let errors = diagnostics.filter { $0.severity == .error }.count
        guard let scene, errors > 0 else { return text }
        return text + "\(errors) error\(errors == 1 ? "" : "s") in \(scene.escaped(.text))\n"
    }

    package init(_ kind: Kind, _ diagnostics: [SceneDiagnostic], scene: String? = nil) {
        self.kind = kind
        self.diagnostics = diagnostics
        self.scene = scene
    }

    package init(_ kind: Kind, path: String, message: String) {
        self.init(kind, [SceneDiagnostic(path: path, message: message)])
    }
}
