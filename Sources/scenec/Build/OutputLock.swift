@preconcurrency import Glibc

/// An exclusive lock on a build folder (`flock` on `OUT/.scenec-build.lock`), held for the
/// whole build: two builds into one folder would otherwise each write a manifest without the
/// other's entries. A second build waits, saying for whom; the kernel releases the lock when
/// the holder exits, however it exits.
final class OutputLock {
    private let fd: Int32

    init(_ outDir: String, waiting: (String) -> Void) throws {
        try Files.makeParentDirectories(of: outDir + "/.scenec-build.lock")
        let path = outDir + "/.scenec-build.lock"
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileError("cannot lock '\(outDir)': \(Files.reason())") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                let why = Files.reason()
                close(fd)
                throw FileError("cannot lock '\(outDir)': \(why)")
            }
            var holder = [UInt8](repeating: 0, count: 32)
            let n = pread(fd, &holder, holder.count, 0)
            let pid = n > 0 ? String(decoding: holder[0..<n].filter { $0 >= 0x30 && $0 <= 0x39 }, as: UTF8.self) : "?"
            waiting("another scenec build (process \(pid)) is writing to '\(outDir)'; waiting for it to finish")
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let why = Files.reason()
                    close(fd)
                    throw FileError("cannot lock '\(outDir)': \(why)")
                }
            }
        }
        let pid = Array("\(getpid())\n".utf8)
        ftruncate(fd, 0)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    deinit {
        close(fd)  // releases the lock
    }
}
