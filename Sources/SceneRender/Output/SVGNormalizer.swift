/// Makes Cairo's SVG deterministic and readable alike everywhere:
/// - ids (`surface12`, `clip3`, `mask1`, …) come from process-wide counters, so the second SVG a
///   process writes would differ from the first; they are renumbered in order of appearance;
/// - group opacity becomes a `<mask>` with no explicit region, which readers default to the
///   shapes' bounding box plus 10%, cutting thick strokes; each mask gets the canvas as region.
enum SVGNormalizer {
    static let idPrefixes = ["surface", "clip", "mask", "pattern", "image", "glyph", "linear", "radial", "filter"]

    static func normalize(_ bytes: [UInt8], width: Double, height: Double) -> [UInt8] {
        var text = String(decoding: bytes, as: UTF8.self)
        text = renumberIDs(text)
        text = text.replacing("<mask id=", with: "<mask maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(fmt(width))\" height=\"\(fmt(height))\" id=")
        return Array(text.utf8)
    }

    static func fmt(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }

    /// Renumbers `prefixN` ids (and their `#prefixN` / `url(#prefixN)` uses) per prefix, in order
    /// of first appearance.
    static func renumberIDs(_ text: String) -> String {
        var mapping: [String: String] = [:]
        var counters: [String: Int] = [:]
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let chars = Array(text.unicodeScalars)
        var i = 0
        while i < chars.count {
            var matched = false
            // An id token starts after a quote or '#', so words like "surface" in text are left alone.
            if i > 0, chars[i - 1] == "\"" || chars[i - 1] == "#" {
                for prefix in idPrefixes where hasPrefix(chars, at: i, prefix) {
                    var j = i + prefix.unicodeScalars.count
                    let digitsStart = j
                    while j < chars.count, chars[j].properties.numericType != nil, chars[j].isASCII { j += 1 }
                    guard j > digitsStart else { continue }
                    let original = String(String.UnicodeScalarView(chars[i..<j]))
                    let renamed: String
                    if let known = mapping[original] {
                        renamed = known
                    } else {
                        let n = (counters[prefix] ?? 0) + 1
                        counters[prefix] = n
                        renamed = "\(prefix)\(n)"
                        mapping[original] = renamed
                    }
                    out += renamed
                    i = j
                    matched = true
                    break
                }
            }
            if !matched {
                out.unicodeScalars.append(chars[i])
                i += 1
            }
        }
        return out
    }

    static func hasPrefix(_ chars: [Unicode.Scalar], at i: Int, _ prefix: String) -> Bool {
        var k = i
        for s in prefix.unicodeScalars {
            guard k < chars.count, chars[k] == s else { return false }
            k += 1
        }
        return true
    }
}
