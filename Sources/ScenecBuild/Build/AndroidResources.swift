import SceneRender

/// An Android resource folder (`res/`): each scene a PNG drawable in every density's folder,
/// `drawable-mdpi/NAME.png` … `drawable-xxxhdpi/NAME.png`, the dark look in
/// `drawable-night-DENSITY/`. A canvas point is a density-independent pixel (dp), so mdpi is
/// the canvas at 1 pixel per point.
enum AndroidResources {
    package static let densities: [(name: String, scale: Double)] = [
        ("mdpi", 1), ("hdpi", 1.5), ("xhdpi", 2), ("xxhdpi", 3), ("xxxhdpi", 4),
    ]

    package static func drawables(name: String, looks: [AssetLook], renderer: Renderer) -> [(String, () throws -> [UInt8])] {
        looks.flatMap { look in
            densities.map { density in
                ("drawable-\(look.appearance == .dark ? "night-" : "")\(density.name)/\(name).png",
                 { try look.draw(.png, scale: density.scale, with: renderer) })
            }
        }
    }

    /// The resource name for a scene file's name: lower case, with `-`, `.` and spaces as `_`
    /// (`Download-Ring` → `download_ring`). What else Android refuses is `problem(with:)`'s.
    package static func resourceName(_ name: String) -> String {
        String(name.lowercased().map { "-. ".contains($0) ? "_" : $0 })
    }

    /// Why a scene file's name cannot be made a resource name, or nil when it can. Android
    /// names a drawable `R.drawable.NAME` in Java, so NAME must be a Java identifier of
    /// a–z, 0–9 and _ that begins with a letter and is not a Java keyword.
    package static func problem(with name: String) -> String? {
        let resource = resourceName(name)
        let rule = "Android resource names are a–z, 0–9 and _, beginning with a letter; rename the scene"
        if let bad = resource.first(where: { !(("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_") }) {
            return "'\(name)' cannot be an Android resource name: it has '\(bad)' (\(rule))"
        }
        guard let first = resource.first, ("a"..."z").contains(first) else {
            return "'\(name)' cannot be an Android resource name: it begins with '\(name.prefix(1))' (\(rule))"
        }
        if javaKeywords.contains(resource) {
            return "'\(name)' cannot be an Android resource name: '\(resource)' is a Java keyword, and Android names the drawable R.drawable.\(resource); rename the scene"
        }
        return nil
    }

    private static let javaKeywords: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "false", "final", "finally", "float", "for", "goto",
        "if", "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "null", "package",
        "private", "protected", "public", "return", "short", "static", "strictfp", "super", "switch",
        "synchronized", "this", "throw", "throws", "transient", "true", "try", "void", "volatile", "while",
    ]
}
