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

    /// The fonts of a checked scene: DejaVu and its `fonts:` files.
    public static func of(_ scene: Scene) -> FontLibrary {
        scene.fonts.isEmpty ? .standard : FontLibrary(loading: scene.fonts.map(\.path))
    }

    /// DejaVu plus `files` (paths as the process can open them).
    public init(loading files: [String]) {
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
        families = config.map(Self.families(in:)) ?? []
        coverage = config.flatMap(Self.coverage(of:))
    }

    deinit {
        if let coverage { FcCharSetDestroy(coverage) }
        if let config { FcConfigDestroy(config) }
    }

    /// The family text in `family` is drawn with: itself when the library has it (fontconfig
    /// compares family names without regard to case), else DejaVu Sans — never whatever
    /// fontconfig would substitute.
    public func family(for family: String) -> String {
        families.first { $0.lowercased() == family.lowercased() } ?? Label.defaultFamily
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

    static func families(in config: OpaquePointer) -> [String] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        _ = FcObjectSetAdd(objects, FC_FAMILY)
        guard let set = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var names = Set<String>()
        let count = Int(set.pointee.nfont)
        for i in 0..<count {
            guard let font = set.pointee.fonts[i] else { continue }
            var value: UnsafeMutablePointer<FcChar8>?
            // A font may list several family names (localised ones); the first is its own.
            if FcPatternGetString(font, FC_FAMILY, 0, &value) == FcResultMatch, let value {
                names.insert(String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)))
            }
        }
        return names.sorted()
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
            if properties.isWhitespace || properties.isDefaultIgnorableCodePoint || properties.generalCategory == .control { continue }
            if FcCharSetHasChar(coverage, scalar.value) == FcFalse { out.append(scalar) }
        }
        return out
    }

    /// fontconfig's usual synthetic faces (its 90-synthetic.conf), which an empty configuration
    /// lacks: a slanted face for italic when the family has none (fonts-dejavu-core has no
    /// oblique), and emboldening for bold when it has no bold. And its scaling of bitmap fonts
    /// (10-scale-bitmap-fonts.conf): a font of fixed-size bitmaps (Noto Color Emoji's are
    /// 109 px) is scaled to the size asked for, else its glyphs are laid out at full size.
    static let rules = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
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
