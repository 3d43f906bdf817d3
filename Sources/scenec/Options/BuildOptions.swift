import ScenecBuild
import CommandLineOptions
import SceneRender
import ScenecOptions

/// `scenec build`'s options.
enum BuildOptions: MaySkipSets, WritesPNG, Watches {
    static let output = Option<String?, BuildOptions>.text(
        "--output", aliases: ["-o"], value: "OUT_DIR", help: "where outputs go", path: true)
    static let formats = Option<[OutputFormat], BuildOptions>.list(
        "--formats", value: "LIST", help: "comma-separated: png, pdf, svg", default: [.png])
    static let animated = Option<BuildPlan.Animated, BuildOptions>.choice(
        "--animated", value: "MODE",
        help: "scenes with a timeline: still (at canvas.poster, default t = 0), frames (OUT/NAME.frames/0000.FORMAT…), flipbook "
            + "(OUT/NAME.flipbook.pdf), or one animated file OUT/NAME.EXT as scenec frames writes it: webp, apng, gif, "
            + "mp4 or webm (mp4 and webm need ffmpeg); besides the stills",
        default: .still)
    static let jobs = Option<Int?, BuildOptions>.count(
        "--jobs", help: "scenes built at once", default: "the number of cores")
    static let keepGoing = Flag<BuildOptions>(
        "--keep-going", help: "build every good scene even when some fail (exit 1 if any did)")
    static let shard = Option<Shard?, BuildOptions>.parsed(
        "--shard", value: "K/N", help: "build only the K-th of N stable parts (by path hash), for CI matrices") {
            try Shard($0)
        }
    static let scenesFrom = Option<String?, BuildOptions>.text(
        "--scenes-from", value: "FILE",
        help: "also build the scene files and folders FILE lists, one a line, each taken as if given on the command line", path: true)
    static let prune = Flag<BuildOptions>(
        "--prune", help: "delete stale outputs: of removed or failing scenes, of formats no longer asked for")
    static let werror = Flag<BuildOptions>("--werror", help: "treat warnings as errors: the scene fails (exit 1)")
    static let allowEmpty = Flag<BuildOptions>("--allow-empty", help: "finding no scene is not an error")
    static let report = Option<String?, BuildOptions>.text(
        "--report", value: "FILE.json",
        help: "write what happened to each scene (status, outputs with sizes and hashes, diagnostics, time)", path: true)
    static let junit = Option<String?, BuildOptions>.text(
        "--junit", value: "FILE.xml", help: "the same as JUnit XML, a testcase per scene, for CI test views", path: true)
    static let preview = Flag<BuildOptions>(
        "--preview",
        help: "also write OUT/NAME.preview.html per scene: the preview as one self-contained HTML file (see scenec preview --static)")
    static let emitNinja = Option<String?, BuildOptions>.text(
        "--emit-ninja", value: "FILE", help: "write a Ninja file for the same build instead of building", path: true)
    static let noManifest = Flag<BuildOptions>(
        "--no-manifest",
        help: "write no manifest or lock in the output folder, only the outputs (every scene is built): for a build system "
            + "that tracks the outputs itself, such as Bazel")
    static let emitBazel = Option<String?, BuildOptions>.text(
        "--emit-bazel", value: "WORKSPACE_DIR",
        help: "instead of building: write a BUILD.bazel in each folder of scenes, a scene_render target per scene listing "
            + "the files it imports and its fonts (see docs/bazel.md); --formats, --scale, --appearance and --animated go into the targets",
        path: true)
    static let scale = Option<Double?, BuildOptions>(OutputOptions.scale.withHelp("pixels per point for PNG"))
    static let depfile = Option<String?, BuildOptions>(OutputOptions.depfile)
    static let time = Option<String?, BuildOptions>(OutputOptions.time.withHelp(
        "the moment the stills, image sets and drawables of scenes with a timeline show: seconds, 1.5s, 250ms or 12f; "
            + "default each scene's canvas.poster, else 0; past a scene's timeline an error (scenes without a timeline ignore it)"))

    static let all = declarations(output, formats, animated, jobs, keepGoing, shard, scenesFrom, prune, werror, allowEmpty, report, junit,
                                  preview, emitNinja, emitBazel, OutputOptions.watch, scale, time, depfile, noManifest)
        + BuildDestinationOptions.all + PNGOptions.all + BaselineOptions.all + RemoteCacheOptions.all + PublishManifestOption.all + SceneOptionGroups.all
        + declarations(StandardOptions.help)
}
