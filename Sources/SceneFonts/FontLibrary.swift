import CPango
import SceneFiles
import SceneModel

/// The fonts a scene's text may use: the default fonts (`DefaultFont.all`: DejaVu, then
/// fallbacks for the scripts and emoji DejaVu lacks, each from a Debian package the Makefile
/// installs, at a known path) and the scene's own `fonts:` files — and nothing else. It owns a
/// private fontconfig configuration built from those files alone, so text lays out the same on
/// every machine whatever fonts the system has (or `fc-cache` later finds).
///
/// Immutable once built: fontconfig reads a configuration from several threads safely, and each
/// render makes its own Pango font map over it (`frames --jobs` draws in parallel).
/// `@unchecked` for that reason alone: every stored property is a `let`, and the one that is not
/// `Sendable` is the `FcConfig *`, which no one changes after `init` and `deinit` destroys (a
/// TextEngine keeps its library, so the config outlives every Pango font map set to it).
public final class FontLibrary: @unchecked Sendable {
    /// Where fonts-dejavu-core puts its files on Debian, or SCENEC_FONT_DIR (ReadScope).
    public static let dejavuDirectory = ReadScope.packagedFontDirectory
    /// fonts-dejavu-core's files, named one by one: the directory may hold more (fonts-dejavu-extra),
    /// which a machine without that package lacks.
    public static let dejavuFiles = DefaultFont.all.filter { $0.package == DefaultFont.dejavuPackage }.map(\.file)

    /// DejaVu alone: for scenes without `fonts:`, built once.
    public static let standard = FontLibrary(loading: [])

    /// The `FcConfig *`; nil only when fontconfig could not allocate one (then no text is drawn).
    public let config: OpaquePointer?
    /// The families it holds, sorted.
    public let families: [String]
    /// Every character some font of the library has a glyph for; nil without fontconfig.
    let coverage: OpaquePointer?
    /// The scene's files fontconfig could not read as fonts.
    public let unreadable: [String]
    /// Families whose glyphs are colour pictures (Noto Color Emoji): never a text's family.
    let colorFamilies: Set<String>
    /// The default fonts not loaded from their path with their family: a missing file, one that
    /// is not a font, or another font under the name (BuildInfo refuses a SCENEC_FONT_DIR so).
    public let misplacedDefaults: [DefaultFont]

    /// The fonts of a checked scene: DejaVu and its `fonts:` files.
    public static func of(_ scene: Scene) -> FontLibrary {
        scene.fonts.isEmpty ? .standard : FontLibrary(loading: scene.fonts.map(\.path))
    }

    /// DejaVu plus `files` (paths as the process can open them).
    public init(loading files: [String]) {
        _ = Self.emptyCurrentConfiguration
        // FcConfigCreate gives an empty configuration: no system directories, no rules, no cache.
        let config = FcConfigCreate()
        var unreadable: [String] = []
        if let config {
            _ = FcConfigParseAndLoadFromMemory(config, Self.rules, FcTrue)
            for font in DefaultFont.all {
                _ = FcConfigAppFontAddFile(config, font.path)
            }
            for file in files where FcConfigAppFontAddFile(config, file) == FcFalse {
                unreadable.append(file)
            }
        }
        self.config = config
        self.unreadable = unreadable
        let faces = config.map(Self.faces(in:)) ?? []
        families = Set(faces.map(\.family)).sorted()
        colorFamilies = Set(faces.filter(\.isColor).map(\.family))
        misplacedDefaults = DefaultFont.all.filter { font in !faces.contains { $0.file == font.path && $0.family == font.family } }
        coverage = config.flatMap(Self.coverage(of:))
    }

    /// fontconfig's current configuration made an empty one, once, before any Pango font map:
    /// Pango's font map calls FcInit, which otherwise reads the system's fonts.conf and scans
    /// its font folders (a fifth of a `check`), only for every text to use a library's own
    /// configuration. With the empty one nothing can reach the system's fonts either.
    private static let emptyCurrentConfiguration: Void = {
        if let empty = FcConfigCreate() {
            _ = FcConfigSetCurrent(empty)
            // The current configuration holds its own reference now.
            FcConfigDestroy(empty)
        }
    }()

    deinit {
        if let coverage { FcCharSetDestroy(coverage) }
        if let config { FcConfigDestroy(config) }
    }

    /// The family text in `family` is drawn with: itself when the library has it (fontconfig
    /// compares family names without regard to case), else DejaVu Sans — never whatever
    /// fontconfig would substitute.
    /// A colour font is not one either: its digits, `#`, `*` and spaces are there for keycap
    /// emoji, grey pictures spaced wide that ignore the text colour; its emoji come through the
    /// fallbacks anyway.
    public func family(for family: String) -> String {
        guard let found = families.first(where: { $0.lowercased() == family.lowercased() }), !colorFamilies.contains(found) else {
            return Label.defaultFamily
        }
        return found
    }

    /// Whether `family` is one of the library's colour fonts (SceneFonts warns when text names one).
    public func isColor(_ family: String) -> Bool {
        colorFamilies.contains { $0.lowercased() == family.lowercased() }
    }

    /// What Pango is given for text in `family`: that family, then the default fonts' families in
    /// their order, so a character the family lacks is drawn with the first default font that
    /// has it (DejaVu Sans first: Latin text is drawn as it was before there were fallbacks),
    /// never with whichever font fontconfig's sorting would put next.
    public func fallbackList(for family: String) -> String {
        let first = self.family(for: family)
        let rest = DefaultFont.fallbackFamilies.filter { $0.lowercased() != first.lowercased() }
        return ([first] + rest).joined(separator: ",")
    }

    public func has(_ family: String) -> Bool {
        families.contains { $0.lowercased() == family.lowercased() }
    }

    /// One face fontconfig holds: its file, its own family name (a font may list localised ones
    /// after it), and whether its glyphs are colour pictures.
    struct Face {
        let file: String
        let family: String
        let isColor: Bool
    }

    static func faces(in config: OpaquePointer) -> [Face] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        for object in [FC_FAMILY, FC_FILE, FC_COLOR] { _ = FcObjectSetAdd(objects, object) }
        guard let set = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        func string(_ font: OpaquePointer, _ object: String) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, object, 0, &value) == FcResultMatch, let value else { return nil }
            return String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
        }
        return (0..<Int(set.pointee.nfont)).compactMap { i in
            guard let font = set.pointee.fonts[i], let family = string(font, FC_FAMILY) else { return nil }
            var color: FcBool = FcFalse
            _ = FcPatternGetBool(font, FC_COLOR, 0, &color)
            return Face(file: string(font, FC_FILE) ?? "", family: family, isColor: color == FcTrue)
        }
    }

    /// The union of every font's character set in `config`, which `missing(in:)` reads.
    static func coverage(of config: OpaquePointer) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return nil }
        defer { FcObjectSetDestroy(objects) }
        _ = FcObjectSetAdd(objects, FC_CHARSET)
        guard let set = FcFontList(config, pattern, objects), let union = FcCharSetCreate() else { return nil }
        defer { FcFontSetDestroy(set) }
        for i in 0..<Int(set.pointee.nfont) {
            var charset: OpaquePointer?
            if let font = set.pointee.fonts[i], FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset {
                _ = FcCharSetMerge(union, charset, nil)
            }
        }
        return union
    }

    /// The characters of `text` no font of the library can draw, each once, in order of first
    /// appearance. Characters that draw nothing by design (spaces, line breaks, joiners,
    /// variation selectors and the other default-ignorable ones) are never missing.
    public func missing(in text: String) -> [Unicode.Scalar] {
        guard let coverage else { return [] }
        var seen = Set<Unicode.Scalar>(), out: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where !seen.contains(scalar) {
            seen.insert(scalar)
            let properties = scalar.properties
            if Self.drawsNothing(scalar) { continue }
            // Pango draws a control character as a box whatever font claims it.
            if properties.generalCategory == .control || FcCharSetHasChar(coverage, scalar.value) == FcFalse { out.append(scalar) }
        }
        return out
    }

    /// Spaces, line breaks (Pango breaks lines at `\n`, `\r` and U+2028/2029 and lays a tab out
    /// as space) and the default-ignorable characters (joiners, variation selectors). Other
    /// control characters — ESC, BEL, DEL, NEL, CSI… — are drawn by Pango as boxes with their
    /// code points, so they count as missing, each named by its code point alone.
    static func drawsNothing(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.generalCategory == .control { return ["\t", "\n", "\r"].contains(scalar) }
        return scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
    }

    /// Two rules of the default fonts' own. Pango asks for the family `emoji` for an emoji
    /// presentation sequence (❤️, ☀️, 1️⃣: a character DejaVu has, with U+FE0F or as a keycap),
    /// as fontconfig's 45/60-generic.conf alias it on a desktop; without the alias DejaVu Sans,
    /// first in every list, sets them as black outlines. And Droid Sans Fallback's three Hangul
    /// syllables and its jamo are left out of its coverage, so Korean comes from Nanum Gothic
    /// alone rather than a word mixing two designs (Droid stays first for Chinese and Japanese:
    /// Nanum has 4,620 Hanja of its own).
    ///
    /// Then fontconfig's usual synthetic faces (its 90-synthetic.conf), which an empty configuration
    /// lacks: a slanted face for italic when the family has none (fonts-dejavu-core has no
    /// oblique), and emboldening for bold when it has no bold. And its scaling of bitmap fonts
    /// (10-scale-bitmap-fonts.conf): a font of fixed-size bitmaps (Noto Color Emoji's are
    /// 109 px) is scaled to the size asked for, else its glyphs are laid out at full size.
    static let rules = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <alias binding="same"><family>emoji</family><prefer><family>Noto Color Emoji</family></prefer></alias>
          <match target="scan">
            <test name="family"><string>Droid Sans Fallback</string></test>
            <edit name="charset" mode="assign">
              <minus><name>charset</name><charset><range><int>0x1100</int><int>0x11FF</int></range><range><int>0x3130</int><int>0x318F</int></range>
                <range><int>0xAC00</int><int>0xD7AF</int></range></charset></minus>
            </edit>
          </match>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="pixelsizefixupfactor" mode="assign">
              <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
            </edit>
          </match>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name><matrix><name>pixelsizefixupfactor</name><double>0</double><double>0</double><name>pixelsizefixupfactor</name></matrix></times>
            </edit>
            <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
          </match>
          <match target="font">
            <test name="slant" compare="eq"><const>roman</const></test>
            <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name><matrix><double>1</double><double>0.2</double><double>0</double><double>1</double></matrix></times>
            </edit>
            <edit name="slant" mode="assign"><const>oblique</const></edit>
          </match>
          <match target="font">
            <test name="weight" compare="less_eq"><const>medium</const></test>
            <test target="pattern" name="weight" compare="more_eq"><const>bold</const></test>
            <edit name="embolden" mode="assign"><bool>true</bool></edit>
            <edit name="weight" mode="assign"><const>bold</const></edit>
          </match>
        </fontconfig>
        """
}
