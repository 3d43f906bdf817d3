/// Where a review against a baseline manifest (`--baseline-manifest`) finds the baseline's
/// bytes of an output that changed, by the SHA-256 its manifest lists: a remote cache's
/// content-addressed store, say. nil when the source does not have it. What it returns is
/// checked against the digest before use, so a source need not be trusted.
package protocol BlobSource: Sendable {
    func bytes(sha256: String) -> [UInt8]?
}

/// A blob source made of a closure (the remote cache's fetch, a test's dictionary).
package struct BlobClosure: BlobSource {
    package var fetch: @Sendable (String) -> [UInt8]?
    package init(_ fetch: @escaping @Sendable (String) -> [UInt8]?) { self.fetch = fetch }
    package func bytes(sha256: String) -> [UInt8]? { fetch(sha256) }
}
