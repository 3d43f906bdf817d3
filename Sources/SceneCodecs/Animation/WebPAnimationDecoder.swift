import CWebP

/// An animated (or still) WebP played back by libwebp's demux library, which composes each frame
/// over the canvas as the file's blending and disposal say: the pixels a browser shows.
package final class WebPAnimationDecoder: AnimationDecoder {
    package let width: Int, height: Int
    /// libwebp reads the file in place while decoding, so it is kept here.
    private let file: UnsafeMutableBufferPointer<UInt8>
    private let decoder: OpaquePointer
    /// The end of the frame before, in milliseconds from the start.
    private var shown: Int32 = 0

    package init(_ bytes: [UInt8], maxPixels: Int) throws {
        var w: Int32 = 0, h: Int32 = 0
        guard WebPGetInfo(bytes, bytes.count, &w, &h) != 0 else { throw CodecError("not a WebP file libwebp can read") }
        try AnimationFormat.checkSize(Int(w), Int(h), maxPixels: maxPixels)
        file = .allocate(capacity: Swift.max(1, bytes.count))
        _ = file.initialize(from: bytes)
        var data = WebPData(bytes: file.baseAddress, size: bytes.count)
        var options = WebPAnimDecoderOptions()
        // Premultiplied B, G, R, A: the bytes of Cairo's ARGB32 on a little-endian machine.
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            file.deallocate()
            throw CodecError("this libwebp cannot decode animations")
        }
        options.color_mode = MODE_bgrA
        options.use_threads = 0
        guard let decoder = WebPAnimDecoderNew(&data, &options) else {
            file.deallocate()
            throw CodecError("not a WebP file libwebp can read")
        }
        self.decoder = decoder
        var info = WebPAnimInfo()
        _ = WebPAnimDecoderGetInfo(decoder, &info)
        width = Int(info.canvas_width)
        height = Int(info.canvas_height)
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        file.deallocate()
    }

    package func next() throws -> (frame: RasterImage, seconds: Double)? {
        guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var pixels: UnsafeMutablePointer<UInt8>?
        var end: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &pixels, &end) != 0, let pixels else {
            throw CodecError("the WebP's frames cannot be decoded")
        }
        defer { shown = end }
        let frame = RasterImage(width: width, height: height,
                                premultipliedARGB: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
        return (frame, Double(end - shown) / 1000)
    }
}
