import CWebP

/// Frames → an animated WebP, lossless: each frame's changed rectangle is encoded with libwebp's
/// lossless encoder (`exact`, so the colour under a transparent pixel is kept as given) and the
/// frames are assembled by libwebp's mux library, each replacing its rectangle (no blending, no
/// disposal), so every frame decodes to exactly the pixels of scenec's PNG of that frame.
///
/// Not WebPAnimEncoder: it merges a frame identical to the one before into a longer frame, so a
/// held pose would no longer be one frame per frame of the timeline. Durations are milliseconds,
/// accumulated (FrameTiming) so the total is the animation's duration.
package final class WebPAnimationEncoder: AnimationEncoder {
    private let width: Int, height: Int
    private let timing: FrameTiming
    private let loopCount: Int32
    private let mux: OpaquePointer
    private var previous: RasterImage?
    private var added = 0

    /// `plays`: how many times a viewer plays the animation, 0 for ever.
    package init(width: Int, height: Int, plays: Int, timing: FrameTiming) throws {
        guard width <= 16383, height <= 16383 else {
            throw CodecError("a WebP is at most 16,383 pixels a side, not \(width) × \(height)")
        }
        guard let mux = WebPMuxNew() else { throw CodecError("cannot start the WebP encoder (out of memory)") }
        self.mux = mux
        self.width = width
        self.height = height
        self.timing = timing
        loopCount = Int32(plays)
    }

    deinit { WebPMuxDelete(mux) }

    package func add(_ frame: RasterImage) throws {
        guard frame.width == width, frame.height == height else { throw CodecError("a WebP frame does not match the animation") }
        var rect = ChangedRegion.toStore(frame, after: previous)
        // A frame's offset is stored halved, so it must be even: widen the rectangle to the left and up.
        rect.width += rect.x & 1
        rect.height += rect.y & 1
        rect.x &= ~1
        rect.y &= ~1
        var bitstream = try Self.lossless(frame, rect)
        defer { WebPMemoryWriterClear(&bitstream) }
        var info = WebPMuxFrameInfo()
        info.bitstream = WebPData(bytes: bitstream.mem, size: bitstream.size)
        info.x_offset = Int32(rect.x)
        info.y_offset = Int32(rect.y)
        info.duration = Int32(clamping: timing.delay(of: added, unitsPerSecond: 1000))
        info.id = WEBP_CHUNK_ANMF
        info.dispose_method = WEBP_MUX_DISPOSE_NONE
        info.blend_method = WEBP_MUX_NO_BLEND
        let status = WebPMuxPushFrame(mux, &info, 1)
        guard status == WEBP_MUX_OK else { throw CodecError("libwebp could not add frame \(added) (error \(status.rawValue))") }
        previous = frame
        added += 1
    }

    package func finish() throws -> [UInt8] {
        var params = WebPMuxAnimParams(bgcolor: 0, loop_count: loopCount)
        guard WebPMuxSetCanvasSize(mux, Int32(width), Int32(height)) == WEBP_MUX_OK,
              WebPMuxSetAnimationParams(mux, &params) == WEBP_MUX_OK else {
            throw CodecError("libwebp refused the animation's size or loop count")
        }
        var assembled = WebPData()
        let status = WebPMuxAssemble(mux, &assembled)
        defer { WebPDataClear(&assembled) }
        guard status == WEBP_MUX_OK, let bytes = assembled.bytes else {
            throw CodecError("libwebp could not assemble the animation (error \(status.rawValue))")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: assembled.size))
    }

    /// The rectangle's straight RGBA pixels as a lossless WebP bitstream.
    private static func lossless(_ frame: RasterImage, _ rect: PixelRect) throws -> WebPMemoryWriter {
        var rgba = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        PNGScanlines.unpremultiplied.withUnsafeBufferPointer { table in
            frame.data.withUnsafeBytes { raw in
                var o = 0
                for y in rect.y..<rect.y + rect.height {
                    for x in rect.x..<rect.x + rect.width {
                        let argb = RasterImage.straight(raw.load(fromByteOffset: y * frame.stride + x * 4, as: UInt32.self), table)
                        rgba[o] = UInt8(argb >> 16 & 0xFF)
                        rgba[o + 1] = UInt8(argb >> 8 & 0xFF)
                        rgba[o + 2] = UInt8(argb & 0xFF)
                        rgba[o + 3] = UInt8(argb >> 24)
                        o += 4
                    }
                }
            }
        }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw CodecError("libwebp's headers and library differ in version") }
        config.lossless = 1
        config.exact = 1  // keep the RGB of transparent pixels: the frame's pixels, exactly
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw CodecError("libwebp's headers and library differ in version") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(rect.width)
        picture.height = Int32(rect.height)
        guard WebPPictureImportRGBA(&picture, rgba, Int32(rect.width * 4)) != 0 else {
            throw CodecError("cannot start the WebP encoder (out of memory)")
        }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        let ok = withUnsafeMutablePointer(to: &writer) { w -> Int32 in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(w)
            return WebPEncode(&config, &picture)
        }
        guard ok != 0 else {
            WebPMemoryWriterClear(&writer)
            throw CodecError("libwebp could not encode a frame (error \(picture.error_code.rawValue))")
        }
        return writer
    }
}
