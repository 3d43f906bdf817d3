import ScenecBuild
import CommandLineOptions

// The parser, its typed keys and its error are the CommandLineOptions library's; these names
// let every file of the command line use them as its own (a bad value anywhere exits 2 alike).
typealias Arguments<Owner> = CommandLineOptions.Arguments<Owner>
typealias UsageError = CommandLineOptions.UsageError
