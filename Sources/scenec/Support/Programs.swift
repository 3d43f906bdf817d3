import SceneFiles
import ScenecKit
import SceneSupport

/// The programs scenec runs (ffmpeg, rsvg-convert, pdftoppm), found by ProgramLookup outside
/// this run's project root: the root `--root` gave, recorded once the command's options are
/// read (SceneOptions), else the working directory's.
enum Programs {
    private static let root = Locked<ProjectRoot?>(nil)

    /// Called where a command's read scope is settled.
    static func use(root projectRoot: ProjectRoot) { root.withLock { $0 = projectRoot } }

    static func find(_ name: String) -> ProgramLookup.Found {
        let projectRoot = root.withLock { $0 } ?? ReadScope.current().root
        return ProgramLookup.find(name, outside: projectRoot)
    }
}
