import Foundation

/// The first import into an empty database runs with a rollback journal instead of the WAL.
///
/// In WAL mode every page of a large import is written twice: into the log during the
/// transaction, then back into the database file by the checkpoint that leaves the file
/// complete (`Database.checkpoint`), with an fsync of each. Into an empty database the
/// rollback journal has almost nothing to save (pages past the file's old end are never
/// journaled), so each page is written once: 15% of a 300k-node import, most of what the
/// closing checkpoint cost. `synchronous=FULL` keeps the rollback journal as safe from
/// power loss as WAL with NORMAL; a killed import leaves a hot journal that the next
/// connection rolls back (`DatabaseOpener.rollBackHotJournal` does it for readers, which
/// cannot).
///
/// Only when nothing else has the database open: leaving WAL mode needs every other
/// connection gone, and SQLite refuses at once otherwise (the import then simply stays in WAL
/// mode). Other processes that open the database meanwhile wait for the write lock, as they
/// would for any import, and see WAL mode again when it ends.
enum FirstImportJournal {
    /// Switches `db` to a rollback journal if none of `kindTables` (the table of every stored
    /// kind the database has: snapshots, runs, traces, consoles, recordings, ...) holds a row
    /// and no other connection has it open; returns whether it did. Outside any transaction.
    static func begin(_ db: Database, kindTables: [String]) -> Bool {
        // A file made just now (nothing stored yet) leaves its WAL without an fsync; only
        // before its first import, since that one stores something.
        let newFile = db.holdsOnlyNewSchema
        db.newFileDataVersion = nil
        let stored = kindTables.map { "EXISTS(SELECT 1 FROM \"\($0)\")" }.joined(separator: " OR ")
        guard !kindTables.isEmpty, (try? db.scalar("SELECT " + stored)?.intValue) == 0 else { return false }
        // Never wait here: another connection means the WAL stays, not a pause.
        let timeout = db.lockTimeout
        db.lockTimeout = 0
        defer { db.lockTimeout = timeout }
        if newFile { try? db.execute("PRAGMA synchronous=OFF") }
        guard let mode = try? db.scalar("PRAGMA journal_mode=DELETE")?.description, mode.lowercased() == "delete" else {
            _ = try? db.execute("PRAGMA synchronous=NORMAL")
            return false
        }
        do {
            try db.execute("PRAGMA synchronous=FULL")
        } catch {
            end(db)
            return false
        }
        return true
    }

    /// Back to WAL mode (waiting for readers that opened the database meanwhile). If that
    /// cannot be done, the database stays valid in rollback mode and the next writer to open
    /// it switches it (`DatabaseOpener.configureWriter`).
    static func end(_ db: Database) {
        _ = try? db.withBusyRetry { try db.scalar("PRAGMA journal_mode=WAL") }
        _ = try? db.execute("PRAGMA synchronous=NORMAL")
    }
}
