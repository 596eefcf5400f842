import CSQLite

/// SQLite's primary result codes that agtrace tells apart (https://sqlite.org/rescode.html).
/// Built from a full or extended code: the primary code is its low byte.
public enum SQLiteResultCode: Equatable, Sendable {
    case ok, error, auth, readOnly, busy, locked, interrupt, ioError, corrupt, full, cantOpen
    case notADatabase, constraint, row, done
    /// Any other primary code, kept as SQLite gave it.
    case other(Int32)

    public init(_ code: Int32) {
        switch code & 0xFF {
        case SQLITE_OK: self = .ok
        case SQLITE_ERROR: self = .error
        case SQLITE_AUTH: self = .auth
        case SQLITE_READONLY: self = .readOnly
        case SQLITE_BUSY: self = .busy
        case SQLITE_LOCKED: self = .locked
        case SQLITE_INTERRUPT: self = .interrupt
        case SQLITE_IOERR: self = .ioError
        case SQLITE_CORRUPT: self = .corrupt
        case SQLITE_FULL: self = .full
        case SQLITE_CANTOPEN: self = .cantOpen
        case SQLITE_NOTADB: self = .notADatabase
        case SQLITE_CONSTRAINT: self = .constraint
        case SQLITE_ROW: self = .row
        case SQLITE_DONE: self = .done
        case let primary: self = .other(primary)
        }
    }
}
