import SceneFiles
import ScenecKit

/// The programs scenec runs (ffmpeg, rsvg-convert, pdftoppm), found by ProgramLookup outside
/// the run's project root (`--root`, else the working directory's), which each caller passes
/// from its read scope: there is no process-wide root to forget to set.
enum Programs {
    package static func find(_ name: String, outside root: ProjectRoot) -> ProgramLookup.Found {
        ProgramLookup.find(name, outside: root)
    }
}
