import SceneFiles
import SceneSupport

/// A build's manifest kept in the remote cache under a name: a trusted build stores it
/// (`--publish-manifest NAME`, e.g. main's), a review elsewhere sets its build against it
/// (`--baseline-manifest cache:NAME`) with no baseline folder at hand.
///
/// The Bazel HTTP cache has only `/cas/` and `/ac/`, so a name is stored the way Bazel stores
/// an action: the manifest's bytes in the CAS, and under a key made from the name an
/// `ActionResult` listing one file, `.scenec-manifest.json`, with their digest and size. An
/// `/ac/` entry may be overwritten, so the name always leads to the latest publication; the
/// bytes it leads to are verified against the entry's digest, and what they say is as untrusted
/// as any manifest (BaselineReview decodes it and BaselineFiles checks its paths).
package enum PublishedManifest {
    /// The one file a published manifest's entry lists.
    package static let fileName = ".scenec-manifest.json"
    /// Longer names are refused: a name is a branch or a label, not data.
    package static let maxName = 200

    /// The `/ac/` key of `name`: its own space (`scenec manifest` and a NUL before the name), so
    /// it cannot be an output group's key, whose inputs never begin so.
    package static func key(_ name: String) -> String {
        var hash = SHA256()
        hash.update("scenec manifest\u{0}" + name)
        return hash.finish()
    }

    /// A name as `--publish-manifest` and `cache:NAME` take it: letters, digits and `._-/`, as a
    /// branch is named, so it can be shown in a message and a workflow as it is.
    package static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maxName && name.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/")
        }
    }

    /// Stores `manifest` (the bytes the build saved) under `name`: its blob first, then the entry,
    /// so a reader never finds an entry whose bytes are not there yet. Whether the remote took
    /// both (a failure of the remote has already been reported once, by RemoteCache).
    package static func publish(_ manifest: [UInt8], as name: String, to remote: RemoteCache) -> Bool {
        let digest = SHA256.hex(manifest)
        guard remote.storeBlob(manifest, sha256: digest) else { return false }
        remote.storeEntry(key(name), files: [ActionResult.OutputFile(path: fileName, sha256: digest, size: manifest.count)])
        return remote.isOn
    }

    /// The bytes published as `name`, at most `limit` of them and matching the entry's digest;
    /// or why there are none, in words for an error message.
    package static func fetch(_ name: String, from remote: RemoteCache, limit: Int) -> Result<[UInt8], FileError> {
        let shown = "the baseline manifest 'cache:\(name)'"
        func failure(_ why: String) -> Result<[UInt8], FileError> { .failure(FileError("\(shown) cannot be read: \(why)")) }
        guard let stored = remote.storedEntry(key(name)) else {
            return failure(remote.isOn
                ? "the remote cache \(remote.settings.shownURL) holds no manifest of that name (a trusted build stores it with --publish-manifest \(name))"
                : "the remote cache \(remote.settings.shownURL) cannot be used")
        }
        guard let entry = ActionResult(decoding: stored), entry.outputFiles.count == 1, let file = entry.outputFiles.first,
              file.path == fileName else {
            return failure("its entry in the remote cache is not an ActionResult listing \(fileName) alone")
        }
        guard file.size <= limit else {
            return failure("the remote cache lists it at \(file.size) bytes, more than the \(limit >> 20) MB a manifest may have")
        }
        guard let bytes = remote.blob(sha256: file.sha256, size: file.size), bytes.count == file.size else {
            return failure(remote.isOn
                ? "the remote cache has no bytes of its SHA-256 \(file.sha256) and size \(file.size), or other bytes"
                : "the remote cache \(remote.settings.shownURL) cannot be used")
        }
        return .success(bytes)
    }
}
