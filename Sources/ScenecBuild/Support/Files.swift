// @preconcurrency: C stdio's `stdout` is a mutable global to Swift 6; this file only passes
// it to stdio calls, which lock the stream themselves.
@preconcurrency import Glibc
import ScenecKit
import SceneFiles

/// Reading scenes and writing outputs: whole files, atomically (docs/language.md §6).
package enum Files {
    /// The bytes of a file scenec itself names (a temporary file, a manifest it wrote, its own
    /// executable; "-" is standard input), refusing files over `limit` bytes without reading
    /// them whole. Scenes, imports and fonts are read with `readScene`, inside the project.
    package static func read(_ path: String, limit: Int) throws -> (bytes: [UInt8], tooLarge: Bool) {
        let read = path == "-" ? ContainedRead.readStandardInput(limit: limit) : ContainedRead.readOwnFile(path, limit: limit)
        switch read {
        case .success(let contents): return (contents.bytes, contents.tooLarge)
        case .failure(let refusal): throw FileError(refusal.message(naming: path))
        }
    }

    /// The bytes of the scene `path` ("-" is standard input) when `scope` allows it (SceneFiles).
    package static func readScene(_ path: String, limit: Int, scope: ReadScope) throws(SceneReading.Failure) -> (bytes: [UInt8], tooLarge: Bool) {
        try SceneReading.read(path, limit: limit, scope: scope, dashIsStandardInput: true)
    }

    /// Writes `bytes` to `path`, a path the user named, through SceneFiles' one atomic writer
    /// (`AtomicWrite.replace`: a temporary file beside it renamed into place, so a failed run
    /// leaves the previous file intact; a device or FIFO written directly). "-" is standard
    /// output. `permissions` (exactly, whatever the umask) for a file that replaces one the user keeps.
    package static func write(_ bytes: [UInt8], to path: String, permissions: mode_t? = nil) throws {
        if path == "-" {
            guard writeStandardOutput(bytes) else { throw FileError("cannot write to standard output: \(reason())") }
            return
        }
        try converting { () throws(DestinationFailure) in
            try AtomicWrite.replace(path, with: bytes, permissions: permissions, temporaries: temporaries)
        }
    }

    /// The first half of `write`: the bytes in a temporary file beside `path` (forced to disk
    /// when `sync`), not yet in place (`StagedFile.commit()`). A frame sequence stages frames
    /// on several threads and commits them in frame order.
    package static func stage(_ bytes: [UInt8], for path: String, sync: Bool) throws -> StagedFile {
        try converting { () throws(DestinationFailure) in
            try AtomicWrite.stage(bytes, forPath: path, sync: sync, temporaries: temporaries)
        }
    }

    package static func commit(_ staged: StagedFile) throws {
        try converting { () throws(DestinationFailure) in try staged.commit() }
    }

    /// The file at a path the user named, its folder made and opened (for ffmpeg's temporary file).
    package static func file(_ path: String) throws -> FileBeneath {
        try converting { () throws(DestinationFailure) in try FileBeneath(userPath: path, temporaries: temporaries) }
    }

    /// A destination folder (`build -o`, a baseline), opened once; made first when `creating`.
    package static func destination(_ path: String, creating: Bool) throws -> Destination {
        try converting { () throws(DestinationFailure) in
            try Destination.open(path, creating: creating, temporaries: temporaries)
        }
    }

    /// SceneFiles' failure as the command line's FileError (exit status .io).
    package static func converting<T>(_ body: () throws(DestinationFailure) -> T) throws -> T {
        do throws(DestinationFailure) { return try body() } catch { throw FileError(error.message) }
    }

    /// Temporary files the Ctrl-C handler deletes while they exist.
    package static let temporaries = AtomicWrite.TemporaryFiles(created: { Interrupts.register($0) },
                                                        finished: { Interrupts.unregister($0) })

    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether two paths name the same existing file (so an output would overwrite the input).
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard a != "-", b != "-", stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// The names in a directory, without `.` and `..`, in no particular order.
    package static func names(in dir: String) throws -> [String] {
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

    /// Where a symbolic link points, as written in the link; nil for anything else.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// All of `bytes` on standard output, flushed; false when the stream refused.
    package static func writeStandardOutput(_ bytes: [UInt8]) -> Bool {
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, stdout) }
        return written == bytes.count && fflush(stdout) == 0
    }

    package static func reason() -> String {
        String(cString: strerror(errno))
    }
}

