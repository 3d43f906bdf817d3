import Glibc
import SceneFiles
import SceneSupport

/// `--remote-cache URL`: where a build looks for outputs before rendering them and, unless
/// read-only, stores what it rendered, over the Bazel HTTP remote-cache protocol: `/cas/SHA256`
/// holds bytes, `/ac/KEY` an `ActionResult` listing a group's files and their digests.
package struct RemoteCacheSettings: Sendable, Equatable {
    /// `http://` or `https://`, without a trailing `/`.
    package var url: String
    /// `--remote-cache-read-only`: look up, never upload (untrusted pull requests).
    package var readOnly = false
    /// `Name: value` sent with every request (from SCENEC_REMOTE_CACHE_HEADER); never printed.
    package var header: String?
    /// `--remote-cache-timeout`: the longest one request may take, in seconds.
    package var timeout = RemoteCacheSettings.defaultTimeout

    /// Long enough for a large blob over a slow link; a hung server costs a build this once.
    package static let defaultTimeout = 60.0

    package init(url: String, readOnly: Bool = false, header: String? = nil, timeout: Double = RemoteCacheSettings.defaultTimeout) {
        self.url = url.hasSuffix("/") ? String(url.dropLast()) : url
        self.readOnly = readOnly
        self.header = header
        self.timeout = timeout
    }

    /// The URL as messages show it: without a `user:password@` part.
    package var shownURL: String {
        let parts = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        // http: "" host[/path]: the user part, if any, is before the host's last `@`.
        guard parts.count >= 3, parts[1].isEmpty, let at = parts[2].lastIndex(of: "@") else { return url }
        var shown = parts
        shown[2] = parts[2][parts[2].index(after: at)...]
        return shown.joined(separator: "/")
    }
}

/// One build's connection to a remote cache. The first failure of the remote itself
/// (unreachable, 401/403, 5xx, a timeout) is reported once and turns it off for the rest of the
/// run, which then builds locally; a blob that does not match its digest only costs its group
/// (re-rendered, reported, the remote kept on). Called from the build's threads.
package final class RemoteCache: Sendable {
    package let settings: RemoteCacheSettings
    private let http: RemoteHTTP
    private let sink: BuildSink
    /// Why the remote was turned off, once it was.
    private let off = Locked<String?>(nil)

    /// The largest blob and `ActionResult` the build takes from a server.
    package static let maxBlob = 1 << 30
    package static let maxActionResult = 16 << 20

    package init(_ settings: RemoteCacheSettings, sink: @escaping BuildSink) {
        self.settings = settings
        self.http = RemoteHTTP(header: settings.header, timeout: settings.timeout)
        self.sink = sink
        RemoteHTTP.prepare()
    }

    /// Whether the remote is still in use this run.
    package var isOn: Bool { off.withLock { $0 == nil } }

    /// The bytes the CAS holds under `sha256`, verified against it; nil when it has none, the
    /// bytes do not match, or the remote is off. (For a review against a baseline manifest: its
    /// outputs' bytes, by the hashes the manifest lists.)
    package func blob(sha256: String, size: Int? = nil) -> [UInt8]? {
        guard Self.isDigest(sha256), case .found(let bytes) = get("cas/" + sha256, limit: size ?? Self.maxBlob),
              SHA256.hex(bytes) == sha256 else { return nil }
        return bytes
    }

    /// What the remote has for one group's key.
    package enum Lookup: Sendable {
        /// Every file of the entry, its bytes verified.
        case hit([(path: String, bytes: [UInt8])])
        case miss
        /// The entry or a blob it lists is not what it claims: the reason, naming the file.
        case corrupt(String)
    }

    /// The group's files under `key`, each path relative and normalised and passing `accepts`,
    /// each blob matching its digest.
    package func lookup(_ key: String, accepts: (String) -> Bool) -> Lookup {
        guard case .found(let bytes) = get("ac/" + key, limit: Self.maxActionResult) else { return .miss }
        guard let entry = ActionResult(decoding: bytes), !entry.outputFiles.isEmpty else {
            return .corrupt("its entry \(key) is not an ActionResult with output files")
        }
        var files: [(path: String, bytes: [UInt8])] = []
        for file in entry.outputFiles {
            guard RelativeName(file.path) != nil else {
                return .corrupt("its entry \(key) names '\(file.path)', which is not a relative path inside the build folder")
            }
            // Another scene of the same bytes elsewhere has the same key and its own names: not
            // this scene's entry, so a miss (rendered, and the entry then names this scene).
            guard accepts(file.path) else { return .miss }
            guard Self.isDigest(file.sha256), file.size <= Self.maxBlob else {
                return .corrupt("its entry \(key) gives '\(file.path)' a digest that is not a SHA-256")
            }
            switch get("cas/" + file.sha256, limit: file.size) {
            case .found(let blob):
                guard blob.count == file.size, SHA256.hex(blob) == file.sha256 else {
                    return .corrupt("the blob of '\(file.path)' does not match its digest \(file.sha256)")
                }
                files.append((file.path, blob))
            case .missing, .off: return .miss
            }
        }
        return .hit(files)
    }

    /// Whether this run gives the remote what it renders (not read-only, and still on).
    package var uploads: Bool { !settings.readOnly && isOn }

    /// Stores one rendered file's bytes under their SHA-256; whether the remote took them.
    /// A group's entry is stored after all its blobs (`storeEntry`), so a reader never finds an
    /// entry whose blobs are not there yet.
    package func storeBlob(_ bytes: [UInt8], sha256: String) -> Bool {
        uploads && put("cas/" + sha256, bytes)
    }

    /// Stores a group's entry: its files' paths (relative to the build folder) and digests.
    package func storeEntry(_ key: String, files: [ActionResult.OutputFile]) {
        guard uploads, !files.isEmpty else { return }
        _ = put("ac/" + key, ActionResult(outputFiles: files).encoded)
    }

    /// The bytes stored under an `/ac/` key, undecoded; nil when none or the remote is off
    /// (a published manifest's entry: PublishedManifest.swift).
    package func storedEntry(_ key: String) -> [UInt8]? {
        guard case .found(let bytes) = get("ac/" + key, limit: Self.maxActionResult) else { return nil }
        return bytes
    }

    private enum Got { case found([UInt8]), missing, off }

    private func get(_ path: String, limit: Int) -> Got {
        guard isOn else { return .off }
        switch request({ http.get(settings.url + "/" + path, limit: limit) }) {
        case .status(200, let bytes): return .found(bytes)
        case .status(404, _): return .missing
        case .status(let code, _):
            turnOff("GET /\(path) answered HTTP \(code)")
            return .off
        case .failed(let why, _):
            turnOff(why)
            return .off
        }
    }

    private func put(_ path: String, _ bytes: [UInt8]) -> Bool {
        guard isOn else { return false }
        switch request({ http.put(settings.url + "/" + path, bytes) }) {
        case .status(200...204, _): return true
        case .status(let code, _): turnOff("PUT /\(path) answered HTTP \(code)")
        case .failed(let why, _): turnOff(why)
        }
        return false
    }

    /// A request, tried again twice after a transient failure (a 5xx, 408 or 429, or a
    /// connection that failed other than by timing out), a little later each time.
    private func request(_ send: () -> RemoteHTTP.Answer) -> RemoteHTTP.Answer {
        var answer = send()
        for pause in [50_000, 250_000] as [useconds_t] {
            guard isOn, answer.isTransient else { break }
            usleep(pause)
            answer = send()
        }
        return answer
    }

    private func turnOff(_ why: String) {
        let first = off.withLock { state -> Bool in
            guard state == nil else { return false }
            state = why
            return true
        }
        if first {
            sink(.warning("the remote cache \(settings.shownURL) cannot be used (\(why)); the rest of this build is local"))
        }
    }

    private static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

extension RemoteHTTP.Answer {
    fileprivate var isTransient: Bool {
        switch self {
        case .status(let code, _): return code >= 500 || code == 408 || code == 429
        case .failed(_, let transient): return transient
        }
    }
}
