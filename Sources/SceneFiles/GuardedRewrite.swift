import Glibc

/// A file the user keeps (a scene being edited by `scenec edit` or the preview's "Write to
/// file") replaced as an editor saves it, guarded against a file swapped under it:
///
/// - its real path is resolved once, when the guard is made (a scene given as a symbolic link
///   is edited where it lives); a link put in its place later is never followed (`O_NOFOLLOW`);
/// - the bytes the caller checks (a hash, an edit) are the bytes read from the one descriptor
///   opened, so what is checked is what is replaced;
/// - the new bytes go to a fresh temporary file beside it (`O_CREAT | O_EXCL | O_NOFOLLOW`, so
///   nothing existing is ever opened for writing), which is renamed over the name only if the
///   name still holds the file that was read (device and inode, by `fstatat` without following
///   a link); otherwise nothing is written and the caller hears `.replaced`;
/// - a file its owner may not write (no `u+w`) is refused, not replaced; otherwise the new file
///   keeps the old one's permissions and owner.
public struct GuardedRewrite: Sendable {
    /// Why nothing was written.
    public struct Failure: Error, Sendable {
        public enum Kind: Sendable {
            /// The owner has no write permission: the user marked it so.
            case readOnly
            /// The name no longer holds the file that was read (replaced, removed, or a link now).
            case replaced
            /// The file system refused (or the file is not a regular file, or too large).
            case unwritable
        }

        public let kind: Kind
        public let message: String
    }

    /// The path as the user gave it, for messages.
    public let shownPath: String
    /// The folder holding the file, its real path, and the file's name in it.
    let folder: String
    let name: String

    /// The file's real path as resolved when the guard was made: the one it reads and replaces
    /// (a caller checks it against a root on this, not on a resolution of its own).
    public var realPath: String { folder == "/" ? "/" + name : folder + "/" + name }

    /// Resolves `path`'s symbolic links now, once.
    public init(path: String) throws(Failure) {
        shownPath = path
        guard let resolved = realpath(path, nil) else {
            throw Self.failure(.unwritable, "cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        let real = String(cString: resolved)
        free(resolved)
        let slash = real.lastIndex(of: "/") ?? real.startIndex
        folder = slash == real.startIndex ? "/" : String(real[..<slash])
        name = String(real[real.index(after: slash)...])
    }

    /// Reads the file (at most `maxBytes`), hands its bytes to `edit`, and replaces the file with
    /// what `edit` returns when that differs; a refusal from `edit` writes nothing and is
    /// returned. `temporaries` hears of the temporary file (the command line deletes it on
    /// Ctrl-C). The writing is SceneFiles' one atomic writer's (`FileBeneath.stage`), with the
    /// same-file check between staging and the rename.
    public func rewrite<Refusal>(maxBytes: Int, temporaries: AtomicWrite.TemporaryFiles = .untracked,
                                 _ edit: ([UInt8]) -> Result<[UInt8], Refusal>) throws(Failure) -> Result<Void, Refusal> {
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directory >= 0 else { throw unwritable("cannot open its folder") }
        // Owns the descriptor from here on (closes it).
        let file = FileBeneath(folder: Destination(path: folder, descriptor: directory, resolution: .automatic,
                                                   temporaries: temporaries),
                               name: name, path: shownPath)
        defer { withExtendedLifetime(file) {} }  // `directory` is used below, and is closed with it
        // Held open until the rename: while it is, the file read cannot be freed and its inode
        // number handed to a file (or link) made in its place.
        let (fd, original, bytes) = try read(in: directory, maxBytes: maxBytes)
        defer { close(fd) }
        let replacement: [UInt8]
        switch edit(bytes) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let b): replacement = b
        }
        guard replacement != bytes else { return .success(()) }
        let staged: StagedFile
        do throws(DestinationFailure) {
            staged = try file.stage(replacement, sync: true, permissions: original.st_mode & 0o7777,
                                    owner: (original.st_uid, original.st_gid))
        } catch {
            throw Self.failure(.unwritable, error.message + "; nothing written")
        }
        // The last check: the name still holds the file read. A link swapped in after it is
        // replaced by the rename itself (a rename never follows the name it replaces).
        var now = stat()
        guard fstatat(directory, name, &now, AT_SYMLINK_NOFOLLOW) == 0, now.st_mode & S_IFMT == S_IFREG,
              now.st_dev == original.st_dev, now.st_ino == original.st_ino else {
            staged.discard()
            throw Self.failure(.replaced, "'\(shownPath)' was replaced while it was being written; nothing written")
        }
        do throws(DestinationFailure) { try staged.commit() } catch {
            throw Self.failure(.unwritable, error.message + "; nothing written")
        }
        return .success(())
    }

    /// Opens the name without following a link, checks it is a regular file its owner may
    /// write, and reads it whole from that descriptor, which is returned open.
    private func read(in directory: Int32, maxBytes: Int) throws(Failure) -> (Int32, stat, [UInt8]) {
        let fd = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ELOOP: throw Self.failure(.replaced, "'\(shownPath)' is now a symbolic link, which is not followed; nothing written")
            case ENOENT: throw Self.failure(.replaced, "'\(shownPath)' is gone; nothing written")
            default: throw unwritable("cannot open it")
            }
        }
        var info = stat()
        do throws(Failure) {
            let bytes = try readWhole(fd, info: &info, maxBytes: maxBytes)
            return (fd, info, bytes)
        } catch {
            close(fd)
            throw error
        }
    }

    private func readWhole(_ fd: Int32, info: inout stat, maxBytes: Int) throws(Failure) -> [UInt8] {
        guard fstat(fd, &info) == 0 else { throw unwritable("cannot read it") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw Self.failure(.unwritable, "'\(shownPath)' is not a regular file; nothing written")
        }
        guard info.st_mode & S_IWUSR != 0 else {
            throw Self.failure(.readOnly, "'\(shownPath)' is read-only (its owner may not write it); nothing written. "
                + "Make it writable (chmod u+w) to write into it")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw unwritable("cannot read it")
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
            guard bytes.count <= maxBytes else {
                throw Self.failure(.unwritable, "'\(shownPath)' is larger than \(maxBytes) bytes; nothing written")
            }
        }
        return bytes
    }

    /// "cannot write 'PATH': WHAT: REASON; nothing written", with errno's reason read first.
    private func unwritable(_ what: String) -> Failure {
        let reason = String(cString: strerror(errno))
        return Self.failure(.unwritable, "cannot write '\(shownPath)': \(what): \(reason); nothing written")
    }

    private static func failure(_ kind: Failure.Kind, _ message: String) -> Failure {
        Failure(kind: kind, message: message)
    }
}
