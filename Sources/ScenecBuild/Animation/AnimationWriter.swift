import Glibc
import SceneCodecs
import SceneLayout
import SceneModel
import SceneRender
import ScenecKit
import SceneFiles

/// `frames SCENE -o anim.gif|anim.apng|anim.webp|anim.mp4|anim.webm` and `build --animated
/// webp` (…): the frames as one animated file. Frames are drawn on `jobs` threads and handed to
/// the encoder in frame order; the file is written atomically once complete, so a failure
/// leaves nothing behind and a previous file as it was.
package enum AnimationWriter {
    /// Writes the animated file `output`; `warn` hears what the user should know about the
    /// file's format; ffmpeg is looked for outside the project `root`.
    package static func write(_ output: String, format: AnimationFormat, frames: ClosedRange<Int>, jobs: Int,
                              views: @escaping @Sendable (Int) -> [PlacedView], renderer: Renderer, loops: Bool,
                              timing: FrameTiming, progress: Progress, root: ProjectRoot, warn: (String) -> Void) throws {
        let bytes = try encode(format, for: output, beside: try Files.file(output), frames: frames, jobs: jobs, views: views, renderer: renderer,
                               loops: loops, timing: timing, progress: progress, root: root, warn: warn)
        try Files.write(bytes, to: output)
    }

    /// The whole animated file for `output` (named in messages; ffmpeg's temporary file goes
    /// beside it, in the folder `beside` opens), with what the user should know about it handed
    /// to `warn`.
    package static func encode(_ format: AnimationFormat, for output: String, beside: @autoclosure () throws -> FileBeneath,
                       frames: ClosedRange<Int>, jobs: Int,
                       views: @escaping @Sendable (Int) -> [PlacedView], renderer: Renderer, loops: Bool,
                       timing: FrameTiming, progress: Progress, root: ProjectRoot, warn: (String) -> Void) throws -> [UInt8] {
        let image: ImageAnimation
        switch format {
        case .gif: image = .gif
        case .apng: image = .apng
        case .webp: image = .webp
        case .mp4, .webm:
            return try encodeVideo(format, for: output, beside: try beside(), frames: frames, jobs: jobs, views: views, renderer: renderer,
                                   timing: timing, progress: progress, root: root)
        }
        return try encode(image, named: output, frames: frames, jobs: jobs, views: views, renderer: renderer, loops: loops,
                          timing: timing, progress: progress, warn: warn)
    }

    /// The animated image formats, which scenec encodes itself (no ffmpeg, no file beside).
    package enum ImageAnimation: Sendable {
        case gif, apng, webp
    }

    /// The whole animated image, in memory: `name` only in what `warn` hears (the preview's
    /// export, which has no output path, calls this).
    package static func encode(_ format: ImageAnimation, named name: String, frames: ClosedRange<Int>, jobs: Int,
                               views: @escaping @Sendable (Int) -> [PlacedView], renderer: Renderer, loops: Bool,
                               timing: FrameTiming, progress: Progress, warn: (String) -> Void) throws -> [UInt8] {
        let (width, height) = renderer.pixelSize
        let plays = loops ? 0 : 1
        func encode(_ encoder: AnimationEncoder) throws -> [UInt8] {
            try render(frames, jobs: jobs, views: views, renderer: renderer, progress: progress) { try encoder.add($0) }
            return try encoder.finish()
        }
        switch format {
        case .gif:
            if timing.fps > 50 {
                warn("GIF counts time in hundredths of a second and viewers hold a frame for at least 2 of them, so at \(formatNumber(timing.fps)) fps '\(name)' plays slower than its timeline; give --fps 50 or less, or write .apng or .webp")
            }
            // Two passes: the palette needs every frame's colours before the first frame is written.
            let counter = GIFColorCounter()
            try render(frames, jobs: jobs, views: views, renderer: renderer, progress: progress) { counter.add($0) }
            return try encode(try GIFEncoder(width: width, height: height, palette: counter.palette(), loops: loops, timing: timing))
        case .apng:
            // Every pixel is opaque exactly when the canvas's background is: views draw over it.
            let opaque = renderer.canvas.background.clamped.alpha >= 1
            return try encode(try APNGEncoder(width: width, height: height, frameCount: frames.count, plays: plays, opaque: opaque,
                                              timing: timing, compression: renderer.pngCompression))
        case .webp:
            return try encode(try WebPAnimationEncoder(width: width, height: height, plays: plays, timing: timing))
        }
    }

    /// What a missing `ffmpeg` says after `context`, naming the Debian package.
    package static func ffmpegMissing(_ context: String, root: ProjectRoot) -> FFmpegPipe.Failure {
        FFmpegPipe.Failure(message: "\(context): ffmpeg is not installed (Debian package: ffmpeg)\(FFmpegPipe.lookup(outside: root).note)")
    }

    /// MP4 and WebM through ffmpeg, which writes a temporary file beside the output that is read
    /// back and removed, whether ffmpeg succeeds or not. Video has no alpha: translucent pixels
    /// are composited over black (give the canvas a background to choose).
    package static func encodeVideo(_ format: AnimationFormat, for output: String, beside: FileBeneath, frames: ClosedRange<Int>, jobs: Int,
                            views: @escaping @Sendable (Int) -> [PlacedView], renderer: Renderer, timing: FrameTiming,
                            progress: Progress, root: ProjectRoot) throws -> [UInt8] {
        guard let ffmpeg = FFmpegPipe.locate(outside: root) else { throw ffmpegMissing("cannot write '\(output)'", root: root) }
        let temporary = try Files.converting { () throws(DestinationFailure) in try beside.temporaryForProgram() }
        defer { temporary.discard() }
        let (width, height) = renderer.pixelSize
        do {
            let pipe = try FFmpegPipe(executable: ffmpeg,
                                      arguments: FFmpegPipe.arguments(format, width: width, height: height, timing: timing,
                                                                      output: temporary.programPath))
            do {
                try render(frames, jobs: jobs, views: views, renderer: renderer, progress: progress) {
                    try pipe.write($0.overBlackBGRX)
                }
                try pipe.finish()
            } catch {
                pipe.stop()
                throw error
            }
            return try Files.converting { () throws(DestinationFailure) in try temporary.bytes() }
        } catch let failure as FFmpegPipe.Failure {
            throw FFmpegPipe.Failure(message: "cannot write '\(output)': \(failure.message)")
        }
    }

    /// Draws the frames on `jobs` threads and hands each picture to `deliver` in frame order.
    package static func render(_ frames: ClosedRange<Int>, jobs: Int, views: @escaping @Sendable (Int) -> [PlacedView],
                       renderer: Renderer, progress: Progress, deliver: @escaping (RasterImage) throws -> Void) throws {
        let runs = FrameRuns(frames, deadline: renderer.environment.deadline, sample: views)
        let inOrder = InOrder<RasterImage>(first: frames.lowerBound)
        let handOver = Delivery(deliver: deliver)
        Parallel.threads(Swift.min(jobs, frames.count)) {
            while let run = runs.next() {
                do {
                    let image = try renderer.image(run.views)
                    for frame in run.frames {
                        try runs.check(frame)
                        try inOrder.done(frame, image) { _, ready in
                            try handOver.deliver(ready)
                            progress.frameDone()
                        }
                    }
                } catch {
                    runs.fail(error, in: run)
                }
            }
        }
        _ = inOrder.leftBehind()
        if let error = runs.error { throw error }
    }
}

/// `render`'s `deliver`, which the worker threads share though it is not `@Sendable` (it writes
/// to the caller's encoder). `@unchecked`: it is called only inside `InOrder.done`'s release,
/// which runs under InOrder's lock, so by one thread at a time and in frame order; and `render`
/// returns only after every worker has (`Parallel.threads` waits), so no call outlives it.
private struct Delivery: @unchecked Sendable {
    package let deliver: (RasterImage) throws -> Void
}
