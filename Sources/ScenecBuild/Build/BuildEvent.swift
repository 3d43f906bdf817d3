import SceneReview
import SceneSyntax

/// What a build (or `frames`, `render`, `export`) tells its caller as it goes, in the order it happens: the caller decides how it
/// looks (the command line prints each as the line it has always printed; a test collects them).
/// Scenes' diagnostics arrive in path order; a format warning arrives from the thread that
/// drew the file, so a sink must be safe to call from any thread.
package enum BuildEvent: Sendable {
    /// A scene's diagnostics (or those of the inputs as a whole), for the diagnostics reporter.
    case diagnostics([Diagnostic], SourceFile)
    /// A problem with a file rather than inside one (unreadable, unwritable), with its path.
    case fileError(String, path: String)
    /// Another build holds the folder; this one waits (the message names it).
    case waiting(String)
    /// An untrusted manifest entry that was ignored (naming it and its file).
    case ignoredEntry(String)
    /// What the user should know of an output that is not a line of the scene (so not
    /// `--werror`'s): a property of its file format, an input a depfile cannot name.
    case warning(String)
    /// An output no longer current, under the build folder: listed, or removed by `--prune`.
    case stale(output: String, reason: String, removed: Bool)
    /// The build is done: the summary line (reports written, manifest saved).
    case summary(String)
    /// `--emit-ninja`: the file written, with its edges and scenes.
    case ninjaWritten(path: String, edges: Int, scenes: Int)
    /// `--emit-bazel`: the BUILD.bazel files scenec keeps, for how many scenes; how many of
    /// them were written (their bytes changed) and how many were removed (no scene left).
    case bazelWritten(files: Int, scenes: Int, changed: Int, removed: Int)
    /// A problem outside the diagnostics formats (an output that cannot be written or
    /// compared with the baseline, a picture that cannot be encoded), on the console.
    case error(String)
    /// `--baseline`: an output that is not the same (`folder/path`, and by how much).
    case reviewed(ReviewedOutput.Verdict, path: String, how: String)
    /// `--baseline`: the counts and where the report is.
    case reviewDone(baseline: String, counts: String, report: String)
}

/// Where a build's events go; called from the build's threads.
package typealias BuildSink = @Sendable (BuildEvent) -> Void
