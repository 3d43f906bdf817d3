import Glibc
import SceneModel
import SceneSyntax

/// The front end's font step, after checking: finds the scene's `fonts:` files beside the scene,
/// loads them, and warns about every family the scene names that is not there (naming the font
/// drawn instead — never a silent substitution).
public enum SceneFonts {
    /// `scene` with its font paths resolved against `scenePath`'s folder, and the problems: a
    /// missing or unreadable font file is an error at its entry, a family the fonts lack a warning.
    public static func resolve(_ scene: Scene, scenePath: String) -> (scene: Scene, diagnostics: [Diagnostic]) {
        var result = scene
        var diagnostics: [Diagnostic] = []
        result.fonts = scene.fonts.map { file in
            var resolved = file
            resolved.path = path(of: file.written, scenePath: scenePath)
            return resolved
        }
        var readable: [FontFile] = []
        for file in result.fonts {
            if isReadableFile(file.path) {
                readable.append(file)
            } else {
                diagnostics.append(.error("font file '\(file.written)' not found (looked for \(file.path))", at: file.range,
                                          notes: ["font paths are relative to the scene file"]))
            }
        }
        let library = readable.isEmpty ? FontLibrary.standard : FontLibrary(loading: readable.map(\.path))
        for file in readable where library.unreadable.contains(file.path) {
            diagnostics.append(.error("'\(file.written)' is not a font file fontconfig can read", at: file.range,
                                      notes: ["fonts takes TrueType (.ttf), OpenType (.otf) and other files FreeType reads"]))
        }
        var warned = Set<SourceRange>()
        walk(scene.views) { view in
            for spec in view.type.kind.attributes where spec.kind == .fontFamily {
                guard let entry = view.values.explicit[spec.name], case .text(let family) = entry.value,
                      !library.has(family), warned.insert(entry.range).inserted || entry.range == .none else { continue }
                diagnostics.append(.warning(
                    "font '\(family)' is not available; \(view.displayName) is drawn with \(library.family(for: family))",
                    at: entry.range,
                    notes: ["available: " + library.families.joined(separator: ", "),
                            "add the font's file to the scene's fonts: list (paths relative to the scene)"]))
            }
        }
        return (result, diagnostics)
    }

    static func walk(_ views: [SceneView], _ body: (SceneView) -> Void) {
        for view in views {
            body(view)
            walk(view.children, body)
        }
    }

    /// A regular file the process may read (fontconfig would take a folder and read nothing).
    static func isReadableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, R_OK) == 0
    }

    /// Where a font file written in a scene at `scenePath` is: relative to the scene's folder.
    public static func path(of written: String, scenePath: String) -> String {
        let folder = directory(of: scenePath)
        guard !written.hasPrefix("/"), !folder.isEmpty else { return written }
        return folder.hasSuffix("/") ? folder + written : folder + "/" + written
    }

    /// The folder part of a scene's path ("" for a bare name or standard input).
    static func directory(of path: String) -> String {
        guard path != "<stdin>", path != "-", let slash = path.lastIndex(of: "/") else { return "" }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}
