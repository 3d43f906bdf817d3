import ScenecBuild

/// What only the executable knows of itself: the commit stamp the BuildCommit plugin writes
/// into this module (`buildStamp`; see Plugins/BuildCommit for why it is done that way).
extension BuildInfo {
    /// The git commit the binary was built from, with `-dirty` when Package.swift, Sources or
    /// Plugins had uncommitted changes, or `unknown` when built outside a git checkout (a source
    /// tarball).
    static let commit: String = {
        let prefix = "scenec-build-commit:"   // as the plugin's script writes it
        let commit = buildStamp.dropFirst(prefix.count).prefix(while: { $0 != " " })   // padded with spaces
        return buildStamp.hasPrefix(prefix) && !commit.isEmpty ? String(commit) : "unknown"
    }()

    static var versionReport: String { versionReport(commit: commit) }

    /// The renderer in a build's keys (`rendererIdentity(stamp:commit:)`), computed on first
    /// use and kept: a `static let` is initialised once, thread-safely.
    static func rendererIdentity() -> String { identity }

    private static let identity = rendererIdentity(stamp: buildStamp, commit: commit)
}
