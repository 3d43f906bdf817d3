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
        var pngCompression: PNGCompression
    }

    private let source: SceneSource
    let frontend: Frontend
    /// The configuration's clock, which the export draws with too (one clock for the page and its files).
    let environment: @Sendable () -> RenderEnvironment
    private let compiled = Locked(BoundedCache<CompileKey, CompiledScene>(maxEntries: 4))
    private let pictures = Locked(BoundedCache<PictureKey, [UInt8]>(maxEntries: 64, maxCost: 2 << 20))

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

    /// The picture's bytes, drawn or cached.
    func picture(_ scene: CompiledScene, key: CompileKey, time: Double, format: OutputFormat,
                 pngCompression: PNGCompression = .default) throws -> [UInt8]? {
        let pictureKey = PictureKey(compile: key, time: time, format: format, pngCompression: pngCompression)
        if let hit = pictures.withLock({ $0.value(for: pictureKey) }) { return hit }
        guard let bytes = try scene.render(at: time, as: format, environment: environment(),
                                           pngCompression: pngCompression) else { return nil }
        pictures.withLock { $0.insert(bytes, for: pictureKey, cost: bytes.count) }
        return bytes
    }
}
