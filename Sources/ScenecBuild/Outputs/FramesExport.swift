import SceneCodecs
import SceneLayout
import SceneModel
import SceneRender
import ScenePreview
import ScenecKit

/// The preview's frame-file export (`/api/export?format=gif…`): the file `scenec frames SCENE
/// -o NAME.gif|.webp|.apng|.pdf` writes for the whole timeline at its own fps, made by the same
/// code (AnimationWriter's image encoders, FramesPlan.flipbook), handed to the server, which
/// cannot depend on this module. Images and the flipbook only: the preview offers no video, so
/// no ffmpeg, no file beside an output, no output path at all.
extension FramesPlan {
    /// Drawn on `jobs` threads.
    package static func frameFiles(jobs: Int) -> FrameFiles {
        FrameFiles { kind, name, animated, renderer, warn in
            let timeline = animated.scene.timeline ?? Timeline()
            let fps = timeline.fps
            let range = try FrameRange(nil, count: timeline.frameCount(fps: fps))
            let progress = Progress(total: range.count, quiet: true)
            let views: @Sendable (Int) -> [PlacedView] = { animated.views(at: Double($0) / fps) }
            let format: AnimationWriter.ImageAnimation
            switch kind {
            case .flipbook: return try flipbook(range, renderer: renderer, views: views, progress: progress)
            case .gif: format = .gif
            case .webp: format = .webp
            case .apng: format = .apng
            }
            return try AnimationWriter.encode(format, named: name, frames: range.first...range.last, jobs: jobs, views: views,
                                              renderer: renderer, loops: timeline.loop, timing: FrameTiming(fps: fps),
                                              progress: progress, warn: warn)
        }
    }
}
