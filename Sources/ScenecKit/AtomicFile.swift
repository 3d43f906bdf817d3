import SceneFiles

/// The atomic writer now lives in SceneFiles (`AtomicWrite`: `replace`, `rewrite`,
/// `TemporaryFiles`, `Failure`); this name stays for the preview's write-back until it moves
/// to SceneFiles too.
package typealias AtomicFile = AtomicWrite
