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

#endif
