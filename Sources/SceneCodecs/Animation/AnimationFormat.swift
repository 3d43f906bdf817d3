/// The animated files `frames` writes as one file, by the output's extension.
package enum AnimationFormat: String, Sendable, CaseIterable {
    case gif, apng, webp, mp4, webm

    package init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// Whether ffmpeg (a child process) encodes it rather than scenec itself.
    package var needsFFmpeg: Bool { self == .mp4 || self == .webm }
}

/// An encoder of one animated file from frames handed over in order.
package protocol AnimationEncoder: AnyObject {
    func add(_ frame: RasterImage) throws
    /// The whole file, once every frame was added.
    func finish() throws -> [UInt8]
}

/// The frames of an animated file as a viewer shows them, one at a time (a long animation is
/// never held whole), each with how long it shows.
package protocol AnimationDecoder: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// The next frame, composed over those before it as the file says; nil after the last.
    func next() throws -> (frame: RasterImage, seconds: Double)?
}

extension AnimationFormat {
    /// A decoder of `bytes` as this format, refusing pictures over `maxPixels`; nil for the
    /// formats scenec cannot play back itself (GIF, and video, which ffmpeg encodes).
    package func decoder(_ bytes: [UInt8], maxPixels: Int) throws -> AnimationDecoder? {
        switch self {
        case .apng: return try APNGDecoder(bytes, maxPixels: maxPixels)
        case .webp: return try WebPAnimationDecoder(bytes, maxPixels: maxPixels)
        case .gif, .mp4, .webm: return nil
        }
    }

    /// Refuses a canvas over `maxPixels` before anything its size is allocated.
    static func checkSize(_ width: Int, _ height: Int, maxPixels: Int) throws {
        guard width > 0, height > 0, width <= maxPixels, height <= maxPixels, width * height <= maxPixels else {
            throw CodecError("the animation is \(width) × \(height) pixels, not 1 to \(maxPixels)")
        }
    }
}
