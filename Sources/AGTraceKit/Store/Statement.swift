import CSQLite

/// SQLite's "copy this now" destructor, which Swift cannot import as a constant.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement, reused for every row: bind, step, reset.
public final class Statement {
    let handle: OpaquePointer
    unowned let database: Database
    public let sql: String

    init(database: Database, sql: String) throws {
        self.database = database
        self.sql = sql
        var stmt: OpaquePointer?
        var rest = ""
        let rc = sql.withCString { text in
            var tailPointer: UnsafePointer<CChar>?
            let rc = sqlite3_prepare_v3(database.handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, &tailPointer)
            if let tailPointer { rest = String(cString: tailPointer) }
            return rc
        }
        guard rc == SQLITE_OK, let stmt else {
            throw database.error(rc, sql: sql)
        }
        handle = stmt
        tail = rest
        parameterCount = Int(sqlite3_bind_parameter_count(stmt))
    }

    /// What followed the first statement in the SQL text (often empty, or a `;`).
    public let tail: String

    deinit { sqlite3_finalize(handle) }

    public var columnCount: Int { Int(sqlite3_column_count(handle)) }
    public func columnName(_ i: Int) -> String { String(cString: sqlite3_column_name(handle, Int32(i))) }
    public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }
    /// How many parameters the SQL has (SQLite's count: the largest ?NNN; a name used twice
    /// is one parameter).
    public let parameterCount: Int
    public func parameterName(_ i: Int) -> String? {
        sqlite3_bind_parameter_name(handle, Int32(i)).map { String(cString: $0) }
    }

    // MARK: Binding (1-based, as SQLite counts)

    // Every bind's result code is checked. A bind SQLite refuses (a parameter out of range,
    // SQLITE_RANGE; a statement still running, SQLITE_MISUSE; text too big, SQLITE_TOOBIG)
    // would otherwise leave the parameter as it was and run the statement with the old
    // value: a wrong row that looks right. The binds stay non-throwing for the per-row
    // writers (a branch each); the first refusal is kept and thrown by the next `step` or
    // `run`, before the statement runs.

    /// The first bind SQLite refused since the statement last ran: its code and parameter.
    /// (Unchecked exclusivity: read at every step, and a statement is used by one thread.)
    @exclusivity(unchecked) private var refusedBind: (code: Int32, parameter: Int32)?

    @inline(__always) func checkBind(_ rc: Int32, _ i: Int32) {
        if _slowPath(rc != SQLITE_OK) { noteRefusedBind(rc, i) }
    }
    @inline(never) private func noteRefusedBind(_ rc: Int32, _ i: Int32) {
        if refusedBind == nil { refusedBind = (rc, i) }
    }
    /// Throws the refused bind, if there was one (and forgets it, resetting the statement).
    @inline(__always) private func throwRefusedBind() throws {
        if _slowPath(refusedBind != nil) { throw takeRefusedBind() }
    }
    @inline(never) private func takeRefusedBind() -> DatabaseError {
        let (rc, i) = refusedBind!
        refusedBind = nil
        sqlite3_reset(handle)
        let name = parameterName(Int(i)).map { " (\($0))" } ?? ""
        return DatabaseError(path: database.path, code: rc,
                             message: "cannot bind parameter \(i)\(name) of \(parameterCount): \(String(cString: sqlite3_errstr(rc)))",
                             sql: sql)
    }

    @inline(__always) public func bind(_ i: Int32, _ v: Int64?) {
        if let v { checkBind(sqlite3_bind_int64(handle, i, v), i) } else { checkBind(sqlite3_bind_null(handle, i), i) }
    }
    @inline(__always) public func bind(_ i: Int32, _ v: Int?) { bind(i, v.map(Int64.init)) }
    @inline(__always) public func bind(_ i: Int32, _ v: UInt32?) { bind(i, v.map(Int64.init)) }
    @inline(__always) public func bind(_ i: Int32, _ v: Double?) {
        if let v { checkBind(sqlite3_bind_double(handle, i, v), i) } else { checkBind(sqlite3_bind_null(handle, i), i) }
    }
    @inline(__always) public func bind(_ i: Int32, _ v: Bool) { checkBind(sqlite3_bind_int64(handle, i, v ? 1 : 0), i) }
    @inline(__always) public func bind(_ i: Int32, _ v: String?) {
        guard var v else { checkBind(sqlite3_bind_null(handle, i), i); return }
        let rc = v.withUTF8 { utf8 in
            sqlite3_bind_text(handle, i, Self.cString(utf8), Int32(utf8.count), SQLITE_TRANSIENT)
        }
        checkBind(rc, i)
    }
    /// Binds text that stays valid, unchanged, until the statement is next bound or stepped
    /// and reset (SQLite does not copy it).
    @inline(__always) func bindStatic(_ i: Int32, _ text: UnsafeBufferPointer<UInt8>) {
        checkBind(sqlite3_bind_text(handle, i, Self.cString(text), Int32(text.count), nil), i)
    }
    /// A pointer SQLite can read `utf8.count` bytes from (an empty string may have no storage).
    @inline(__always)
    static func cString(_ utf8: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar> {
        guard let base = utf8.baseAddress else {
            return UnsafeRawPointer(("" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
        }
        return UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
    }

    public func bind(_ i: Int32, _ v: SQLValue) {
        switch v {
        case .null: checkBind(sqlite3_bind_null(handle, i), i)
        case .integer(let x): checkBind(sqlite3_bind_int64(handle, i, x), i)
        case .real(let x): checkBind(sqlite3_bind_double(handle, i, x), i)
        case .text(let x): bind(i, x)
        }
    }
    /// Binds `values` to ?1, ?2, …: one for each of the statement's parameters, no more and no
    /// fewer (else SQLITE_MISUSE "wrong number of statement arguments", as GRDB says).
    public func bind(_ values: [SQLValue]) throws {
        guard values.count == parameterCount else {
            throw DatabaseError.wrongArgumentCount(values.count, path: database.path, sql: sql)
        }
        for (k, v) in values.enumerated() { bind(Int32(k + 1), v) }
    }
    public func bind(named name: String, _ v: SQLValue) -> Bool {
        let i = sqlite3_bind_parameter_index(handle, name)
        guard i > 0 else { return false }
        bind(i, v)
        return true
    }

    // MARK: Running

    /// Steps once; true when a row is available.
    @discardableResult
    public func step() throws -> Bool {
        try throwRefusedBind()
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE {
            // Reset at once, bindings kept: SQLite refuses (SQLITE_MISUSE) to bind a statement
            // that ran to its end and was not reset, so the next bind would be silently lost
            // and the next step would rerun the old one.
            sqlite3_reset(handle)
            return false
        }
        let error = database.error(rc, sql: sql)
        sqlite3_reset(handle)
        throw error
    }

    /// Calls `body` once per row, with the statement positioned on that row (read its columns
    /// there: text and bytes stay valid only until the next step). Streams: nothing is kept.
    @inline(__always)
    public func forEachRow(_ body: (Statement) throws -> Void) throws {
        while try step() { try body(self) }
    }

    /// Every row, mapped by `map` (results that fit in memory).
    @inline(__always)
    public func rows<T>(map: (Statement) throws -> T) throws -> [T] {
        var out: [T] = []
        while try step() { out.append(try map(self)) }
        return out
    }

    /// Runs a statement that returns no rows, then resets it for the next use.
    @inline(__always)
    public func run() throws {
        try throwRefusedBind()
        let rc = sqlite3_step(handle)
        if rc != SQLITE_DONE && rc != SQLITE_ROW {
            let error = database.error(rc, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
        sqlite3_reset(handle)
    }

    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        refusedBind = nil
    }

    // MARK: Columns

    public func int64(_ i: Int) -> Int64 { sqlite3_column_int64(handle, Int32(i)) }
    public func double(_ i: Int) -> Double { sqlite3_column_double(handle, Int32(i)) }
    public func isNull(_ i: Int) -> Bool { sqlite3_column_type(handle, Int32(i)) == SQLITE_NULL }
    /// Whether the column holds text or NULL (not a number or a blob); ask before reading it.
    func isTextOrNull(_ i: Int) -> Bool {
        let type = sqlite3_column_type(handle, Int32(i))
        return type == SQLITE_TEXT || type == SQLITE_NULL
    }
    public func string(_ i: Int) -> String? {
        guard let p = sqlite3_column_text(handle, Int32(i)) else { return nil }
        let n = Int(sqlite3_column_bytes(handle, Int32(i)))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }
    /// A text column's bytes without a copy, valid until the next step (nil when NULL).
    func bytes(_ i: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let p = sqlite3_column_text(handle, Int32(i)) else { return nil }
        return UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(handle, Int32(i))))
    }
    public func value(_ i: Int) -> SQLValue {
        switch sqlite3_column_type(handle, Int32(i)) {
        case SQLITE_INTEGER: return .integer(int64(i))
        case SQLITE_FLOAT: return .real(double(i))
        case SQLITE_NULL: return .null
        default: return .text(string(i) ?? "")
        }
    }
}

/// A value as SQLite stores it.
public enum SQLValue: Equatable, Hashable, Sendable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    public var description: String {
        switch self {
        case .null: return ""
        case .integer(let v): return String(v)
        case .real(let v): return formatReal(v)
        case .text(let v): return v
        }
    }

    public var intValue: Int64? {
        switch self {
        case .integer(let v): return v
        case .real(let v): return Int64(exactly: v)
        case .text(let v): return Int64(v)
        case .null: return nil
        }
    }
    public var doubleValue: Double? {
        switch self {
        case .integer(let v): return Double(v)
        case .real(let v): return v
        case .text(let v): return Double(v)
        case .null: return nil
        }
    }
    public var stringValue: String? {
        if case .null = self { return nil }
        return description
    }

    /// As a SQL literal: NULL, 42, 1.5, 'it''s' (for messages).
    public var literal: String {
        switch self {
        case .null: return "NULL"
        case .integer, .real: return description
        case .text(let v): return "'" + v.replacingOccurrences(of: "'", with: "''") + "'"
        }
    }
}

/// Reals print with up to 17 significant digits but without float noise for simple values.
func formatReal(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e15 {
        // `%.1f` of a whole number, without printf (a million-row report formats a million).
        return v == 0 && v.sign == .minus ? "-0.0" : String(Int64(v)) + ".0"
    }
    // A fraction in the normal range: `%.6g` round-trips exactly when the shortest spelling has
    // at most 6 significant digits, and then the two spell it alike, so Swift's shortest
    // spelling is the answer either way (checked equal on 6.6M values of every magnitude;
    // whole numbers from 1e15 and subnormals differ, and keep printf).
    if v.isNormal && v != v.rounded() { return "\(v)" }
    var s = cFormat("%.6g", v)
    if Double(s) != v { s = "\(v)" }
    return s
}

/// `snprintf` of one double: Foundation's `String(format:)` goes through CFString and cost
/// more than the query in reports of a million rows. (C locale: agtrace never sets another.)
private func cFormat(_ format: StaticString, _ v: Double) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
        let n = withVaList([v]) { args in
            format.withUTF8Buffer { f in
                vsnprintf(buffer.baseAddress, 64, UnsafeRawPointer(f.baseAddress!).assumingMemoryBound(to: CChar.self), args)
            }
        }
        return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(max(0, min(n, 63)))), as: UTF8.self)
    }
}

import Foundation
