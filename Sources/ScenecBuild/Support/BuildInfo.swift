import CCairo
import CDeflate
import CPNG
import CPango
import CYAML
import SceneFonts
import SceneSupport
import ScenecKit
import ScenecBuild

/// What this binary is: its version, the commit it was built from, and the libraries it runs
/// with — for `scenec --version` and for the key that decides whether a build's outputs are
/// still good.
enum BuildInfo {
    static let version = "0.1.0"

    /// The git commit the binary was built from, with `-dirty` when Package.swift, Sources or
    /// Plugins had uncommitted changes, or `unknown` when built outside a git checkout (a source
    /// tarball). The BuildCommit plugin writes `buildStamp` whenever HEAD or a source changes;
    /// see Plugins/BuildCommit for why it is done that way.
    static let commit: String = {
        let prefix = "scenec-build-commit:"   // as the plugin's script writes it
        let commit = buildStamp.dropFirst(prefix.count).prefix(while: { $0 != " " })   // padded with spaces
        return buildStamp.hasPrefix(prefix) && !commit.isEmpty ? String(commit) : "unknown"
    }()

    // The versions the loaded shared libraries report, not the headers' macros: a runner may have
    // other builds of them than the machine that compiled scenec, and that is what draws.
    static let cairoVersion = String(cString: cairo_version_string())
    static let yamlVersion = String(cString: yaml_get_version_string())
    static let pngVersion = png_get_libpng_ver(nil).map { String(cString: $0) } ?? "unknown"
    static let pangoVersion = String(cString: pango_version_string())
    static let fontconfigVersion: String = {
        let v = Int(FcGetVersion())
        return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
    }()
    /// libdeflate, which encodes every PNG scenec writes, has no run-time version call: this is
    /// the header's. Its soname (libdeflate.so.0) and the executable's bytes pin the rest.
    static let deflateVersion = LIBDEFLATE_VERSION_STRING

    /// `scenec --version`: one `name value` pair a line, easy to read and to grep.
    static var versionReport: String {
        """
        scenec \(version)
        commit \(commit)
        cairo \(cairoVersion)
        libyaml \(yamlVersion)
        libpng \(pngVersion)
        pango \(pangoVersion)
        fontconfig \(fontconfigVersion)
        libdeflate \(deflateVersion)

        """
    }

    /// Names everything about the renderer that changes output bytes: the executable's code and
    /// the libraries it parses, draws and encodes with (shared libraries, so not fixed by the
    /// executable's bytes). Two binaries built from different commits with the same code give
    /// the same identity (see ExecutableDigest), so a change to the docs keeps cached outputs.
    /// Computed on first use and kept: a `static let` is initialised once, thread-safely.
    static func rendererIdentity() -> String { identity }

    private static let identity: String = {
        let libraries = "cairo \(cairoVersion) libyaml \(yamlVersion) libpng \(pngVersion) libdeflate \(deflateVersion) "
            + "pango \(pangoVersion) fontconfig \(fontconfigVersion) dejavu \(dejavuDigest)"
        guard let code = ExecutableDigest.ofRunningExecutable(stamp: buildStamp) else {
            // No /proc (a bare chroot): the commit is the next best name for the code.
            return "scenec \(version) commit \(commit) \(libraries)"
        }
        return "code sha256:\(code) \(libraries)"
    }()
}

extension BuildInfo {
    /// The default fonts' bytes (fonts-dejavu-core's files), which every label is drawn with:
    /// an update of the package changes text, so it changes the renderer.
    static let dejavuDigest: String = {
        var hash = SHA256()
        for name in FontLibrary.dejavuFiles {
            let path = FontLibrary.dejavuDirectory + "/" + name
            let bytes = (try? Files.read(path, limit: 64 << 20).bytes) ?? []
            hash.update("\(name)\u{0}\(bytes.count)\u{0}")
            hash.update(bytes)
        }
        return String(hash.finish().prefix(16))
    }()
}
