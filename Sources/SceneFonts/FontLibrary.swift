import CPango
import SceneFiles
import SceneModel

/// The fonts a scene's text may use: DejaVu from Debian's fonts-dejavu-core (installed by the
/// Makefile, at a known path) and the scene's own `fonts:` files — and nothing else. It owns a
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
    public static let dejavuFiles = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf",
                                     "DejaVuSansMono-Bold.ttf", "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"]

    /// DejaVu alone: for scenes without `fonts:`, built once.
    public static let standard = FontLibrary(loading: [])

    /// The `FcConfig *`; nil only when fontconfig could not allocate one (then no text is drawn).
    public let config: OpaquePointer?
    /// The families it holds, sorted.
    public let families: [String]
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
            for name in Self.dejavuFiles {
                _ = FcConfigAppFontAddFile(config, Self.dejavuDirectory + "/" + name)
            }
            for file in files where FcConfigAppFontAddFile(config, file) == FcFalse {
                unreadable.append(file)
            }
        }
        self.config = config
        self.unreadable = unreadable
        families = config.map(Self.families(in:)) ?? []
    }

    deinit {
        if let config { FcConfigDestroy(config) }
    }

    /// The family text in `family` is drawn with: itself when the library has it (fontconfig
    /// compares family names without regard to case), else DejaVu Sans — never whatever
    /// fontconfig would substitute.
    public func family(for family: String) -> String {
        families.first { $0.lowercased() == family.lowercased() } ?? Label.defaultFamily
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

    /// fontconfig's usual synthetic faces (its 90-synthetic.conf), which an empty configuration
    /// lacks: a slanted face for italic when the family has none (fonts-dejavu-core has no
    /// oblique), and emboldening for bold when it has no bold.
    static let rules = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
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
