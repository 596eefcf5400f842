import AGTraceKit
import CSQLite
import Foundation

/// The SQLite floor for a transcript: its hits read into memory first (not timed), then only
/// the rows agtrace stores for them inserted into tables shaped like its `events`,
/// `backtraces` and `backtrace_frames` (each distinct backtrace of the run once, worked out
/// before the clock), in one transaction, into a new database. Unlike the archive and trace floors it inserts the way
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
            let backtraces = Backtraces(events)
            return [("events", events.count), ("backtraces", backtraces.distinct.count),
                    ("backtrace_frames", backtraces.distinct.reduce(0) { $0 + $1.count }),
                    ("frames", events.reduce(0) { $0 + $1.frames.count })]
        }, insert: { try insert($0, into: path) })
    }

    static func insert(_ events: [BreakpointEvent], into path: String) throws -> FloorInserter.Timing {
        let db = try FloorInserter.fresh(path)
        try db.execute("PRAGMA page_size=16384")
        try db.execute("PRAGMA synchronous=NORMAL")
        try db.execute("""
            CREATE TABLE events(id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, seq INTEGER NOT NULL, line INTEGER,
                kind TEXT NOT NULL, symbol TEXT, breakpoint TEXT, thread INTEGER, attribute INTEGER,
                input_attribute INTEGER, time_ns INTEGER, backtrace_id INTEGER, first_frame_id INTEGER);
            CREATE TABLE backtraces(id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, frame_count INTEGER NOT NULL);
            CREATE TABLE backtrace_frames(backtrace_id INTEGER NOT NULL, ordinal INTEGER NOT NULL, depth INTEGER NOT NULL,
                module TEXT, symbol TEXT, address TEXT, PRIMARY KEY(backtrace_id, ordinal)) WITHOUT ROWID;
            """)
        // Texts are bound in place (SQLITE_STATIC) from one buffer filled before the clock.
        var text = FloorText()
        let backtraces = Backtraces(events)
        var eventRows: [[FloorValue]] = []
        var backtraceRows: [[FloorValue]] = []
        var frameRows: [[FloorValue]] = []
        var frameId = 1
        for (e, backtrace) in zip(events, backtraces.ofEvent) {
            eventRows.append([.int(e.seq), .int(e.line), .text(text.store(e.kind.rawValue)), .text(text.store(e.symbol)),
                              .text(text.store(e.breakpoint)), .int(e.thread), .int(e.attribute.map(Int.init)),
                              .int(e.inputAttribute.map(Int.init)), .int(e.timeNs.map(Int.init)),
                              .int(backtrace), .int(e.frames.isEmpty ? nil : frameId)])
            frameId += e.frames.count
        }
        for (k, frames) in backtraces.distinct.enumerated() {
            backtraceRows.append([.int(k + 1), .int(frames.count)])
            for (ordinal, f) in frames.enumerated() {
                frameRows.append([.int(k + 1), .int(ordinal), .int(f.depth), .text(text.store(f.module)), .text(text.store(f.symbol)),
                                  .text(text.store(f.address.map { String(format: "0x%016llx", $0) }))])
            }
        }
        return try FloorInserter.timed(db) {
            try text.bytes.withUnsafeBufferPointer { bytes in
                try insert(eventRows, into: """
                    events(id, run_id, seq, line, kind, symbol, breakpoint, thread, attribute, input_attribute, time_ns,
                           backtrace_id, first_frame_id)
                    """, row: "(NULL, 1" + String(repeating: ", ?", count: 11) + ")", db: db, text: bytes.baseAddress!)
                // A backtrace's row when first seen, as the import writes it: one statement each.
                try insert(backtraceRows, into: "backtraces(id, run_id, frame_count)", row: "(?, 1, ?)", db: db,
                           text: bytes.baseAddress!, rowsPerStatement: 1)
                try insert(frameRows, into: "backtrace_frames(backtrace_id, ordinal, depth, module, symbol, address)",
                           row: "(?, ?, ?, ?, ?, ?)", db: db, text: bytes.baseAddress!)
            }
        }
    }

    /// `rows` through statements of `rowsPerStatement` rows, each row's values `row` (`?` bound).
    private static func insert(_ rows: [[FloorValue]], into table: String, row: String, db: SQLiteDatabase,
                               text: UnsafePointer<UInt8>, rowsPerStatement: Int = rowsPerStatement) throws {
        guard !rows.isEmpty else { return }
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

/// Each distinct backtrace of a run once, in the order first seen, and each hit's (its index + 1,
/// nil without frames): what agtrace's import stores for a run's frames.
struct Backtraces {
    var distinct: [[BacktraceFrame]] = []
    var ofEvent: [Int?] = []

    init(_ events: [BreakpointEvent]) {
        var ids: [[BacktraceFrame]: Int] = [:]
        for e in events {
            guard !e.frames.isEmpty else { ofEvent.append(nil); continue }
            if let id = ids[e.frames] { ofEvent.append(id); continue }
            distinct.append(e.frames)
            ids[e.frames] = distinct.count
            ofEvent.append(distinct.count)
        }
    }
}
