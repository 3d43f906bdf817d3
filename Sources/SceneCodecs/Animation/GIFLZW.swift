/// GIF's variable-length LZW: palette indices → the bytes of an image's data, as sub-blocks of
/// at most 255 bytes ending with an empty one.
///
/// Codes start one bit wider than the minimum code size and grow a bit when the next code to be
/// assigned no longer fits (checked after each code is written, including the last, as the
/// original GIF encoder does, so every decoder reads the end code at the width it expects); at
/// 4096 codes the table is cleared.
struct GIFLZW {
    private var bytes: [UInt8] = []
    private var bitBuffer: UInt32 = 0
    private var bitCount: UInt32 = 0
    private var codeSize: UInt32 = 0

    /// The image data for `indices`, whose values are below 2^minCodeSize.
    static func encode(_ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int) -> [UInt8] {
        var lzw = GIFLZW()
        lzw.run(indices, minCodeSize: UInt32(minCodeSize))
        var out: [UInt8] = [UInt8(minCodeSize)]
        out.reserveCapacity(lzw.bytes.count + lzw.bytes.count / 255 + 3)
        var offset = 0
        while offset < lzw.bytes.count {
            let n = Swift.min(255, lzw.bytes.count - offset)
            out.append(UInt8(n))
            out.append(contentsOf: lzw.bytes[offset..<offset + n])
            offset += n
        }
        out.append(0)
        return out
    }

    private mutating func run(_ indices: UnsafeBufferPointer<UInt8>, minCodeSize: UInt32) {
        let clear = 1 << minCodeSize, end = clear + 1
        // (prefix code, next index) → code, open addressing; a key of 0 is an empty slot.
        let slots = 8192
        var keys = [Int32](repeating: 0, count: slots), values = [Int16](repeating: 0, count: slots)
        var next = end + 1
        codeSize = minCodeSize + 1
        write(clear)
        guard var prefix = indices.first.map(Int.init) else {
            write(end)
            flush()
            return
        }
        for pixel in indices.dropFirst() {
            let key = Int32(prefix << 8 | Int(pixel)) + 1
            var slot = Int(UInt32(bitPattern: key &* -1_640_531_535) >> 19)  // Fibonacci hashing into 8192 slots
            while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & (slots - 1) }
            if keys[slot] == key {
                prefix = Int(values[slot])
                continue
            }
            write(prefix)
            widen(next)
            if next < 4096 {
                keys[slot] = key
                values[slot] = Int16(next)
                next += 1
            } else {
                write(clear)
                for i in 0..<slots { keys[i] = 0 }
                next = end + 1
                codeSize = minCodeSize + 1
            }
            prefix = Int(pixel)
        }
        write(prefix)
        widen(next)
        write(end)
        flush()
    }

    /// One more bit once the code about to be assigned needs it (12 bits at most).
    private mutating func widen(_ next: Int) {
        if next >= 1 << codeSize, codeSize < 12 { codeSize += 1 }
    }

    /// Appends `code` in `codeSize` bits, least significant bit first.
    private mutating func write(_ code: Int) {
        bitBuffer |= UInt32(code) << bitCount
        bitCount += codeSize
        while bitCount >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: bitBuffer))
            bitBuffer >>= 8
            bitCount -= 8
        }
    }

    private mutating func flush() {
        if bitCount > 0 { bytes.append(UInt8(truncatingIfNeeded: bitBuffer)) }
        bitBuffer = 0
        bitCount = 0
    }
}
