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
