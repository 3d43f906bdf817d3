import CommandLineOptions
import Glibc
import SceneCodecs
import SceneRender
import ScenecBuild
import ScenecOptions

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

        let kind: FramesPlan.Output = animation.map { .animation(output, $0) }
            ?? pattern.map { .frames($0, format) } ?? .flipbook(output)
        var plan = FramesPlan(scenePath: scenePath, output: kind, outputPath: output, scene: limits.settings)
        plan.range = try args[FramesOptions.range]
        plan.fps = fpsOverride
        plan.jobs = jobs
        plan.pngCompression = compression
        plan.quiet = args[FramesOptions.quiet]
        plan.depfile = try args[FramesOptions.depfile]
        return try plan.run(sink: EventConsole(reporter: limits.reporter).show, finishing: limits.reporter.finish)
    }
}
