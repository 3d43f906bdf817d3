@preconcurrency import Glibc
import CLinux
import SceneFiles
import ScenecKit

/// Reading scenes and writing outputs: whole files, atomically (docs/language.md §6).
enum Files {
    /// The bytes of a file scenec itself names (a temporary file, a manifest it wrote, its own
    /// executable; "-" is standard input), refusing files over `limit` bytes without reading
    /// them whole. Scenes, imports and fonts are read with `readScene`, inside the project.
    static func read(_ path: String, limit: Int) throws -> (bytes: [UInt8], tooLarge: Bool) {
        let read = path == "-" ? ContainedRead.readStandardInput(limit: limit) : ContainedRead.readOwnFile(path, limit: limit)
        switch read {
        case .success(let contents): return (contents.bytes, contents.tooLarge)
        case .failure(let refusal): throw FileError(refusal.message(naming: path))
        }
    }

    /// The bytes of the scene `path` ("-" is standard input) when `scope` allows it (SceneFiles).
    static func readScene(_ path: String, limit: Int, scope: ReadScope) throws(SceneReading.Failure) -> (bytes: [UInt8], tooLarge: Bool) {
        try SceneReading.read(path, limit: limit, scope: scope, dashIsStandardInput: true)
    }

    /// Writes `bytes` to `path`: through a temporary file in the same directory renamed into
    /// place, so a failed run leaves the previous file intact. "-" is standard output; a path
    /// that exists and is not a regular file (a device, a FIFO) is written directly.
    /// `permissions` (exactly, whatever the umask) for a file that replaces one the user keeps.
    static func write(_ bytes: [UInt8], to path: String, permissions: mode_t? = nil) throws {
        try commit(try stage(bytes, for: path, sync: true, permissions: permissions))
    }

    /// The first half of `write`: the bytes in a temporary file beside `path` (forced to disk
    /// when `sync`), not yet in place. A frame sequence stages frames on several threads and
    /// commits them in frame order.
    static func stage(_ bytes: [UInt8], for path: String, sync: Bool, permissions: mode_t? = nil) throws -> StagedFile {
        if path == "-" { return StagedFile(path: path, temporary: nil, direct: bytes) }
        var info = stat()
        if stat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw FileError("cannot write '\(path)': it is a directory") }
            if type != S_IFREG { return StagedFile(path: path, temporary: nil, direct: bytes) }
        }
        try makeParentDirectories(of: path)
        let temporary = AtomicFile.temporaryPath(for: path)
        Interrupts.register(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions ?? 0o644)
        guard fd >= 0 else {
            Interrupts.unregister(temporary)
            throw FileError("cannot write '\(path)': \(reason())")
        }
        do {
            if let permissions, fchmod(fd, permissions) != 0 { throw FileError("cannot write '\(path)': \(reason())") }
            try writeAll(bytes, fd: fd, path: path)
            if sync {
                guard fsync(fd) == 0 || errno == EINVAL else { throw FileError("cannot write '\(path)': \(reason())") }
            } else {
                _ = sync_file_range(fd, 0, 0, UInt32(CLINUX_SYNC_FILE_RANGE_WRITE))  // a hint: failure is harmless
            }
            guard close(fd) == 0 else {
                unlink(temporary)
                Interrupts.unregister(temporary)
                throw FileError("cannot write '\(path)': \(reason())")
            }
        } catch {
            close(fd)
            unlink(temporary)
            Interrupts.unregister(temporary)
            throw error
        }
        return StagedFile(path: path, temporary: temporary, direct: nil)
    }

    /// Puts a staged file in place: renames it over its target (or writes a device or standard
    /// output directly).
    static func commit(_ staged: StagedFile) throws {
        guard let temporary = staged.temporary else {
            let bytes = staged.direct ?? []
            if staged.path == "-" {
                guard Console.output(bytes: bytes) else { throw FileError("cannot write to standard output: \(reason())") }
            } else {
                try writeDirectly(bytes, to: staged.path)
            }
            return
        }
        defer { Interrupts.unregister(temporary) }
        guard rename(temporary, staged.path) == 0 else {
            let why = reason()
            unlink(temporary)
            throw FileError("cannot write '\(staged.path)': \(why)")
        }
    }

    /// Removes a staged file that will not be committed.
    static func discard(_ staged: StagedFile) {
        guard let temporary = staged.temporary else { return }
        discard(temporary: temporary)
    }

    /// A temporary path beside `path` for another program (ffmpeg) to write the file to, then
    /// `commit(written:to:)` or `discard(temporary:)`; removed by Ctrl-C meanwhile.
    static func temporaryForProgram(_ path: String) throws -> String {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw FileError("cannot write '\(path)': it is a directory")
        }
        try makeParentDirectories(of: path)
        let temporary = AtomicFile.temporaryPath(for: path)
        Interrupts.register(temporary)
        return temporary
    }

    /// Puts a file another program wrote in place, as `commit` does a staged one: forced to
    /// disk and renamed over `path`, or copied into a device such as /dev/null.
    static func commit(written temporary: String, to path: String) throws {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            defer { discard(temporary: temporary) }
            try writeDirectly(try read(temporary, limit: Int.max).bytes, to: path)
            return
        }
        let fd = open(temporary, O_RDONLY | O_CLOEXEC)
        guard fd >= 0, fsync(fd) == 0 || errno == EINVAL else {
            let why = reason()
            if fd >= 0 { close(fd) }
            throw FileError("cannot write '\(path)': \(why)")
        }
        close(fd)
        try commit(StagedFile(path: path, temporary: temporary, direct: nil))
    }

    static func discard(temporary: String) {
        unlink(temporary)
        Interrupts.unregister(temporary)
    }

    /// Forces everything written to the file system holding `path` to disk: one call for a
    /// whole frame sequence instead of an fsync per frame.
    static func syncFileSystem(of path: String) throws {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError("cannot sync '\(dir)': \(reason())") }
        defer { close(fd) }
        guard syncfs(fd) == 0 else { throw FileError("cannot sync '\(dir)': \(reason())") }
    }

    /// Temporary files the Ctrl-C handler deletes (for AtomicFile's rewrite of a scene in place).
    static let interruptible = AtomicFile.TemporaryFiles(created: { Interrupts.register($0) },
                                                         finished: { Interrupts.unregister($0) })

    static func writeDirectly(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError("cannot write '\(path)': \(reason())") }
        defer { close(fd) }
        try writeAll(bytes, fd: fd, path: path)
    }

    static func writeAll(_ bytes: [UInt8], fd: Int32, path: String) throws {
        do throws(AtomicFile.Failure) {
            try AtomicFile.writeAll(bytes, fd: fd, path: path)
        } catch {
            throw FileError(error.message)
        }
    }

    static func makeParentDirectories(of path: String) throws {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let dir = String(path[..<slash])
        var info = stat()
        if stat(dir, &info) == 0 { return }
        try makeParentDirectories(of: dir)
        if mkdir(dir, 0o755) != 0, errno != EEXIST {
            throw FileError("cannot create directory '\(dir)': \(reason())")
        }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether two paths name the same existing file (so an output would overwrite the input).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard a != "-", b != "-", stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// The names in a directory, without `.` and `..`, in no particular order.
    static func names(in dir: String) throws -> [String] {
        guard let handle = opendir(dir) else { throw FileError("cannot read directory '\(dir)': \(reason())") }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Deletes a file, then the directories it leaves empty up to (not including) `root`.
    static func remove(_ path: String, keepingDirectory root: String) {
        unlink(path)
        var dir = path
        while let slash = dir.lastIndex(of: "/") {
            dir = String(dir[..<slash])
            guard dir.count > root.count, dir.hasPrefix(root + "/"), rmdir(dir) == 0 else { return }
        }
    }

    /// Where a symbolic link points, as written in the link; nil for anything else.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func reason() -> String {
        String(cString: strerror(errno))
    }
}

/// A file's new bytes staged beside it by `Files.stage`, waiting for `Files.commit`.
struct StagedFile: Sendable {
    let path: String
    /// The temporary file; nil when the target is written directly (standard output, a device).
    let temporary: String?
    let direct: [UInt8]?
}
