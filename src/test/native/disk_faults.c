/*
 * A disk that fails on demand, for the fault matrix (io.panrocks.faults):
 * preloaded into a child JVM (LD_PRELOAD), it wraps the C library's file I/O
 * calls and, once armed, makes the n-th read, write or sync of a file under
 * one folder fail with EIO, as a failing disk does. Everything else passes
 * through untouched, so the engine under test is the real one, doing real
 * I/O; only the answer of one call changes.
 *
 * The child arms it through FFM (faults_arm / faults_disarm / faults_hits):
 * the library is already loaded, so looking it up again by its path finds
 * this copy.
 *
 * Calls wrapped: write, pwrite(64), writev, pwritev(64) (writes); read,
 * pread(64), readv, preadv(64), fread(_unlocked) (reads; RocksDB reads
 * WALs and MANIFESTs through stdio); fsync, fdatasync, sync_file_range
 * (syncs). Whether an fd is under the folder is asked of /proc/self/fd only
 * while armed, so the unarmed cost is one atomic load.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

/* glibc's optimized headers make it a macro; here it is the function */
#undef fread_unlocked

enum { KIND_NONE = 0, KIND_READ = 1, KIND_WRITE = 2, KIND_SYNC = 3 };

static atomic_int armed_kind;     /* KIND_*: which calls count */
static atomic_long countdown;     /* the call that fails when this reaches 0 */
static atomic_long hits;          /* calls that failed since arming */
static atomic_int sticky;         /* 1: every call from the n-th on fails, until disarmed */
static char folder[PATH_MAX];     /* files under it count */
static size_t folder_length;

void faults_arm(const char *dir, int kind, long nth, int every_later_call) {
    atomic_store(&armed_kind, KIND_NONE);
    strncpy(folder, dir, sizeof folder - 2);
    folder[sizeof folder - 2] = '\0';
    folder_length = strlen(folder);
    if (folder_length > 0 && folder[folder_length - 1] != '/') {
        folder[folder_length++] = '/';
        folder[folder_length] = '\0';
    }
    atomic_store(&hits, 0);
    atomic_store(&sticky, every_later_call);
    atomic_store(&countdown, nth < 1 ? 1 : nth);
    atomic_store(&armed_kind, kind);
}

void faults_disarm(void) { atomic_store(&armed_kind, KIND_NONE); }

long faults_hits(void) { return atomic_load(&hits); }

static int under_folder(int fd) {
    char link[64], target[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    int saved = errno;
    ssize_t n = readlink(link, target, sizeof target - 1);
    errno = saved;
    if (n <= 0) return 0;
    target[n] = '\0';
    return strncmp(target, folder, folder_length) == 0;
}

/* 1 when this call of this kind on fd must fail */
static int fails(int kind, int fd) {
    if (atomic_load_explicit(&armed_kind, memory_order_relaxed) != kind) return 0;
    if (!under_folder(fd)) return 0;
    long left = atomic_fetch_sub(&countdown, 1) - 1;
    if (left == 0 || (left < 0 && atomic_load(&sticky))) {
        atomic_fetch_add(&hits, 1);
        return 1;
    }
    return 0;
}

/* the C library's own function, found once */
#define REAL(name) \
    static __typeof__(&name) real_##name; \
    if (!real_##name) real_##name = (__typeof__(&name))dlsym(RTLD_NEXT, #name)

ssize_t write(int fd, const void *buf, size_t n) {
    REAL(write);
    if (fails(KIND_WRITE, fd)) { errno = EIO; return -1; }
    return real_write(fd, buf, n);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off) {
    REAL(pwrite);
    if (fails(KIND_WRITE, fd)) { errno = EIO; return -1; }
    return real_pwrite(fd, buf, n, off);
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t off) {
    REAL(pwrite64);
    if (fails(KIND_WRITE, fd)) { errno = EIO; return -1; }
    return real_pwrite64(fd, buf, n, off);
}

ssize_t writev(int fd, const struct iovec *iov, int count) {
    REAL(writev);
    if (fails(KIND_WRITE, fd)) { errno = EIO; return -1; }
    return real_writev(fd, iov, count);
}

ssize_t pwritev(int fd, const struct iovec *iov, int count, off_t off) {
    REAL(pwritev);
    if (fails(KIND_WRITE, fd)) { errno = EIO; return -1; }
    return real_pwritev(fd, iov, count, off);
}

ssize_t pwritev64(int fd, const struct iovec *iov, int count, off64_t off) {
    REAL(pwritev64);
    if (fails(KIND_WRITE, fd)) { errno = EIO; return -1; }
    return real_pwritev64(fd, iov, count, off);
}

ssize_t read(int fd, void *buf, size_t n) {
    REAL(read);
    if (fails(KIND_READ, fd)) { errno = EIO; return -1; }
    return real_read(fd, buf, n);
}

ssize_t pread(int fd, void *buf, size_t n, off_t off) {
    REAL(pread);
    if (fails(KIND_READ, fd)) { errno = EIO; return -1; }
    return real_pread(fd, buf, n, off);
}

ssize_t pread64(int fd, void *buf, size_t n, off64_t off) {
    REAL(pread64);
    if (fails(KIND_READ, fd)) { errno = EIO; return -1; }
    return real_pread64(fd, buf, n, off);
}

ssize_t readv(int fd, const struct iovec *iov, int count) {
    REAL(readv);
    if (fails(KIND_READ, fd)) { errno = EIO; return -1; }
    return real_readv(fd, iov, count);
}

ssize_t preadv(int fd, const struct iovec *iov, int count, off_t off) {
    REAL(preadv);
    if (fails(KIND_READ, fd)) { errno = EIO; return -1; }
    return real_preadv(fd, iov, count, off);
}

ssize_t preadv64(int fd, const struct iovec *iov, int count, off64_t off) {
    REAL(preadv64);
    if (fails(KIND_READ, fd)) { errno = EIO; return -1; }
    return real_preadv64(fd, iov, count, off);
}

/* stdio reads: a failed fread answers 0 items with errno set and no EOF */
size_t fread(void *buf, size_t size, size_t count, FILE *file) {
    REAL(fread);
    if (fails(KIND_READ, fileno(file))) { errno = EIO; return 0; }
    return real_fread(buf, size, count, file);
}

size_t fread_unlocked(void *buf, size_t size, size_t count, FILE *file) {
    REAL(fread_unlocked);
    if (fails(KIND_READ, fileno(file))) { errno = EIO; return 0; }
    return real_fread_unlocked(buf, size, count, file);
}

int fsync(int fd) {
    REAL(fsync);
    if (fails(KIND_SYNC, fd)) { errno = EIO; return -1; }
    return real_fsync(fd);
}

int fdatasync(int fd) {
    REAL(fdatasync);
    if (fails(KIND_SYNC, fd)) { errno = EIO; return -1; }
    return real_fdatasync(fd);
}

int sync_file_range(int fd, off64_t off, off64_t n, unsigned int flags) {
    REAL(sync_file_range);
    if (fails(KIND_SYNC, fd)) { errno = EIO; return -1; }
    return real_sync_file_range(fd, off, n, flags);
}
