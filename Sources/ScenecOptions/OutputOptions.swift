import ScenecBuild
import CommandLineOptions

/// Options several commands that write pictures share, with the same meaning in each.
package enum OutputOptions {
    package static let scale = Option<Double?, Shared>.number(
        "--scale", help: "pixels per point for PNG (overrides the canvas's scale)")
    /// `--scales 1,2,3`: read by `Scales.parse`, in increasing order, each once.
    package static let scales = Option<[Double]?, Shared>.parsed(
        "--scales", value: "LIST",
        help: "each PNG at several scales, in place of --scale: 1,2,3 writes OUT.png, OUT@2x.png and OUT@3x.png "
            + "(1, 2 and 3 × the canvas)") { try Scales.parse($0) }
    /// Read by `AnimatedScene.time(_:fps:)`, which needs the scene's fps.
    package static let time = Option<String?, Shared>.text(
        "--time", value: "T",
        help: "the moment of the timeline to draw: seconds, 1.5s, 250ms or 12f (frames at the timeline's fps); default the scene's canvas.poster, else 0")
    package static let depfile = Option<String?, Shared>.text(
        "--depfile", value: "PATH", help: "also write a Makefile-style list of the inputs (for ninja)", path: true)
    package static let watch = Flag<Shared>("--watch", help: "run again each time the scene file is saved, until Ctrl-C")
}
