import CSQLite
import Foundation

/// The timed half of the floor: every row bound and stepped through one prepared statement
/// per table, in one transaction, then the connection closed as any program closes it (which
/// checkpoints the WAL into the database, as agtrace's own exit does). Nothing else happens
/// inside the clock.
enum FloorInserter {
    struct Timing {
        /// BEGIN to the end of COMMIT.
        var commitSeconds: Double
        /// BEGIN to the end of closing the connection: the floor's number.
        var seconds: Double
    }

    /// Inserts `rows` into a fresh database at `path`.
    static func insert(_ rows: FloorRows, into path: String) throws -> Timing {
        let db = try fresh(path)
        try db.execute("PRAGMA journal_mode=WAL")
        try db.execute("PRAGMA synchronous=NORMAL")
        try db.execute(FloorSchema.all.map(\.create).joined(separator: "\n"))
        let snapshot: Int64 = 1

        return try timed(db) {
            try rows.text.bytes.withUnsafeBufferPointer { text in
                func insert<Row: FloorRow>(_ table: FloorSchema.Table, _ rows: [Row]) throws {
                    let statement = try db.prepare(table.insert)
                    defer { sqlite3_finalize(statement) }
                    for row in rows {
                        sqlite3_bind_int64(statement, 1, snapshot)
                        var column: Int32 = 2
                        row.forEachValue { value in
                            bind(statement, column, value, text: text.baseAddress!)
                            column += 1
                        }
                        try db.stepInsert(statement, table: table.name)
                    }
                }
                try insert(FloorSchema.types, rows.types)
                try insert(FloorSchema.nodes, rows.nodes)
                try insert(FloorSchema.edges, rows.edges)
                try insert(FloorSchema.subgraphs, rows.subgraphs)
                try insert(FloorSchema.trees, rows.trees)
            }
        }
    }

    /// A new database at `path`: the file and any journal or log of an earlier run deleted.
    static func fresh(_ path: String) throws -> SQLiteDatabase {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        return try SQLiteDatabase(path: path)
    }

    /// The floor's clock, the same for every floor: `inserts` inside one transaction, from
    /// `BEGIN` to the end of `COMMIT`, and on to the connection closed (its checkpoint).
    /// `inserts` must finalize its statements, or the close fails.
    static func timed(_ db: SQLiteDatabase, _ inserts: () throws -> Void) throws -> Timing {
        let started = DispatchTime.now().uptimeNanoseconds
        try db.execute("BEGIN")
        try inserts()
        try db.execute("COMMIT")
        let committed = DispatchTime.now().uptimeNanoseconds
        try db.close()
        let closed = DispatchTime.now().uptimeNanoseconds
        return Timing(commitSeconds: Double(committed - started) / 1e9, seconds: Double(closed - started) / 1e9)
    }

    @inline(__always)
    static func bind(_ s: OpaquePointer, _ i: Int32, _ value: FloorValue, text: UnsafePointer<UInt8>) {
        switch value {
        case .int(let v?): sqlite3_bind_int64(s, i, Int64(v))
        case .real(let v?): sqlite3_bind_double(s, i, v)
        case .text(let ref) where ref.length >= 0:
            // SQLITE_STATIC (nil): the text outlives the statement's use of it.
            sqlite3_bind_text(s, i, UnsafeRawPointer(text + ref.offset).assumingMemoryBound(to: CChar.self),
                              Int32(ref.length), nil)
        default: sqlite3_bind_null(s, i)
        }
    }
}
