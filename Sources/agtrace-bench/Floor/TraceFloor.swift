import AGTraceKit
import CSQLite
import Foundation

/// The SQLite floor for a trace: its events decoded into memory first (not timed), then only
/// their rows inserted, one prepared statement reused for every row, one transaction, into a
/// table shaped like agtrace's `trace_event_rows`. What an import cannot beat: it stores these
/// rows and more (evaluations, writes, edges, nodes).
enum TraceFloor {
    struct Loaded: TraceSink {
        var events: [TraceEvent] = []
        mutating func event(_ e: TraceEvent) throws { events.append(e) }
        mutating func type(_ t: TraceTypeRecord) throws {}
        mutating func subgraph(_ s: TraceSubgraphRecord) throws {}
    }

    static func run(trace: String, db path: String, repeats: Int) throws {
        try FloorTiming.run("decoded \(trace)", repeats: repeats, load: {
            var loaded = Loaded()
            _ = try TraceReader(source: FileSource(path: trace), path: trace).read(into: &loaded)
            return loaded.events
        }, counts: { [("events", $0.count)] }, insert: { try insert($0, into: path) })
    }

    static func insert(_ events: [TraceEvent], into path: String) throws -> FloorInserter.Timing {
        let db = try FloorInserter.fresh(path)
        try db.execute("PRAGMA journal_mode=WAL")
        try db.execute("PRAGMA synchronous=NORMAL")
        try db.execute("""
            CREATE TABLE trace_event_rows(trace_id INTEGER NOT NULL, seq INTEGER NOT NULL, type INTEGER NOT NULL,
                timestamp REAL, p1 INTEGER, p2 INTEGER, p3 INTEGER, data TEXT, PRIMARY KEY(trace_id, seq)) WITHOUT ROWID
            """)
        return try FloorInserter.timed(db) {
            let s = try db.prepare("INSERT INTO trace_event_rows VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
            defer { sqlite3_finalize(s) }
            @inline(__always) func bind(_ i: Int32, _ v: Int64?) {
                if let v { sqlite3_bind_int64(s, i, v) } else { sqlite3_bind_null(s, i) }
            }
            for e in events {
                sqlite3_bind_int64(s, 1, 1)
                sqlite3_bind_int64(s, 2, Int64(e.seq))
                sqlite3_bind_int64(s, 3, Int64(e.type))
                if let t = e.timestamp { sqlite3_bind_double(s, 4, t) } else { sqlite3_bind_null(s, 4) }
                bind(5, e.p1)
                bind(6, e.p2)
                bind(7, e.p3)
                sqlite3_bind_null(s, 8)
                try db.stepInsert(s, table: "trace_event_rows")
            }
        }
    }
}
