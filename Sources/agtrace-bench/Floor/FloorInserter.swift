import CSQLite
import Foundation

/// The timed half of the floor: every row bound and stepped through one prepared statement
/// per table, in one transaction. Nothing else happens inside the clock.
enum FloorInserter {
    /// Inserts `rows` into a fresh database at `path`; returns the seconds from BEGIN to the
    /// end of COMMIT.
    static func insert(_ rows: FloorRows, into path: String) throws -> Double {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        let db = try SQLiteDatabase(path: path)
        try db.execute("PRAGMA journal_mode=WAL")
        try db.execute("PRAGMA synchronous=NORMAL")
        try db.execute(FloorSchema.create)
        let types = try db.prepare(FloorSchema.insertType)
        let nodes = try db.prepare(FloorSchema.insertNode)
        let edges = try db.prepare(FloorSchema.insertEdge)
        defer {
            sqlite3_finalize(types)
            sqlite3_finalize(nodes)
            sqlite3_finalize(edges)
        }
        let snapshot: Int64 = 1

        let started = DispatchTime.now().uptimeNanoseconds
        try db.execute("BEGIN")
        try rows.text.withUnsafeBufferPointer { text in
            let base = text.baseAddress
            @inline(__always) func bindText(_ s: OpaquePointer, _ i: Int32, _ ref: TextRef) {
                if ref.length < 0 {
                    sqlite3_bind_null(s, i)
                } else {
                    // SQLITE_STATIC (nil): the arena outlives the statement's use of it.
                    sqlite3_bind_text(s, i, UnsafeRawPointer(base! + ref.offset).assumingMemoryBound(to: CChar.self),
                                      Int32(ref.length), nil)
                }
            }
            @inline(__always) func bindInt(_ s: OpaquePointer, _ i: Int32, _ value: Int?) {
                if let value { sqlite3_bind_int64(s, i, Int64(value)) } else { sqlite3_bind_null(s, i) }
            }
            @inline(__always) func bindDouble(_ s: OpaquePointer, _ i: Int32, _ value: Double?) {
                if let value { sqlite3_bind_double(s, i, value) } else { sqlite3_bind_null(s, i) }
            }
            @inline(__always) func bindProfile(_ s: OpaquePointer, from i: Int32, _ p: ProfileColumns) {
                bindInt(s, i, p.updateCount)
                bindInt(s, i + 1, p.changeCount)
                bindDouble(s, i + 2, p.updateTotal)
                bindDouble(s, i + 3, p.changedTotal)
            }

            for row in rows.types {
                sqlite3_bind_int64(types, 1, snapshot)
                sqlite3_bind_int64(types, 2, Int64(row.graph))
                sqlite3_bind_int64(types, 3, Int64(row.typeIndex))
                bindInt(types, 4, row.typeId)
                bindText(types, 5, row.name)
                bindText(types, 6, row.valueType)
                bindInt(types, 7, row.size)
                sqlite3_bind_int64(types, 8, Int64(row.flags))
                bindProfile(types, from: 9, row.profile)
                try db.stepInsert(types, table: "types")
            }
            for row in rows.nodes {
                sqlite3_bind_int64(nodes, 1, snapshot)
                sqlite3_bind_int64(nodes, 2, Int64(row.graph))
                sqlite3_bind_int64(nodes, 3, Int64(row.nodeIndex))
                sqlite3_bind_int64(nodes, 4, Int64(row.attribute))
                bindInt(nodes, 5, row.typeIndex)
                bindInt(nodes, 6, row.subgraphId)
                bindText(nodes, 7, row.description)
                bindText(nodes, 8, row.value)
                sqlite3_bind_int64(nodes, 9, Int64(row.flags))
                sqlite3_bind_int64(nodes, 10, Int64(row.subgraphFlags))
                bindProfile(nodes, from: 11, row.profile)
                try db.stepInsert(nodes, table: "nodes")
            }
            for row in rows.edges {
                sqlite3_bind_int64(edges, 1, snapshot)
                sqlite3_bind_int64(edges, 2, Int64(row.graph))
                sqlite3_bind_int64(edges, 3, Int64(row.src))
                sqlite3_bind_int64(edges, 4, Int64(row.dst))
                sqlite3_bind_int64(edges, 5, Int64(row.offset))
                sqlite3_bind_int64(edges, 6, Int64(row.flags))
                try db.stepInsert(edges, table: "edges")
            }
        }
        try db.execute("COMMIT")
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }
}
