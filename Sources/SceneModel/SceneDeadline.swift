import Glibc
import SceneSyntax

/// When a scene's work must be done (`--scene-timeout`): a moment on the monotonic clock, which
/// neither a change of the wall clock nor a suspended process moves. Drawing reads it before
/// each view and frame sequences before each frame; one `clock_gettime(CLOCK_MONOTONIC)` is a
/// vDSO call, tens of nanoseconds, so the normal path does not notice it.
public struct SceneDeadline: Sendable {
    /// The time allowed, in seconds, for messages.
    public let seconds: Double
    /// The monotonic clock's reading, in nanoseconds, at which it passes.
    let end: UInt64

    /// `seconds` from now.
    public init(seconds: Double) {
        self.seconds = seconds
        let allowed = seconds.isFinite ? Swift.max(0, Swift.min(seconds, 1e9)) : 1e9
        end = Self.now() &+ UInt64(allowed * 1e9)
    }

    public var hasPassed: Bool { Self.now() >= end }

    /// Throws the timeout, saying how far the work got, once the deadline has passed.
    public func check(reached: @autoclosure () -> SceneTimeout.Place) throws(SceneTimeout) {
        if hasPassed { throw SceneTimeout(seconds: seconds, place: reached()) }
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}

/// A scene whose work outlived its `--scene-timeout`: where it had got to, for a located error.
public struct SceneTimeout: Error, Sendable, CustomStringConvertible {
    /// How far the work had got when the time ran out.
    public struct Place: Sendable {
        /// The view about to be drawn or exported ("ring 'download'"), and where it is written.
        public var view: (name: String, range: SourceRange)?
        /// The frame being made, and how many the sequence has.
        public var frame: (number: Int, count: Int)?

        public init(view: (name: String, range: SourceRange)? = nil, frame: (number: Int, count: Int)? = nil) {
            self.view = view
            self.frame = frame
        }
    }

    public var seconds: Double
    public var place: Place

    public init(seconds: Double, place: Place) {
        self.seconds = seconds
        self.place = place
    }

    /// The same timeout, naming the frame it happened in.
    public func inFrame(_ number: Int, of count: Int) -> SceneTimeout {
        var copy = self
        copy.place.frame = copy.place.frame ?? (number, count)
        return copy
    }

    /// "the scene took longer than 60 s (--scene-timeout) and was stopped at frame 12 of 300,
    /// drawing ring 'download'" (or at the frame, or at the view, alone).
    public var description: String {
        let at: String
        switch (place.frame, place.view) {
        case let (frame?, view?): at = " at frame \(frame.number) of \(frame.count), drawing \(view.name)"
        case let (frame?, nil): at = " at frame \(frame.number) of \(frame.count)"
        case let (nil, view?): at = " at \(view.name)"
        case (nil, nil): at = ""
        }
        return "the scene took longer than \(formatNumber(seconds)) s (--scene-timeout) and was stopped\(at)"
    }

    /// Where to point: the view reached, else what the caller knows (the timeline, the file).
    public func diagnostic(otherwise range: SourceRange) -> Diagnostic {
        .error(.sceneTimeout, description, at: place.view?.range ?? range, notes: ["raise the limit with --scene-timeout SECONDS if you mean it"])
    }
}
