/// iOS system colours by name, with their light and dark sRGB values: the one table the checker
/// reads names from, the JSON Schema lists and docs/language.md prints (`make generated`).
///
/// The values are UIKit's, as Apple publishes them: the hues and grays from the Human Interface
/// Guidelines' "Color" page (the iOS 15–18 table: systemBlue is rgb(0, 122, 255) light and
/// rgb(10, 132, 255) dark), and the UI element colours (labels, separators, fills,
/// backgrounds) as UIKit resolves them for `userInterfaceStyle` light and dark, alpha
/// included (secondaryLabel is rgba(60, 60, 67, 0.6) light, rgba(235, 235, 245, 0.6) dark).
/// Base (not elevated) backgrounds, standard (not increased) contrast.
public enum SystemColors {
    public struct Entry: Sendable, Hashable {
        public var name: String
        public var light: Color
        public var dark: Color
    }

    static func entry(_ name: String, _ light: (Double, Double, Double, Double), _ dark: (Double, Double, Double, Double)) -> Entry {
        Entry(name: name, light: .rgb255(light.0, light.1, light.2, alpha: light.3),
              dark: .rgb255(dark.0, dark.1, dark.2, alpha: dark.3))
    }

    /// In the order Apple lists them: hues, grays, labels, fills, text, separators, link, backgrounds.
    public static let all: [Entry] = [
        entry("systemRed", (255, 59, 48, 1), (255, 69, 58, 1)),
        entry("systemOrange", (255, 149, 0, 1), (255, 159, 10, 1)),
        entry("systemYellow", (255, 204, 0, 1), (255, 214, 10, 1)),
        entry("systemGreen", (52, 199, 89, 1), (48, 209, 88, 1)),
        entry("systemMint", (0, 199, 190, 1), (99, 230, 226, 1)),
        entry("systemTeal", (48, 176, 199, 1), (64, 200, 224, 1)),
        entry("systemCyan", (50, 173, 230, 1), (100, 210, 255, 1)),
        entry("systemBlue", (0, 122, 255, 1), (10, 132, 255, 1)),
        entry("systemIndigo", (88, 86, 214, 1), (94, 92, 230, 1)),
        entry("systemPurple", (175, 82, 222, 1), (191, 90, 242, 1)),
        entry("systemPink", (255, 45, 85, 1), (255, 55, 95, 1)),
        entry("systemBrown", (162, 132, 94, 1), (172, 142, 104, 1)),
        entry("systemGray", (142, 142, 147, 1), (142, 142, 147, 1)),
        entry("systemGray2", (174, 174, 178, 1), (99, 99, 102, 1)),
        entry("systemGray3", (199, 199, 204, 1), (72, 72, 74, 1)),
        entry("systemGray4", (209, 209, 214, 1), (58, 58, 60, 1)),
        entry("systemGray5", (229, 229, 234, 1), (44, 44, 46, 1)),
        entry("systemGray6", (242, 242, 247, 1), (28, 28, 30, 1)),
        entry("label", (0, 0, 0, 1), (255, 255, 255, 1)),
        entry("secondaryLabel", (60, 60, 67, 0.6), (235, 235, 245, 0.6)),
        entry("tertiaryLabel", (60, 60, 67, 0.3), (235, 235, 245, 0.3)),
        entry("quaternaryLabel", (60, 60, 67, 0.18), (235, 235, 245, 0.16)),
        entry("systemFill", (120, 120, 128, 0.2), (120, 120, 128, 0.36)),
        entry("secondarySystemFill", (120, 120, 128, 0.16), (120, 120, 128, 0.32)),
        entry("tertiarySystemFill", (118, 118, 128, 0.12), (118, 118, 128, 0.24)),
        entry("quaternarySystemFill", (116, 116, 128, 0.08), (118, 118, 128, 0.18)),
        entry("placeholderText", (60, 60, 67, 0.3), (235, 235, 245, 0.3)),
        entry("separator", (60, 60, 67, 0.29), (84, 84, 88, 0.6)),
        entry("opaqueSeparator", (198, 198, 200, 1), (56, 56, 58, 1)),
        entry("link", (0, 122, 255, 1), (9, 132, 255, 1)),
        entry("systemBackground", (255, 255, 255, 1), (0, 0, 0, 1)),
        entry("secondarySystemBackground", (242, 242, 247, 1), (28, 28, 30, 1)),
        entry("tertiarySystemBackground", (255, 255, 255, 1), (44, 44, 46, 1)),
        entry("systemGroupedBackground", (242, 242, 247, 1), (0, 0, 0, 1)),
        entry("secondarySystemGroupedBackground", (255, 255, 255, 1), (28, 28, 30, 1)),
        entry("tertiarySystemGroupedBackground", (242, 242, 247, 1), (44, 44, 46, 1)),
    ]

    /// By name, exactly as UIKit spells it (`systemBlue`, not `SystemBlue`).
    public static let named: [String: Entry] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}
