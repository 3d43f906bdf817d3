import SceneLayout
import ScenecKit
import SceneRender

/// Hands out a frame range as runs of consecutive frames that draw the same picture, so a held
/// pose (the last second of an animation) or a scene with nothing animated is drawn and encoded
/// once per run, and its bytes are written for every frame of the run. Frames are sampled here,
/// in frame order under the lock (sampling is cheap next to drawing and encoding), so the runs
/// are the same whatever `--jobs` is; and a run's bytes are those its first frame encodes to,
/// the same as any of its frames would, so reuse never changes a file.
final class FrameRuns: @unchecked Sendable {
    struct Run: Sendable {
        var frames: ClosedRange<Int>
        var views: [PlacedView]
    }

    private struct State {
        var next: Int
        /// The views of frame `next`, sampled while finding where the previous run ended.
        var lookahead: [PlacedView]?
        var error: Error?
    }

    private let last: Int
    private let sample: @Sendable (Int) -> [PlacedView]
    private let state: Locked<State>

    init(_ frames: ClosedRange<Int>, sample: @escaping @Sendable (Int) -> [PlacedView]) {
        last = frames.upperBound
        self.sample = sample
        state = Locked(State(next: frames.lowerBound))
    }

    /// The first error a worker reported; no run is handed out after it.
    var error: Error? { state.withLock { $0.error } }

    func next() -> Run? {
        state.withLock { s in
            guard s.error == nil, s.next <= last else { return nil }
            let first = s.next
            let views = s.lookahead ?? sample(first)
            s.lookahead = nil
            var end = first
            while end < last {
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

    func fail(_ e: Error) {
        state.withLock { s in
            if s.error == nil { s.error = e }
        }
    }
}
