import SceneCodecs
import SceneFiles
import SceneLayout
import SceneModel
import SceneRender
import ScenecKit

/// `scenec frames`: one scene's timeline as numbered frames, a flipbook PDF or one animated
/// file, decided once from the command line.
package struct FramesPlan: Sendable {
    package enum Output: Sendable {
        /// `-o 'out/frame-%04d.png'`: a file per frame in this format.
        case frames(FramePattern, OutputFormat)
        /// `-o flipbook.pdf`: one PDF with a page per frame.
        case flipbook(String)
        /// `-o anim.gif` …: one animated file.
        case animation(String, AnimationFormat)
    }

    package var scenePath: String
    package var output: Output
    /// The `-o` as given, for the depfile and messages.
    package var outputPath: String
    package var scene: SceneSettings
    /// `--range A-B|A-|N`, read once the timeline's length is known.
    package var range: String?
    /// `--fps`: sample at this rate instead of the timeline's.
    package var fps: Double?
    package var jobs = 1
    package var pngCompression: PNGCompression = .default
    /// `--quiet`: no progress line.
    package var quiet = false
    package var depfile: String?

    package init(scenePath: String, output: Output, outputPath: String, scene: SceneSettings) {
        self.scenePath = scenePath
        self.output = output
        self.outputPath = outputPath
        self.scene = scene
    }
}

/// Draws and writes what a FramesPlan asks for, telling `sink` what happens.
extension FramesPlan {
    /// Runs the plan; `finish` writes what the diagnostics reporter collected (JSON, files),
    /// called once the scene's diagnostics are all told (its failure counts unless the output
    /// already failed).
    package func run(sink: BuildSink, finishing finish: () throws -> Void) throws -> ExitStatus {
        let plan = self
        let deadline = plan.scene.deadline()
        let compiled: SceneFile
        switch plan.scene.load(plan.scenePath, sink: sink) {
        case .success(let s): compiled = s
        case .failure(let failure):
            try finish()
            return failure.status
        }
        // Whatever happens next, what the check reported is written (JSON, files) before the end.
        var finished = false
        defer { if !finished { try? finish() } }
        let scene = compiled.animated.scene, animated = compiled.animated
        let timeline = scene.timeline ?? Timeline()
        let fps = plan.fps ?? timeline.fps
        let range = try FrameRange(plan.range, count: timeline.frameCount(fps: fps))
        var environment = Environment.render
        environment.deadline = deadline
        let renderer = compiled.renderer(.init(environment: environment, sourceDateEpoch: Environment.sourceDateEpoch,
                                               pngCompression: plan.pngCompression))
        // A GIF draws its frames twice: once for the palette, once to encode them.
        var isGIF = false
        if case .animation(_, .gif) = plan.output { isGIF = true }
        let progress = Progress(total: range.count * (isGIF ? 2 : 1), quiet: plan.quiet)
        @Sendable func views(_ frame: Int) -> [PlacedView] { animated.views(at: Double(frame) / fps) }
        let scenePath = plan.scenePath

        do {
            switch plan.output {
            case .animation(let output, let format):
                if Files.sameFile(scenePath, output) {
                    throw PlanError("the output '\(output)' is the scene file itself; refusing to overwrite it")
                }
                try AnimationWriter.write(output, format: format, frames: range.first...range.last, jobs: plan.jobs,
                                          views: views, renderer: renderer, loops: timeline.loop,
                                          timing: FrameTiming(fps: fps), progress: progress, root: plan.scene.scope.root) {
                    sink(.warning($0))
                }
            case .frames(let pattern, let format):
                try Self.writeFrames(range.first...range.last, jobs: plan.jobs, views: views, renderer: renderer, format: format,
                                     progress: progress) { frame in
                    let path = pattern.path(for: frame)
                    if Files.sameFile(scenePath, path) {
                        throw FileError("refusing to overwrite the scene '\(scenePath)' with frame \(frame)")
                    }
                    return path
                }
            case .flipbook(let output):
                if Files.sameFile(scenePath, output) {
                    throw PlanError("the output '\(output)' is the scene file itself; refusing to overwrite it")
                }
                try Files.write(try Self.flipbook(range, renderer: renderer, views: views, progress: progress), to: output)
            }
            if let depfile = plan.depfile {
                let unnamed = try Depfile.write(depfile, outputs: [plan.outputPath], scene: scenePath,
                                                inputs: scene.fonts.map(\.path) + scene.importedFiles)
                for path in unnamed { sink(.warning(Depfile.warning(unnamed: path, depfile: depfile))) }
            }
        } catch let error as FileError {
            sink(.error(error.message))
            return .io
        } catch let error as FFmpegPipe.Failure {
            sink(.error(error.message))
            return .sceneError
        } catch let error as RenderError {
            sink(.error("cannot render '\(scenePath)': \(error)"))
            return .sceneError
        } catch let error as CodecError {
            sink(.error("cannot render '\(scenePath)': \(error)"))
            return .sceneError
        } catch let timeout as SceneTimeout {
            sink(.diagnostics([timeout.diagnostic(in: scene)], compiled.source))
            return .sceneError
        }
        finished = true
        try finish()
        return .success
    }

    /// The flipbook PDF of `range`, a page per frame; the deadline is the renderer's.
    static func flipbook(_ range: FrameRange, renderer: Renderer, views: @Sendable (Int) -> [PlacedView],
                         progress: Progress) throws -> [UInt8] {
        var current = range.first
        do {
            return try renderer.pdfBytes(pageCount: range.count) { page in
                current = range.first + page
                try renderer.environment.deadline?.check(reached: .init(frame: (current, range.last + 1)))
                defer { progress.frameDone() }
                return views(current)
            }
        } catch let timeout as SceneTimeout {
            throw timeout.inFrame(current, of: range.last + 1)
        }
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
