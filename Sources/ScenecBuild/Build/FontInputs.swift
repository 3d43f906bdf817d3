import SceneFiles
import SceneFonts
import SceneSyntax

/// The font files a scene lists under `fonts:`, as inputs of its outputs: `build` hashes their
/// bytes into the scene's key, and `--depfile` names them, so editing a font rebuilds the scenes
/// that use it. Read from the YAML before checking (the key decides whether to check at all).
enum FontInputs {
    /// The paths (relative to the working directory) of the files under the scene's `fonts:`.
    package static func paths(sceneBytes bytes: [UInt8], scenePath: String) -> [String] {
        // Most scenes have no fonts; they skip the parse the up-to-date path otherwise avoids.
        guard bytes.count >= 6, containsFontsKey(bytes) else { return [] }
        let read = YAMLReader().read(SourceFile(name: scenePath, bytes: bytes))
        guard let top = read.root?.mapping, let list = top.first(where: { $0.key == "fonts" })?.value.sequence else {
            return []
        }
        return list.compactMap { $0.scalar?.text }.filter { !$0.isEmpty }
            .map { SceneFonts.path(of: $0, scenePath: scenePath) }
    }

    /// The files with their bytes (empty when unreadable: the check reports that).
    package static func inputs(sceneBytes bytes: [UInt8], scenePath: String, scope: ReadScope) -> [(path: String, bytes: [UInt8])] {
        paths(sceneBytes: bytes, scenePath: scenePath).map { path in
            guard case .success(let contents) = ContainedRead.read(path, as: .font, in: scope, limit: 256 << 20) else {
                return (path, [])
            }
            return (path, contents.bytes)
        }
    }

    package static func containsFontsKey(_ bytes: [UInt8]) -> Bool {
        let key = Array("fonts".utf8)
        return bytes.indices.dropLast(key.count - 1).contains { i in bytes[i..<(i + key.count)].elementsEqual(key) }
    }
}
