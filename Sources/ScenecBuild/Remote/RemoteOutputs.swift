import SceneFiles
import SceneSupport

extension SceneBuilder {
    /// The group's outputs written from the remote cache, or nil when it has no usable entry
    /// (the group is then rendered). A corrupt entry or blob is reported as a warning naming the
    /// output; it does not turn the remote off. Throws when an output cannot be written.
    func fetch(_ group: OutputGroup, key: String, stem: String, from remote: RemoteCache) throws -> [String: BuildManifest.Output]? {
        switch remote.lookup(key, accepts: { group.owns($0, stem: stem) }) {
        case .miss: return nil
        case .corrupt(let why):
            sink(.warning("the remote cache \(remote.settings.shownURL) has a bad entry for '\(outDir.path)/\(group.claimedName(stem: stem))': "
                          + "\(why); rendered here instead"))
            return nil
        case .hit(let files):
            var outputs: [String: BuildManifest.Output] = [:]
            for file in files {
                let output = try outputFile(file.path)
                try Files.converting { () throws(DestinationFailure) in try output.write(file.bytes) }
                outputs[file.path] = BuildManifest.Output(group: group.name, key: key, sha256: SHA256.hex(file.bytes), size: file.bytes.count)
            }
            return outputs
        }
    }
}

extension OutputGroup {
    /// Whether a path an `ActionResult` lists may be one of the group's files: relative and
    /// normalised (no `..`, nothing absolute, as manifest entries), and the group's own name
    /// (a one-file group), a file directly in its folder (frames, an image set), or its drawable
    /// in a `drawable-*` folder. Anything else — another scene's output, the manifest — is refused.
    package func owns(_ path: String, stem: String) -> Bool {
        guard RelativeName(path) != nil else { return false }
        let claimed = claimedName(stem: stem)
        switch kind {
        case .still, .flipbook, .animation, .sheet:
            return path == claimed
        case .frames, .imageset:
            guard path.hasPrefix(claimed) else { return false }
            let rest = path.dropFirst(claimed.count)
            return !rest.isEmpty && !rest.contains("/")
        case .drawables:
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 2 && parts[0].hasPrefix("drawable-") && parts[1] == OutputGroup.fileName(claimed)
        }
    }
}

/// A rendered group on its way to the remote cache: each blob as its file is written, then
/// the entry, only when every blob was taken.
struct RemoteUpload {
    private var files: [ActionResult.OutputFile] = []
    private var complete = true

    mutating func add(_ path: String, _ bytes: [UInt8], to remote: RemoteCache) {
        guard complete else { return }
        let sha256 = SHA256.hex(bytes)
        complete = remote.storeBlob(bytes, sha256: sha256)
        files.append(.init(path: path, sha256: sha256, size: bytes.count))
    }

    func finish(_ key: String, to remote: RemoteCache) {
        guard complete else { return }
        remote.storeEntry(key, files: files)
    }
}
