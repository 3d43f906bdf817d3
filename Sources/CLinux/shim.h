// Linux calls that glibc declares only under _GNU_SOURCE, which Swift's Glibc module is built
// without. Declared here with glibc's own prototypes; the definitions are in libc.
#ifndef CLINUX_SHIM_H
#define CLINUX_SHIM_H

// Flushes the file system holding fd to disk (Linux 2.6.39+, glibc 2.14+): a frame sequence
// syncs once at the end instead of once per frame.
int syncfs(int fd);

// Starts writing a file's dirty pages back without waiting (flags: SYNC_FILE_RANGE_WRITE), so
// frames are on their way to disk while later frames are encoded and the final syncfs has little
// left to wait for.
int sync_file_range(int fd, long long offset, long long nbytes, unsigned int flags);
#define CLINUX_SYNC_FILE_RANGE_WRITE 2

#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

// openat2 (Linux 5.6+) has no glibc 2.36 wrapper, and Swift cannot call the variadic
// `syscall`: this shim calls it. The struct and flags are <linux/openat2.h>'s, spelled out so
// the module builds on headers that lack that file.
#ifndef SYS_openat2
#define SYS_openat2 437
#endif
struct clinux_open_how {
    uint64_t flags;
    uint64_t mode;
    uint64_t resolve;
};
// O_PATH (glibc declares it only under _GNU_SOURCE): a descriptor that names a folder on
// the way without opening it for reading.
#define CLINUX_O_PATH 010000000
#define CLINUX_RESOLVE_NO_SYMLINKS 0x04
#define CLINUX_RESOLVE_BENEATH 0x08

// Opens `path` relative to the directory `dirfd` as openat does, but fails (EXDEV, ELOOP) when
// resolving it would leave that directory (an absolute path, `..` above it) or meet a symbolic
// link anywhere, the last component included. ENOSYS or EPERM where the kernel or a seccomp
// filter does not offer openat2. `mode` only counts with O_CREAT (openat2 refuses it otherwise).
static inline int clinux_openat2_beneath(int dirfd, const char *path, int flags, unsigned int mode) {
    struct clinux_open_how how = {
        (uint64_t)(unsigned int)flags,
        (flags & 0100) ? (uint64_t)mode : 0,  // O_CREAT
        CLINUX_RESOLVE_BENEATH | CLINUX_RESOLVE_NO_SYMLINKS
    };
    return (int)syscall(SYS_openat2, dirfd, path, &how, sizeof how);
}

#endif
