import Glibc
import SceneFiles

/// An exclusive lock on a build folder (`flock` on `OUT/.scenec-build.lock`), held for the
/// whole build: two builds into one folder would otherwise each write a manifest without the
/// other's entries. A second build waits, saying for whom; the kernel releases the lock when
/// the holder exits, however it exits. The lock file is opened beneath the folder with
/// O_NOFOLLOW: a link planted there is refused, never written through.
final class OutputLock {
    package static let name = ".scenec-build.lock"
    private let fd: Int32

    package init(_ destination: Destination, waiting: (String) -> Void) throws {
        let outDir = destination.path
        fd = RelativeName(Self.name).map { destination.open($0, flags: O_RDWR | O_CREAT, mode: 0o644) } ?? -1
        guard fd >= 0 else {
            let why = errno == ELOOP || errno == EXDEV
                ? "'\(outDir)/\(Self.name)' is a symbolic link, which scenec does not write through; remove it"
                : Files.reason()
            throw FileError("cannot lock '\(outDir)': \(why)")
        }
        // A hard link would make the PID written below land in another file too.
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 else {
            close(fd)
            throw FileError("cannot lock '\(outDir)': '\(outDir)/\(Self.name)' is not a regular file of its own (a device, or a hard link); remove it")
        }
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
