import CSQLite

/// A SQLite failure with its context: the database file, SQLite's message and extended result
/// code, the SQL that failed and the arguments it ran with (when there are ones), as GRDB's
/// `DatabaseError` keeps them.
public struct DatabaseError: Error, CustomStringConvertible, Equatable {
    public var path: String
    /// SQLite's extended result code (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_IOERR_WRITE`, ...):
    /// every connection turns extended codes on (`sqlite3_extended_result_codes`), so SQLite
    /// returns them; `resultCode` is its primary code.
    public var code: Int32
    public var message: String
    public var sql: String?
    /// The values bound to `sql`'s parameters, in order, when they were given as a list
    /// (`Database.rows`, `scalar`, `Statement.runRow`); nil for rows bound one by one. Not in
    /// `description` (as GRDB, which shows them only when asked): see `expandedDescription`.
    public var arguments: [SQLValue]?
    /// Where in `sql` SQLite found the error (a byte offset), when it says.
    public var errorOffset: Int?

    public init(path: String, code: Int32, message: String, sql: String? = nil, arguments: [SQLValue]? = nil,
                errorOffset: Int? = nil) {
        self.path = path
        self.code = code
        self.message = message
        self.sql = sql
        self.arguments = arguments
        self.errorOffset = errorOffset
    }

    /// The error for arguments that do not fit the statement's parameters, in GRDB's words.
    static func wrongArgumentCount(_ count: Int, path: String, sql: String) -> DatabaseError {
        DatabaseError(path: path, code: SQLITE_MISUSE, message: "wrong number of statement arguments: \(count)", sql: sql)
    }

    /// The description with the arguments, for debugging.
    public var expandedDescription: String {
        guard let arguments, !arguments.isEmpty else { return description }
        return description + " with arguments [" + arguments.map(\.literal).joined(separator: ", ") + "]"
    }

    /// SQLite's primary result code (the extended code's low byte), typed.
    public var resultCode: SQLiteResultCode { SQLiteResultCode(code) }

    /// Another process held the lock for longer than agtrace waits.
    public var isBusy: Bool { resultCode == .busy || resultCode == .locked }
    /// The statement was stopped by `Database.interrupt()` (Ctrl-C in `agtrace query`).
    public var isInterrupt: Bool { resultCode == .interrupt }
    /// The file is not a SQLite database, or its pages are damaged.
    public var isNotADatabase: Bool { resultCode == .notADatabase || resultCode == .corrupt }

    public var description: String {
        var text = "\(path): \(message)"
        if let sql {
            let oneLine = sql.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            text += " (in: \(oneLine.count > 200 ? String(oneLine.prefix(200)) + "…" : oneLine))"
        }
        return text
    }
}

/// The database is not one agtrace can use; nothing was written to it.
public struct DatabaseRefusal: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

import Foundation
