#include <sqlite3.h>

// sqlite3_config is variadic, which Swift cannot call: one wrapper for the one setting agtrace
// changes. Memory statistics take a global mutex on every allocation; agtrace does not read
// them. Must run before the first connection is opened (it returns SQLITE_MISUSE afterwards,
// which is harmless).
static inline int agtrace_sqlite_disable_memstatus(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

// sqlite3_db_config is variadic too. Writers leave the WAL for the next writer to fold back
// into the database (see Database.swift), instead of checkpointing on close.
static inline int agtrace_sqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

// SQLite's own descriptor of the main database file, for `agtrace_start_writeback`; -1 when
// it cannot be told for certain. Only the unix VFS is understood: its file object begins with
// the methods, the VFS, the inode record and then the descriptor, as it has since SQLite 3.7.
// The descriptor is trusted only if it is open on the very file SQLite names (same device and
// inode), so another layout yields -1, never a wrong file. Never close it: closing any
// descriptor of the file would drop the process's POSIX locks on it, SQLite's included.
#include <string.h>
#include <sys/stat.h>
static inline int agtrace_sqlite_main_descriptor(sqlite3 *db) {
    sqlite3_vfs *vfs = 0;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_VFS_POINTER, &vfs) != SQLITE_OK || !vfs || !vfs->zName
        || strncmp(vfs->zName, "unix", 4) != 0) return -1;
    sqlite3_file *file = 0;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || !file || !file->pMethods) return -1;
    const char *path = sqlite3_db_filename(db, "main");
    if (!path || !*path) return -1;
    struct unix_file_head { const sqlite3_io_methods *methods; sqlite3_vfs *vfs; void *inode; int fd; };
    int fd = ((const struct unix_file_head *)file)->fd;
    struct stat open, named;
    if (fd < 0 || fstat(fd, &open) != 0 || stat(path, &named) != 0) return -1;
    if (!S_ISREG(open.st_mode) || open.st_dev != named.st_dev || open.st_ino != named.st_ino) return -1;
    return fd;
}

// Starts writing the file's dirty pages to disk without waiting for them (Linux's
// sync_file_range with SYNC_FILE_RANGE_WRITE), so that a later fsync has less left to do.
// Changes nothing SQLite relies on: no write is made durable later than SQLite asks, and
// an early one only starts sooner. Elsewhere a no-op returning 0.
#ifdef __linux__
extern int sync_file_range(int fd, long long offset, long long nbytes, unsigned int flags);
static inline int agtrace_start_writeback(int fd) { return sync_file_range(fd, 0, 0, 2 /* SYNC_FILE_RANGE_WRITE */); }
#else
static inline int agtrace_start_writeback(int fd) { (void)fd; return 0; }
#endif

// An int read and written whole from any thread or a signal handler (`InterruptFlag`,
// `InterruptOnSignal`): Swift's own atomics need macOS 15.
static inline void agtrace_atomic_set(int *word) { __atomic_store_n(word, 1, __ATOMIC_SEQ_CST); }
static inline int agtrace_atomic_get(const int *word) { return __atomic_load_n(word, __ATOMIC_SEQ_CST); }
static inline int agtrace_atomic_increment(int *word) { return __atomic_add_fetch(word, 1, __ATOMIC_SEQ_CST); }
static inline void agtrace_atomic_clear(int *word) { __atomic_store_n(word, 0, __ATOMIC_SEQ_CST); }
