import Glibc
import Dispatch
import ScenecKit
import SceneSupport
import SceneWatch

/// `--watch` on render, frames and build: run once, then again each time a watched file is
/// saved (the same inotify watcher as the preview, so editors that save by renaming a temporary
/// file are seen), one line per run on standard error. A run that fails leaves the last good
/// output where it was (every write is atomic and nothing is written for a scene with errors).
/// Ctrl-C or SIGTERM ends the loop with exit 0.
package enum WatchLoop {
    /// The files (and folders, for new scenes) a run depends on, found again before each run.
    package struct Inputs {
        package var paths: [String]
        package var folders: [String] = []

        package init(paths: [String], folders: [String] = []) {
            self.paths = paths
            self.folders = folders
        }
    }

    /// Runs `once` now and after each save until Ctrl-C; `once` is told whether it is the first
    /// run (whose command-line mistakes end the command) and maps what it throws otherwise to
    /// an exit status. Each line for the console goes to `say`.
    package static func run(_ command: String, inputs: () throws -> Inputs, once: (_ first: Bool) throws -> ExitStatus,
                            say: (String) -> Void) throws -> ExitStatus {
        let wake = DispatchSemaphore(value: 0)
        let stopped = Locked(false)
        Interrupts.onInterrupt {
            stopped.withLock { $0 = true }
            wake.signal()
        }
        var watched = try inputs()
        var watcher = try start(watched, wake)
        defer { watcher.stop() }
        say("scenec \(command): watching \(describe(watched)); Ctrl-C stops")
        // The command line is checked by the first run: a mistake there ends the command (exit 2).
        var first = true
        while true {
            let started = Progress.now()
            let status = try once(first)
            say(report(command, run: (status, Progress.now() - started)))
            first = false
            wake.wait()
            // A save is several events; a burst during the run is one more run, not many.
            while wake.wait(timeout: .now()) == .success {}
            if stopped.withLock({ $0 }) { return .success }
            if let now = try? inputs(), now.paths != watched.paths || now.folders != watched.folders,
               let restarted = try? start(now, wake) {
                watcher.stop()
                watcher = restarted
                watched = now
            }
        }
    }

    private static func start(_ inputs: Inputs, _ wake: DispatchSemaphore) throws -> FileWatcher {
        do {
            return try FileWatcher(paths: inputs.paths, folders: inputs.folders, matching: { $0.hasSuffix(".scene.yaml") },
                                   debounce: 0.05) { _ in wake.signal() }
        } catch let failure as FileWatcher.Failure {
            throw FileError(failure.description)
        }
    }

    private static func report(_ command: String, run: (ExitStatus, Double)) -> String {
        var now = time(nil)
        var local = tm()
        localtime_r(&now, &local)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let clock = "\(two(local.tm_hour)):\(two(local.tm_min)):\(two(local.tm_sec))"
        let ms = Int((run.1 * 1000).rounded())
        let outcome = run.0 == .success ? "done in \(ms) ms"
            : "failed (exit \(run.0.rawValue)) in \(ms) ms; the last good output is kept"
        return "scenec \(command): [\(clock)] \(outcome); waiting for a change"
    }

    private static func describe(_ inputs: Inputs) -> String {
        let names = inputs.paths.count == 1 ? "'\(inputs.paths[0])'" : "\(inputs.paths.count) files"
        return inputs.folders.isEmpty ? names : "\(names) and new scenes in \(inputs.folders.count) folder\(inputs.folders.count == 1 ? "" : "s")"
    }
}
