@preconcurrency import Glibc

/// Reading scenes and writing outputs: whole files, atomically (docs/language.md §6).
enum Files {
    /// The bytes of `path` ("-" is standard input), refusing files over `limit` bytes without
    /// reading them whole.
    static func read(_ path: String, limit: Int) throws -> (bytes: [UInt8], tooLarge: Bool) {
        let fd = path == "-" ? dup(STDIN_FILENO) : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError("cannot read '\(path)': \(reason())") }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileError("cannot read '\(path)': it is a directory")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError("cannot read '\(path)': \(reason())")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { return (bytes, true) }
        }
        return (bytes, false)
    }

    /// Writes `bytes` to `path`: through a temporary file in the same directory renamed into
    /// place, so a failed run leaves the previous file intact. "-" is standard output; a path
    /// that exists and is not a regular file (a device, a FIFO) is written directly.
    static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            guard Console.output(bytes: bytes) else { throw FileError("cannot write to standard output: \(reason())") }
            return
        }
        var info = stat()
        if stat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw FileError("cannot write '\(path)': it is a directory") }
            if type != S_IFREG {
                try writeDirectly(bytes, to: path)
                return
            }
        }
        try makeParentDirectories(of: path)
        let temporary = temporaryPath(for: path)
        Interrupts.register(temporary)
        defer { Interrupts.unregister(temporary) }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileError("cannot write '\(path)': \(reason())") }
        do {
            try writeAll(bytes, fd: fd, path: path)
            guard fsync(fd) == 0 || errno == EINVAL else { throw FileError("cannot write '\(path)': \(reason())") }
            guard close(fd) == 0 else {
                unlink(temporary)
                throw FileError("cannot write '\(path)': \(reason())")
            }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let why = reason()
            unlink(temporary)
            throw FileError("cannot write '\(path)': \(why)")
        }
    }

    static func writeDirectly(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError("cannot write '\(path)': \(reason())") }
        defer { close(fd) }
        try writeAll(bytes, fd: fd, path: path)
    }

    static func writeAll(_ bytes: [UInt8], fd: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError("cannot write '\(path)': \(reason())")
            }
            offset += n
        }
    }

    /// `dir/.name.scenec-PID-TID.tmp`: beside the target so the rename stays on one file
    /// system, and distinct per thread.
    static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(dir).\(name).scenec-\(getpid())-\(pthread_self()).tmp"
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

    static func reason() -> String {
        String(cString: strerror(errno))
    }
}
