@preconcurrency import Glibc

extension Files {
    /// Replaces a file the user keeps (a scene being edited) with new bytes, atomically, as an
    /// editor saves: through its real path, so a symbolic link stays a link to the edited file,
    /// and with the file's own permissions rather than the default ones.
    static func rewrite(_ path: String, with bytes: [UInt8]) throws {
        guard let resolved = realpath(path, nil) else { throw FileError("cannot write '\(path)': \(reason())") }
        let target = String(cString: resolved)
        free(resolved)
        var info = stat()
        guard stat(target, &info) == 0 else { throw FileError("cannot write '\(path)': \(reason())") }
        try write(bytes, to: target, permissions: info.st_mode & 0o7777)
    }
}
