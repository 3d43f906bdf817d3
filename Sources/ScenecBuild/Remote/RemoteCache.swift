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
    package var shownURL: String { Self.shown(url) }

    /// A URL as given, as a message may show it: without anything before an `@` in the part
    /// naming the host, whatever comes before that part (`http://`, a mistyped `http:/`, or
    /// nothing — the usage error for a malformed URL shows it too).
    package static func shown(_ text: String) -> String {
        // The scheme, if any, and the slashes after it: letters, digits, `+-.`, then `:` and at
        // least one `/` (`user:password@host` has no scheme: its `user:` is hidden with the rest).
        let scheme = text.firstIndex(of: ":").flatMap { colon -> String.Index? in
            let name = text[..<colon], rest = text[text.index(after: colon)...]
            guard let first = name.first, first.isLetter, rest.first == "/",
                  name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
            return rest.firstIndex { $0 != "/" } ?? text.endIndex
        }
        let host = scheme ?? text.startIndex
        let end = text[host...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        guard let at = text[host..<end].lastIndex(of: "@") else { return text }
        return String(text[..<host]) + String(text[text.index(after: at)...])
    }
}

/// One build's connection to a remote cache. The first failure of the remote itself
/// (unreachable, 401/403, 5xx, a timeout) is reported once and turns it off for the rest of the
/// run, which then builds locally; a bad entry or a blob that does not match its digest costs
/// its group (re-rendered, reported), and the `maxBadAnswers`-th turns the remote off too.
/// Called from the build's threads.
package final class RemoteCache: Sendable {
    package let settings: RemoteCacheSettings
    private let http: RemoteHTTP
    private let sink: BuildSink
    /// Why the remote was turned off, once it was.
    private let off = Locked<String?>(nil)
    /// How many bad entries or blobs it has answered with (`reportBad`).
    private let bad = Locked(0)

    /// The largest blob and `ActionResult` the build takes from a server.
    package static let maxBlob = 1 << 30
    package static let maxActionResult = 16 << 20
    /// The most bytes one entry's files may declare in all (the group's blobs are held in
    /// memory until all are verified; each of `--jobs` threads may hold one group).
    package static let maxEntry = 256 << 20
    /// Bad entries or blobs after which the remote is turned off for the rest of the run.
    package static let maxBadAnswers = 3

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
        /// Every file of the entry (its path, digest and size), its bytes verified against them.
        case hit([(file: ActionResult.OutputFile, bytes: [UInt8])])
        case miss
        /// The entry or a blob it lists is not what it claims: the reason, naming the file.
        case corrupt(String)
    }

    /// The group's files under `key`: the entry must name exactly `names`, the files the group
    /// would write here, each once, and each blob must have the size the entry declares and
    /// match its digest. An entry that names none of them is another scene's (the same bytes
    /// elsewhere have the same key and their own names): a miss, rendered, and the entry then
    /// names this scene. One that names some of them but not exactly those is corrupt: the key
    /// covers everything that decides the names (the frame count, the looks, the scales), so
    /// scenec never writes such an entry, and taking part of it would leave frames of another
    /// format, an extra page or a missing frame in the build folder.
    package func lookup(_ key: String, names: [String]) -> Lookup {
        let answer = get("ac/" + key, limit: Self.maxActionResult)
        if case .tooLarge = answer { return .corrupt("its entry \(key) is larger than \(Self.maxActionResult) bytes") }
        guard case .found(let bytes) = answer else { return .miss }
        guard let entry = ActionResult(decoding: bytes), !entry.outputFiles.isEmpty else {
            return .corrupt("its entry \(key) is not an ActionResult with output files")
        }
        let expected = Set(names)
        let listed = entry.outputFiles.map(\.path)
        if let outside = listed.first(where: { RelativeName($0) == nil }) {
            return .corrupt("its entry \(key) names '\(outside)', which is not a relative path inside the build folder")
        }
        guard !expected.isDisjoint(with: listed) else { return .miss }
        if let extra = listed.first(where: { !expected.contains($0) }) {
            return .corrupt("its entry \(key) names '\(extra)', which this group does not write")
        }
        var seen = Set<String>()
        if let twice = listed.first(where: { !seen.insert($0).inserted }) {   // the first in the entry's order
            return .corrupt("its entry \(key) names '\(twice)' twice")
        }
        if let missing = names.first(where: { !seen.contains($0) }) {
            return .corrupt("its entry \(key) leaves out '\(missing)'")
        }
        if let bad = entry.outputFiles.first(where: { !Self.isDigest($0.sha256) }) {
            return .corrupt("its entry \(key) gives '\(bad.path)' a digest that is not a SHA-256")
        }
        // Every blob is held until the last one is verified, so the group's files are written
        // whole or not at all: what one entry can make the build hold is bounded here, before
        // any blob is asked for. A larger group is rendered here, and never uploaded (`RemoteUpload`).
        let declared = entry.outputFiles.reduce(0) { $0 + Swift.min($1.size, Self.maxEntry + 1) }
        guard declared <= Self.maxEntry else { return .miss }
        var files: [(file: ActionResult.OutputFile, bytes: [UInt8])] = []
        for file in entry.outputFiles {
            // The body is refused past the size the entry declares (libcurl stops the transfer).
            switch get("cas/" + file.sha256, limit: file.size) {
            case .found(let blob):
                guard blob.count == file.size, SHA256.hex(blob) == file.sha256 else {
                    return .corrupt("the blob of '\(file.path)' does not match its digest \(file.sha256)")
                }
                files.append((file, blob))
            case .tooLarge:
                return .corrupt("the blob of '\(file.path)' is larger than the \(file.size) bytes its entry declares")
            case .missing, .off: return .miss
            }
        }
        return .hit(files)
    }

    /// Reports a bad entry or blob for one output (`why`, from `Lookup.corrupt`), the group then
    /// being rendered here. A cache that keeps answering so (a login page answering 200 to every
    /// request, a store that mangles blobs) is turned off at the `maxBadAnswers`-th, with one
    /// warning, rather than one warning for every output of the build.
    package func reportBad(_ why: String, output: String) {
        let count = bad.withLock { count -> Int in
            count += 1
            return count
        }
        guard count <= Self.maxBadAnswers else { return }
        sink(.warning("the remote cache \(settings.shownURL) has a bad entry for '\(output)': \(why); rendered here instead"))
        if count == Self.maxBadAnswers {
            turnOff("\(count) of its entries or blobs were not what they claim")
        }
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

    /// `tooLarge`: the body went past the limit (the entry's declared size, for a blob).
    private enum Got { case found([UInt8]), missing, tooLarge, off }

    private func get(_ path: String, limit: Int) -> Got {
        guard isOn else { return .off }
        switch request({ http.get(settings.url + "/" + path, limit: limit) }) {
        case .status(200, let bytes): return .found(bytes)
        case .status(404, _): return .missing
        case .status(let code, _):
            turnOff("GET /\(path) answered HTTP \(code)")
            return .off
        case .tooLarge: return .tooLarge
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
        case .tooLarge: turnOff("PUT /\(path) answered with a body larger than expected")
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
        case .tooLarge: return false
        }
    }
}
