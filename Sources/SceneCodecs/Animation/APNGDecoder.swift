/// An animated PNG played back as a viewer shows it: each frame's image data (IDAT for the
/// first, fdAT after) is made a PNG of its own, decoded like any PNG, and composed over the
/// canvas as its fcTL says (blend SOURCE or OVER, then dispose NONE, BACKGROUND or PREVIOUS).
/// A PNG with no fcTL is one frame; an IDAT before the first fcTL is a default image that is not
/// part of the animation.
package final class APNGDecoder: AnimationDecoder {
    package let width: Int, height: Int

    private struct Frame {
        var x = 0, y = 0, width = 0, height = 0
        var seconds = 0.0
        var dispose: UInt8 = 0, blend: UInt8 = 0
        var data: [UInt8] = []
    }

    private var frames: [Frame] = []
    private var index = 0
    /// IHDR's bytes after the size (depth, colour type, compression, filter, interlace) and the
    /// chunks before the image data a decoder reads (PLTE, tRNS, gAMA, …), for each frame's PNG.
    private let header: [UInt8], before: [(type: String, data: [UInt8])]
    /// Premultiplied B, G, R, A, as RasterImage holds pixels.
    private var canvas: [UInt8]
    /// What the frame before asked to be done to its rectangle once shown.
    private var disposal: (frame: Frame, saved: [UInt8]?)?

    package init(_ png: [UInt8], maxPixels: Int) throws {
        guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw CodecError("not a PNG file (it does not begin with PNG's signature)")
        }
        func word(_ d: ArraySlice<UInt8>, _ at: Int) -> Int { d[d.startIndex + at..<d.startIndex + at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8, ihdr: ArraySlice<UInt8>?, before: [(String, [UInt8])] = []
        var current: Frame?, defaultImage = Frame(), sawFrameControl = false
        while offset + 12 <= png.count {
            let length = word(png[...], offset)
            guard length <= png.count - offset - 12 else { throw CodecError("the PNG is cut short") }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            let data = png[offset + 8..<offset + 8 + length]
            offset += 12 + length
            switch type {
            case "IHDR":
                guard length == 13 else { throw CodecError("the PNG's IHDR is not 13 bytes") }
                ihdr = data
            case "fcTL":
                guard length == 26, let ihdr else { throw CodecError("an APNG frame control (fcTL) is malformed") }
                if let frame = current { frames.append(frame) }
                var f = Frame(x: word(data, 12), y: word(data, 16), width: word(data, 4), height: word(data, 8))
                guard f.width > 0, f.height > 0, f.x + f.width <= word(ihdr, 0), f.y + f.height <= word(ihdr, 4) else {
                    throw CodecError("an APNG frame lies outside the picture")
                }
                let d = data.startIndex
                let numerator = Int(data[d + 20]) << 8 | Int(data[d + 21]), denominator = Int(data[d + 22]) << 8 | Int(data[d + 23])
                f.seconds = Double(numerator) / Double(denominator == 0 ? 100 : denominator)
                f.dispose = data[d + 24]
                f.blend = data[d + 25]
                current = f
                sawFrameControl = true
            case "IDAT":
                if current != nil { current?.data += data } else { defaultImage.data += data }
            case "fdAT":
                guard length >= 4, current != nil else { throw CodecError("an APNG frame's data (fdAT) has no frame control") }
                current?.data += data.dropFirst(4)
            case "IEND": break
            case "acTL": break
            default:
                // Chunks before the image data decide how it decodes (palette, transparency, gamma).
                if !sawFrameControl, defaultImage.data.isEmpty { before.append((type, Array(data))) }
            }
            if type == "IEND" { break }
        }
        guard let ihdr else { throw CodecError("the PNG has no header (IHDR)") }
        width = word(ihdr, 0)
        height = word(ihdr, 4)
        try AnimationFormat.checkSize(width, height, maxPixels: maxPixels)
        if let frame = current { frames.append(frame) }
        if !sawFrameControl {
            defaultImage.width = width
            defaultImage.height = height
            frames = [defaultImage]
        }
        guard !frames.isEmpty, frames.allSatisfy({ !$0.data.isEmpty }) else { throw CodecError("an APNG frame has no image data") }
        header = Array(ihdr.dropFirst(8))
        self.before = before
        canvas = [UInt8](repeating: 0, count: width * height * 4)
    }

    package func next() throws -> (frame: RasterImage, seconds: Double)? {
        guard index < frames.count else { return nil }
        let frame = frames[index]
        if let (last, saved) = disposal {
            // PREVIOUS puts back what was under the frame; BACKGROUND clears it (also what
            // PREVIOUS does for the first frame, which has nothing under it).
            if last.dispose == 2, let saved { canvas = saved } else if last.dispose != 0 { clear(last) }
        }
        disposal = (frame, frame.dispose == 2 && index > 0 ? canvas : nil)
        var file = PNGChunks(capacity: frame.data.count + 256)
        file.signature()
        file.chunk("IHDR", PNGChunks.bigEndian(UInt32(frame.width)) + PNGChunks.bigEndian(UInt32(frame.height)) + header)
        for chunk in before { file.chunk(chunk.type, chunk.data) }
        file.chunk("IDAT", frame.data)
        file.chunk("IEND", [])
        let image: RasterImage
        do { image = try RasterImage(png: file.bytes) } catch { throw CodecError("APNG frame \(index) cannot be decoded: \(error)") }
        compose(image, at: frame)
        index += 1
        return (RasterImage(width: width, height: height, premultipliedARGB: canvas), frame.seconds)
    }

    /// The frame's pixels over (blend OVER, 1) or instead of (SOURCE, 0) the canvas's.
    private func compose(_ image: RasterImage, at frame: Frame) {
        for row in 0..<frame.height {
            for column in 0..<frame.width {
                let from = row * image.stride + column * 4, to = ((frame.y + row) * width + frame.x + column) * 4
                let alpha = Int(image.data[from + 3])
                for channel in 0..<4 {
                    let top = Int(image.data[from + channel])
                    canvas[to + channel] = frame.blend == 1
                        ? UInt8(top + (Int(canvas[to + channel]) * (255 - alpha) + 127) / 255)
                        : UInt8(top)
                }
            }
        }
    }

    private func clear(_ frame: Frame) {
        for row in frame.y..<frame.y + frame.height {
            let start = (row * width + frame.x) * 4
            canvas.replaceSubrange(start..<start + frame.width * 4, with: repeatElement(0, count: frame.width * 4))
        }
    }
}
