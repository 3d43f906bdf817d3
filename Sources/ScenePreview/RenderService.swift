import SceneCheck
import SceneCodecs
import SceneModel
import SceneRender
import SceneSyntax
import ScenecKit
import SceneSupport

/// Compiles the current scene with a request's overrides and draws it, caching both: compiled
/// scenes by (scene hash, overrides, scale, appearance) and pictures by (scene hash, time,
/// overrides, format, scale, appearance). Both caches are bounded, so memory stays flat under any stream of requests.
final class RenderService: Sendable {
    struct CompileKey: Hashable {
        var hash: String
        var sets: [String]
        var scale: Double?
        var appearance: Appearance
        /// `--time` as `render` checks it; only a time past the timeline's end is compiled so
        /// (PreviewAPI.moment), for the checker's own located error.
        var time: String? = nil
    }

    struct PictureKey: Hashable {
        var compile: CompileKey
        var time: Double
        var format: OutputFormat
    }

    private let source: SceneSource
    let frontend: Frontend
    /// The configuration's clock, which the export draws with too (one clock for the page and its files).
    let environment: @Sendable () -> RenderEnvironment
    private let compiled = Locked(BoundedCache<CompileKey, CompiledScene>(maxEntries: 4))
    private let pictures = Locked(BoundedCache<PictureKey, [UInt8]>(maxEntries: 64, maxCost: 2 << 20))

    /// The pixels of the last quick pictures, by the number each was sent with: the page names
    /// the one its canvas shows (`base`) and the next comes as the rectangles that changed. One
    /// for every scene this server serves, so its bound is the server's.
    private static let quickPixels = Locked(QuickPixels())

    /// A PNG the preview draws is at most this many pixels (a page asking for scale 20 of a big
    /// canvas would otherwise hold gigabytes); `scenec render` keeps the larger limits.
    static let maxPNGPixels = 1 << 24
    static let maxPNGPixelsPerSide = 8192

    init(source: SceneSource, frontend: Frontend, environment: @escaping @Sendable () -> RenderEnvironment) {
        self.source = source
        self.frontend = frontend
        self.environment = environment
    }

    /// The scene with these overrides in this appearance (nil: the one the preview was started
    /// with) and, for PNG, this scale, from the cache when it can.
    func compile(sets: [Override], setTexts: [String], scale: Double?, appearance: Appearance?,
                 forPNG: Bool, time: String? = nil) -> (CompiledScene, CompileKey) {
        let snapshot = source.snapshot
        let appearance = appearance ?? frontend.options.appearance
        let key = CompileKey(hash: snapshot.hash, sets: setTexts, scale: forPNG ? scale : nil, appearance: appearance, time: time)
        if let hit = compiled.withLock({ $0.value(for: key) }) { return (hit, key) }
        var frontend = frontend
        frontend.options.appearance = appearance
        frontend.options.overrides += sets
        frontend.options.scenePath = source.path
        frontend.options.time = time
        if forPNG {
            frontend.options.scaleOverride = scale
            frontend.options.maxPixels = min(frontend.options.maxPixels, Self.maxPNGPixels)
            frontend.options.maxPixelsPerSide = min(frontend.options.maxPixelsPerSide, Self.maxPNGPixelsPerSide)
        }
        let result = CompiledScene(SourceFile(name: source.name, bytes: snapshot.bytes), frontend: frontend,
                                   scenePath: source.path)
        compiled.withLock { $0.insert(result, for: key) }
        return (result, key)
    }

    /// A quick picture (shown during a drag, deflated at the quickest level) as the PNGs of the
    /// rectangles where it differs from picture `base` when the server still holds that one's
    /// pixels, else as one PNG of the whole; nil when the scene has errors. Not cached: each is
    /// kept as the base of the next instead.
    func quickPicture(_ scene: CompiledScene, time: Double, base: UInt64?) throws -> QuickPicture? {
        let basePixels = base.flatMap { number in Self.quickPixels.withLock { $0.pixels(number) } }
        guard let animated = scene.animated,
              let (pixels, patches) = try scene.renderPatches(at: time, over: basePixels, keptBytes: QuickPixels.largest,
                                                              environment: environment(), pngCompression: .passing)
        else { return nil }
        let number = Self.quickPixels.withLock { $0.keep(pixels) }
        let (width, height) = Renderer(canvas: animated.scene.canvas).pixelSize
        let whole = patches.count == 1 && patches[0].width == width && patches[0].height == height
        return QuickPicture(number: number, base: basePixels == nil || whole ? nil : base,
                            width: width, height: height, patches: patches)
    }

    /// The picture's bytes, drawn or cached.
    func picture(_ scene: CompiledScene, key: CompileKey, time: Double, format: OutputFormat) throws -> [UInt8]? {
        let pictureKey = PictureKey(compile: key, time: time, format: format)
        if let hit = pictures.withLock({ $0.value(for: pictureKey) }) { return hit }
        guard let bytes = try scene.render(at: time, as: format, environment: environment()) else { return nil }
        pictures.withLock { $0.insert(bytes, for: pictureKey, cost: bytes.count) }
        return bytes
    }
}

/// A quick picture as sent: its number (the `base` of the next), the picture it patches (nil:
/// whole), its size in pixels and its rectangles.
struct QuickPicture {
    var number: UInt64
    var base: UInt64?
    var width: Int
    var height: Int
    var patches: [PicturePatch]
}

/// The pixels of the last few quick pictures, numbered as sent. Bounded in count and bytes (a
/// drag on one page needs the last one or two), so memory stays flat: at most `count` pictures
/// of at most `largest` bytes each (a 2048 × 2048 picture; a larger one is sent whole each time).
struct QuickPixels: Sendable {
    static let count = 4
    static let largest = 16 << 20
    private var kept = BoundedCache<UInt64, RasterImage>(maxEntries: count, maxCost: count * largest)
    private var last: UInt64 = 0

    func holds(_ number: UInt64) -> Bool { kept.contains(number) }

    mutating func pixels(_ number: UInt64) -> RasterImage? { kept.value(for: number) }

    /// Keeps `pixels` (unless none or over `largest`) and returns their number.
    mutating func keep(_ pixels: RasterImage?) -> UInt64 {
        last += 1
        if let pixels, pixels.data.count <= Self.largest { kept.insert(pixels, for: last, cost: pixels.data.count) }
        return last
    }
}
