import CSQLite
import Foundation

/// Writes a transcript's breakpoint hits into `events` for one run, as they come, through
/// statements prepared once that insert many rows at a time, and each distinct backtrace of
/// the run once (`backtraces`, `backtrace_frames`): a hit names its backtrace, and the `frames`
/// view shows every hit's frames as before.
///
/// `events` is a plain rowid table without indexes: a run's rows are appended under ids that
/// follow each other, and the run's row records their range (`first_event_id` …
/// `last_event_id`), which is how reports find them. Appending is the cheapest write SQLite
/// has; an index by kind cost as much again as the rows themselves, while a report reads its
/// run's range in one pass. Frame ids are still counted per frame of every hit (a hit's first
/// is `events.first_frame_id`), so the run's `first_frame_id` … `last_frame_id` mean what they did.
final class RunStore {
    let runId: Int64
    private let db: Database
    private let events: MultiRowInsert
    private let frames: MultiRowInsert
    private let backtraces: Statement
    private(set) var count = 0
    private let firstEventId: Int64
    private let firstFrameId: Int64
    private var frameCount = 0
    private let firstBacktraceId: Int64
    /// The run's backtraces by content, their ids.
    @exclusivity(unchecked) private var backtraceIds: [[FrameRef]: Int64] = [:]
    /// The frames of the hit to come (frames come before their hit).
    @exclusivity(unchecked) private var hitFrames: [FrameRef] = []
    /// The recorder's cycles (`agtrace record --cycles`): `cycles` rows of kind `run`.
    private let cycles: CycleWriter
    var cycleCount: Int { cycles.count }

    /// The ids this run's events and frames got (nil while there are none).
    var eventIds: ClosedRange<Int64>? { count == 0 ? nil : firstEventId...(firstEventId + Int64(count) - 1) }
    var frameIds: ClosedRange<Int64>? { frameCount == 0 ? nil : firstFrameId...(firstFrameId + Int64(frameCount) - 1) }

    /// The reader's names, in the same order (so with the same ids).
    @exclusivity(unchecked) private var names = TextTable()
    /// The names `event(_:)` gave.
    private var ownNames: [String: NameID] = [:]
    /// The kinds' names, by `EventKind.allCases` position.
    private var kindNames = TextTable()
    // Used on the writer thread only: no dynamic exclusivity checks per row.
    @exclusivity(unchecked) private var pendingEvents: [StoredHit] = []
    @exclusivity(unchecked) private var pendingFrames: [FrameRow] = []
    /// Hex text of the frames bound in the current statement (bound without copying).
    private let addressText: UnsafeMutablePointer<UInt8>
    /// What the full-size statements' parameters hold from their last step.
    @exclusivity(unchecked) private var eventsBound: BoundValues
    @exclusivity(unchecked) private var framesBound: BoundValues

    static let rowsPerStatement = 64

    /// A frame of a backtrace seen for the first time: its place in it.
    struct FrameRow {
        var backtrace: Int64
        var ordinal: Int
        var frame: FrameRef
    }

    /// A hit with its backtrace and the id its first frame has in `frames` (nil without frames).
    struct StoredHit {
        var hit: Hit
        var backtrace: Int64?
        var firstFrame: Int64?
    }

    /// Call with the write lock held: the ids this run's rows get are fixed here.
    init(db: Database, runId: Int64) throws {
        self.runId = runId
        firstEventId = (try db.scalar("SELECT coalesce(max(id), 0) + 1 FROM events")?.intValue) ?? 1
        // The runs' rows record their frames' ids (the view `frames` has no stored id to read).
        firstFrameId = (try db.scalar("SELECT coalesce(max(last_frame_id), 0) + 1 FROM runs")?.intValue) ?? 1
        firstBacktraceId = (try db.scalar("SELECT coalesce(max(id), 0) + 1 FROM backtraces")?.intValue) ?? 1
        // Ids are left to SQLite (the id column left out: the next after the largest, so
        // `firstEventId` on, without the lookup a given id, even NULL, costs first), and the
        // run's id is written into the statement: two values fewer bound per row.
        events = try MultiRowInsert(db: db, into: """
            events(run_id, seq, line, kind, symbol, breakpoint, thread, attribute, input_attribute, time_ns,
                   backtrace_id, first_frame_id)
            """, columns: 11, rows: Self.rowsPerStatement, row: "(\(runId),?,?,?,?,?,?,?,?,?,?,?)")
        frames = try MultiRowInsert(db: db, into: """
            backtrace_frames(backtrace_id, ordinal, depth, module, symbol, address)
            """, columns: 6, rows: Self.rowsPerStatement)
        backtraces = try db.prepare("INSERT INTO backtraces(id, run_id, frame_count) VALUES (?1, \(runId), ?2)")
        self.db = db
        cycles = try CycleWriter(db: db, kind: StoredKind.run.noun, ownerId: runId)
        addressText = .allocate(capacity: Self.rowsPerStatement * 18)
        eventsBound = BoundValues(parameters: events.columns * Self.rowsPerStatement)
        framesBound = BoundValues(parameters: frames.columns * Self.rowsPerStatement)
        for kind in EventKind.allCases { kindNames.append(kind.rawValue) }
        pendingEvents.reserveCapacity(Self.rowsPerStatement)
        pendingFrames.reserveCapacity(Self.rowsPerStatement)
    }

    deinit { addressText.deallocate() }

    /// The reader's next name (ids are given in order).
    func name(_ text: String) { names.append(text) }

    /// A frame of the next hit (`seq`, its hit's); frames come before their hit.
    func frame(seq: Int, _ frame: FrameRef) throws { hitFrames.append(frame) }

    func hit(_ hit: Hit) throws {
        var stored = StoredHit(hit: hit, backtrace: nil, firstFrame: nil)
        if !hitFrames.isEmpty {
            stored.backtrace = try backtrace(of: hitFrames)
            stored.firstFrame = firstFrameId + Int64(frameCount)
            frameCount += hitFrames.count
            hitFrames.removeAll(keepingCapacity: true)
        }
        pendingEvents.append(stored)
        if pendingEvents.count == Self.rowsPerStatement { try writeEvents() }
    }

    /// The id of the run's backtrace made of `frames`, written when first seen. (Names are
    /// the reader's ids, one per text: equal ids are equal texts.)
    private func backtrace(of frames: [FrameRef]) throws -> Int64 {
        if let known = backtraceIds[frames] { return known }
        let id = firstBacktraceId + Int64(backtraceIds.count)
        backtraceIds[frames] = id
        try backtraces.runRow(id, frames.count)
        for (ordinal, frame) in frames.enumerated() {
            pendingFrames.append(FrameRow(backtrace: id, ordinal: ordinal, frame: frame))
            if pendingFrames.count == Self.rowsPerStatement { try writeFrames() }
        }
        return id
    }

    func cycle(_ report: CycleRecord) throws { try cycles.write(report) }

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
                    thread: e.thread, attribute: e.attribute, inputAttribute: e.inputAttribute, timeNs: e.timeNs))
    }

    /// Writes what is still held back.
    func finish() throws {
        try writeFrames()
        try writeEvents()
    }

    private func writeFrames() throws {
        guard !pendingFrames.isEmpty else { return }
        try run(frames, rows: pendingFrames.count, &framesBound, bind: bindFrames)
        pendingFrames.removeAll(keepingCapacity: true)
    }

    private func bindFrames(_ s: Statement, _ bound: inout BoundValues) {
        var column: Int32 = 1
        for (k, row) in pendingFrames.enumerated() {
            let f = row.frame
            bound.bind(s, column, row.backtrace)
            bound.bind(s, column + 1, row.ordinal)
            bound.bind(s, column + 2, f.depth)
            bindName(&bound, s, column + 3, f.module)
            bindName(&bound, s, column + 4, f.symbol)
            if let address = f.address {
                // Rewritten in place: the same address stays bound, SQLite reads the new text.
                let text = addressText + 18 * k
                Self.formatAddress(address, into: text)
                bound.bindStatic(s, column + 5, UnsafeBufferPointer(start: text, count: 18))
            } else {
                bound.bindNull(s, column + 5)
            }
            column += 6
        }
    }

    private func writeEvents() throws {
        guard !pendingEvents.isEmpty else { return }
        try run(events, rows: pendingEvents.count, &eventsBound, bind: bindEvents)
        count += pendingEvents.count
        try events.requireLastRowid(firstEventId + Int64(count) - 1, in: "events", expectedBy: "the run")
        pendingEvents.removeAll(keepingCapacity: true)
    }

    /// One step of `insert` for `rows` rows. Bindings are known for the full-size statement
    /// only (`bound`); a shorter one, used once at the end, is bound afresh.
    private func run(_ insert: MultiRowInsert, rows: Int, _ bound: inout BoundValues,
                     bind: (Statement, inout BoundValues) -> Void) throws {
        let s = try insert.statement(rows: rows)
        if rows == Self.rowsPerStatement {
            bind(s, &bound)
        } else {
            var fresh = BoundValues(parameters: insert.columns * rows)
            bind(s, &fresh)
        }
        try s.run()
    }

    private func bindEvents(_ s: Statement, _ bound: inout BoundValues) {
        var column: Int32 = 1
        for stored in pendingEvents {
            let e = stored.hit
            bound.bind(s, column, e.seq)
            bound.bind(s, column + 1, e.line)
            bound.bindStatic(s, column + 2, kindNames[Int32(Self.position(e.kind))])
            bindName(&bound, s, column + 3, e.symbol)
            bindName(&bound, s, column + 4, e.breakpoint)
            bound.bind(s, column + 5, e.thread)
            bound.bind(s, column + 6, e.attribute)
            bound.bind(s, column + 7, e.inputAttribute)
            bound.bind(s, column + 8, e.timeNs)
            bound.bind(s, column + 9, stored.backtrace)
            bound.bind(s, column + 10, stored.firstFrame)
            column += 11
        }
    }

    /// The ids SQLite gave are the ones the run's row will record (they follow each other
    /// from the first, the write lock being held); anything else is refused, not stored.
    /// Names are bound from `names`, whose texts never move while the store lives.
    @inline(__always)
    private func bindName(_ bound: inout BoundValues, _ s: Statement, _ column: Int32, _ index: NameID) {
        if index < 0 { bound.bindNull(s, column) } else { bound.bindStatic(s, column, names[index]) }
    }

    /// A kind's position in `EventKind.allCases` (so in `kindNames`).
    @inline(__always)
    static func position(_ kind: EventKind) -> Int {
        switch kind {
        case .invalidate: return 0
        case .propagateDirty: return 1
        case .update: return 2
        case .addInput: return 3
        case .addOutput: return 4
        case .read: return 5
        case .current: return 6
        case .create: return 7
        case .stateWrite: return 8
        case .transaction: return 9
        case .call: return 10
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
