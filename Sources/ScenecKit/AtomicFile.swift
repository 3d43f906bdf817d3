@preconcurrency import Glibc

/// Replacing a file atomically: the new bytes go to a temporary file beside it, which is synced
/// and renamed over the target, so a reader sees the old file or the new one and a failure leaves
/// the old one. The command line's outputs and `scenec edit`, and the preview's write-back, all
/// write through here.
package enum AtomicFile {
    package struct Failure: Error, Sendable {
        package let message: String
    }

    /// Told of each temporary file while it exists (the command line deletes them on Ctrl-C).
    package struct TemporaryFiles: Sendable {
        package var created: @Sendable (String) -> Void
        package var finished: @Sendable (String) -> Void

        package init(created: @escaping @Sendable (String) -> Void, finished: @escaping @Sendable (String) -> Void) {
            self.created = created
            self.finished = finished
        }

        package static let untracked = TemporaryFiles(created: { _ in }, finished: { _ in })
    }

    /// Writes `bytes` to the regular file (or new file) `path` through a temporary file renamed
    /// into place; with `permissions` exactly those, whatever the umask.
    package static func replace(_ path: String, with bytes: [UInt8], permissions: mode_t? = nil,
                               temporaries: TemporaryFiles = .untracked) throws(Failure) {
        let temporary = temporaryPath(for: path)
        temporaries.created(temporary)
        defer { temporaries.finished(temporary) }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions ?? 0o644)
        guard fd >= 0 else { throw failure(path) }
        do throws(Failure) {
            if let permissions, fchmod(fd, permissions) != 0 { throw failure(path) }
            try writeAll(bytes, fd: fd, path: path)
            guard fsync(fd) == 0 || errno == EINVAL else { throw failure(path) }
            guard close(fd) == 0 else {
                unlink(temporary)
                throw failure(path)
            }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let why = failure(path)
            unlink(temporary)
            throw why
        }
    }

    /// Replaces a file the user keeps (a scene being edited) as an editor saves it: through its
    /// real path, so a symbolic link stays a link to the edited file, and with the file's own
    /// permissions rather than the default ones.
    package static func rewrite(_ path: String, with bytes: [UInt8],
                               temporaries: TemporaryFiles = .untracked) throws(Failure) {
        guard let resolved = realpath(path, nil) else { throw failure(path) }
        let target = String(cString: resolved)
        free(resolved)
        var info = stat()
        guard stat(target, &info) == 0 else { throw failure(path) }
        try replace(target, with: bytes, permissions: info.st_mode & 0o7777, temporaries: temporaries)
    }

    package static func writeAll(_ bytes: [UInt8], fd: Int32, path: String) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            offset += n
        }
    }

    /// `dir/.name.scenec-PID-TID.tmp`: beside the target so the rename stays on one file
    /// system, and distinct per thread.
    package static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(dir).\(name).scenec-\(getpid())-\(pthread_self()).tmp"
    }

    /// "cannot write 'PATH': REASON", with errno's reason read before anything can change it.
    static func failure(_ path: String) -> Failure {
        Failure(message: "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
}
