import SceneReview
import SceneSyntax

/// What a build tells its caller as it goes, in the order it happens: the caller decides how it
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
    /// Something ignored that the user should know of (an untrusted manifest entry).
    case warning(String)
    /// A property of an output's file format, not of a line of the scene (so not `--werror`'s).
    case formatWarning(String)
    /// An output no longer current, under the build folder: listed, or removed by `--prune`.
    case stale(output: String, reason: String, removed: Bool)
    /// The build is done: the summary line (reports written, manifest saved).
    case summary(String)
    /// `--emit-ninja`: the file written, with its edges and scenes.
    case ninjaWritten(path: String, edges: Int, scenes: Int)
    /// `--baseline`: an output that could not be compared, or a report that could not be
    /// written.
    case reviewError(String)
    /// `--baseline`: an output that is not the same (`folder/path`, and by how much).
    case reviewed(ReviewedOutput.Verdict, path: String, how: String)
    /// `--baseline`: the counts and where the report is.
    case reviewDone(baseline: String, counts: String, report: String)
}

/// Where a build's events go; called from the build's threads.
package typealias BuildSink = @Sendable (BuildEvent) -> Void
