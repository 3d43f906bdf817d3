import SceneFiles
import SceneSupport

extension SceneBuilder {
    /// The group's outputs written from the remote cache, or nil when it has no usable entry
    /// (the group is then rendered). `names` are the files the group writes here (the entry must
    /// list exactly those). A corrupt entry or blob is reported (`RemoteCache.reportBad`).
    /// Throws when an output cannot be written.
    func fetch(_ group: OutputGroup, key: String, names: [String], shownAs claimed: String,
               from remote: RemoteCache) throws -> [String: BuildManifest.Output]? {
        switch remote.lookup(key, names: names) {
        case .miss: return nil
        case .corrupt(let why):
            remote.reportBad(why, output: "\(outDir.path)/\(claimed)")
            return nil
        case .hit(let files):
            var outputs: [String: BuildManifest.Output] = [:]
            for (file, bytes) in files {
                let output = try outputFile(file.path)
                try Files.converting { () throws(DestinationFailure) in try output.write(bytes) }
                // The lookup hashed the bytes against this digest already.
                outputs[file.path] = BuildManifest.Output(group: group.name, key: key, sha256: file.sha256, size: bytes.count)
            }
            return outputs
        }
    }
}

/// A rendered group on its way to the remote cache: each blob as its file is written, then
/// the entry, only when every blob was taken.
struct RemoteUpload {
    private var files: [ActionResult.OutputFile] = []
    private var complete = true
    private var size = 0

    /// `sha256` is the bytes' digest, which the manifest records too (hashed once).
    mutating func add(_ path: String, _ bytes: [UInt8], sha256: String, to remote: RemoteCache) {
        guard complete else { return }
        // A group larger than a lookup takes (`RemoteCache.maxEntry`) is not uploaded at all.
        size += bytes.count
        guard size <= RemoteCache.maxEntry else {
            complete = false
            return
        }
        complete = remote.storeBlob(bytes, sha256: sha256)
        files.append(.init(path: path, sha256: sha256, size: bytes.count))
    }

    func finish(_ key: String, to remote: RemoteCache) {
        guard complete else { return }
        remote.storeEntry(key, files: files)
    }
}
