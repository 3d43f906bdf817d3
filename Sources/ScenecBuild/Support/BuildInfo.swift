import CCairo
import CDeflate
import CPNG
import CPango
import CYAML
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

    /// `scenec --version`: one `name value` pair a line, easy to read and to grep; `commit` is
    /// the one the executable was built from.
    package static func versionReport(commit: String) -> String {
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
    /// the same identity (see ExecutableDigest, which blanks `stamp`, the executable's commit
    /// stamp), so a change to the docs keeps cached outputs. It reads the whole executable: the
    /// caller keeps it.
    package static func rendererIdentity(stamp: String, commit: String) -> String {
        let libraries = "cairo \(cairoVersion) libyaml \(yamlVersion) libpng \(pngVersion) libdeflate \(deflateVersion) "
            + "pango \(pangoVersion) fontconfig \(fontconfigVersion) dejavu \(dejavuDigest)"
        guard let code = ExecutableDigest.ofRunningExecutable(stamp: stamp) else {
            // No /proc (a bare chroot): the commit is the next best name for the code.
            return "scenec \(version) commit \(commit) \(libraries)"
        }
        return "code sha256:\(code) \(libraries)"
    }
}

extension BuildInfo {
    /// The default fonts' bytes (fonts-dejavu-core's files), which every label is drawn with:
    /// an update of the package changes text, so it changes the renderer.
    package static let dejavuDigest: String = {
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
