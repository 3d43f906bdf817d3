@preconcurrency import Glibc

/// "frame k of n, F frames/s, S s left" on standard error, redrawn in place, only when standard
/// error is a terminal (CI logs stay clean) and not more than ten times a second.
final class Progress: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    private let start: Double
    private var lastDraw = 0.0
    private var done = 0
    private var lock = pthread_mutex_t()

    init(total: Int, quiet: Bool) {
        self.total = total
        enabled = !quiet && total > 1 && isatty(STDERR_FILENO) == 1
        start = Progress.now()
        pthread_mutex_init(&lock, nil)
    }

    deinit {
        pthread_mutex_destroy(&lock)
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    func frameDone() {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        done += 1
        guard enabled else { return }
        let t = Progress.now()
        guard t - lastDraw >= 0.1 || done == total else { return }
        lastDraw = t
        let elapsed = Swift.max(t - start, 1e-6)
        let rate = Double(done) / elapsed
        let left = rate > 0 ? Double(total - done) / rate : 0
        let line = "frame \(done) of \(total), \(Int(rate.rounded())) frames/s, \(Int(left.rounded(.up))) s left"
        fputs("\r\u{1B}[K" + line + (done == total ? "\n" : ""), stderr)
    }
}
