import SceneLayout
import SceneModel
import ScenecKit
import SceneRender
import SceneSupport

/// Hands out a frame range as runs of consecutive frames that draw the same picture, so a held
/// pose (the last second of an animation) or a scene with nothing animated is drawn and encoded
/// once per run, and its bytes are written for every frame of the run. Frames are sampled here,
/// in frame order under the lock (sampling is cheap next to drawing and encoding), so the runs
/// are the same whatever `--jobs` is; and a run's bytes are those its first frame encodes to,
/// the same as any of its frames would, so reuse never changes a file.
package final class FrameRuns: Sendable {
    package struct Run: Sendable {
        package var frames: ClosedRange<Int>
        package var views: [PlacedView]
    }

    private struct State {
        package var next: Int
        /// The views of frame `next`, sampled while finding where the previous run ended.
        package var lookahead: [PlacedView]?
        package var error: Error?
    }

    private let last: Int
    private let sample: @Sendable (Int) -> [PlacedView]
    private let state: Locked<State>
    /// `--scene-timeout`: read before each frame is sampled or written.
    package let deadline: SceneDeadline?

    package init(_ frames: ClosedRange<Int>, deadline: SceneDeadline? = nil, sample: @escaping @Sendable (Int) -> [PlacedView]) {
        last = frames.upperBound
        self.sample = sample
        self.deadline = deadline
        state = Locked(State(next: frames.lowerBound))
    }

    /// Throws the timeout, naming `frame`, once the deadline has passed.
    package func check(_ frame: Int) throws(SceneTimeout) {
        try deadline?.check(reached: .init(frame: (frame, last + 1)))
    }

    /// The first error a worker reported; no run is handed out after it.
    package var error: Error? { state.withLock { $0.error } }

    package func next() -> Run? {
        state.withLock { s in
            guard s.error == nil, s.next <= last else { return nil }
            let first = s.next
            do { try check(first) } catch {
                s.error = error
                return nil
            }
            let views = s.lookahead ?? sample(first)
            s.lookahead = nil
            var end = first
            // A run of a million held frames is sampled here: each is a frame of the budget.
            while end < last, !(deadline?.hasPassed ?? false) {
                let following = sample(end + 1)
                guard following.drawSame(as: views) else {
                    s.lookahead = following
                    break
                }
                end += 1
            }
            s.next = end + 1
            return Run(frames: first...end, views: views)
        }
    }

    /// Records the first error; a timeout while drawing `run` is told which frame it was in.
    package func fail(_ e: Error, in run: Run? = nil) {
        var error = e
        if let timeout = e as? SceneTimeout, let run { error = timeout.inFrame(run.frames.lowerBound, of: last + 1) }
        state.withLock { s in
            if s.error == nil { s.error = error }
        }
    }
}
