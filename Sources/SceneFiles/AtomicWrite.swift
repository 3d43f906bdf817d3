import Glibc
import CLinux

/// Replacing a file atomically, the one way scenec writes its outputs: the new bytes go to a
/// temporary file beside the target (`.NAME.scenec-PID-TID.tmp`, same folder so the rename
/// stays on one file system), forced to disk, and renamed over it — a reader sees the old file
/// or the new one, a failure leaves the old one. Beside the target means in the folder opened
/// beneath the destination (`FileBeneath`), so the temporary file, the rename and the target
/// never go through a link inside it.
public enum AtomicWrite {
    public typealias Failure = DestinationFailure

    /// Told of each temporary file while it exists, by a path that names it for as long as it
    /// is registered (the command line deletes them on Ctrl-C).
    public struct TemporaryFiles: Sendable {
        public var created: @Sendable (String) -> Void
        public var finished: @Sendable (String) -> Void

        public init(created: @escaping @Sendable (String) -> Void, finished: @escaping @Sendable (String) -> Void) {
            self.created = created
            self.finished = finished
        }

        public static let untracked = TemporaryFiles(created: { _ in }, finished: { _ in })
    }

    /// Writes `bytes` to the file at `path`, a path the user named (`render -o`, `--report`):
    /// its folders are made and followed as named; a path that exists and is not a regular file
    /// (a device, a FIFO, /dev/stdout) is written directly; any other goes through a temporary
    /// file renamed into place. `permissions` exactly, whatever the umask. Without
    /// `creatingFolders` (the library's `SceneFile.write`), a missing folder is an error.
    public static func replace(_ path: String, with bytes: [UInt8], permissions: mode_t? = nil, creatingFolders: Bool = true,
                               temporaries: TemporaryFiles = .untracked) throws(Failure) {
        try FileBeneath(userPath: path, creatingFolders: creatingFolders, temporaries: temporaries)
            .write(bytes, permissions: permissions, writingDevices: true)
    }

    /// `replace`'s first half for a user's path: the bytes staged beside it, not yet in place.
    public static func stage(_ bytes: [UInt8], forPath path: String, sync: Bool,
                             temporaries: TemporaryFiles = .untracked) throws(Failure) -> StagedFile {
        try FileBeneath(userPath: path, temporaries: temporaries).stage(bytes, sync: sync, writingDevices: true)
    }

    /// Writes all of `bytes` to `fd`, through short writes and interruptions.
    public static func writeAll(_ bytes: [UInt8], fd: Int32, path: String) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw DestinationFailure("cannot write '\(path)': \(reason())")
            }
            offset += n
        }
    }

    /// `.NAME.scenec-PID-TID.tmp`: distinct per process and thread. `OrphanedTemporaries`
    /// knows this pattern, and removes only files that match it.
    static func temporaryName(for name: String) -> String {
        ".\(name).scenec-\(getpid())-\(pthread_self()).tmp"
    }
}

/// A file in a folder opened beneath a destination (or the folder of a path the user named):
/// the folder's descriptor and the file's name in it, one component.
public struct FileBeneath: Sendable {
    public let folder: Destination
    public let name: String
    /// The file as the user would name it, for messages.
    public let path: String

    init(folder: Destination, name: String, path: String) {
        self.folder = folder
        self.name = name
        self.path = path
    }

    /// The file at a path the user named: its folder made if missing (when `creatingFolders`)
    /// and opened following the path as named.
    public init(userPath path: String, creatingFolders: Bool = true,
                temporaries: AtomicWrite.TemporaryFiles = .untracked) throws(DestinationFailure) {
        let slash = path.lastIndex(of: "/")
        let folderPath = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != ".." else { throw DestinationFailure("cannot write '\(path)': it is a directory") }
        do throws(DestinationFailure) {
            folder = try Destination.open(folderPath, creating: creatingFolders, temporaries: temporaries)
        } catch {
            throw DestinationFailure(error.message.hasPrefix("cannot create") ? error.message : "cannot write '\(path)': \(error.message)")
        }
        self.name = name
        self.path = path
    }

    /// Writes `bytes` through a temporary file renamed over the target (forced to disk first).
    /// With `writingDevices` (a path the user named), an existing target that is not a regular
    /// file — followed if a link — is written directly; otherwise whatever is there (a link
    /// included) is replaced, never written through.
    public func write(_ bytes: [UInt8], sync: Bool = true, permissions: mode_t? = nil,
                      writingDevices: Bool = false) throws(DestinationFailure) {
        try stage(bytes, sync: sync, permissions: permissions, writingDevices: writingDevices).commit()
    }

    /// The first half of `write`: the bytes in a temporary file beside the target (forced to
    /// disk when `sync`, else only started on their way with sync_file_range), not yet in
    /// place. A frame sequence stages frames on several threads and commits them in order.
    /// `permissions` and `owner` (a file the user keeps, rewritten) are given to the temporary
    /// file once written, the owner first (changing it clears set-id bits); until then only its
    /// owner may open it.
    public func stage(_ bytes: [UInt8], sync: Bool, permissions: mode_t? = nil, owner: (uid_t, gid_t)? = nil,
                      writingDevices: Bool = false) throws(DestinationFailure) -> StagedFile {
        var info = stat()
        if fstatat(folder.descriptor, name, &info, writingDevices ? 0 : AT_SYMLINK_NOFOLLOW) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw DestinationFailure("cannot write '\(path)': it is a directory") }
            if writingDevices, type != S_IFREG { return StagedFile(file: self, temporary: nil, direct: bytes) }
        }
        let temporary = AtomicWrite.temporaryName(for: name)
        let tracked = trackingPath(temporary)
        folder.temporaries.created(tracked)
        let fd = openat(folder.descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                        permissions == nil ? 0o644 : 0o600)
        guard fd >= 0 else {
            let why = failure()
            folder.temporaries.finished(tracked)
            throw why
        }
        var closed = false
        do throws(DestinationFailure) {
            try AtomicWrite.writeAll(bytes, fd: fd, path: path)
            if let (uid, gid) = owner {
                var made = stat()
                guard fstat(fd, &made) == 0 else { throw failure() }
                if made.st_uid != uid || made.st_gid != gid, fchown(fd, uid, gid) != 0 {
                    throw DestinationFailure("cannot write '\(path)': cannot keep its owner (\(uid):\(gid)): \(reason())")
                }
            }
            if let permissions, fchmod(fd, permissions) != 0 { throw failure() }
            if sync {
                guard fsync(fd) == 0 || errno == EINVAL else { throw failure() }
            } else {
                _ = sync_file_range(fd, 0, 0, UInt32(CLINUX_SYNC_FILE_RANGE_WRITE))  // a hint: failure is harmless
            }
            closed = true
            guard close(fd) == 0 else { throw failure() }
        } catch {
            if !closed { close(fd) }
            unlinkat(folder.descriptor, temporary, 0)
            folder.temporaries.finished(tracked)
            throw error
        }
        return StagedFile(file: self, temporary: temporary, direct: nil)
    }

    /// A temporary file beside this one for another program (ffmpeg) to write, which it names
    /// by `ProgramTemporary.programPath`; read back with `bytes()`, then `discard()`ed.
    public func temporaryForProgram() throws(DestinationFailure) -> ProgramTemporary {
        var info = stat()
        if fstatat(folder.descriptor, name, &info, 0) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw DestinationFailure("cannot write '\(path)': it is a directory")
        }
        let temporary = AtomicWrite.temporaryName(for: name)
        let tracked = trackingPath(temporary)
        folder.temporaries.created(tracked)
        let fd = openat(folder.descriptor, temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let why = failure()
            folder.temporaries.finished(tracked)
            throw why
        }
        return ProgramTemporary(file: self, temporary: temporary, descriptor: fd, tracked: tracked)
    }

    /// A path naming `temporary` for as long as the folder is open, whatever happens to the
    /// folder's own path meanwhile: through the process's descriptor of the folder.
    func trackingPath(_ temporary: String) -> String {
        "/proc/self/fd/\(folder.descriptor)/\(temporary)"
    }

    func failure() -> DestinationFailure { DestinationFailure("cannot write '\(path)': \(reason())") }
}

/// A file's new bytes staged beside it by `FileBeneath.stage`, waiting for `commit()`.
public struct StagedFile: Sendable {
    public let file: FileBeneath
    /// The temporary file's name in the folder; nil when the target is written directly.
    let temporary: String?
    let direct: [UInt8]?

    public var path: String { file.path }

    /// Puts the staged file in place: renamed over its target (or written directly into a
    /// device the user named).
    public func commit() throws(DestinationFailure) {
        let folder = file.folder
        guard let temporary else {
            let fd = openat(folder.descriptor, file.name, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw file.failure() }
            defer { close(fd) }
            try AtomicWrite.writeAll(direct ?? [], fd: fd, path: file.path)
            return
        }
        defer { folder.temporaries.finished(file.trackingPath(temporary)) }
        guard renameat(folder.descriptor, temporary, folder.descriptor, file.name) == 0 else {
            let why = file.failure()
            unlinkat(folder.descriptor, temporary, 0)
            throw why
        }
    }

    /// Removes a staged file that will not be committed.
    public func discard() {
        guard let temporary else { return }
        unlinkat(file.folder.descriptor, temporary, 0)
        file.folder.temporaries.finished(file.trackingPath(temporary))
    }
}

/// A temporary file another program writes beside the target (`FileBeneath.temporaryForProgram`).
public final class ProgramTemporary: Sendable {
    public let file: FileBeneath
    let temporary: String
    let descriptor: Int32
    let tracked: String

    init(file: FileBeneath, temporary: String, descriptor: Int32, tracked: String) {
        self.file = file
        self.temporary = temporary
        self.descriptor = descriptor
        self.tracked = tracked
    }

    /// What the program opens: the file scenec made, through the process's descriptor of it,
    /// so the program neither resolves the folder's path nor follows a link swapped in.
    public var programPath: String { "/proc/\(getpid())/fd/\(descriptor)" }

    /// What the program wrote.
    public func bytes() throws(DestinationFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw DestinationFailure("cannot read back '\(file.path)': \(reason())") }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            offset += n
        }
    }

    /// Removes the temporary file.
    public func discard() {
        unlinkat(file.folder.descriptor, temporary, 0)
        file.folder.temporaries.finished(tracked)
    }

    deinit { close(descriptor) }
}
