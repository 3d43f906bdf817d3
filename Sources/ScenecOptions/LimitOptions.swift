import ScenecBuild
import CommandLineOptions
import SceneCheck
import ScenecKit
import SceneSyntax

/// The raisable limits of docs/language.md §7, each shown with the default it raises.
package enum LimitOptions {
    package static let group = "limits"
    package static let maxFileSize = Option<Int?, Shared>.count(
        "--max-file-size", help: "refuse scene files over N bytes", default: "\(SceneReading.maxFileSize)", group: group)
    package static let maxNodes = Option<Int?, Shared>.count(
        "--max-nodes", help: "refuse YAML that expands to over N nodes", default: "\(Frontend().readerLimits.maxNodes)", group: group)
    package static let maxTextBytes = Option<Int?, Shared>.count(
        "--max-text-bytes", help: "refuse YAML whose text, aliases expanded, is over N bytes",
        default: "\(Frontend().readerLimits.maxTextBytes), 4 × --max-file-size's default", group: group)
    package static let maxViews = Option<Int?, Shared>.count(
        "--max-views", help: "refuse scenes with over N views", default: "\(Frontend().options.maxViews)", group: group)
    package static let maxNesting = Option<Int?, Shared>.count(
        "--max-nesting", help: "refuse views nested over N deep", default: "\(Frontend().options.maxNesting)", group: group)
    package static let maxPixels = Option<Int?, Shared>.count(
        "--max-pixels", help: "refuse pictures over N pixels in all, each scale's picture on its own",
        default: "\(Frontend().options.maxPixels), 8192 × 8192", group: group)
    package static let maxPixelsPerSide = Option<Int?, Shared>.count(
        "--max-pixels-per-side", help: "refuse pictures over N pixels a side", default: "\(Frontend().options.maxPixelsPerSide)",
        group: group)
    package static let maxFrames = Option<Int?, Shared>.count(
        "--max-frames", help: "refuse timelines over N frames", default: "\(Frontend().options.maxFrames)", group: group)
    package static let all = declarations(maxFileSize, maxNodes, maxTextBytes, maxViews, maxNesting, maxPixels, maxPixelsPerSide, maxFrames)
}
