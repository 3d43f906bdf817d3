import SceneFiles

extension Files {
    /// Replaces a file the user keeps (a scene being edited) with new bytes, atomically, as an
    /// editor saves (`AtomicWrite.rewrite`: through its real path, keeping its permissions).
    static func rewrite(_ path: String, with bytes: [UInt8]) throws {
        try converting { () throws(DestinationFailure) in try AtomicWrite.rewrite(path, with: bytes, temporaries: temporaries) }
    }
}
