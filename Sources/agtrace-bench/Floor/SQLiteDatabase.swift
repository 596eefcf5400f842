import CSQLite

/// The few SQLite calls the floor needs, with errors that say which statement failed and why.
final class SQLiteDatabase {
    let path: String
    private(set) var handle: OpaquePointer?

    init(path: String, readOnly: Bool = false) throws {
        self.path = path
        let flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "status \(status)"
            sqlite3_close(handle)
            throw SQLiteError(path: path, message: "cannot open: \(message)")
        }
    }

    deinit { if handle != nil { sqlite3_close(handle) } }

    /// Closes the connection now (with WAL, the last connection's close checkpoints the log
    /// into the database file); fails if a statement is still open.
    func close() throws {
        let status = sqlite3_close(handle)
        guard status == SQLITE_OK else { throw SQLiteError(path: path, message: "cannot close: \(lastError)") }
        handle = nil
    }

    func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(handle, sql, nil, nil, &error) != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(error)
            throw SQLiteError(path: path, message: "\(message) in: \(sql.prefix(120))")
        }
    }

    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SQLiteError(path: path, message: "cannot prepare: \(lastError) in: \(sql)")
        }
        return statement
    }

    /// Steps an INSERT and resets it for the next row.
    @inline(__always) func stepInsert(_ statement: OpaquePointer, table: @autoclosure () -> String) throws {
        if sqlite3_step(statement) != SQLITE_DONE {
            throw SQLiteError(path: path, message: "insert into \(table()) failed: \(lastError)")
        }
        sqlite3_reset(statement)
    }

    /// The first column of the first row as an integer.
    func scalar(_ sql: String) throws -> Int {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else {
            throw SQLiteError(path: path, message: "no result: \(lastError) in: \(sql)")
        }
        return Int(sqlite3_column_int64(statement, 0))
    }

    var lastError: String { String(cString: sqlite3_errmsg(handle)) }
}

struct SQLiteError: Error, CustomStringConvertible {
    var path: String
    var message: String
    var description: String { "\(path): \(message)" }
}
