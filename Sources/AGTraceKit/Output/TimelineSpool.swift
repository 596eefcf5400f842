/// A timeline held in a scratch SQLite database instead of in memory, so that `export
/// perfetto` of millions of events costs a few MB: `TraceSlices` and `RunTimeline` add slices,
/// instants and flows as they read their rows; `PerfettoExport` reads them back with ordered
/// cursors, one row at a time.
///
/// The scratch database is SQLite's private temporary database (opened with an empty name):
/// pages beyond its small cache go to a temporary file that SQLite deletes when the connection
/// closes (and that the OS reclaims if agtrace dies). Nothing is written to the user's database.
///
/// A slice's or instant's args are kept as their JSON text without the braces (`"seq": 3,
/// "rule": "R"`), so that what an end adds is appended in place, as the in-memory model did.
public final class TimelineSpool {
    public var process: String
    public var clock: Timeline.Clock
    /// Thread names by the thread ids the slices use (a few: one per thread of the run).
    public var threads: [Int: String] = [:]
    let db: Database
    public private(set) var sliceCount = 0
    public private(set) var instantCount = 0
    public private(set) var flowCount = 0
    /// Untimed instants waiting for their time (`place`).
    private var pendingCount = 0
    private let insertSlice, closeSlice, insertInstant, placePending, insertFlow: Statement
    private var indexed = false

    public init(process: String, clock: Timeline.Clock) throws {
        self.process = process
        self.clock = clock
        db = try Database(rawPath: "", readOnly: false, create: true)
        // One transaction, no journal: the database lives and dies with this object.
        try db.execute("""
            PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA temp_store = FILE; PRAGMA cache_size = -2000;
            CREATE TABLE slices(idx INTEGER PRIMARY KEY, seq INTEGER, name TEXT NOT NULL, category TEXT NOT NULL,
                                thread INTEGER NOT NULL, start REAL NOT NULL, duration REAL NOT NULL, args TEXT NOT NULL);
            CREATE TABLE instants(idx INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL, thread INTEGER NOT NULL,
                                  time REAL NOT NULL, args TEXT NOT NULL, pending INTEGER);
            CREATE INDEX instants_pending ON instants(pending) WHERE pending IS NOT NULL;
            CREATE TABLE flows(id INTEGER PRIMARY KEY, from_idx INTEGER NOT NULL, to_idx INTEGER NOT NULL);
            BEGIN;
            """)
        insertSlice = try db.prepare("INSERT INTO slices(idx, seq, name, category, thread, start, duration, args) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
        closeSlice = try db.prepare("UPDATE slices SET duration = ?2, args = CASE WHEN args = '' THEN ?3 ELSE args || ', ' || ?3 END WHERE idx = ?1")
        insertInstant = try db.prepare("INSERT INTO instants(idx, name, category, thread, time, args, pending) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
        placePending = try db.prepare("""
            UPDATE instants SET time = ?1 + ?2 * pending, args = CASE WHEN args = '' THEN ?3 ELSE args || ', ' || ?3 END, pending = NULL
            WHERE pending IS NOT NULL
            """)
        insertFlow = try db.prepare("INSERT INTO flows(id, from_idx, to_idx) SELECT ?1, f.idx, t.idx FROM slices f, slices t WHERE f.seq = ?2 AND t.seq = ?3")
    }

    /// `{…}` args as JSON text without the braces.
    static func argsText(_ pairs: [(String, SQLValue)]) -> String {
        var text = ""
        for (i, pair) in pairs.enumerated() {
            if i > 0 { text += ", " }
            JSONText.appendQuoted(pair.0, to: &text)
            text += ": "
            text += RowWriter.jsonValue(pair.1)
        }
        return text
    }

    /// Adds a slice (flows name it by `seq`); returns its index.
    @discardableResult
    public func addSlice(_ s: Timeline.Slice, seq: Int64?) throws -> Int {
        let idx = sliceCount
        insertSlice.bind(1, Int64(idx))
        insertSlice.bind(2, seq)
        insertSlice.bind(3, s.name)
        insertSlice.bind(4, s.category)
        insertSlice.bind(5, Int64(s.thread))
        insertSlice.bind(6, s.start)
        insertSlice.bind(7, s.duration)
        insertSlice.bind(8, Self.argsText(s.args))
        try insertSlice.run()
        sliceCount += 1
        return idx
    }

    /// Sets a slice's duration and appends `args` to its args (what its end says).
    public func close(slice idx: Int, duration: Double, appending args: [(String, SQLValue)]) throws {
        closeSlice.bind(1, Int64(idx))
        closeSlice.bind(2, duration)
        closeSlice.bind(3, Self.argsText(args))
        try closeSlice.run()
    }

    /// Adds an instant. `pending`: its time is not known yet; `place` sets it.
    public func addInstant(_ i: Timeline.Instant, pending: Bool = false) throws {
        insertInstant.bind(1, Int64(instantCount))
        insertInstant.bind(2, i.name)
        insertInstant.bind(3, i.category)
        insertInstant.bind(4, Int64(i.thread))
        insertInstant.bind(5, i.time)
        insertInstant.bind(6, Self.argsText(i.args))
        if pending {
            pendingCount += 1
            insertInstant.bind(7, Int64(pendingCount))
        } else {
            insertInstant.bindNull(7)
        }
        try insertInstant.run()
        instantCount += 1
    }

    /// Number of instants waiting for `place`.
    public var pending: Int { pendingCount }

    /// Gives the k-th pending instant (from 1, in the order added) the time `now + step * k`
    /// and appends `args` to its args.
    public func place(now: Double, step: Double, appending args: [(String, SQLValue)]) throws {
        guard pendingCount > 0 else { return }
        placePending.bind(1, now)
        placePending.bind(2, step)
        placePending.bind(3, Self.argsText(args))
        try placePending.run()
        pendingCount = 0
    }

    /// An arrow from the slice of seq `from` to the slice of seq `to`; none when either has no
    /// slice. Ids are 1, 2, … in the order drawn.
    public func addFlow(fromSeq from: Int64, toSeq to: Int64) throws {
        try indexSlices()
        insertFlow.bind(1, Int64(flowCount + 1))
        insertFlow.bind(2, from)
        insertFlow.bind(3, to)
        try insertFlow.run()
        if db.changes > 0 { flowCount += 1 }
    }

    private func indexSlices() throws {
        guard !indexed else { return }
        try db.execute("CREATE INDEX slices_by_seq ON slices(seq)")
        indexed = true
    }

    private var holding: Statement?

    /// An arrow found before its order is known (a run's causes come from each write's walk,
    /// the arrows are drawn in the order of the updates they reach): kept in the scratch
    /// database until `drawHeldFlows`.
    public func holdFlow(fromSeq from: Int64, toSeq to: Int64) throws {
        if holding == nil {
            try db.execute("CREATE TABLE held_flows(to_seq INTEGER NOT NULL, from_seq INTEGER NOT NULL)")
            holding = try db.prepare("INSERT INTO held_flows(to_seq, from_seq) VALUES (?1, ?2)")
        }
        holding!.bind(1, to)
        holding!.bind(2, from)
        try holding!.run()
    }

    /// Draws the held arrows as `addFlow` would in the order of their (to, from) seqs: ids go on
    /// from the last one drawn, an arrow to or from a seq without a slice is none.
    public func drawHeldFlows() throws {
        guard holding != nil else { return }
        try indexSlices()
        try db.execute("""
            INSERT INTO flows(id, from_idx, to_idx)
            SELECT \(flowCount) + row_number() OVER (ORDER BY h.to_seq, h.from_seq), f.idx, t.idx
            FROM held_flows h JOIN slices f ON f.seq = h.from_seq JOIN slices t ON t.seq = h.to_seq
            """)
        flowCount += db.changes
        try db.execute("DELETE FROM held_flows")
    }

    /// Draws an arrow between two slices by index (a hand-made `Timeline`).
    func addFlow(fromIndex from: Int, toIndex to: Int) throws {
        flowCount += 1
        try db.execute("INSERT INTO flows(id, from_idx, to_idx) VALUES (\(flowCount), \(from), \(to))")
    }

    /// A slice as read back, in time order.
    public struct StoredSlice {
        public var name: String, category: String, thread: Int, start: Double, duration: Double, args: String
        public var flowsOut: [Int], flowsIn: [Int]
    }

    public struct StoredInstant {
        public var name: String, category: String, thread: Int, time: Double, args: String
    }

    /// Cursors over the slices in time order (at one time, longer - enclosing - slices first,
    /// then the order added) and over the instants in time order (then the order added). A
    /// slice's flows come from two more cursors over the flows in the same order (by their
    /// slice's place, then id), read alongside: one sort each, not two lookups per slice.
    public final class Reader {
        let slices, instants, flowsOut, flowsIn: Statement
        private var outPending, inPending: Bool

        init(_ spool: TimelineSpool) throws {
            let db = spool.db
            slices = try db.prepare("SELECT idx, name, category, thread, start, duration, args FROM slices ORDER BY start, duration DESC, idx")
            instants = try db.prepare("SELECT name, category, thread, time, args FROM instants ORDER BY time, idx")
            flowsOut = try db.prepare("""
                SELECT s.idx, f.id FROM flows f JOIN slices s ON s.idx = f.from_idx ORDER BY s.start, s.duration DESC, s.idx, f.id
                """)
            flowsIn = try db.prepare("""
                SELECT s.idx, f.id FROM flows f JOIN slices s ON s.idx = f.to_idx ORDER BY s.start, s.duration DESC, s.idx, f.id
                """)
            outPending = try flowsOut.step()
            inPending = try flowsIn.step()
        }

        /// The ids of `cursor`'s rows for slice `idx`, which come next if it has any (both
        /// cursors are in the slices' order).
        private func ids(_ cursor: Statement, _ pending: inout Bool, of idx: Int64) throws -> [Int] {
            var out: [Int] = []
            while pending && cursor.int64(0) == idx {
                out.append(Int(cursor.int64(1)))
                pending = try cursor.step()
            }
            return out
        }

        public func nextSlice() throws -> StoredSlice? {
            guard try slices.step() else { return nil }
            let idx = slices.int64(0)
            return StoredSlice(name: slices.string(1) ?? "", category: slices.string(2) ?? "", thread: Int(slices.int64(3)),
                               start: slices.double(4), duration: slices.double(5), args: slices.string(6) ?? "",
                               flowsOut: try ids(flowsOut, &outPending, of: idx), flowsIn: try ids(flowsIn, &inPending, of: idx))
        }

        public func nextInstant() throws -> StoredInstant? {
            guard try instants.step() else { return nil }
            return StoredInstant(name: instants.string(0) ?? "", category: instants.string(1) ?? "", thread: Int(instants.int64(2)),
                                 time: instants.double(3), args: instants.string(4) ?? "")
        }
    }

    /// Reads the timeline back (after the last add).
    public func reader() throws -> Reader { try Reader(self) }

    /// The slices' starts in the order added (tests).
    func starts() throws -> [Double] {
        try db.prepare("SELECT start FROM slices ORDER BY idx").rows { $0.double(0) }
    }
}
