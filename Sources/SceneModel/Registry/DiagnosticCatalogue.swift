import SceneSyntax

extension DiagnosticCode {
    /// Every code scenec reports: the core's (SceneSyntax) then each kind's own lint codes, in
    /// the registry's order. The one list behind docs/diagnostics.md (`scenec schema
    /// --diagnostic-codes`) and the tests that every code is documented and emitted.
    public static let catalogue: [DiagnosticCodeEntry] = core + Registry.declarations.flatMap { $0.lintCodes }

    /// This code's entry in the catalogue; nil for a code no one declared.
    public var entry: DiagnosticCodeEntry? {
        Self.catalogue.first { $0.code == self }
    }
}
