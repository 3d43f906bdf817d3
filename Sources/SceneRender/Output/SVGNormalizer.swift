/// Makes Cairo's SVG deterministic and readable alike everywhere:
/// - ids (`surface12`, `clip3`, `mask1`, …) come from process-wide counters, so the second SVG a
///   process writes would differ from the first; they are renumbered in order of appearance;
/// - group opacity becomes a `<mask>` with no explicit region, which readers default to the
///   shapes' bounding box plus 10%, cutting thick strokes; each mask gets the canvas as region.
///
/// One pass over the bytes: every SVG the preview shows goes through here, and working on
/// Unicode scalars with a `replacing` pass after took more time than Cairo's drawing
/// (bench/page-speed.sh). Every byte it looks for is ASCII, which UTF-8 never uses inside a
/// longer character, so bytes are enough.
enum SVGNormalizer {
    static let idPrefixes = ["surface", "clip", "mask", "pattern", "image", "glyph", "linear", "radial", "filter"]
    private static let prefixBytes = idPrefixes.map { Array($0.utf8) }
    private static let maskOpening = Array("<mask id=".utf8)

    static func normalize(_ bytes: [UInt8], width: Double, height: Double) -> [UInt8] {
        let maskWithRegion = Array(("<mask maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" "
            + "width=\"\(fmt(width))\" height=\"\(fmt(height))\" id=").utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 1024)
        var ids = IDNumbers()
        bytes.withUnsafeBufferPointer { text in
            var i = 0
            while i < text.count {
                if text[i] == UInt8(ascii: "<"), starts(text, at: i, with: maskOpening) {
                    out += maskWithRegion
                    i += maskOpening.count
                } else if i > 0, text[i - 1] == UInt8(ascii: "\"") || text[i - 1] == UInt8(ascii: "#"),
                          let (prefix, end) = idToken(text, at: i) {
                    out += ids.renamed(prefix: prefix, original: Array(text[i..<end]))
                    i = end
                } else {
                    out.append(text[i])
                    i += 1
                }
            }
        }
        return out
    }

    static func fmt(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }

    /// `prefixN` at `i` (the first prefix that is followed by ASCII digits there): the prefix's
    /// index and where the digits end. An id token starts after a quote or '#' (the caller
    /// checks), so words like "surface" in text are left alone.
    private static func idToken(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> (Int, Int)? {
        for (index, prefix) in prefixBytes.enumerated() where starts(text, at: i, with: prefix) {
            var end = i + prefix.count
            while end < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[end]) { end += 1 }
            if end > i + prefix.count { return (index, end) }
        }
        return nil
    }

    private static func starts(_ text: UnsafeBufferPointer<UInt8>, at i: Int, with prefix: [UInt8]) -> Bool {
        guard text.count - i >= prefix.count else { return false }
        for k in prefix.indices where text[i + k] != prefix[k] { return false }
        return true
    }

    /// Each `prefixN` numbered per prefix, in order of first appearance.
    private struct IDNumbers {
        var mapping: [[UInt8]: [UInt8]] = [:]
        var counters = [Int](repeating: 0, count: SVGNormalizer.idPrefixes.count)

        mutating func renamed(prefix: Int, original: [UInt8]) -> [UInt8] {
            if let known = mapping[original] { return known }
            counters[prefix] += 1
            let renamed = Array("\(SVGNormalizer.idPrefixes[prefix])\(counters[prefix])".utf8)
            mapping[original] = renamed
            return renamed
        }
    }
}
