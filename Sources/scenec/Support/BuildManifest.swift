import FoundationEssentials

/// `OUT_DIR/.scenec-manifest.json`: for each scene, the hash of everything its outputs depend
/// on (scene bytes, options, scenec version) and the outputs it produced, so an unchanged scene
/// is skipped and a deleted scene's outputs can be found.
struct BuildManifest: Codable {
    struct Entry: Codable, Equatable {
        var key: String
        var outputs: [String]
    }

    static let fileName = ".scenec-manifest.json"
    var version = 1
    var scenes: [String: Entry] = [:]

    static func load(from outDir: String) -> BuildManifest {
        let path = outDir + "/" + fileName
        guard let read = try? Files.read(path, limit: 64 * 1024 * 1024), !read.tooLarge,
              let manifest = try? JSONDecoder().decode(BuildManifest.self, from: Data(read.bytes)),
              manifest.version == 1 else {
            return BuildManifest()  // none yet, or unreadable: everything is built again
        }
        return manifest
    }

    func save(to outDir: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data()
        try Files.write(Array(data) + [UInt8(ascii: "\n")], to: outDir + "/" + Self.fileName)
    }
}
