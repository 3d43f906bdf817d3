@preconcurrency import Glibc
import SceneLayout
import SceneModel
import SceneRender
import ScenecKit

/// `frames SCENE -o anim.gif|anim.apng|anim.webp|anim.mp4|anim.webm`: the frames as one animated
/// file. Frames are drawn on `jobs` threads and handed to the encoder in frame order; the file
/// is written atomically once complete, so a failure leaves nothing behind and a previous file
/// as it was.
enum AnimationWriter {
    static func write(_ output: String, format: AnimationFormat, frames: ClosedRange<Int>, jobs: Int,
                      views: @escaping @Sendable (Int) -> [PlacedView], renderer: Renderer, loops: Bool,
                      timing: FrameTiming, progress: Progress) throws {
        let (width, height) = renderer.pixelSize
        let plays = loops ? 0 : 1
        func encode(_ encoder: AnimationEncoder) throws {
            try render(frames, jobs: jobs, views: views, renderer: renderer, progress: progress) { try encoder.add($0) }
            try Files.write(try encoder.finish(), to: output)
        }
        switch format {
        case .gif:
            if timing.fps > 50 {
                Console.error("scenec: warning: GIF counts time in hundredths of a second and viewers hold a frame for at least 2 of them, so at \(formatNumber(timing.fps)) fps '\(output)' plays slower than its timeline; give --fps 50 or less, or write .apng or .webp\n")
            }
            // Two passes: the palette needs every frame's colours before the first frame is written.
            let counter = GIFColorCounter()
            try render(frames, jobs: jobs, views: views, renderer: renderer, progress: progress) { counter.add($0) }
            try encode(try GIFEncoder(width: width, height: height, palette: counter.palette(), loops: loops, timing: timing))
        case .apng:
            // Every pixel is opaque exactly when the canvas's background is: views draw over it.
            let opaque = renderer.canvas.background.clamped.alpha >= 1
            try encode(try APNGEncoder(width: width, height: height, frameCount: frames.count, plays: plays, opaque: opaque,
                                       timing: timing, compression: renderer.pngCompression))
        case .webp:
            try encode(try WebPAnimationEncoder(width: width, height: height, plays: plays, timing: timing))
        case .mp4, .webm:
            try writeVideo(output, format: format, frames: frames, jobs: jobs, views: views, renderer: renderer,
                           timing: timing, progress: progress)
        }
    }

    /// MP4 and WebM through ffmpeg, which writes a temporary file beside the output that is
    /// renamed over it when ffmpeg succeeds and removed when anything fails. Video has no alpha:
    /// translucent pixels are composited over black (give the canvas a background to choose).
    static func writeVideo(_ output: String, format: AnimationFormat, frames: ClosedRange<Int>, jobs: Int,
                           views: @escaping @Sendable (Int) -> [PlacedView], renderer: Renderer, timing: FrameTiming,
                           progress: Progress) throws {
        guard let ffmpeg = FFmpegPipe.locate() else {
            throw FFmpegPipe.Failure(message: "cannot write '\(output)': ffmpeg is not installed (Debian package: ffmpeg)")
        }
        let temporary = try Files.temporaryForProgram(output)
        let (width, height) = renderer.pixelSize
        do {
            let pipe = try FFmpegPipe(executable: ffmpeg,
                                      arguments: FFmpegPipe.arguments(format, width: width, height: height, timing: timing,
                                                                      output: temporary))
            do {
                try render(frames, jobs: jobs, views: views, renderer: renderer, progress: progress) {
                    try pipe.write($0.overBlackBGRX)
                }
                try pipe.finish()
            } catch {
                pipe.stop()
                throw error
            }
            try Files.commit(written: temporary, to: output)
        } catch let failure as FFmpegPipe.Failure {
            Files.discard(temporary: temporary)
            throw FFmpegPipe.Failure(message: "cannot write '\(output)': \(failure.message)")
        } catch {
            Files.discard(temporary: temporary)
            throw error
        }
    }

    /// Draws the frames on `jobs` threads and hands each picture to `deliver` in frame order.
    static func render(_ frames: ClosedRange<Int>, jobs: Int, views: @escaping @Sendable (Int) -> [PlacedView],
                       renderer: Renderer, progress: Progress, deliver: @escaping (RasterImage) throws -> Void) throws {
        let runs = FrameRuns(frames, sample: views)
        let inOrder = InOrder<RasterImage>(first: frames.lowerBound)
        let handOver = UncheckedSendable(deliver)
        Parallel.threads(Swift.min(jobs, frames.count)) {
            while let run = runs.next() {
                do {
                    let image = try renderer.image(run.views)
                    for frame in run.frames {
                        try inOrder.done(frame, image) { _, ready in
                            try handOver.value(ready)
                            progress.frameDone()
                        }
                    }
                } catch {
                    runs.fail(error)
                }
            }
        }
        _ = inOrder.leftBehind()
        if let error = runs.error { throw error }
    }
}

/// A value used only under InOrder's lock, one thread at a time.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
