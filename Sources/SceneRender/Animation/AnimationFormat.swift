/// The animated files `frames` writes as one file, by the output's extension.
public enum AnimationFormat: String, Sendable, CaseIterable {
    case gif, apng, webp, mp4, webm

    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// Whether ffmpeg (a child process) encodes it rather than scenec itself.
    public var needsFFmpeg: Bool { self == .mp4 || self == .webm }
}

/// An encoder of one animated file from frames handed over in order.
public protocol AnimationEncoder: AnyObject {
    func add(_ frame: RasterImage) throws
    /// The whole file, once every frame was added.
    func finish() throws -> [UInt8]
}
