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
final class RunStore {
    let runId: Int64
    private let events: MultiRowInsert
    private let frames: MultiRowInsert
    private(set) var count = 0

    /// The reader's names, in the same order (so with the same ids).
    @exclusivity(unchecked) private var names = TextTable()
    /// The names `event(_:)` gave.
    private var ownNames: [String: NameID] = [:]
    /// The kinds' names, by `rank`.
    private var kindNames = TextTable()
    // Used on the writer thread only: no dynamic exclusivity checks per row.
    @exclusivity(unchecked) private var pendingEvents: [EventRow] = []
    private var sortScratch: [EventRow] = []
    @exclusivity(unchecked) private var pendingFrames: [FrameRow] = []
    /// Hex text of the frames bound in the current statement (bound without copying).
    private let addressText: UnsafeMutablePointer<UInt8>

    static let rowsPerStatement = 64
    /// Events held back at most (48 bytes each, and as much again to sort them).
    static let maxPending = 1 << 19

    /// An event as it waits, 48 bytes, its sort key first: kind (in the order of the names'
    /// bytes, as SQLite compares text) and attribute (NULL first, as SQLite orders it).
    struct EventRow {
        /// Bits 0…31 attribute, 32 attribute present, 33…36 kind rank; 62 thread present,
        /// 63 input present.
        var key: UInt64
        var seq: Int
        var line: Int
        var thread: Int
        var symbol: NameID
        var breakpoint: NameID
        var inputAttribute: UInt32

        static let sortBits = 37
        static let threadPresent: UInt64 = 1 << 62
        static let inputPresent: UInt64 = 1 << 63

        init(_ hit: Hit) {
            var key = UInt64(RunStore.rank(hit.kind)) << 33
            if let attribute = hit.attribute { key |= 1 << 32 | UInt64(attribute) }
            if hit.inputAttribute != nil { key |= Self.inputPresent }
            if hit.thread != nil { key |= Self.threadPresent }
            self.key = key
            seq = hit.seq
            line = hit.line
            symbol = hit.symbol
            breakpoint = hit.breakpoint
            thread = hit.thread ?? 0
            inputAttribute = hit.inputAttribute ?? 0
        }

        var kindRank: Int { Int(key >> 33 & 15) }
        var attribute: UInt32? { key & (1 << 32) != 0 ? UInt32(truncatingIfNeeded: key) : nil }
        var input: UInt32? { key & Self.inputPresent != 0 ? inputAttribute : nil }
        var threadNumber: Int? { key & Self.threadPresent != 0 ? thread : nil }
    }

    struct FrameRow {
        var seq: Int
        var frame: FrameRef
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
        for kind in Self.kindsInTextOrder { kindNames.append(kind.rawValue) }
        assert(Self.kindsInTextOrder.enumerated().allSatisfy { Self.rank($1) == $0 })
        pendingFrames.reserveCapacity(Self.rowsPerStatement)
    }

    deinit { addressText.deallocate() }

    /// The reader's next name (ids are given in order).
    func name(_ text: String) { names.append(text) }

    /// A frame of hit `seq`; frames come before their hit.
    func frame(seq: Int, _ frame: FrameRef) throws {
        pendingFrames.append(FrameRow(seq: seq, frame: frame))
        if pendingFrames.count == Self.rowsPerStatement { try writeFrames() }
    }

    func hit(_ hit: Hit) throws {
        pendingEvents.append(EventRow(hit))
        count += 1
        if pendingEvents.count >= Self.maxPending { try writeEvents() }
    }

    /// Stores a hit given in its public form (tests, tools), naming its texts itself: not to
    /// be mixed with `name(_:)` on one store. Call `finish` to write what is held back.
    func event(_ e: BreakpointEvent) throws {
        func id(_ text: String) -> NameID {
            if let known = ownNames[text] { return known }
            let id = NameID(names.count)
            names.append(text)
            ownNames[text] = id
            return id
        }
        for f in e.frames {
            try frame(seq: e.seq, FrameRef(depth: f.depth, module: f.module.map(id) ?? -1, symbol: id(f.symbol),
                                           address: f.address))
        }
        try hit(Hit(seq: e.seq, line: e.line, kind: e.kind, symbol: id(e.symbol), breakpoint: e.breakpoint.map(id) ?? -1,
                    thread: e.thread, attribute: e.attribute, inputAttribute: e.inputAttribute))
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
            let s = try frames.statement(rows: n)
            var column: Int32 = 1
            for k in 0..<n {
                let row = pendingFrames[start + k]
                let f = row.frame
                s.bind(column, runId)
                s.bind(column + 1, row.seq)
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
        Self.radixSort(&pendingEvents, scratch: &sortScratch)
        try pendingEvents.withUnsafeBufferPointer { rows in
            var start = 0
            while start < rows.count {
                let n = min(Self.rowsPerStatement, rows.count - start)
                let s = try events.statement(rows: n)
                var column: Int32 = 1
                for e in rows[start..<(start + n)] {
                    s.bind(column, runId)
                    s.bind(column + 1, e.seq)
                    s.bind(column + 2, e.line)
                    s.bindStatic(column + 3, kindNames[Int32(e.kindRank)])
                    bindName(s, column + 4, e.symbol)
                    bindName(s, column + 5, e.breakpoint)
                    s.bind(column + 6, e.threadNumber)
                    s.bind(column + 7, e.attribute)
                    s.bind(column + 8, e.input)
                    column += 9
                }
                try s.run()
                start += n
            }
        }
        pendingEvents.removeAll(keepingCapacity: true)
    }

    /// Sorts by the key's low `EventRow.sortBits` bits, stably (arrival order, so seq order,
    /// among equal keys): least significant byte first, skipping bytes all keys share. A few
    /// sequential passes rather than a comparison sort's scattered moves.
    static func radixSort(_ rows: inout [EventRow], scratch: inout [EventRow]) {
        let n = rows.count
        guard n > 1 else { return }
        if scratch.count < n { scratch = rows }
        var inScratch = false
        var shift: UInt64 = 0
        while shift < UInt64(EventRow.sortBits) {
            var counts = [Int](repeating: 0, count: 256)
            rows.withUnsafeBufferPointer { r in
                scratch.withUnsafeBufferPointer { t in
                    let source = inScratch ? t : r
                    for i in 0..<n { counts[Int(source[i].key >> shift & 0xFF)] += 1 }
                }
            }
            if counts.contains(n) {  // every key has this byte: nothing to reorder
                shift += 8
                continue
            }
            var offset = 0
            for b in 0..<256 {
                let c = counts[b]
                counts[b] = offset
                offset += c
            }
            rows.withUnsafeMutableBufferPointer { r in
                scratch.withUnsafeMutableBufferPointer { t in
                    let (source, target) = inScratch ? (t, r) : (r, t)
                    for i in 0..<n {
                        let row = source[i]
                        let b = Int(row.key >> shift & 0xFF)
                        target[counts[b]] = row
                        counts[b] += 1
                    }
                }
            }
            inScratch.toggle()
            shift += 8
        }
        if inScratch {
            rows.withUnsafeMutableBufferPointer { r in
                scratch.withUnsafeBufferPointer { t in
                    for i in 0..<n { r[i] = t[i] }
                }
            }
        }
    }

    @inline(__always)
    private func bindName(_ s: Statement, _ column: Int32, _ index: NameID) {
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

/// The transcript reader's sink during an import: hits go through a `RecordPipeline` to a
/// `RunStore` on the writer thread, which also writes the held-back events at the end.
final class TranscriptPipeline: HitSink {
    enum Record {
        /// The reader's next name.
        case name(String)
        case frame(seq: Int, FrameRef)
        case hit(Hit)
    }

    private let pipeline: RecordPipeline<Record>
    /// How many of the reader's names the store has been sent.
    @exclusivity(unchecked) private var namesSent = 0
    /// Called on the parsing thread every few batches, for progress display.
    var tick: (() -> Void)? {
        get { pipeline.tick }
        set { pipeline.tick = newValue }
    }

    init(store: RunStore) {
        let target = UncheckedBox(store)
        // 1024 records (about 70 KB): small enough for malloc to reuse rather than map afresh.
        pipeline = RecordPipeline(batchSize: 1024, write: { records in
            let store = target.value
            for r in records {
                switch r {
                case .name(let text): store.name(text)
                case let .frame(seq, frame): try store.frame(seq: seq, frame)
                case .hit(let hit): try store.hit(hit)
                }
            }
        }, close: { try target.value.finish() })
    }

    func hit(_ hit: Hit, frames: UnsafeBufferPointer<FrameRef>, names: [String]) throws {
        while namesSent < names.count {
            try pipeline.add(.name(names[namesSent]))
            namesSent += 1
        }
        for frame in frames { try pipeline.add(.frame(seq: hit.seq, frame)) }
        try pipeline.add(.hit(hit))
    }
    func finish() throws { try pipeline.finish() }
    func abandon() { pipeline.abandon() }
}

/// The transcript half of `Importer`: one run row, its events, the duplicate check.
enum RunImport {
    static func run(source: ByteSource, path: String, label: String, db: Database, hash: () -> String,
                    replace: Bool, tick: (() -> Void)?, mark: (String) -> Void = { _ in }) throws -> (summary: TranscriptSummary, sha256: String) {
        let sourcePath = path == "-" ? "-" : URL(fileURLWithPath: path).standardizedFileURL.path
        // The run's row is written last, complete, under the id SQLite would give it (the write
        // lock is held). Written first and updated at the end, its page would have gone to the
        // WAL early (SQLite spills pages of a large transaction) and be written again at the
        // end: then SQLite re-reads and re-checksums every frame after it at commit.
        let runId = (try db.scalar("SELECT coalesce(max(id), 0) + 1 FROM runs")?.intValue) ?? 1
        // The reader parses here while the pipeline's thread writes rows.
        let pipeline = TranscriptPipeline(store: try RunStore(db: db, runId: runId))
        pipeline.tick = tick
        var sink = pipeline
        let summary: TranscriptSummary
        do {
            summary = try TranscriptReader(source: source, path: path).read(hits: &sink)
            mark("parsed")
            try pipeline.finish()
            mark("rows written")
        } catch {
            pipeline.abandon()
            throw error
        }
        let sha = hash()
        if !replace, let existing = try db.scalar("SELECT label FROM runs WHERE sha256 = ?1 LIMIT 1", [.text(sha)]) {
            throw DuplicateImport(existingLabel: existing.description)
        }
        try db.prepare("""
            INSERT INTO runs(id, label, source, imported_at, sha256, event_count, skipped_lines, incomplete_hits)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """).bindAndRun([.integer(runId), .text(label), .text(sourcePath), .text(Importer.timestamp()), .text(sha),
                             .integer(Int64(summary.events)), .integer(Int64(summary.skippedLines)),
                             .integer(Int64(summary.incompleteHits))])
        return (summary, sha)
    }
}
