// @preconcurrency: C stdio's `stdout`/`stderr` are mutable globals to Swift 6; this file only
// passes them to stdio calls, which lock the stream themselves.
@preconcurrency import Glibc
import ScenecKit
import SceneSupport

/// "frame k of n, F frames/s, S s left" on standard error, redrawn in place, only when standard
/// error is a terminal (CI logs stay clean) and not more than ten times a second.
package final class Progress: Sendable {
    private let total: Int
    private let enabled: Bool
    private let start: Double
    /// Frames done, and when the line was last drawn.
    private let counts = Locked((done: 0, lastDraw: 0.0))

    package init(total: Int, quiet: Bool) {
        self.total = total
        enabled = !quiet && total > 1 && isatty(STDERR_FILENO) == 1
        start = Progress.now()
    }

    package static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    package func frameDone() {
        counts.withLock { counts in
            counts.done += 1
            guard enabled else { return }
            let t = Progress.now()
            guard t - counts.lastDraw >= 0.1 || counts.done == total else { return }
            counts.lastDraw = t
            draw(done: counts.done, at: t)
        }
    }

    private func draw(done: Int, at t: Double) {
        let elapsed = Swift.max(t - start, 1e-6)
        let rate = Double(done) / elapsed
        let left = rate > 0 ? Double(total - done) / rate : 0
        let line = "frame \(done) of \(total), \(Int(rate.rounded())) frames/s, \(Int(left.rounded(.up))) s left"
        fputs("\r\u{1B}[K" + line + (done == total ? "\n" : ""), stderr)
    }
}
