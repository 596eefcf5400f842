/// A SQLite failure with its context: the database file, SQLite's message and code, and the SQL
/// that failed (when there is one).
public struct DatabaseError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var code: Int32
    public var message: String
    public var sql: String?
    /// Where in `sql` SQLite found the error (a byte offset), when it says.
    public var errorOffset: Int?

    public init(path: String, code: Int32, message: String, sql: String? = nil, errorOffset: Int? = nil) {
        self.path = path
        self.code = code
        self.message = message
        self.sql = sql
        self.errorOffset = errorOffset
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
