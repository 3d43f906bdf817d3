import SceneLayout
import SceneModel
import SceneRender

extension SceneFile {
    /// The frames of a scene's timeline, `scenec frames`' sequence: frame i is the moment
    /// i / fps, from 0 to the end of the timeline (both ends; one fewer with `loop: true`); one
    /// frame at time 0 for a scene without a timeline. A frame is sampled when it is read and
    /// drawn when it is rendered, so a long sequence is never held whole.
    public struct Frames: RandomAccessCollection, Sendable {
        let scene: SceneFile
        /// Frames per second the timeline is sampled at.
        public let fps: Double
        /// Frame numbers, from 0.
        public let indices: Range<Int>

        /// The first frame's number: 0.
        public var startIndex: Int { indices.lowerBound }
        /// One past the last frame's number: how many frames there are.
        public var endIndex: Int { indices.upperBound }

        /// Frame `index` (0 ≤ index < count).
        public subscript(index: Int) -> Frame {
            precondition(indices.contains(index), "frame \(index) is outside 0..<\(count)")
            let time = Double(index) / fps
            return Frame(index: index, time: time, views: scene.animated.views(at: time), scene: scene)
        }
    }

    /// One frame of a `Frames` sequence, ready to render.
    public struct Frame: Sendable {
        /// The frame's number, from 0 (the `%04d` of `scenec frames`).
        public let index: Int
        /// Its moment on the timeline, in seconds: index / fps.
        public let time: Double
        let views: [PlacedView]
        let scene: SceneFile

        /// The frame's file in `format` (PNG by default): the bytes `scene.render(format, at:
        /// time)` gives. Throws a `SceneError` (`.render`) when Cairo fails.
        public func render(_ format: Format = .png) throws -> [UInt8] {
            do {
                return try scene.renderer(.current).render(views, as: format.output)
            } catch {
                throw SceneError(.render, path: scene.name, message: "cannot render frame \(index) of '\(scene.name)': \(error)")
            }
        }
    }

    /// The timeline's frames at `fps` (default: the timeline's own), with `overrides` and
    /// `scale` as `render` takes them. Throws a `SceneError` for an fps outside 0 < fps ≤ 240,
    /// for overrides as `render` does, and (`.invalidScene`) when the sequence would be longer
    /// than the 100000-frame limit.
    ///
    /// ```swift
    /// for frame in try scene.frames(fps: 10) {
    ///     try frame.render(.png)  // frame.index, frame.time
    /// }
    /// ```
    public func frames(fps: Double? = nil, overrides: [String] = [], scale: Double? = nil) throws -> Frames {
        let scene = try with(overrides: overrides, scale: scale, fps: fps)
        let rate = fps ?? scene.fps
        let count = (scene.animated.scene.timeline ?? Timeline()).frameCount(fps: rate)
        return Frames(scene: scene, fps: rate, indices: 0..<count)
    }
}
