import ScenecKit

/// Puts staged frames in place in frame order, whichever thread finished them: files appear as
/// the sequence's prefix grows, so a reader (or an interrupted run) never sees frame k without
/// the frames before it. Frames wait as temporary files on disk, not in memory.
final class InOrderCommit: @unchecked Sendable {
    private struct State {
        var next: Int
        var waiting: [Int: StagedFile] = [:]
    }

    private let state: Locked<State>

    init(first: Int) {
        state = Locked(State(next: first))
    }

    /// Frame `frame` is staged; commits it and every waiting frame after it that is now next.
    /// `committed` is called with each frame put in place.
    func staged(_ frame: Int, _ file: StagedFile, committed: (Int) -> Void) throws {
        try state.withLock { s in
            s.waiting[frame] = file
            while let ready = s.waiting.removeValue(forKey: s.next) {
                do {
                    try Files.commit(ready)
                } catch {
                    s.next = Int.max  // nothing after a failed frame goes in place
                    throw error
                }
                committed(s.next)
                s.next += 1
            }
        }
    }

    /// After a failure: removes the frames staged behind the gap, which will never be next.
    func discardWaiting() {
        state.withLock { s in
            for file in s.waiting.values { Files.discard(file) }
            s.waiting = [:]
        }
    }
}
