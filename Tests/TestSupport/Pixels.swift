import Foundation
import SceneCodecs
import XCTest

/// An RGBA colour, 0–255, for comparing probed pixels.
public struct RGBA: Equatable, CustomStringConvertible, Sendable {
    public var r, g, b, a: Int

    public init(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    public init(hex: UInt32, alpha: Int = 255) {
        self.init(Int(hex >> 16 & 0xFF), Int(hex >> 8 & 0xFF), Int(hex & 0xFF), alpha)
    }

    public var description: String { "rgba(\(r), \(g), \(b), \(a))" }

    public func isClose(to other: RGBA, tolerance: Int) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
            && abs(a - other.a) <= tolerance
    }
}

extension RasterImage {
    /// The straight (not premultiplied) colour at (x, y).
    public func rgba(_ x: Int, _ y: Int) -> RGBA {
        let p = pixel(x, y)
        return RGBA(p.r, p.g, p.b, p.a)
    }
}

/// The red, green and blue of the pixel at (x, y): the probe most tests compare exactly.
public func rgb(_ image: RasterImage, _ x: Int, _ y: Int) -> [Int] {
    let p = image.pixel(x, y)
    return [p.r, p.g, p.b]
}

/// The pixels of the PNG file at `url`, read with the project's own PNG reader.
public func readPNG(_ url: URL) throws -> RasterImage {
    try RasterImage(png: [UInt8](Data(contentsOf: url)))
}

/// Asserts the pixel at (x, y) is `expected` within `tolerance` per channel.
public func assertPixel(_ image: RasterImage, _ x: Int, _ y: Int, _ expected: RGBA, tolerance: Int = 3,
                        _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let actual = image.rgba(x, y)
    XCTAssertTrue(actual.isClose(to: expected, tolerance: tolerance),
                  "pixel (\(x), \(y)) is \(actual), expected \(expected) \(message)", file: file, line: line)
}

/// Asserts each channel of `got` is within `tolerance` of `want`.
public func assertClose(_ got: [Int], _ want: [Int], tolerance: Int = 1, _ what: String,
                        file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(got.count == want.count && zip(got, want).allSatisfy { abs($0 - $1) <= tolerance },
                  "\(what): \(got), expected \(want)", file: file, line: line)
}

/// Each PNG's size and the colours at a quarter and three quarters of its width, halfway down,
/// as Pillow reads them (an independent reader): `[path: (width, height, left, right)]`, the
/// colours as `rrggbb`. For pictures whose left and right halves differ (asset catalogs,
/// Android densities, `--scales`).
public func pillowProbes(_ paths: [URL], file: StaticString = #filePath, line: UInt = #line) throws
    -> [String: (width: Int, height: Int, left: String, right: String)] {
    let script = """
        import sys
        from PIL import Image
        for path in sys.argv[1:]:
            im = Image.open(path).convert('RGB')
            w, h = im.size
            left, right = im.getpixel((w // 4, h // 2)), im.getpixel((3 * w // 4, h // 2))
            print(path, w, h, '%02x%02x%02x' % left, '%02x%02x%02x' % right)
        """
    let run = try runProgram(URL(fileURLWithPath: try python()), ["-c", script] + paths.map(\.path), file: file, line: line)
    XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
    var result: [String: (Int, Int, String, String)] = [:]
    for line in run.stdoutText.split(separator: "\n") {
        let f = line.split(separator: " ").map(String.init)
        guard f.count == 5 else { continue }
        result[f[0]] = (Int(f[1]) ?? -1, Int(f[2]) ?? -1, f[3], f[4])
    }
    return result
}
