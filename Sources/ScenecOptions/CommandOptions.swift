import ScenecBuild
import CommandLineOptions

/// A command's options, each declared once (in this folder): its own and the shared groups it
/// takes, in the order `--help`, the completions and the docs' tables list them. The type is
/// also the owner of the command's own typed keys, so `args[BuildOptions.werror]` compiles in
/// `build` only.
package protocol CommandOptions: Sendable {
    static var all: [OptionDeclaration] { get }
}

/// The groups every command that reads scenes takes, after its own options.
package enum SceneOptionGroups {
    package static let all = DiagnosticOptions.all + ProjectOptions.all + OverrideOptions.all + LimitOptions.all
        + declarations(SceneTimeoutOption.sceneTimeout)
}
