@preconcurrency import Glibc
import SceneCheck
import SceneSyntax

/// Reading scene files whole, within a size limit: the command line's scenes and imports, and
/// `SceneFile(contentsOf:)`'s.
package enum SceneReading {
    /// The default limit on a scene file's size (`--max-file-size`).
    package static let maxFileSize = 16 * 1024 * 1024

    package struct Failure: Error, Sendable {
        package let message: String
    }

    /// The bytes of `path` ("-" is standard input when `dashIsStandardInput`), refusing files
    /// over `limit` bytes without reading them whole.
    package static func read(_ path: String, limit: Int, dashIsStandardInput: Bool = false)
        throws(Failure) -> (bytes: [UInt8], tooLarge: Bool) {
        let fd = dashIsStandardInput && path == "-" ? dup(STDIN_FILENO) : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(message: "cannot read '\(path)': it is a directory")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { return (bytes, true) }
        }
        return (bytes, false)
    }

    /// How the checker reads the files a scene imports: whole, within the scene size limit.
    package static func importReader(limit: Int) -> @Sendable (String) -> Result<[UInt8], ImportFailure> {
        { path in
            do throws(Failure) {
                let read = try read(path, limit: limit)
                return read.tooLarge ? .failure(ImportFailure("it is larger than \(limit) bytes")) : .success(read.bytes)
            } catch {
                return .failure(ImportFailure(error.message))
            }
        }
    }

    /// The scene file at `path`, for `SceneFile(contentsOf:)`.
    static func source(_ path: String) throws(SceneError) -> SourceFile {
        do throws(Failure) {
            let read = try read(path, limit: maxFileSize)
            guard !read.tooLarge else {
                throw Failure(message: "cannot read '\(path)': the scene file is larger than \(maxFileSize) bytes")
            }
            return SourceFile(name: path, bytes: read.bytes)
        } catch {
            throw SceneError(.io, path: path, message: error.message)
        }
    }

    /// "cannot read 'PATH': REASON", with errno's reason read before anything can change it.
    static func failure(_ path: String) -> Failure {
        Failure(message: "cannot read '\(path)': \(String(cString: strerror(errno)))")
    }
}
