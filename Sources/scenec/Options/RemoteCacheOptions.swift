import Glibc
import ScenecBuild
import CommandLineOptions
import ScenecOptions
import SceneModel

/// `scenec build --remote-cache URL` and `--remote-cache-read-only`, and their reading (with
/// SCENEC_REMOTE_CACHE and SCENEC_REMOTE_CACHE_HEADER) into `RemoteCacheSettings`.
enum RemoteCacheOptions {
    static let group = "remote cache"
    static let remoteCache = Option<String?, BuildOptions>.text(
        "--remote-cache", value: "URL",
        help: "look up each output in this cache (the Bazel HTTP remote-cache protocol: bazel-remote, nginx WebDAV …) "
            + "before rendering it, and store what was rendered there; any failure of the cache leaves a local build "
            + "and one warning. SCENEC_REMOTE_CACHE_HEADER ('Name: value', e.g. an Authorization) is sent with each "
            + "request and never shown",
        default: "$SCENEC_REMOTE_CACHE", group: group)
    static let readOnly = Flag<BuildOptions>(
        "--remote-cache-read-only", help: "look up, never upload (for untrusted pull requests)", group: group)
    static let timeout = Option<Double?, BuildOptions>.number(
        "--remote-cache-timeout", value: "SECONDS",
        help: "give up on a request to the cache that takes longer (the cache is then left for the rest of the build, "
            + "with one warning); connecting may take at most a tenth of it, 1 to 3 s",
        default: formatNumber(RemoteCacheSettings.defaultTimeout), group: group)
    static let all = declarations(remoteCache, readOnly, timeout)

    /// The environment variable holding the one header sent with every request (`Name: value`).
    static let headerVariable = "SCENEC_REMOTE_CACHE_HEADER"

    /// The cache the command line (or SCENEC_REMOTE_CACHE) names; nil without one. The header's
    /// value is never repeated in a message.
    static func settings(_ args: Arguments<BuildOptions>) throws -> RemoteCacheSettings? {
        guard let url = try args[remoteCache] ?? variable("SCENEC_REMOTE_CACHE") else { return nil }
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), url.split(separator: "/").count >= 2 else {
            // Shown without a `user:password@` part: the value may be a CI secret.
            throw UsageError("--remote-cache takes an http:// or https:// URL, not '\(RemoteCacheSettings.shown(url))'")
        }
        let header = variable(headerVariable)
        if let header {
            let name = header.prefix { $0 != ":" }
            guard !name.isEmpty, name.count < header.count, !header.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                throw UsageError("\(headerVariable) must be one header, 'Name: value' (its value is not shown)")
            }
        }
        return RemoteCacheSettings(url: url, readOnly: args[readOnly], header: header,
                                   timeout: try args[timeout] ?? RemoteCacheSettings.defaultTimeout)
    }

    /// An environment variable's value; nil when unset or empty (a CI secret a fork cannot see).
    private static func variable(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        let value = String(cString: raw)
        return value.isEmpty ? nil : value
    }
}
