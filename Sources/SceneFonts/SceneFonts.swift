import Glibc
import SceneFiles
import SceneModel
import SceneSyntax

/// The front end's font step, after checking: finds the scene's `fonts:` files beside the scene,
/// loads them, and warns about every family the scene names that is not there (naming the font
/// drawn instead — never a silent substitution).
public enum SceneFonts {
    /// `scene` with its font paths resolved against `scenePath`'s folder, and the problems: a
    /// missing or unreadable font file is an error at its entry, a family the fonts lack a warning.
    /// Only files `scope` allows are given to fontconfig (docs/security.md).
    public static func resolve(_ scene: Scene, scenePath: String, scope: ReadScope) -> (scene: Scene, diagnostics: [Diagnostic]) {
        var result = scene
        var diagnostics: [Diagnostic] = []
        var readable: [(file: FontFile, real: String)] = []
        result.fonts = scene.fonts.map { file in
            var resolved = file
            resolved.path = path(of: file.written, scenePath: scenePath)
            switch ContainedRead.check(resolved.path, as: .font, in: scope) {
            case .success(let real) where access(real, R_OK) == 0:
                // Loaded from the file the check allowed (with --declared-input, a spelling's `..`
                // through a linked folder could lead elsewhere); named as spelled, as depfiles are.
                readable.append((resolved, real))
            case .failure(let refusal) where refusal.reason != .unreadable:
                diagnostics.append(.error(.fontNotFound, refusal.message(naming: file.written), at: file.range, notes: refusal.notes))
            default:
                diagnostics.append(.error(.fontNotFound, "font file '\(file.written)' not found (looked for \(resolved.path))", at: file.range,
                                          notes: ["font paths are relative to the scene file"]))
            }
            return resolved
        }
        let library = readable.isEmpty ? FontLibrary.standard : FontLibrary(loading: readable.map(\.real))
        for (file, real) in readable where library.unreadable.contains(real) {
            diagnostics.append(.error(.fontNotFound, "'\(file.written)' is not a font file fontconfig can read", at: file.range,
                                      notes: ["fonts takes TrueType (.ttf), OpenType (.otf) and other files FreeType reads"]))
        }
        var warned = Set<SourceRange>()
        walk(scene.views) { view in
            for spec in view.type.kind.attributes where spec.kind == .fontFamily {
                guard let entry = view.values.explicit[spec.name], case .text(let family) = entry.value,
                      !library.has(family) || library.isColor(family), warned.insert(entry.range).inserted || entry.range == .none else { continue }
                if library.isColor(family) {
                    diagnostics.append(.warning(.fontUnavailable,
                        "'\(family)' is a colour emoji font, not one for text; \(view.displayName) is drawn with \(library.family(for: family))",
                        at: entry.range,
                        notes: ["emoji are drawn in colour in every family: the default fonts fall back to Noto Color Emoji for them"]))
                    continue
                }
                diagnostics.append(.warning(.fontUnavailable, 
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
