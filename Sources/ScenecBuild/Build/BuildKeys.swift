import SceneCodecs
import SceneModel
import SceneSupport
import ScenecKit
import SceneRender

/// What an output's bytes depend on, hashed: a changed input of any kind makes a new key, and
/// nothing that cannot change the bytes is in it (so reordering `--formats`, or setting
/// SOURCE_DATE_EPOCH for a PNG-only build, rebuilds nothing).
struct BuildKeys {
    /// The renderer (BuildInfo.rendererIdentity): this executable's code, named by its sources,
    /// compiler and configuration or by its bytes, and the libraries it draws and reads with.
    package var renderer: String
    /// The `--set` options, in order (a later one wins, so order matters).
    package var overrides: [String]
    /// `--appearance`, which every colour that depends on it reads.
    package var appearance: Appearance = .light
    /// `--scale`, which only PNG pixels depend on.
    package var scale: Double?
    /// `--png-compression`, which only PNG bytes depend on.
    package var pngCompression: PNGCompression = .default
    /// SOURCE_DATE_EPOCH, which only PDF bytes depend on.
    package var sourceDateEpoch: Int?
    /// `--scales` of an asset catalog, which its image sets' PNGs depend on.
    package var assetScales: [Double] = []
    /// The ffmpeg that encodes `--animated mp4|webm` (its path and a hash of its bytes), which
    /// only those depend on.
    package var ffmpeg: String?
    /// `--time`, which only the stills of a scene with a timeline depend on.
    package var time: String?

    /// Everything but the format: the renderer, the scene's bytes and the files it reads, the
    /// overrides, and `--time` for a scene with a timeline (a scene without one draws the same
    /// at any time, so its outputs stay up to date).
    package func scene(bytes: [UInt8], inputs: [(path: String, bytes: [UInt8])] = [], hasTimeline: Bool = false) -> String {
        var hash = SHA256()
        hash.update("scenec build key 2\u{0}\(renderer)\u{0}")
        for o in overrides { hash.update("set\u{0}\(o)\u{0}") }
        // Left out when not given, so the keys of builds made before the option stay valid.
        if let time, hasTimeline { hash.update("time\u{0}\(time)\u{0}") }
        // Left out for light, the default, so the keys of builds made before the option stay valid.
        if appearance != .light { hash.update("appearance\u{0}\(appearance.rawValue)\u{0}") }
        hash.update("scene\u{0}\(bytes.count)\u{0}")
        hash.update(bytes)
        for input in inputs {
            hash.update("input\u{0}\(input.path)\u{0}\(input.bytes.count)\u{0}")
            hash.update(input.bytes)
        }
        return hash.finish()
    }

    /// One group of outputs (`png`, `flipbook`, `frames.svg`): the scene key plus the options
    /// that format reads.
    package func output(sceneKey: String, group: OutputGroup) -> String {
        var text = "\(sceneKey)\u{0}\(group.name)"
        if let animation = group.animation {
            // Frames drawn as pixels, whichever encoder takes them.
            text += "\u{0}scale \(scale.map { "\($0)" } ?? "-")"
            if animation == .apng, pngCompression != .default { text += "\u{0}png-compression \(pngCompression.rawValue)" }
            if animation.needsFFmpeg { text += "\u{0}ffmpeg \(ffmpeg ?? "-")" }
            return SHA256.hex(Array(text.utf8))
        }
        switch group.format {
        case .png:
            text += "\u{0}scale \(scale.map { "\($0)" } ?? "-")"
            // Left out at the default, so the keys of builds made before the option stay valid.
            if pngCompression != .default { text += "\u{0}png-compression \(pngCompression.rawValue)" }
        case .pdf: text += "\u{0}date \(sourceDateEpoch.map(String.init) ?? "-")"
        case .svg: break
        }
        if group.kind == .imageset, group.format == .png { text += "\u{0}scales \(assetScales.map(Scales.word))" }
        return SHA256.hex(Array(text.utf8))
    }
}

/// Outputs made together from one scene: its still in one format, its flipbook, its frames in
/// one format, its animated file (`--animated webp` …), its preview sheet (`--preview`, whose pictures are SVG), its image set in an
/// asset catalog, or its Android drawables.
package struct OutputGroup: Hashable {
    package enum Kind: String {
        case still, flipbook, frames, animation, sheet, imageset, drawables

        /// Whether the group is one file (else a set of them, all made together).
        package var isOneFile: Bool { self != .frames && self != .imageset && self != .drawables }
    }
    package var kind: Kind
    package var format: OutputFormat
    /// The animated file's format, for `.animation` (whose frames are drawn as for PNG).
    package var animation: AnimationFormat?

    package var name: String {
        switch kind {
        case .still: return format.rawValue
        case .flipbook: return "flipbook"
        case .frames: return "frames.\(format.rawValue)"
        case .animation: return "animation.\(animation?.rawValue ?? "")"
        case .sheet: return "sheet"
        case .imageset: return "imageset.\(format.rawValue)"
        case .drawables: return "android"
        }
    }

    /// The groups a build makes for a scene; a scene without a timeline has no flipbook or frames.
    package static func all(formats: [OutputFormat], animated: BuildPlan.Animated, hasTimeline: Bool,
                    preview: Bool, destination: BuildDestination = .folder) -> [OutputGroup] {
        if let group = destination.group { return [group] }
        var groups = formats.map { OutputGroup(kind: .still, format: $0) }
        if hasTimeline {
            switch animated {
            case .still: break
            case .flipbook: groups.append(OutputGroup(kind: .flipbook, format: .pdf))
            case .frames: groups += formats.map { OutputGroup(kind: .frames, format: $0) }
            case .webp, .apng, .gif, .mp4, .webm:
                groups.append(OutputGroup(kind: .animation, format: .png, animation: animated.animation))
            }
        }
        if preview { groups.append(OutputGroup(kind: .sheet, format: .svg)) }
        return groups
    }

    /// Names a group may write, for finding collisions before building: a still, a flipbook and
    /// an animated file are one file, frames a directory (ending in `/`) that the frames of every
    /// format share, each frame's name ending in its format. Image sets and drawables are named by
    /// the scene file's name alone, so scenes of one name in two folders collide.
    package func claimedName(stem: String) -> String {
        switch kind {
        case .still: return "\(stem).\(format.rawValue)"
        case .flipbook: return "\(stem).flipbook.pdf"
        case .animation: return "\(stem).\(animation?.rawValue ?? "")"
        case .frames: return "\(stem).frames/"
        case .sheet: return "\(stem).preview.html"
        case .imageset: return "\(Self.fileName(stem)).imageset/"
        case .drawables: return "drawable-mdpi/\(AndroidResources.resourceName(Self.fileName(stem))).png"
        }
    }

    /// `ring` for the stem `icons/ring`.
    package static func fileName(_ stem: String) -> String {
        stem.split(separator: "/").last.map(String.init) ?? stem
    }
}
