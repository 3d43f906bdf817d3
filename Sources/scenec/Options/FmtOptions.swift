import CommandLineOptions
import ScenecOptions

/// `scenec fmt`'s options.
enum FmtOptions: CommandOptions {
    static let check = Flag<FmtOptions>(
        "--check", help: "write nothing; print a unified diff of each file not formatted, and exit 1 if there is one (for CI)")
    static let all = declarations(check, StandardOptions.help)
}
