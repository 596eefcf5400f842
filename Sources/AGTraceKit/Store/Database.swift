import CSQLite
import Foundation

/// One SQLite connection, used from one thread at a time (only `interrupt` may be called from
/// another, as SQLite allows). Opened through `DatabaseOpener`, which checks that the file is
/// an agtrace database before anything is written to it.
public final class Database: @unchecked Sendable {
    public let path: String
    let handle: OpaquePointer
    public let isReadOnly: Bool
    /// Set when this connection created the file: `PRAGMA data_version` then. While it still
    /// reads the same, no other connection has stored anything since, and the file holds only
    /// its schema: nothing an fsync would protect (`DatabaseOpener.open`, `FirstImportJournal`).
    var newFileDataVersion: Int64?
    /// Whether `DatabaseOpener` quick-checked the whole file before this writer's first write;
    /// when not (a large file), the tables checked so far (`DatabaseOpener.refuseDamaged(tables:in:)`).
    var checkedWhole = false
    var checkedTables: Set<String> = []
    /// The whole file's quick check, left by `DatabaseOpener` to this writer's first write
    /// transaction (run under its lock, before its body): a command that opens to write and
    /// writes nothing (a re-import of stored bytes) pays none. Cleared once it passes; a
    /// refusal refuses every write after it too.
    var checkBeforeFirstWrite: ((Database) throws -> Void)?

    /// Whether the file is one this connection created and nothing has been stored in since.
    var holdsOnlyNewSchema: Bool {
        guard let version = newFileDataVersion else { return false }
        return (try? scalar("PRAGMA data_version")?.intValue) == version
    }

    /// How long one SQLite call waits for a lock another process holds (SQLite's busy handler).
    public static let busyTimeoutMilliseconds: Int32 = 60_000

    /// How long, in all, taking a lock may wait before agtrace gives up: `withBusyRetry` keeps
    /// trying after each busy timeout until this much time has passed. Parallel CI jobs
    /// importing into one database wait their turn this long (`AGTRACE_LOCK_TIMEOUT` seconds in
    /// the CLI).
    public var lockTimeout: TimeInterval = 600 {
        didSet {
            let ms = min(lockTimeout * 1000, Double(Database.busyTimeoutMilliseconds))
            sqlite3_busy_timeout(handle, Int32(max(0, ms)))
        }
    }

    /// Process-wide SQLite settings, applied once before the first connection.
    private static let configured: Bool = {
        _ = agtrace_sqlite_disable_memstatus()
        return true
    }()

    /// Opens a connection without any agtrace checks. `create` allows a new file. `immutable`
    /// (read-only only): SQLite takes no locks and makes no `-shm`, so a database in a directory
    /// or on a file system agtrace may not write can still be read; only for a file nothing
    /// writes meanwhile and whose write-ahead log is empty (`DatabaseOpener` checks).
    init(rawPath path: String, readOnly: Bool, create: Bool, immutable: Bool = false) throws {
        _ = Database.configured
        self.path = path
        var db: OpaquePointer?
        var flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        flags |= SQLITE_OPEN_NOMUTEX
        var name = path
        if immutable && readOnly {
            flags |= SQLITE_OPEN_URI
            name = Self.immutableURI(path)
        }
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close_v2(db) }
            throw DatabaseError(path: path, code: rc, message: Self.explain(rc, message))
        }
        handle = db
        isReadOnly = readOnly
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Database.busyTimeoutMilliseconds)
        SQLFunctions.register(on: db)
    }

    deinit { sqlite3_close_v2(handle) }

    /// `file:PATH?immutable=1`, the path percent-encoded where a URI would misread it.
    static func immutableURI(_ path: String) -> String {
        var uri = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
                uri += String(format: "%%%02X", byte)
            default:
                uri += String(UnicodeScalar(byte))
            }
        }
        return uri + "?immutable=1"
    }

    /// The longest string or blob a query may make or return (SQLite's `SQLITE_LIMIT_LENGTH`,
    /// 1 GB by default): `zeroblob(1000000000)` or a `group_concat` of everything is an error
    /// ("string or blob too big"), not gigabytes of memory. Longer than anything an import
    /// stores (`JSONTokenizer.maxStringLength`).
    public static let maxValueLength: Int32 = 16 << 20

    /// Functions a query may not call even though they only read: `fts3_tokenizer()` hands out
    /// (and with two arguments installs) a C function pointer; `load_extension()` runs code.
    static let deniedFunctions: Set<String> = ["fts3_tokenizer", "load_extension"]

    /// Copies the write-ahead log back into the database file and empties it, so that the
    /// database file alone is a complete copy (cache it, upload it, `cp` it). Returns false
    /// when another connection still reads an older state and part of the log had to stay:
    /// the last agtrace to finish folds it back.
    @discardableResult
    public func checkpoint() throws -> Bool {
        // No log, or an empty one, holds nothing to copy. (SQLite would still answer: on a
        // connection that never opened its log, as after the first import's switch back to
        // WAL, by reading every table's definition again, ~2 ms.)
        guard let wal = fileSize(path + "-wal"), wal > 0 else { return true }
        let row = try withBusyRetry { try rows("PRAGMA wal_checkpoint(TRUNCATE)") }.first
        return row?.first?.intValue == 0
    }

    func error(_ rc: Int32, sql: String? = nil) -> DatabaseError {
        let offset = sqlite3_error_offset(handle)
        return DatabaseError(path: path, code: rc, message: Self.explain(rc, String(cString: sqlite3_errmsg(handle))), sql: sql,
                             errorOffset: sql != nil && offset >= 0 ? Int(offset) : nil)
    }

    /// SQLite's message, with what it means for agtrace where that is not obvious.
    static func explain(_ rc: Int32, _ message: String) -> String {
        switch SQLiteResultCode(rc) {
        case .full:
            return "the disk is full (\(message)); nothing from this import was kept"
        case .auth:
            return "refused: queries are read-only and this statement would change the database (\(message))"
        case .readOnly:
            return "the database is read-only (\(message)); nothing was changed"
        case .busy, .locked:
            return "the database stayed locked by another process (\(message)); nothing was changed"
        case .interrupt:
            return "interrupted (\(message))"
        case .notADatabase, .corrupt:
            return "\(message): the file is damaged or not a SQLite database"
        case .ioError:
            return "I/O error (\(message))"
        case .cantOpen:
            return "\(message): check that the path is a file in an existing directory that agtrace may write to"
        default:
            return message
        }
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        var errmsg: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errmsg)
        if rc != SQLITE_OK {
            let message = errmsg.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(errmsg)
            throw DatabaseError(path: path, code: rc, message: Self.explain(rc, message), sql: sql)
        }
    }

    public func prepare(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Whether `sql` holds a statement (not just spaces, comments and semicolons). Used to
    /// refuse a second statement after the one `query` runs, rather than silently ignore it.
    public func containsStatement(_ sql: String) -> Bool {
        var stmt: OpaquePointer?
        var rest = sql
        while true {
            var tailOffset = 0
            let rc = rest.withCString { text -> Int32 in
                var tail: UnsafePointer<CChar>?
                let rc = sqlite3_prepare_v2(handle, text, -1, &stmt, &tail)
                if let tail { tailOffset = text.distance(to: tail) }
                return rc
            }
            if rc != SQLITE_OK { return true }
            if let stmt {
                sqlite3_finalize(stmt)
                return true
            }
            // An empty statement (";"): look past it.
            let bytes = Array(rest.utf8)
            guard tailOffset > 0, tailOffset < bytes.count else { return false }
            rest = String(decoding: bytes[tailOffset...], as: UTF8.self)
        }
    }

    /// The first column of the first row, or nil.
    public func scalar(_ sql: String, _ values: [SQLValue] = []) throws -> SQLValue? {
        let stmt = try prepare(sql)
        return try Self.with(arguments: values) {
            try stmt.bind(values)
            guard try stmt.step() else { return nil }
            return stmt.value(0)
        }
    }

    /// All rows as arrays of values (small results only).
    public func rows(_ sql: String, _ values: [SQLValue] = []) throws -> [[SQLValue]] {
        let stmt = try prepare(sql)
        return try Self.with(arguments: values) {
            try stmt.bind(values)
            return try stmt.rows { row in (0..<row.columnCount).map { row.value($0) } }
        }
    }

    /// Runs `body`; a `DatabaseError` it throws gets `arguments` (the values it ran with).
    static func with<T>(arguments: [SQLValue], _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var error as DatabaseError {
            if error.arguments == nil, !arguments.isEmpty { error.arguments = arguments }
            throw error
        }
    }

    public var lastInsertRowid: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The id SQLite would give the next row of `table` (an INTEGER PRIMARY KEY `id`), for a
    /// row written last under the write lock.
    func nextRowId(in table: String) throws -> Int64 {
        try scalar("SELECT coalesce(max(id), 0) + 1 FROM \(table)")?.intValue ?? 1
    }
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in one write transaction (BEGIN IMMEDIATE: the write lock is taken up front,
    /// waiting out other writers through the busy timeout). Any error rolls everything back.
    public func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try withBusyRetry { try execute("BEGIN IMMEDIATE") }
        do {
            if let check = checkBeforeFirstWrite {
                try check(self)
                checkBeforeFirstWrite = nil
            }
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

    /// Runs `body` (which takes a lock) again while it fails with SQLITE_BUSY or SQLITE_LOCKED,
    /// until `lockTimeout` has passed: each attempt already waits up to the busy timeout, and
    /// SQLite returns BUSY without waiting in a few cases (a lock upgrade that could deadlock,
    /// WAL recovery by another process). `body` must be safe to repeat: it takes a lock or
    /// reads, nothing more.
    public func withBusyRetry<T>(_ body: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(lockTimeout)
        var pause: UInt32 = 2_000
        // Each attempt's busy wait is what is left of the deadline, so that all the waiting
        // together is `lockTimeout`, not the timeout plus one more busy timeout.
        defer { restoreBusyTimeout() }
        retryWaits = [min(lockTimeout * 1000, Double(Database.busyTimeoutMilliseconds))]
        while true {
            do {
                return try body()
            } catch let e as DatabaseError where e.isBusy && Date() < deadline {
                let left = deadline.timeIntervalSinceNow
                let ms = min(max(0, left * 1000), Double(Database.busyTimeoutMilliseconds))
                sqlite3_busy_timeout(handle, Int32(ms))
                retryWaits.append(ms)
                usleep(min(pause + UInt32.random(in: 0...pause), UInt32(max(0, left) * 1_000_000)))
                pause = min(pause * 2, 100_000)
            }
        }
    }

    /// The longest each attempt of the last `withBusyRetry` could wait in SQLite's busy
    /// handler, in milliseconds: together at most `lockTimeout` (tests read it).
    private(set) var retryWaits: [Double] = []

    /// The busy timeout `lockTimeout` sets, after `withBusyRetry` shortened it.
    private func restoreBusyTimeout() {
        sqlite3_busy_timeout(handle, Int32(max(0, min(lockTimeout * 1000, Double(Database.busyTimeoutMilliseconds)))))
    }

    /// Makes a running statement stop with SQLITE_INTERRUPT; safe to call from a signal-driven
    /// dispatch source on another thread. A statement that starts afterwards (the interrupt
    /// came between two statements, or before the first step) is stopped too, through the
    /// progress handler, so an interrupt is never lost.
    public func interrupt() {
        interruptFlag.set()
        sqlite3_interrupt(handle)
    }

    /// Whether `interrupt()` was called.
    public var wasInterrupted: Bool { interruptFlag.isSet }

    let interruptFlag = InterruptFlag()

    /// Checks the interrupt flag every few thousand virtual-machine steps.
    public func installInterruptCheck() {
        let flag = Unmanaged.passUnretained(interruptFlag).toOpaque()
        sqlite3_progress_handler(handle, 4096, { context in
            guard let context else { return 0 }
            return Unmanaged<InterruptFlag>.fromOpaque(context).takeUnretainedValue().isSet ? 1 : 0
        }, flag)
    }

    /// True when the file was opened for writing but SQLite could only open it read-only (no
    /// write permission, a read-only file system).
    var isReadOnlyOnDisk: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Sets `PRAGMA max_page_count` (a size cap: writes beyond it fail with SQLITE_FULL).
    func limitPages(_ pages: Int) throws {
        _ = try scalar("PRAGMA max_page_count = \(pages)")
    }

    /// Refuses every statement that would change the database (belt and braces on top of a
    /// read-only connection: `ATTACH` could otherwise open another file for writing).
    /// Pragmas only read (or set something of this connection alone), so they stay allowed.
    /// Everything else - `journal_mode=`, `wal_checkpoint`, `user_version=`, `optimize`,
    /// `writable_schema`… - is refused before it runs.
    static let readOnlyPragmas: Set<String> = [
        "application_id", "cache_size", "collation_list", "compile_options", "data_version", "database_list",
        "encoding", "foreign_key_check", "foreign_key_list", "foreign_keys", "freelist_count", "function_list",
        "index_info", "index_list", "index_xinfo", "integrity_check", "journal_mode", "module_list",
        "page_count", "page_size", "pragma_list", "quick_check", "schema_version", "table_info", "table_list",
        "table_xinfo", "temp_store", "user_version", "case_sensitive_like", "query_only", "busy_timeout",
    ]

    /// Pragmas that may take an argument: a table or index to describe, a limit, or a setting
    /// of this connection alone.
    static let argumentPragmas: Set<String> = [
        "table_info", "table_xinfo", "index_info", "index_list", "index_xinfo", "foreign_key_list",
        "foreign_key_check", "integrity_check", "quick_check",
        "cache_size", "temp_store", "busy_timeout", "case_sensitive_like",
    ]

    /// The writer's guard: the functions `query` may not call (`deniedFunctions`) are refused
    /// on a writing connection too, whatever SQL asks for them (a definition agtrace did not
    /// write is refused on open; this holds if one were ever missed). Everything else passes.
    func denyDangerousFunctions() {
        sqlite3_set_authorizer(handle, { _, action, _, detail2, _, _ in
            guard action == SQLITE_FUNCTION, let detail2 else { return SQLITE_OK }
            return Database.deniedFunctions.contains(String(cString: detail2).lowercased()) ? SQLITE_DENY : SQLITE_OK
        }, nil)
    }

    public func denyWrites() {
        _ = sqlite3_exec(handle, "PRAGMA query_only = 1", nil, nil, nil)
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Database.maxValueLength)
        sqlite3_set_authorizer(handle, { _, action, detail1, detail2, _, _ in
            switch action {
            case SQLITE_SELECT, SQLITE_READ, SQLITE_RECURSIVE:
                return SQLITE_OK
            case SQLITE_FUNCTION:
                // detail2: the function's name.
                guard let detail2 else { return SQLITE_OK }
                return Database.deniedFunctions.contains(String(cString: detail2).lowercased()) ? SQLITE_DENY : SQLITE_OK
            case SQLITE_PRAGMA:
                // detail1: the pragma's name; detail2: its argument, if any.
                guard let detail1 else { return SQLITE_DENY }
                let name = String(cString: detail1).lowercased()
                if detail2 != nil {
                    return Database.argumentPragmas.contains(name) ? SQLITE_OK : SQLITE_DENY
                }
                return Database.readOnlyPragmas.contains(name) ? SQLITE_OK : SQLITE_DENY
            case SQLITE_TRANSACTION, SQLITE_SAVEPOINT:
                return SQLITE_OK
            case SQLITE_UPDATE:
                // The first use of a table-valued pragma (`pragma_table_info('nodes')`) asks
                // for the schema table's columns as if updating them. SQLite itself refuses a
                // real update of it (writable_schema is refused above, the connection is
                // read-only), so only that table is let through.
                guard let detail1 else { return SQLITE_DENY }
                let table = String(cString: detail1)
                return table == "sqlite_master" || table == "sqlite_schema" ? SQLITE_OK : SQLITE_DENY
            default:
                // Writes, schema changes, ATTACH/DETACH, VACUUM (INTO a file), ALTER…
                return SQLITE_DENY
            }
        }, nil)
    }
}

/// A flag set from another thread or a signal handler (`InterruptOnSignal`: so an atomic
/// word, no lock) and read by SQLite's progress handler.
final class InterruptFlag: @unchecked Sendable {
    let word: UnsafeMutablePointer<Int32>
    init() {
        word = .allocate(capacity: 1)
        word.initialize(to: 0)
    }
    deinit { word.deallocate() }
    func set() { agtrace_atomic_set(word) }
    var isSet: Bool { agtrace_atomic_get(word) != 0 }
}
