/// Marks a PNG as sRGB (docs/language.md §6): Cairo writes no colour-space chunk, which leaves viewers to
/// guess. An `sRGB` chunk (perceptual intent) goes right after the header chunk, as the PNG
/// specification requires it before the image data.
enum PNGColorSpace {
    static func markingSRGB(_ png: [UInt8]) -> [UInt8] {
        // 8-byte signature, then IHDR: 4 length + 4 type + 13 data + 4 CRC.
        let afterHeader = 8 + 25
        guard png.count > afterHeader, Array(png[12..<16]) == Array("IHDR".utf8) else { return png }
        let typeAndData = Array("sRGB".utf8) + [0]
        let crc = crc32(typeAndData)
        let chunk: [UInt8] = [0, 0, 0, 1] + typeAndData
            + [UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return Array(png[..<afterHeader]) + chunk + Array(png[afterHeader...])
    }

    /// CRC-32 as PNG chunks use it (polynomial 0xEDB88320, reflected).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}
