import CPango
import SceneFiles

/// One file of the fonts every scene has: which Debian package installs it and where, and the
/// family it holds. `all` is the one list of them — the fonts FontLibrary loads, the order text
/// falls back through, what `--version`, the renderer's key, the .deb's Depends, the Makefile and
/// the Bazel toolchain name.
public struct DefaultFont: Sendable, Equatable {
    public let package: String
    /// Where the package puts the file on Debian.
    public let folder: String
    public let file: String
    public let family: String

    static let dejavuPackage = "fonts-dejavu-core"

    /// DejaVu first: it draws Latin, Greek and Cyrillic (and more), and a scene that needs no
    /// fallback is drawn as it was before there were fallbacks. Then, for what DejaVu lacks,
    /// only these Noto families of fonts-noto-core (the package holds hundreds), Droid Sans
    /// Fallback for Chinese and Japanese (a 4 MB file, 7 MB package, where fonts-noto-cjk is
    /// 91 MB), Nanum Gothic for Korean (Droid has 3 of the 11,172 Hangul syllables; one 4.7 MB
    /// file of fonts-nanum, a sans like DejaVu — fonts-baekmuk's are older bitmap-era designs),
    /// and colour emoji.
    public static let all: [DefaultFont] = {
        let dejavu = "/usr/share/fonts/truetype/dejavu", noto = "/usr/share/fonts/truetype/noto"
        func core(_ file: String, _ family: String) -> DefaultFont {
            DefaultFont(package: dejavuPackage, folder: dejavu, file: file, family: family)
        }
        func notoCore(_ name: String, _ family: String) -> [DefaultFont] {
            ["Regular", "Bold"].map { DefaultFont(package: "fonts-noto-core", folder: noto, file: "\(name)-\($0).ttf", family: family) }
        }
        return [core("DejaVuSans.ttf", "DejaVu Sans"), core("DejaVuSans-Bold.ttf", "DejaVu Sans"),
                core("DejaVuSansMono.ttf", "DejaVu Sans Mono"), core("DejaVuSansMono-Bold.ttf", "DejaVu Sans Mono"),
                core("DejaVuSerif.ttf", "DejaVu Serif"), core("DejaVuSerif-Bold.ttf", "DejaVu Serif")]
            + notoCore("NotoSansArabic", "Noto Sans Arabic") + notoCore("NotoSansHebrew", "Noto Sans Hebrew")
            + notoCore("NotoSansDevanagari", "Noto Sans Devanagari")
            + [DefaultFont(package: "fonts-droid-fallback", folder: "/usr/share/fonts/truetype/droid",
                           file: "DroidSansFallbackFull.ttf", family: "Droid Sans Fallback"),
               DefaultFont(package: "fonts-nanum", folder: "/usr/share/fonts/truetype/nanum", file: "NanumGothic.ttf", family: "NanumGothic"),
               DefaultFont(package: "fonts-noto-color-emoji", folder: noto, file: "NotoColorEmoji.ttf", family: "Noto Color Emoji")]
    }()

    /// The families text falls back through, in order (`FontLibrary.fallbackList(for:)`).
    public static let fallbackFamilies: [String] = all.map(\.family).filter { $0 != "DejaVu Sans Mono" && $0 != "DejaVu Serif" }
        .reduce(into: []) { list, family in if !list.contains(family) { list.append(family) } }

    /// The packages, in order, each once.
    public static let packages: [String] = all.map(\.package).reduce(into: []) { list, package in
        if !list.contains(package) { list.append(package) }
    }

    /// Where scenec reads it: its Debian folder, or SCENEC_FONT_DIR, which holds every default
    /// font in one folder (a Bazel toolchain's copies).
    public var path: String {
        ReadScope.fontDirectoryVariable == nil ? folder + "/" + file : ReadScope.packagedFontDirectory + "/" + file
    }

    /// The version the font file states (its `head` table's revision, as fontconfig reads it),
    /// e.g. "2.042"; nil when the file cannot be read as a font.
    public var version: String? {
        var count: Int32 = 0
        guard let pattern = FcFreeTypeQuery(path, 0, nil, &count) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var fixed: Int32 = 0
        guard FcPatternGetInteger(pattern, FC_FONTVERSION, 0, &fixed) == FcResultMatch else { return nil }
        // 16.16 fixed point, written with three decimals as fonts name their versions.
        let thousandths = (Int(fixed) * 1000 + 0x8000) >> 16
        return "\(thousandths / 1000).\(String(thousandths % 1000).leftPadded(to: 3))"
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
