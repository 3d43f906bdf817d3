/// Frames → an animated PNG (APNG): PNG's chunks plus acTL (frame count and plays), an fcTL per
/// frame (its rectangle and delay) and fdAT (a later frame's image data), numbered in one
/// sequence. Frame 0 is the PNG's own image, so a reader without APNG shows the first frame.
///
/// Each later frame stores only the rectangle that changed, replacing those pixels (blend
/// SOURCE, dispose NONE), so a translucent pixel never blends with the one before it: every
/// frame decodes to exactly the pixels of scenec's PNG of that frame. Delays are exact fractions
/// of a second (1/30 at 30 fps) when the fps allows, else milliseconds as FrameTiming counts them.
package final class APNGEncoder: AnimationEncoder {
    private let width: Int, height: Int, frameCount: Int
    private let opaque: Bool
    private let timing: FrameTiming
    private let png: PNGEncoder
    private var file: PNGChunks
    private var sequence: UInt32 = 0
    private var previous: RasterImage?
    private var added = 0

    /// `opaque`: every frame's pixels are opaque (the canvas has an opaque background), so the
    /// file stores RGB, as scenec's PNG of such a frame does; otherwise RGBA. `plays`: how many
    /// times a viewer plays the animation, 0 for ever.
    package init(width: Int, height: Int, frameCount: Int, plays: Int, opaque: Bool, timing: FrameTiming,
                compression: PNGCompression) throws {
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.opaque = opaque
        self.timing = timing
        png = try PNGEncoder(compression: compression)
        file = PNGChunks(capacity: 1 << 16)
        file.signature()
        file.header(width: width, height: height, colorType: opaque ? 2 : 6)
        file.chunk("acTL", PNGChunks.bigEndian(UInt32(frameCount)) + PNGChunks.bigEndian(UInt32(plays)))
        file.chunk("sRGB", [0])
    }

    package func add(_ frame: RasterImage) throws {
        guard frame.width == width, frame.height == height, added < frameCount else {
            throw CodecError("an APNG frame does not match the animation")
        }
        let rect = ChangedRegion.toStore(frame, after: previous)
        let (num, den) = timing.exactDelay
            ?? (UInt16(clamping: timing.delay(of: added, unitsPerSecond: 1000)), 1000)
        var control = PNGChunks.bigEndian(sequence)
        for v in [rect.width, rect.height, rect.x, rect.y] { control += PNGChunks.bigEndian(UInt32(v)) }
        control += [UInt8(num >> 8), UInt8(num & 0xFF), UInt8(den >> 8), UInt8(den & 0xFF)]
        control += [0, 0]  // dispose NONE: the next frame starts from this one; blend SOURCE: replace
        file.chunk("fcTL", control)
        sequence += 1
        try frame.data.withUnsafeBytes { pixels in
            let origin = pixels.baseAddress! + rect.y * frame.stride + rect.x * 4
            let zlib = try png.imageData(origin, width: rect.width, height: rect.height, stride: frame.stride,
                                         opaque: opaque)
            if previous == nil { file.imageData(zlib) } else { file.frameData(zlib, sequence: &sequence) }
        }
        previous = frame
        added += 1
    }

    package func finish() throws -> [UInt8] {
        guard added == frameCount else { throw CodecError("the APNG has \(added) of its \(frameCount) frames") }
        file.chunk("IEND", [])
        return file.bytes
    }
}
