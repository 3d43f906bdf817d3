// @preconcurrency: C stdio's `stdout`/`stderr` are mutable globals to Swift 6; this file only
// passes them to stdio calls, which lock the stream themselves.
@preconcurrency import Glibc

/// Finding and reading the inputs the plain (replay) build is given.
enum Replay {
    struct Problem: Error {
        var message: String
    }

    /// `path` itself when it is a file; the regular files directly inside it, sorted by name,
    /// when it is a directory (hidden ones skipped, as libFuzzer writes none).
    static func inputs(at path: String) -> Result<[String], Problem> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(Problem(message: "cannot read '\(path)': \(String(cString: strerror(errno)))"))
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return .success([path]) }
        guard let dir = opendir(path) else {
            return .failure(Problem(message: "cannot list '\(path)': \(String(cString: strerror(errno)))"))
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let full = path.hasSuffix("/") ? path + name : path + "/" + name
            var child = stat()
            if stat(full, &child) == 0, (child.st_mode & S_IFMT) == S_IFREG {
                names.append(full)
            }
        }
        return .success(names.sorted())
    }

    /// The whole file, or nil (errno set) when it cannot be read.
    static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    static func fail(_ message: String) {
        fputs("scenec-fuzz: \(message)\n", stderr)
    }
}
