import ScenecBuild
import CommandLineOptions
import SceneRender
import ScenecOptions

/// `scenec frames`'s options.
enum FramesOptions: MaySkipSets, WritesPNG, Watches {
    static let output = Option<String?, FramesOptions>.text(
        "--output", aliases: ["-o"], value: "PATTERN",
        help: "where to write frames (%d or %0Nd for the frame number), or the flipbook or animation", path: true)
    static let format = Option<OutputFormat?, FramesOptions>.choice(
        "--format", value: "png|svg|pdf", help: "the format of each frame, whatever the extension says")
    /// Read by `FrameRange`, which needs the timeline's frame count.
    static let range = Option<String?, FramesOptions>.text(
        "--range", value: "A-B|A-|N", help: "only frames A to B, A to the end, or frame N")
    static let fps = Option<Double?, FramesOptions>.number(
        "--fps", help: "sample at N frames per second (durations written in frames still count at the file's fps)")
    static let jobs = Option<Int?, FramesOptions>.count(
        "--jobs", help: "frames rendered at once", default: "the number of cores")
    static let quiet = Flag<FramesOptions>("--quiet", help: "no progress line")
    static let scale = Option<Double?, FramesOptions>(OutputOptions.scale)
    static let depfile = Option<String?, FramesOptions>(OutputOptions.depfile)

    static let all = declarations(output, format, range, fps, jobs, scale, quiet, depfile, OutputOptions.watch)
        + PNGOptions.all + SceneOptionGroups.all + declarations(StandardOptions.help)
}
