import Glibc
import CLinux

/// Opening a file beneath an opened folder without ever leaving it or following a symbolic
/// link: the kernel's `openat2` with `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS` where it has one,
/// else a walk of `openat(…, O_NOFOLLOW)` one component at a time. Both give the same answers:
/// a descriptor, or -1 with errno ELOOP for a link met anywhere on the way (the last component
/// included), ENOENT and the like otherwise. Names are `RelativeName`s, so `..` and absolute
/// paths never reach the kernel.
public enum Beneath {
    /// How a name is resolved.
    public enum Resolution: Sendable {
        /// `openat2` when the kernel offers it (Linux 5.6+, not filtered by seccomp), else `walk`.
        case kernel
        /// The component-by-component walk, whatever the kernel offers.
        case walk

        /// `kernel`, unless the environment variable `SCENEC_TEST_OPENAT_WALK` is set: the
        /// tests' way of forcing the walk in a scenec process (docs/security.md). Nothing else
        /// reads it.
        public static var automatic: Resolution {
            getenv("SCENEC_TEST_OPENAT_WALK") == nil ? .kernel : .walk
        }
    }

    /// Whether this kernel resolves names with `openat2`, asked once: ENOSYS (before 5.6) or
    /// EPERM (a container's seccomp filter that does not know it) mean no.
    public static let kernelResolves: Bool = {
        let fd = clinux_openat2_beneath(AT_FDCWD, ".", CLINUX_O_PATH | O_DIRECTORY | O_CLOEXEC, 0)
        if fd >= 0 { close(fd) }
        return fd >= 0 || (errno != ENOSYS && errno != EPERM)
    }()

    /// Opens `components` (none: the folder itself) beneath the folder `directory` with
    /// `flags` (O_CLOEXEC and O_NOFOLLOW added), `mode` for a file O_CREAT makes.
    public static func open(_ directory: Int32, _ components: [String], flags: Int32, mode: mode_t = 0,
                            resolution: Resolution) -> Int32 {
        guard !components.isEmpty else { return openat(directory, ".", flags | O_CLOEXEC, mode) }
        if resolution == .kernel, kernelResolves {
            return clinux_openat2_beneath(directory, components.joined(separator: "/"), flags | O_CLOEXEC, UInt32(mode))
        }
        return walk(directory, components, flags: flags, mode: mode)
    }

    /// The fallback: each folder on the way opened with O_DIRECTORY | O_NOFOLLOW relative to
    /// the one before, then the last component with O_NOFOLLOW.
    static func walk(_ directory: Int32, _ components: [String], flags: Int32, mode: mode_t) -> Int32 {
        var current = directory
        func release() { if current != directory { close(current) } }
        for component in components.dropLast() {
            let next = openat(current, component, CLINUX_O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 { sayLinkAsKernel(current, component) }
            let saved = errno
            release()
            errno = saved
            guard next >= 0 else { return -1 }
            current = next
        }
        let last = components[components.count - 1]
        let fd = openat(current, last, flags | O_NOFOLLOW | O_CLOEXEC, mode)
        if fd < 0 { sayLinkAsKernel(current, last) }
        let saved = errno
        release()
        errno = saved
        return fd
    }

    /// O_NOFOLLOW with O_DIRECTORY reports a link as ENOTDIR: errno becomes ELOOP, as `openat2`
    /// with RESOLVE_NO_SYMLINKS says for a link.
    private static func sayLinkAsKernel(_ directory: Int32, _ name: String) {
        let saved = errno
        guard saved == ENOTDIR else { return }
        var info = stat()
        if fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK {
            errno = ELOOP
        } else {
            errno = saved
        }
    }
}
