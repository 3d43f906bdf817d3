import ScenecBuild
import CommandLineOptions

/// `scenec build --publish-manifest NAME`: a trusted build's manifest stored in the remote
/// cache, which `--baseline-manifest cache:NAME` reviews against (PublishedManifest).
enum PublishManifestOption {
    static let publishManifest = Option<String?, BuildOptions>.text(
        "--publish-manifest", value: "NAME",
        help: "when the build succeeds, store its manifest in the remote cache as NAME (e.g. main), which "
            + "--baseline-manifest cache:NAME reviews against; for trusted builds of the whole tree (not read-only, "
            + "not a shard). A later publication of NAME replaces it",
        group: RemoteCacheOptions.group)
    static let all = declarations(publishManifest)

    /// NAME, refused without a cache to write to, read-only, for a shard (a part of the
    /// outputs is no baseline: publish from a build of the merged folder) or a Ninja file.
    static func read(_ args: Arguments<BuildOptions>, plan: BuildPlan) throws -> String? {
        guard let name = try args[publishManifest] else { return nil }
        guard PublishedManifest.isName(name) else {
            throw UsageError("--publish-manifest takes a name of letters, digits and . _ - / (at most \(PublishedManifest.maxName)), not '\(name)'")
        }
        guard let remote = plan.remoteCache else { throw UsageError("--publish-manifest stores the manifest in the remote cache: give --remote-cache URL") }
        if remote.readOnly { throw UsageError("--publish-manifest cannot go with --remote-cache-read-only, which stores nothing") }
        if plan.shard != nil { throw UsageError("--publish-manifest cannot go with --shard: publish the manifest of the whole tree (a build of the merged folder)") }
        if plan.ninja != nil { throw UsageError("--publish-manifest is for a build, not a Ninja file") }
        return name
    }
}
