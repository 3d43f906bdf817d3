import CommandLineOptions
import Glibc
import SceneCodecs
import ScenecKit
import SceneFiles
import Dispatch
import SceneLayout
import SceneModel
import SceneRender

/// `scenec frames SCENE -o 'out/ring-%04d.png'`, `-o flipbook.pdf` or `-o anim.gif` (an animation)
enum FramesCommand: Command {
    static let name = "frames"
    static let summary = "render a scene's timeline as a frame sequence, a flipbook PDF or an animated file"
    static let usage = """
        usage: scenec frames SCENE -o 'out/frame-%04d.png' [options]
               scenec frames SCENE -o flipbook.pdf [options]
               scenec frames SCENE -o anim.gif|anim.apng|anim.webp|anim.mp4|anim.webm [options]

        Renders frame i of the timeline at t = i / fps: round(duration × fps) + 1 frames (both
        ends), or one fewer with loop: true. With a %d (or %04d) pattern each frame is its own
        file, numbered by its absolute frame number; a .pdf output without a pattern is one PDF
        with a page per frame. Frames are drawn and encoded on --jobs threads and put in place
        in frame order; a frame that draws the same as the one before it (a held pose, a scene
        with nothing animated) is a copy of its bytes, not drawn again.

        One .gif, .apng, .webp, .mp4 or .webm is an animation holding every frame, each shown
        for 1/fps s (coarser clocks accumulate the rounding, so the total is exact); loop: true
        plays GIF, APNG and WebP for ever, otherwise once. APNG and WebP are lossless, with
        alpha; GIF has one palette made from every frame (no dithering) and one-bit
        transparency (under half opaque is transparent). MP4 (H.264) and WebM (VP9) are
        yuv420p, written by ffmpeg from PATH (Debian package ffmpeg), translucent pixels over
        black and an odd side padded by a black row or column; ffmpeg's errors are reported.

        """

    static func run(_ args: Arguments<FramesOptions>) throws -> ExitStatus {
        guard args[FramesOptions.watch] else { return try renderFrames(args) }
        guard let scenePath = args.positionals.first, scenePath != "-", try args[FramesOptions.output] != "-" else {
            throw UsageError("--watch needs a scene file and output files, not standard input or output")
        }
        let options = try SceneOptions(args)
        return try WatchLoop.run("frames", inputs: { .init(paths: options.watchedFiles(scenePath)) }) { try renderFrames(args) }
    }

    static func renderFrames(_ args: Arguments<FramesOptions>) throws -> ExitStatus {
        guard args.positionals.count == 1, let scenePath = args.positionals.first else {
            throw UsageError(args.positionals.isEmpty ? "frames needs a scene file" : "frames takes one scene file")
        }
        guard let output = try args[FramesOptions.output] else {
            throw UsageError("frames needs an output: -o 'out/frame-%04d.png', -o flipbook.pdf or -o anim.gif")
        }
        let pattern = try FramePattern(output)
        let explicitFormat = try args[FramesOptions.format]
        if pattern != nil, explicitFormat == nil, let kind = AnimationFormat(path: output) {
            throw UsageError("'\(output)' has a frame number, but a .\(kind.rawValue) is one animated file holding every frame; drop the number (-o anim.\(kind.rawValue)), or write a sequence of .png files")
        }
        // One file ending in .gif, .apng, .webp, .mp4 or .webm is an animation, not a sequence.
        let animation = pattern == nil && explicitFormat == nil ? AnimationFormat(path: output) : nil
        let format = animation != nil ? .png : try RenderCommand.outputFormat(explicitFormat, output: output)
        if pattern == nil, format != .pdf, animation == nil {
            throw UsageError("'\(output)' has no frame number; write a pattern such as 'out/frame-%04d.\(format.rawValue)', a .pdf for a flipbook, or an animation (.gif, .apng, .webp, .mp4, .webm)")
        }
        let jobs = try args[FramesOptions.jobs] ?? Parallel.cores
        var limits = try SceneOptions(args)
        limits.frontend.options.scaleOverride = try args[FramesOptions.scale]
        let fpsOverride = try args[FramesOptions.fps]
        if let fps = fpsOverride, fps > 240 { throw UsageError("--fps must be at most 240, not \(fps)") }
        limits.frontend.options.fpsOverride = fpsOverride
        let compression = try args[FramesOptions.pngCompression]
        let deadline = limits.deadline()

        let compiled: SceneFile
        switch SceneLoader(limits: limits).load(scenePath) {
        case .scene(let s): compiled = s
        case .failed(let status):
            try limits.reporter.finish()
            return status
        }
        // Whatever happens next, what the check reported is written (JSON, files) before the end.
        var finished = false
        defer { if !finished { try? limits.reporter.finish() } }
        let scene = compiled.animated.scene, animated = compiled.animated
        let timeline = scene.timeline ?? Timeline()
        let fps = fpsOverride ?? timeline.fps
        let range = try FrameRange(try args[FramesOptions.range], count: timeline.frameCount(fps: fps))
        var environment = Environment.render
        environment.deadline = deadline
        let renderer = compiled.renderer(.init(environment: environment, sourceDateEpoch: Environment.sourceDateEpoch,
                                               pngCompression: compression))
        // A GIF draws its frames twice: once for the palette, once to encode them.
        let progress = Progress(total: range.count * (animation == .gif ? 2 : 1), quiet: args[FramesOptions.quiet])
        @Sendable func views(_ frame: Int) -> [PlacedView] { animated.views(at: Double(frame) / fps) }

        do {
            if pattern == nil, Files.sameFile(scenePath, output) {
                throw UsageError("the output '\(output)' is the scene file itself; refusing to overwrite it")
            }
            if let animation {
                try AnimationWriter.write(output, format: animation, frames: range.first...range.last, jobs: jobs,
                                          views: views, renderer: renderer, loops: timeline.loop,
                                          timing: FrameTiming(fps: fps), progress: progress)
            } else if let pattern {
                try writeFrames(range.first...range.last, jobs: jobs, views: views, renderer: renderer, format: format,
                                progress: progress) { frame in
                    let path = pattern.path(for: frame)
                    if Files.sameFile(scenePath, path) {
                        throw FileError("refusing to overwrite the scene '\(scenePath)' with frame \(frame)")
                    }
                    return path
                }
            } else {
                var current = range.first
                let bytes: [UInt8]
                do {
                    bytes = try renderer.pdfBytes(pageCount: range.count) { page in
                        current = range.first + page
                        try deadline.check(reached: .init(frame: (current, range.last + 1)))
                        defer { progress.frameDone() }
                        return views(current)
                    }
                } catch let timeout as SceneTimeout {
                    throw timeout.inFrame(current, of: range.last + 1)
                }
                try Files.write(bytes, to: output)
            }
            if let depfile = try args[FramesOptions.depfile] {
                let unnamed = try Depfile.write(depfile, outputs: [output], scene: scenePath,
                                                inputs: scene.fonts.map(\.path) + scene.importedFiles)
                Depfile.warn(unnamed, depfile: depfile)
            }
        } catch let error as FileError {
            Console.fail(error.message)
            return .io
        } catch let error as FFmpegPipe.Failure {
            Console.fail(error.message)
            return .sceneError
        } catch let error as RenderError {
            Console.fail("cannot render '\(scenePath)': \(error)")
            return .sceneError
        } catch let error as CodecError {
            Console.fail("cannot render '\(scenePath)': \(error)")
            return .sceneError
        } catch let timeout as SceneTimeout {
            limits.reporter.report([timeout.diagnostic(in: scene)], in: compiled.source)
            return .sceneError
        }
        finished = true
        try limits.reporter.finish()
        return .success
    }

    /// Draws and encodes runs of frames on `jobs` threads (each with its own pixel buffer and
    /// compressor), stages every frame's file and puts them in place in frame order. Frames are
    /// not forced to disk one by one (an fsync each cost as much as encoding a frame): the file
    /// system is synced once at the end, before success is reported.
    static func writeFrames(_ frames: ClosedRange<Int>, jobs: Int, views: @escaping @Sendable (Int) -> [PlacedView],
                            renderer: Renderer, format: OutputFormat, progress: Progress,
                            path: @escaping @Sendable (Int) throws -> String) throws {
        let runs = FrameRuns(frames, deadline: renderer.environment.deadline, sample: views)
        let commits = InOrder<StagedFile>(first: frames.lowerBound)
        Parallel.threads(Swift.min(jobs, frames.count)) {
            let maker = FrameRenderer(renderer, format: format)
            while let run = runs.next() {
                do {
                    let bytes = try maker.render(run.views)
                    for frame in run.frames {
                        try runs.check(frame)
                        let staged = try Files.stage(bytes, for: try path(frame), sync: false)
                        try commits.done(frame, staged) { _, ready in
                            try Files.commit(ready)
                            progress.frameDone()
                        }
                    }
                } catch {
                    runs.fail(error, in: run)
                }
            }
        }
        for waiting in commits.leftBehind() { waiting.item.discard() }
        if let error = runs.error { throw error }
        let folder = try Files.file(try path(frames.lowerBound)).folder
        try Files.converting { () throws(DestinationFailure) in try folder.syncFileSystem() }
    }
}
