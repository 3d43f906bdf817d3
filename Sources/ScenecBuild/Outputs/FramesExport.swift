import SceneCodecs
import SceneFiles
import SceneLayout
import SceneModel
import SceneRender
import ScenePreview
import ScenecKit

/// The preview's frame-file export (`/api/export?format=gif…`): the file `scenec frames SCENE
/// -o NAME.gif|.webp|.apng|.pdf` writes for the whole timeline at its own fps, made by the same
/// code (AnimationWriter.encode, FramesPlan.flipbook), handed to the server, which cannot depend
/// on this module.
extension FramesPlan {
    /// Drawn on `jobs` threads; ffmpeg (never used: the preview offers no video) would be looked
    /// for outside `root`.
    package static func frameFiles(jobs: Int, root: ProjectRoot) -> FrameFiles {
        FrameFiles { kind, animated, renderer in
            let timeline = animated.scene.timeline ?? Timeline()
            let fps = timeline.fps
            let range = try FrameRange(nil, count: timeline.frameCount(fps: fps))
            let progress = Progress(total: range.count, quiet: true)
            let views: @Sendable (Int) -> [PlacedView] = { animated.views(at: Double($0) / fps) }
            let format: AnimationFormat
            switch kind {
            case .flipbook: return try flipbook(range, renderer: renderer, views: views, progress: progress)
            case .gif: format = .gif
            case .webp: format = .webp
            case .apng: format = .apng
            }
            let name = "export.\(format.rawValue)"
            return try AnimationWriter.encode(format, for: name, beside: try Files.file(name), frames: range.first...range.last,
                                              jobs: jobs, views: views, renderer: renderer, loops: timeline.loop,
                                              timing: FrameTiming(fps: fps), progress: progress, root: root) { _ in }
        }
    }
}
