import SceneCodecs
import SceneRender

/// Everything one `scenec build` decides before it starts, typed: the command line read once
/// (by the executable) or written by a test. The build reads nothing else from its caller.
package struct BuildPlan: Sendable {
    /// `--animated`: what a scene with a timeline gets besides its stills.
    package enum Animated: String, CaseIterable, Sendable {
        case still, frames, flipbook, webp, apng, gif, mp4, webm

        /// The animated file each scene with a timeline gets, if any.
        package var animation: AnimationFormat? { AnimationFormat(rawValue: rawValue) }
    }

    /// The directories and scene files named (the positionals).
    package var inputs: [String]
    /// Where outputs go, without a trailing `/`.
    package var outDir: String
    package var formats: [OutputFormat] = [.png]
    package var animated: Animated = .still
    package var shard: Shard?
    /// Scenes built at once.
    package var jobs: Int = 1
    /// `--scale`: pixels per point for PNG.
    package var scale: Double?
    /// `--time T` as typed: the moment stills, image sets and drawables of a scene with a
    /// timeline draw instead of its `canvas.poster`; the scenes' check reads it
    /// (`CheckOptions.time`), the keys hash it.
    package var time: String?
    package var pngCompression: PNGCompression = .default
    /// How scenes are read and checked (limits, `--set`, `--appearance`, the project root).
    package var scene: SceneSettings
    /// The `--set` options as typed, in order, for the keys and the preview sheets.
    package var overrides: [String] = []
    /// `--set-where-present`: a `--set` no scene has a target for is not an error.
    package var overridesWherePresent = false
    /// `--werror`: warnings fail their scene.
    package var warningsAreErrors = false
    /// `--keep-going`: build every good scene even when some fail.
    package var keepGoing = false
    /// `--prune`: delete stale outputs instead of listing them.
    package var prune = false
    /// `--allow-empty`: finding no scene is not an error.
    package var allowEmpty = false
    /// `--report FILE.json` and `--junit FILE.xml`.
    package var reportPath: String?
    package var junitPath: String?
    /// `--preview`: a static preview sheet per scene beside its outputs.
    package var preview = false
    /// A folder, an asset catalog or Android resources.
    package var destination = BuildDestination.folder
    /// `--baseline`: the build reviewed against another once done.
    package var review: ReviewOptions?
    /// `--depfile`: after building, a Makefile-style list of the outputs' inputs (the edges of
    /// an `--emit-ninja` file pass it).
    package var depfile: String?
    /// `--remote-cache URL`: outputs looked up there before rendering, stored there after.
    package var remoteCache: RemoteCacheSettings?
    /// `--publish-manifest NAME`: a successful build stores its manifest in the remote cache
    /// under NAME, for reviews against it (PublishedManifest).
    package var publishManifest: String?
    /// False with `--no-manifest`: the folder gets the outputs alone, no manifest or lock (a
    /// build system that tracks outputs itself, such as Bazel, declares the folder as one output).
    package var writesManifest = true
    /// `--emit-ninja`: a Ninja file for the same build instead of building.
    package var ninja: NinjaPlan?
    /// `--emit-bazel WORKSPACE_DIR`: BUILD.bazel files for the scenes instead of building (BazelEmitter).
    package var bazelWorkspace: String?
    /// What made the outputs: this scenec's code and libraries (BuildKeys.renderer), and its
    /// version for the reports.
    package var renderer: String
    package var scenecVersion: String
    /// SOURCE_DATE_EPOCH, which PDF dates are written from.
    package var sourceDateEpoch: Int? = Environment.sourceDateEpoch

    package init(inputs: [String], outDir: String, scene: SceneSettings, renderer: String, scenecVersion: String) {
        self.inputs = inputs
        self.outDir = outDir
        self.scene = scene
        self.renderer = renderer
        self.scenecVersion = scenecVersion
    }

    /// `--emit-ninja FILE`: where the file goes and what each edge's command runs.
    package struct NinjaPlan: Sendable {
        package var path: String
        /// The scenec every edge runs, a word for /bin/sh: `scenec` (on `$PATH`) from the
        /// command line, a path in tests.
        package var scenec: String
        /// `--diagnostics github` when asked for, which each edge passes on; nil when another
        /// format was asked for on standard output (json: each edge would print an array of its
        /// own), which the build refuses.
        package var diagnostics: [String]?
        /// `--root DIR` and `--allow-read DIR…` naming the build's project, so every edge reads
        /// from it wherever Ninja runs it.
        package var project: [String]
        /// The budgets (`--max-…`, `--scene-timeout`) as they were typed, which each edge passes on.
        package var budgets: [String]
        /// A tree of folders with at most this many scenes is built by one edge (NinjaBatches).
        package var smallTree = 1_000
        /// Past this many bytes of names, an edge's scenes go to it in a list rather than on its
        /// command line (NinjaBatches.commandBytes; tests lower it).
        package var commandBytes = NinjaBatches.commandBytes

        package init(path: String, scenec: String, diagnostics: [String]?, project: [String], budgets: [String]) {
            self.path = path
            self.scenec = scenec
            self.diagnostics = diagnostics
            self.project = project
            self.budgets = budgets
        }
    }

    /// The groups of outputs a scene has.
    package func groups(hasTimeline: Bool) -> [OutputGroup] {
        OutputGroup.all(formats: formats, animated: animated, hasTimeline: hasTimeline, preview: preview, destination: destination)
    }
}
