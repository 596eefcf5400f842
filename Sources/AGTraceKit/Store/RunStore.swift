import Foundation

/// Writes a transcript's breakpoint hits into `events` and `frames` for one run.
final class RunStore: TranscriptSink {
    let runId: Int64
    private let insertEvent: Statement
    private let insertFrame: Statement
    var tick: (() -> Void)?
    private(set) var count = 0

    init(db: Database, runId: Int64) throws {
        self.runId = runId
        insertEvent = try db.prepare("""
            INSERT INTO events(run_id, seq, line, kind, symbol, breakpoint, thread, attribute, input_attribute)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            """)
        insertFrame = try db.prepare("""
            INSERT INTO frames(run_id, seq, depth, module, symbol, address) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """)
    }

    func event(_ e: BreakpointEvent) throws {
        let s = insertEvent
        s.bind(1, runId)
        s.bind(2, e.seq)
        s.bind(3, e.line)
        s.bind(4, e.kind.rawValue)
        s.bind(5, e.symbol)
        s.bind(6, e.breakpoint)
        s.bind(7, e.thread)
        s.bind(8, e.attribute)
        s.bind(9, e.inputAttribute)
        try s.run()
        for frame in e.frames {
            let f = insertFrame
            f.bind(1, runId)
            f.bind(2, e.seq)
            f.bind(3, frame.depth)
            f.bind(4, frame.module)
            f.bind(5, frame.symbol)
            f.bind(6, frame.address.map { String(format: "0x%016llx", $0) })
            try f.run()
        }
        count += 1
        if count & 0x3FFF == 0 { tick?() }
    }
}

/// The transcript half of `Importer`: one run row, its events, the duplicate check.
enum RunImport {
    static func run(source: ByteSource, path: String, label: String, db: Database, hash: () -> String,
                    replace: Bool, tick: (() -> Void)?) throws -> (summary: TranscriptSummary, sha256: String) {
        let sourcePath = path == "-" ? "-" : URL(fileURLWithPath: path).standardizedFileURL.path
        try db.prepare("INSERT INTO runs(label, source, imported_at) VALUES (?1, ?2, ?3)")
            .bindAndRun([.text(label), .text(sourcePath), .text(Importer.timestamp())])
        let runId = db.lastInsertRowid
        let store = try RunStore(db: db, runId: runId)
        store.tick = tick
        var sink = store
        let summary = try TranscriptReader(source: source, path: path).read(into: &sink)
        let sha = hash()
        if !replace, let existing = try db.scalar("SELECT label FROM runs WHERE sha256 = ?1 AND id <> ?2 LIMIT 1",
                                                  [.text(sha), .integer(runId)]) {
            throw DuplicateImport(existingLabel: existing.description)
        }
        try db.prepare("""
            UPDATE runs SET sha256 = ?2, event_count = ?3, skipped_lines = ?4, incomplete_hits = ?5 WHERE id = ?1
            """).bindAndRun([.integer(runId), .text(sha), .integer(Int64(summary.events)),
                             .integer(Int64(summary.skippedLines)), .integer(Int64(summary.incompleteHits))])
        return (summary, sha)
    }
}
