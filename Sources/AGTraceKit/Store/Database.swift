import CSQLite
import Foundation

/// One SQLite connection, used from one thread at a time (only `interrupt` may be called from
/// another, as SQLite allows). Opened through `DatabaseOpener`, which checks that the file is
/// an agtrace database before anything is written to it.
public final class Database: @unchecked Sendable {
    public let path: String
    let handle: OpaquePointer
    public let isReadOnly: Bool

    /// How long a writer waits for another agtrace process to finish its transaction.
    public static let busyTimeoutMilliseconds: Int32 = 60_000

    /// Process-wide SQLite settings, applied once before the first connection.
    private static let configured: Bool = {
        _ = agtrace_sqlite_disable_memstatus()
        return true
    }()

    /// Opens a connection without any agtrace checks. `create` allows a new file.
    init(rawPath path: String, readOnly: Bool, create: Bool) throws {
        _ = Database.configured
        self.path = path
        var db: OpaquePointer?
        var flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        flags |= SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close_v2(db) }
            throw DatabaseError(path: path, code: rc, message: message)
        }
        handle = db
        isReadOnly = readOnly
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Database.busyTimeoutMilliseconds)
    }

    deinit { sqlite3_close_v2(handle) }

    func error(_ rc: Int32, sql: String? = nil) -> DatabaseError {
        var message = String(cString: sqlite3_errmsg(handle))
        if rc & 0xFF == SQLITE_FULL {
            message = "the disk is full (\(message)); nothing from this import was kept"
        } else if rc & 0xFF == SQLITE_AUTH {
            message = "refused: queries are read-only and this statement would change the database (\(message))"
        } else if rc & 0xFF == SQLITE_READONLY {
            message = "the database is read-only (\(message))"
        }
        return DatabaseError(path: path, code: rc, message: message, sql: sql)
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        var errmsg: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errmsg)
        if rc != SQLITE_OK {
            let message = errmsg.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(errmsg)
            var e = error(rc, sql: sql)
            e.message = message
            throw e
        }
    }

    public func prepare(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// The first column of the first row, or nil.
    public func scalar(_ sql: String, _ values: [SQLValue] = []) throws -> SQLValue? {
        let stmt = try prepare(sql)
        stmt.bind(values)
        guard try stmt.step() else { return nil }
        return stmt.value(0)
    }

    /// All rows as arrays of values (small results only).
    public func rows(_ sql: String, _ values: [SQLValue] = []) throws -> [[SQLValue]] {
        let stmt = try prepare(sql)
        stmt.bind(values)
        var out: [[SQLValue]] = []
        while try stmt.step() {
            out.append((0..<stmt.columnCount).map { stmt.value($0) })
        }
        return out
    }

    public var lastInsertRowid: Int64 { sqlite3_last_insert_rowid(handle) }
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in one write transaction (BEGIN IMMEDIATE: the write lock is taken up front,
    /// waiting out other writers through the busy timeout). Any error rolls everything back.
    public func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if sqlite3_get_autocommit(handle) == 0 {
                sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
    }

    /// Makes a running statement stop with SQLITE_INTERRUPT; safe to call from a signal-driven
    /// dispatch source on another thread.
    public func interrupt() { sqlite3_interrupt(handle) }

    /// Refuses every statement that would change the database (belt and braces on top of a
    /// read-only connection: `ATTACH` could otherwise open another file for writing).
    public func denyWrites() {
        sqlite3_set_authorizer(handle, { _, action, _, _, _, _ in
            switch action {
            case SQLITE_SELECT, SQLITE_READ, SQLITE_FUNCTION, SQLITE_RECURSIVE:
                return SQLITE_OK
            case SQLITE_PRAGMA:
                return SQLITE_OK
            case SQLITE_TRANSACTION, SQLITE_SAVEPOINT:
                return SQLITE_OK
            default:
                return SQLITE_DENY
            }
        }, nil)
    }
}
