import ScenecKit

extension Files {
    /// Replaces a file the user keeps (a scene being edited) with new bytes, atomically, as an
    /// editor saves (`AtomicFile.rewrite`: through its real path, keeping its permissions).
    static func rewrite(_ path: String, with bytes: [UInt8]) throws {
        do throws(AtomicFile.Failure) {
            try AtomicFile.rewrite(path, with: bytes, temporaries: interruptible)
        } catch {
            throw FileError(error.message)
        }
    }
}
