import CSQLite
import Foundation

/// Writes a transcript's breakpoint hits into `events` and `frames` for one run, through
/// statements prepared once that insert many rows at a time.
///
/// Frames go in as they come (in `(run_id, seq, depth)` order: appends to their table).
/// Events are held back and written at `finish`, sorted by `(kind, attribute, seq)`: then
/// the rows and their `events_by_kind` entries are appends too, which costs far less than
/// placing every entry in the index at random (or building the index afterwards), whether
/// or not the tables already hold other runs. At most `maxPending` events wait; past that a
/// sorted chunk is written early, so memory stays bounded.
final class RunStore: TranscriptSink {
    let runId: Int64
    private let events: MultiRowInsert
    private let frames: MultiRowInsert
    private(set) var count = 0

    private var names = TextTable()
    /// `names` indices of the kinds, by `rank`.
    private var kindNames: [Int32] = []
    private var pendingEvents: [EventRow] = []
    private var pendingFrames: [FrameRow] = []
    /// Hex text of the frames bound in the current statement (bound without copying).
    private let addressText: UnsafeMutablePointer<UInt8>

    static let rowsPerStatement = 64
    static let maxPending = 1 << 20

    /// One event as it waits for its turn: names as indices into `names`.
    struct EventRow {
        var seq: Int
        var line: Int
        var kind: EventKind
        var symbol: Int32
        var breakpoint: Int32
        var thread: Int?
        var attribute: UInt32?
        var inputAttribute: UInt32?
    }

    struct FrameRow {
        var seq: Int
        var depth: Int
        var module: Int32
        var symbol: Int32
        var address: UInt64?
    }

    init(db: Database, runId: Int64) throws {
        self.runId = runId
        events = try MultiRowInsert(db: db, prefix: """
            INSERT INTO events(run_id, seq, line, kind, symbol, breakpoint, thread, attribute, input_attribute) VALUES
            """, columns: 9, rows: Self.rowsPerStatement)
        frames = try MultiRowInsert(db: db, prefix: """
            INSERT INTO frames(run_id, seq, depth, module, symbol, address) VALUES
            """, columns: 6, rows: Self.rowsPerStatement)
        addressText = .allocate(capacity: Self.rowsPerStatement * 18)
        kindNames = Self.kindsInTextOrder.map { names.index($0.rawValue) }
        assert(Self.kindsInTextOrder.enumerated().allSatisfy { Self.rank($1) == $0 })
        pendingFrames.reserveCapacity(Self.rowsPerStatement)
    }

    deinit { addressText.deallocate() }

    func event(_ e: BreakpointEvent) throws {
        let symbol = names.index(e.symbol)
        for frame in e.frames {
            pendingFrames.append(FrameRow(seq: e.seq, depth: frame.depth, module: frame.module.map { names.index($0) } ?? -1,
                                          symbol: names.index(frame.symbol), address: frame.address))
            if pendingFrames.count == Self.rowsPerStatement { try writeFrames() }
        }
        pendingEvents.append(EventRow(seq: e.seq, line: e.line, kind: e.kind, symbol: symbol,
                                      breakpoint: e.breakpoint.map { names.index($0) } ?? -1, thread: e.thread,
                                      attribute: e.attribute, inputAttribute: e.inputAttribute))
        count += 1
        if pendingEvents.count >= Self.maxPending { try writeEvents() }
    }

    /// Writes what is still held back.
    func finish() throws {
        try writeFrames()
        try writeEvents()
    }

    private func writeFrames() throws {
        var start = 0
        while start < pendingFrames.count {
            let n = min(Self.rowsPerStatement, pendingFrames.count - start)
            let s = frames.statement(rows: n)
            var column: Int32 = 1
            for k in 0..<n {
                let f = pendingFrames[start + k]
                s.bind(column, runId)
                s.bind(column + 1, f.seq)
                s.bind(column + 2, f.depth)
                bindName(s, column + 3, f.module)
                bindName(s, column + 4, f.symbol)
                if let address = f.address {
                    let text = addressText + 18 * k
                    Self.formatAddress(address, into: text)
                    s.bindStatic(column + 5, UnsafeBufferPointer(start: text, count: 18))
                } else {
                    s.bind(column + 5, nil as Int64?)
                }
                column += 6
            }
            try s.run()
            start += n
        }
        pendingFrames.removeAll(keepingCapacity: true)
    }

    private func writeEvents() throws {
        // Text compares bytewise: the order of the kinds' names is the index's order.
        pendingEvents.sort { a, b in
            if a.kind != b.kind { return Self.rank(a.kind) < Self.rank(b.kind) }
            if a.attribute != b.attribute {
                guard let x = a.attribute else { return true }
                guard let y = b.attribute else { return false }
                return x < y
            }
            return a.seq < b.seq
        }
        var start = 0
        while start < pendingEvents.count {
            let n = min(Self.rowsPerStatement, pendingEvents.count - start)
            let s = events.statement(rows: n)
            var column: Int32 = 1
            for k in 0..<n {
                let e = pendingEvents[start + k]
                s.bind(column, runId)
                s.bind(column + 1, e.seq)
                s.bind(column + 2, e.line)
                bindName(s, column + 3, kindNames[Self.rank(e.kind)])
                bindName(s, column + 4, e.symbol)
                bindName(s, column + 5, e.breakpoint)
                s.bind(column + 6, e.thread)
                s.bind(column + 7, e.attribute)
                s.bind(column + 8, e.inputAttribute)
                column += 9
            }
            try s.run()
            start += n
        }
        pendingEvents.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private func bindName(_ s: Statement, _ column: Int32, _ index: Int32) {
        if index < 0 { s.bind(column, nil as Int64?) } else { s.bindStatic(column, names[index]) }
    }

    /// The kinds in the order of their names' bytes (SQLite's order for text).
    static let kindsInTextOrder = EventKind.allCases.sorted {
        Array($0.rawValue.utf8).lexicographicallyPrecedes(Array($1.rawValue.utf8))
    }

    /// A kind's position in `kindsInTextOrder`.
    @inline(__always)
    static func rank(_ kind: EventKind) -> Int {
        switch kind {
        case .addInput: return 0
        case .addOutput: return 1
        case .call: return 2
        case .create: return 3
        case .current: return 4
        case .invalidate: return 5
        case .propagateDirty: return 6
        case .read: return 7
        case .stateWrite: return 8
        case .transaction: return 9
        case .update: return 10
        }
    }

    /// `0x%016llx`, without Foundation.
    @inline(__always)
    static func formatAddress(_ value: UInt64, into out: UnsafeMutablePointer<UInt8>) {
        out[0] = 0x30
        out[1] = 0x78
        var v = value
        var i = 17
        while i >= 2 {
            let d = UInt8(truncatingIfNeeded: v & 15)
            out[i] = d < 10 ? 0x30 + d : 0x57 + d
            v >>= 4
            i -= 1
        }
    }
}

/// `INSERT … VALUES (…), (…), …` for up to `rows` rows per step, prepared once per row count
/// used (the full count, then whatever the last chunk needs).
final class MultiRowInsert {
    private let db: Database
    private let prefix: String
    private let columns: Int
    private var statements: [Int: Statement] = [:]
    private let full: Statement
    let rows: Int

    init(db: Database, prefix: String, columns: Int, rows: Int) throws {
        self.db = db
        self.prefix = prefix
        self.columns = columns
        self.rows = rows
        full = try Self.prepare(db, prefix, columns, rows)
    }

    /// The statement for `n` rows; row `k`'s column `c` (1-based) is parameter `k * columns + c`.
    func statement(rows n: Int) -> Statement {
        if n == rows { return full }
        if let s = statements[n] { return s }
        // Preparing a statement the schema accepted once cannot fail for another row count.
        let s = try! Self.prepare(db, prefix, columns, n)
        statements[n] = s
        return s
    }

    private static func prepare(_ db: Database, _ prefix: String, _ columns: Int, _ rows: Int) throws -> Statement {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ",") + ")"
        return try db.prepare(prefix + " " + Array(repeating: row, count: rows).joined(separator: ","))
    }
}

/// Interned texts, stored once and bound to statements without copying.
struct TextTable {
    private var index: [String: Int32] = [:]
    private var texts: [UnsafeBufferPointer<UInt8>] = []
    private let storage = Storage()

    private final class Storage {
        var blocks: [UnsafeMutableRawPointer] = []
        deinit { for b in blocks { b.deallocate() } }
    }

    subscript(i: Int32) -> UnsafeBufferPointer<UInt8> { texts[Int(i)] }

    mutating func index(_ text: String) -> Int32 {
        if let i = index[text] { return i }
        var copy = text
        let bytes = copy.withUTF8 { utf8 -> UnsafeBufferPointer<UInt8> in
            let p = UnsafeMutableRawPointer.allocate(byteCount: max(utf8.count, 1), alignment: 1)
            if let base = utf8.baseAddress { p.copyMemory(from: base, byteCount: utf8.count) }
            storage.blocks.append(p)
            return UnsafeBufferPointer(start: p.assumingMemoryBound(to: UInt8.self), count: utf8.count)
        }
        let i = Int32(texts.count)
        texts.append(bytes)
        index[text] = i
        return i
    }
}

/// The transcript reader's sink during an import: hits go through a `RecordPipeline` to a
/// `RunStore` on the writer thread, which also writes the held-back events at the end.
final class TranscriptPipeline: TranscriptSink {
    private let pipeline: RecordPipeline<BreakpointEvent>
    /// Called on the parsing thread every few batches, for progress display.
    var tick: (() -> Void)? {
        get { pipeline.tick }
        set { pipeline.tick = newValue }
    }

    init(store: RunStore) {
        let target = UncheckedBox(store)
        pipeline = RecordPipeline(batchSize: 1024, write: { events in
            let store = target.value
            for e in events { try store.event(e) }
        }, close: { try target.value.finish() })
    }

    func event(_ event: BreakpointEvent) throws { try pipeline.add(event) }
    func finish() throws { try pipeline.finish() }
    func abandon() { pipeline.abandon() }
}

/// The transcript half of `Importer`: one run row, its events, the duplicate check.
enum RunImport {
    static func run(source: ByteSource, path: String, label: String, db: Database, hash: () -> String,
                    replace: Bool, tick: (() -> Void)?) throws -> (summary: TranscriptSummary, sha256: String) {
        let sourcePath = path == "-" ? "-" : URL(fileURLWithPath: path).standardizedFileURL.path
        try db.prepare("INSERT INTO runs(label, source, imported_at) VALUES (?1, ?2, ?3)")
            .bindAndRun([.text(label), .text(sourcePath), .text(Importer.timestamp())])
        let runId = db.lastInsertRowid
        // The reader parses here while the pipeline's thread writes rows.
        let pipeline = TranscriptPipeline(store: try RunStore(db: db, runId: runId))
        pipeline.tick = tick
        var sink = pipeline
        let summary: TranscriptSummary
        do {
            summary = try TranscriptReader(source: source, path: path).read(into: &sink)
            try pipeline.finish()
        } catch {
            pipeline.abandon()
            throw error
        }
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
