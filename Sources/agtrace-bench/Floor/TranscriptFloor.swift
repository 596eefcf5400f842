import AGTraceKit
import CSQLite
import Foundation

/// The SQLite floor for a transcript: its hits read into memory first (not timed), then only
/// their rows inserted into tables shaped like agtrace's `events` and `frames`, in one
/// transaction, into a new database. Unlike the archive and trace floors it inserts the way
/// agtrace's import does (64 rows to a statement, NULL ids that SQLite appends, the run's id
/// written into the statement, 16 KB pages, a rollback journal as for a first import), so it
/// is the least any import storing these rows can take, not a naive program's time.
enum TranscriptFloor {
    static let rowsPerStatement = 64

    static func run(transcript: String, db path: String, repeats: Int) throws {
        try FloorTiming.run("read \(transcript)", repeats: repeats, load: {
            var loaded = CollectingSink()
            _ = try TranscriptReader(source: FileSource(path: transcript), path: transcript).read(into: &loaded)
            return loaded.events
        }, counts: { events in
            [("events", events.count), ("frames", events.reduce(0) { $0 + $1.frames.count })]
        }, insert: { try insert($0, into: path) })
    }

    static func insert(_ events: [BreakpointEvent], into path: String) throws -> FloorInserter.Timing {
        let db = try FloorInserter.fresh(path)
        try db.execute("PRAGMA page_size=16384")
        try db.execute("PRAGMA synchronous=NORMAL")
        try db.execute("""
            CREATE TABLE events(id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, seq INTEGER NOT NULL, line INTEGER,
                kind TEXT NOT NULL, symbol TEXT, breakpoint TEXT, thread INTEGER, attribute INTEGER,
                input_attribute INTEGER, time_ns INTEGER);
            CREATE TABLE frames(id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, seq INTEGER NOT NULL,
                depth INTEGER NOT NULL, module TEXT, symbol TEXT, address TEXT);
            """)
        // Texts are bound in place (SQLITE_STATIC) from one buffer filled before the clock.
        var text = FloorText()
        var eventRows: [[FloorValue]] = []
        var frameRows: [[FloorValue]] = []
        for e in events {
            eventRows.append([.int(e.seq), .int(e.line), .text(text.store(e.kind.rawValue)), .text(text.store(e.symbol)),
                              .text(text.store(e.breakpoint)), .int(e.thread), .int(e.attribute.map(Int.init)),
                              .int(e.inputAttribute.map(Int.init)), .int(e.timeNs.map(Int.init))])
            for f in e.frames {
                frameRows.append([.int(e.seq), .int(f.depth), .text(text.store(f.module)), .text(text.store(f.symbol)),
                                  .text(text.store(f.address.map { String(format: "0x%016llx", $0) }))])
            }
        }
        return try FloorInserter.timed(db) {
            try text.bytes.withUnsafeBufferPointer { bytes in
                try insert(eventRows, into: "events(id, run_id, seq, line, kind, symbol, breakpoint, thread, attribute, input_attribute, time_ns)",
                           constants: "NULL, 1", db: db, text: bytes.baseAddress!)
                try insert(frameRows, into: "frames(id, run_id, seq, depth, module, symbol, address)",
                           constants: "NULL, 1", db: db, text: bytes.baseAddress!)
            }
        }
    }

    private static func insert(_ rows: [[FloorValue]], into table: String, constants: String, db: SQLiteDatabase,
                               text: UnsafePointer<UInt8>) throws {
        guard let columns = rows.first?.count else { return }
        let row = "(" + constants + String(repeating: ", ?", count: columns) + ")"
        func prepare(_ n: Int) throws -> OpaquePointer {
            try db.prepare("INSERT INTO \(table) VALUES " + Array(repeating: row, count: n).joined(separator: ", "))
        }
        let full = try prepare(rowsPerStatement)
        defer { sqlite3_finalize(full) }
        var start = 0
        while start < rows.count {
            let n = min(rowsPerStatement, rows.count - start)
            let s = n == rowsPerStatement ? full : try prepare(n)
            var parameter: Int32 = 1
            for values in rows[start..<start + n] {
                for value in values {
                    FloorInserter.bind(s, parameter, value, text: text)
                    parameter += 1
                }
            }
            try db.stepInsert(s, table: table)
            if s != full { sqlite3_finalize(s) }
            start += n
        }
    }
}
