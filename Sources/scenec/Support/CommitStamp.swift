import ScenecBuild

/// What only the executable knows of itself: what the BuildCommit plugin writes into this
/// module (`buildStamp`, `buildSources`, `buildCompiler`; see Plugins/BuildCommit for why it is
/// done that way).
extension BuildInfo {
    /// The commit the binary was built from (see BuildOrigin), the sources' tree when that
    /// checkout was clean, and the compiler.
    static let origin: BuildOrigin = {
        let prefix = "scenec-build-commit:"   // as the plugin's script writes it
        let commit = buildStamp.dropFirst(prefix.count).prefix(while: { $0 != " " })   // padded with spaces
        return BuildOrigin(commit: buildStamp.hasPrefix(prefix) && !commit.isEmpty ? String(commit) : "unknown",
                           sources: buildSources, compiler: buildCompiler)
    }()

    static var versionReport: String { versionReport(origin: origin, renderer: identity) }

    /// The renderer in a build's keys (`rendererIdentity(origin:stamp:)`), computed on first
    /// use and kept: a `static let` is initialised once, thread-safely.
    static func rendererIdentity() -> String { identity }

    private static let identity = rendererIdentity(origin: origin, stamp: buildStamp)
}
