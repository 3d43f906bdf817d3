import Glibc
import CLinux

/// What went wrong with a file, as one sentence naming it ("cannot write 'out/a.png': …").
public struct DestinationFailure: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// A folder scenec writes into (a build's output folder, the folder of `render -o`'s file, a
/// baseline it reads), opened once by the path the user named — which may go through links:
/// that is the user's choice. Everything beneath it is reached relative to that descriptor,
/// by `RelativeName`s, without following any symbolic link (`Beneath`): a link planted inside
/// the folder can make a write or a deletion fail, never land outside.
public final class Destination: Sendable {
    /// The folder as the user named it (for messages).
    public let path: String
    /// The open folder (O_RDONLY | O_DIRECTORY), closed with the object.
    public let descriptor: Int32
    public let resolution: Beneath.Resolution
    /// Told of each temporary file while it exists (the command line deletes them on Ctrl-C).
    public let temporaries: AtomicWrite.TemporaryFiles

    init(path: String, descriptor: Int32, resolution: Beneath.Resolution, temporaries: AtomicWrite.TemporaryFiles) {
        self.path = path
        self.descriptor = descriptor
        self.resolution = resolution
        self.temporaries = temporaries
    }

    deinit { close(descriptor) }

    /// Opens the folder at `path`, making it (and the folders above it) first when `creating`.
    /// A folder inside the current one (`out`, `./out/png`, `$PWD/out`), named without `..`, lies
    /// in the tree scenec runs in — in CI a pull request's checkout — where a committed link
    /// (`out -> ~/.ssh`) must not redirect the writes: it is reached from the current folder
    /// without following any link. Another absolute path, or one with `..`, is opened as named.
    public static func open(_ path: String, creating: Bool, resolution: Beneath.Resolution = .automatic,
                            temporaries: AtomicWrite.TemporaryFiles = .untracked) throws(DestinationFailure) -> Destination {
        if let name = inWorkingDirectory(path) {
            let here = Glibc.open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard here >= 0 else { throw DestinationFailure("cannot open the current folder: \(reason())") }
            let current = Destination(path: ".", descriptor: here, resolution: resolution, temporaries: temporaries)
            return try current.folder(name.components, creating: creating)
        }
        if creating { try makeDirectories(path) }
        let fd = Glibc.open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw DestinationFailure(errno == ENOTDIR ? "'\(path)' is not a folder" : "cannot open the folder '\(path)': \(reason())")
        }
        return Destination(path: path, descriptor: fd, resolution: resolution, temporaries: temporaries)
    }

    /// `path/name`, for messages.
    public func path(of name: RelativeName) -> String { join(path, name.text) }

    /// The folder `components` beneath this one (this one for none), made first when `creating`.
    public func folder(_ components: [String], creating: Bool) throws(DestinationFailure) -> Destination {
        guard !components.isEmpty else { return self }
        let shown = join(path, components.joined(separator: "/"))
        let fd = Beneath.open(descriptor, components, flags: O_RDONLY | O_DIRECTORY, resolution: resolution)
        if fd >= 0 { return Destination(path: shown, descriptor: fd, resolution: resolution, temporaries: temporaries) }
        guard creating, errno == ENOENT else { throw failure("cannot open the folder", shown) }
        // One level at a time: make it, then open it as a folder that is no link.
        var current: Destination = self
        for (index, component) in components.enumerated() {
            let here = join(path, components[...index].joined(separator: "/"))
            if mkdirat(current.descriptor, component, 0o755) != 0, errno != EEXIST { throw failure("cannot create the folder", here) }
            let next = Beneath.open(current.descriptor, [component], flags: O_RDONLY | O_DIRECTORY, resolution: resolution)
            guard next >= 0 else { throw failure("cannot open the folder", here) }
            current = Destination(path: here, descriptor: next, resolution: resolution, temporaries: temporaries)
        }
        return current
    }

    /// The file `name` in the folder holding it, that folder opened (and made, when
    /// `creatingFolders`) beneath this one.
    public func file(_ name: RelativeName, creatingFolders: Bool = true) throws(DestinationFailure) -> FileBeneath {
        FileBeneath(folder: try folder(name.folders, creating: creatingFolders), name: name.last, path: path(of: name))
    }

    /// Whether something (a file, a folder, a link) is at `name`, links not followed.
    public func exists(_ name: RelativeName) -> Bool {
        guard let folder = try? folder(name.folders, creating: false) else { return false }
        var info = stat()
        return fstatat(folder.descriptor, name.last, &info, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// Opens `name` with `flags` (a link anywhere on the way fails with ELOOP); -1 with errno.
    public func open(_ name: RelativeName, flags: Int32, mode: mode_t = 0) -> Int32 {
        Beneath.open(descriptor, name.components, flags: flags, mode: mode, resolution: resolution)
    }

    /// The bytes of the regular file `name` (not a link, a FIFO or a device); throws when it is
    /// larger than `limit` bytes, without reading it whole.
    public func read(_ name: RelativeName, limit: Int) throws(DestinationFailure) -> [UInt8] {
        let shown = path(of: name)
        let fd = open(name, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw failure("cannot read", shown) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("cannot read", shown) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw DestinationFailure("cannot read '\(shown)': it is not a regular file") }
        // Sized by fstat (one byte more, to see a file that grew), so a small file costs one read.
        var bytes = [UInt8](repeating: 0, count: Swift.max(1, Swift.min(Int(info.st_size), limit) + 1))
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: Swift.min(bytes.count, 1 << 24)) }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress.map { $0 + count }, $0.count - count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw failure("cannot read", shown) }
            if n == 0 { return Array(bytes[0..<count]) }
            count += n
            guard count <= limit else { throw DestinationFailure("cannot read '\(shown)': it is larger than \(limit) bytes") }
        }
    }

    /// What a folder holds: its entries' names (without `.` and `..`) and kinds, links not
    /// followed. Empty when it cannot be read.
    public func entries(in components: [String] = []) -> [(name: String, kind: EntryKind)] {
        let fd = Beneath.open(descriptor, components, flags: O_RDONLY | O_DIRECTORY, resolution: resolution)
        guard fd >= 0 else { return [] }
        guard let handle = fdopendir(fd) else {
            close(fd)
            return []
        }
        defer { closedir(handle) }
        var found: [(name: String, kind: EntryKind)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            // The kind readdir gives, where the file system gives one (no stat per entry).
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): found.append((name, .file)); continue
            case Int32(DT_DIR): found.append((name, .folder)); continue
            case Int32(DT_LNK): found.append((name, .link)); continue
            default: break
            }
            var info = stat()
            let kind: EntryKind
            if fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) != 0 {
                kind = .other
            } else {
                switch info.st_mode & S_IFMT {
                case S_IFREG: kind = .file
                case S_IFDIR: kind = .folder
                case S_IFLNK: kind = .link
                default: kind = .other
                }
            }
            found.append((name, kind))
        }
        return found
    }

    public enum EntryKind: Sendable { case file, folder, link, other }

    /// Deletes the file (or link) `name`, never what a link points to, then the folders it
    /// leaves empty up to (not including) this one when `pruningFolders`. False when it could
    /// not be deleted: a link on the way, already gone.
    @discardableResult
    public func remove(_ name: RelativeName, pruningFolders: Bool = true) -> Bool {
        guard let holder = try? folder(name.folders, creating: false),
              unlinkat(holder.descriptor, name.last, 0) == 0 else { return false }
        var folders = pruningFolders ? name.folders : []
        while let last = folders.popLast() {
            guard let above = try? folder(folders, creating: false), unlinkat(above.descriptor, last, AT_REMOVEDIR) == 0 else { break }
        }
        return true
    }

    /// Forces everything written to the file system holding this folder to disk: one call for a
    /// whole frame sequence instead of an fsync per frame.
    public func syncFileSystem() throws(DestinationFailure) {
        guard syncfs(descriptor) == 0 else { throw failure("cannot sync", path) }
    }

    /// "WHAT 'PATH': REASON", with errno's reason, a link on the way said plainly.
    func failure(_ what: String, _ shown: String) -> DestinationFailure {
        let inside = path == "." ? "the current folder (name the folder it points to instead)" : "'\(path)'"
        let why = errno == ELOOP || errno == EXDEV
            ? "a symbolic link is on the way, which scenec does not follow inside \(inside)"
            : reason()
        return DestinationFailure("\(what) '\(shown)': \(why)")
    }

    /// `path` as a name beneath the current folder (leading `./` and trailing `/` dropped; an
    /// absolute path inside the current folder, as `$GITHUB_WORKSPACE/out`, made relative); nil
    /// for another absolute path, one with `..`, or the current folder itself.
    static func inWorkingDirectory(_ path: String) -> RelativeName? {
        var text = Substring(path)
        if path.hasPrefix("/") {
            guard let cwd = getcwd(nil, 0) else { return nil }
            let here = String(cString: cwd)
            free(cwd)
            guard here != "/", path.hasPrefix(here + "/") else { return nil }
            text = text.dropFirst(here.count + 1)
        }
        while text.hasPrefix("./") { text = text.dropFirst(2).drop { $0 == "/" } }
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        return RelativeName(String(text))
    }

    /// `mkdir -p`, through links the path itself names (the user's choice).
    static func makeDirectories(_ path: String) throws(DestinationFailure) {
        guard !path.isEmpty else { return }
        var info = stat()
        if stat(path, &info) == 0 { return }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try makeDirectories(String(path[..<slash])) }
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw DestinationFailure("cannot create directory '\(path)': \(reason())")
        }
    }
}

func reason() -> String { String(cString: strerror(errno)) }

func join(_ folder: String, _ name: String) -> String {
    folder.isEmpty || folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
}
