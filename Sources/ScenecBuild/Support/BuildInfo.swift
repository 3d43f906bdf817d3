import CCairo
import CDeflate
import CPNG
import CPango
import CWebP
import CYAML
import SceneFiles
import SceneFonts
import SceneSupport
import ScenecKit

/// What this binary is: its version, the commit it was built from, and the libraries it runs
/// with — for `scenec --version` and for the key that decides whether a build's outputs are
/// still good.
package enum BuildInfo {
    package static let version = "0.1.0"

    // The versions the loaded shared libraries report, not the headers' macros: a runner may have
    // other builds of them than the machine that compiled scenec, and that is what draws.
    package static let cairoVersion = String(cString: cairo_version_string())
    package static let yamlVersion = String(cString: yaml_get_version_string())
    package static let pngVersion = png_get_libpng_ver(nil).map { String(cString: $0) } ?? "unknown"
    package static let pangoVersion = String(cString: pango_version_string())
    package static let fontconfigVersion: String = {
        let v = Int(FcGetVersion())
        return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
    }()
    /// libdeflate, which encodes every PNG scenec writes, has no run-time version call: this is
    /// the header's. Its soname (libdeflate.so.0) and the executable's bytes pin the rest.
    package static let deflateVersion = LIBDEFLATE_VERSION_STRING
    /// pixman fills and antialiases every image Cairo draws: another pixman, other edge pixels.
    package static let pixmanVersion = String(cString: pixman_version_string())
    /// FreeType rasterises the glyphs (hinting, its own antialiasing).
    package static let freetypeVersion: String = {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var (major, minor, patch): (FT_Int, FT_Int, FT_Int) = (0, 0, 0)
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }()
    /// HarfBuzz shapes text: which glyphs, where (kerning, ligatures).
    package static let harfbuzzVersion = String(cString: hb_version_string())
    /// FriBidi orders right-to-left runs. Its version text reads "(GNU FriBidi) 1.0.8" and then
    /// lines about its build: the first line's last word is the version.
    package static let fribidiVersion: String = {
        let info = String(cString: scenec_fribidi_version_info())
        let firstLine = info.split(separator: "\n").first ?? ""
        return firstLine.split(separator: " ").last.map(String.init) ?? "unknown"
    }()
    /// libwebp's encoder and its mux library write animated WebP; each reports 0xMMmmpp.
    package static let webpVersion = webpVersionText(WebPGetEncoderVersion())
    package static let webpMuxVersion = webpVersionText(WebPGetMuxVersion())

    private static func webpVersionText(_ packed: Int32) -> String {
        "\(packed >> 16 & 0xff).\(packed >> 8 & 0xff).\(packed & 0xff)"
    }

    /// Every library above by the name `--version` gives it, in its order: the version report
    /// lists them a line each and the renderer's identity names them all, from this one list.
    package static let libraries: [(name: String, version: String)] = [
        ("cairo", cairoVersion), ("libyaml", yamlVersion), ("libpng", pngVersion), ("pango", pangoVersion),
        ("fontconfig", fontconfigVersion), ("libdeflate", deflateVersion), ("pixman", pixmanVersion),
        ("freetype", freetypeVersion), ("harfbuzz", harfbuzzVersion), ("fribidi", fribidiVersion),
        ("libwebp", webpVersion), ("libwebpmux", webpMuxVersion),
    ]

    /// How this binary was compiled: `debug` or `release` (SwiftPM defines DEBUG in a debug
    /// build), and for which processor, which the compiler's version line need not name (it names
    /// the host, and a cross-compiled scenec runs elsewhere).
    package static let configuration: String = {
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        #if arch(x86_64)
        return configuration + " x86_64"
        #elseif arch(arm64)
        return configuration + " arm64"
        #else
        return configuration + " other"
        #endif
    }()

    /// `scenec --version`: one `name value` pair a line, easy to read and to grep; `commit` is
    /// the one the executable was built from; `renderer` is a digest of `rendererIdentity`, what
    /// a build's keys hold, and says what named the code in it.
    package static func versionReport(origin: BuildOrigin, renderer identity: String) -> String {
        """
        scenec \(version)
        commit \(origin.commit)
        sources \(origin.isClean ? origin.sources : "none (not a clean checkout)")
        compiler \(origin.compiler)
        configuration \(configuration)
        \(libraries.map { "\($0.name) \($0.version)\n" }.joined())\(fontLines)renderer \(digest(identity)) (\(origin.isClean ? "keyed by the sources" : "keyed by the executable's bytes"))

        """
    }

    /// Names everything about the renderer that changes output bytes: the code, and the libraries
    /// it parses, draws, shapes text and encodes with (shared libraries, so not fixed by the code) and the
    /// default fonts. The code is named by what it was made from when the binary comes from a
    /// clean checkout: the sources' tree, the compiler's version, the configuration. So the
    /// `.deb`, the tarball and `swift build -c release` of one commit (Swift's runtime linked in
    /// and stripped, or not) share every key, and so does a later commit that only
    /// changes the docs. Otherwise (uncommitted changes, no git) by the executable's bytes (see
    /// ExecutableDigest, which blanks `stamp`, the executable's commit stamp, so two commits with
    /// the same code still agree). That reads the whole executable: the caller keeps the result.
    package static func rendererIdentity(origin: BuildOrigin, stamp: String) -> String {
        let libraries = Self.libraries.map { "\($0.name) \($0.version) " }.joined() + "fonts \(fontsDigest)"
        if origin.isClean {
            return "sources \(origin.sources) compiler \(origin.compiler) configuration \(configuration) \(libraries)"
        }
        guard let code = ExecutableDigest.ofRunningExecutable(stamp: stamp) else {
            // No /proc (a bare chroot): the commit is the next best name for the code.
            return "scenec \(version) commit \(origin.commit) \(libraries)"
        }
        return "code sha256:\(code) \(libraries)"
    }

    private static func digest(_ text: String) -> String {
        var hash = SHA256()
        hash.update(text)
        return hash.finish()
    }
}

/// How this executable was built, as the BuildCommit plugin recorded it in the `scenec` module.
package struct BuildOrigin: Sendable, Equatable {
    /// The git commit, with `-dirty` when Package.swift, Sources or Plugins had uncommitted
    /// changes, or `unknown` outside a git checkout (a source tarball).
    package var commit: String
    /// Git's id of the tree of Package.swift, Sources and Plugins, for a clean checkout; empty
    /// otherwise.
    package var sources: String
    /// What `swiftc --version` said, on one line, or `unknown`.
    package var compiler: String

    package init(commit: String, sources: String, compiler: String) {
        (self.commit, self.sources, self.compiler) = (commit, sources, compiler)
    }

    /// Whether the sources and the compiler name the code: a commit with nothing uncommitted and
    /// a known compiler.
    package var isClean: Bool {
        Self.isObjectName(commit) && Self.isObjectName(sources) && compiler != "unknown" && !compiler.isEmpty
    }

    /// A git object's id: 40 (SHA-1) or 64 (SHA-256) lowercase hex digits.
    private static func isObjectName(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64) && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

extension BuildInfo {
    /// The default fonts' bytes (`DefaultFont.all`), which every label is drawn with: an update
    /// of one of their packages changes text, so it changes the renderer. Read once per process
    /// (some 15 MB, most of it the emoji), only by what needs the renderer's key.
    package static let fontsDigest: String = {
        var hash = SHA256()
        for font in DefaultFont.all {
            let bytes = (try? Files.read(font.path, limit: 64 << 20).bytes) ?? []
            hash.update("\(font.file)\u{0}\(bytes.count)\u{0}")
            hash.update(bytes)
        }
        return String(hash.finish().prefix(16))
    }()

    /// `--version`'s line for each default font: its package, file and the version the file
    /// states, `missing`, or `not a font` when fontconfig cannot read it (text then falls back to
    /// the fonts there are).
    static var fontLines: String {
        DefaultFont.all.map { "font \($0.package) \($0.file) \($0.version ?? (Files.exists($0.path) ? "not a font" : "missing"))\n" }.joined()
    }
}

extension BuildInfo {
    /// Why the fonts `SCENEC_FONT_DIR` names cannot be the default fonts; nil when it is unset
    /// or holds them all. Without it a missing default font only changes the text (as on a machine
    /// without its package); with it, set for a build system's toolchain, it is a mistake
    /// that would draw other text under the toolchain's key, so every command refuses to run.
    package static func fontDirectoryProblem() -> String? {
        guard let variable = ReadScope.fontDirectoryVariable else { return nil }
        let absent = DefaultFont.all.filter { !Files.exists($0.path) || Files.isDirectory($0.path) }
        // Present but not the font it names (empty, truncated, another font copied under the
        // name): fontconfig did not load that family from it.
        let wrong = FontLibrary.standard.misplacedDefaults.filter { !absent.contains($0) }
        guard !absent.isEmpty || !wrong.isEmpty else { return nil }
        let problems = (absent.isEmpty ? [] : ["lacks " + absent.map(\.file).joined(separator: ", ")])
            + wrong.map { "its \($0.file) is not \($0.family)" }
        return "SCENEC_FONT_DIR names '\(variable.escaped(.text))', which \(problems.joined(separator: "; ")): "
            + "it must hold the default fonts' \(DefaultFont.all.count) files (\(DefaultFont.all.map(\.file).joined(separator: ", ")))"
    }
}
