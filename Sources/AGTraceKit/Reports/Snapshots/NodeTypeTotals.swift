/// Totals per type of a snapshot over its node rows (nodes, flags, profile), read in one pass
/// in storage order (`nodes-per-type`). SQLite's GROUP BY over a snapshot's nodes sorted
/// every row first: 0.9 s for the profile sums and 1.3 s for the nodes per rule of a
/// million-node snapshot, against about 0.15 s for this scan.
///
/// Sums follow SQL's `sum`: NULL when every value is NULL. Seconds are added in attribute
/// order (ties by row id), as SQLite's sum through `nodes_by_attribute` added them, so that the
/// totals are the same to the last bit: dumps do not list nodes in attribute order, so the
/// timed rows are kept (32 bytes each) and summed again after a sort when storage order was
/// not attribute order. A snapshot whose id range (from its `graphs` rows) does not hold all
/// its node rows is read again through the index: `check` gates CI on these counts.
struct NodeTypeTotals {
    struct Totals {
        var nodes = 0
        /// Nodes with flags, and those among them marked dirty (flag 1).
        var flagged = 0
        var dirty = 0
        var updates: Int64?
        var seconds: Double?
    }

    private var totals = TypeTable<Totals>()

    init(in db: Database, snapshot: Int64) throws {
        let ids: [String: SQLValue] = ["snapshot": .integer(snapshot)]
        var ordered = true, rows = 0
        var graph: Int64 = -1, attribute = Int64.min
        var timed: [(attribute: Int64, position: Int, graph: Int64, type: Int64, seconds: Double)] = []
        try ReportRegistry.query("nodes-per-type").prepare(in: db, ids).forEachRow { r in
            if r.int64(0) != graph { graph = r.int64(0); attribute = Int64.min }
            if r.int64(5) < attribute { ordered = false }
            attribute = r.int64(5)
            try add(r, snapshot: snapshot)
            if !r.isNull(4) { timed.append((attribute, rows, graph, r.int64(1), r.double(4))) }
            rows += 1
        }
        let all = try ReportRegistry.query("snapshot-node-count").rows(in: db, ids).rows.first?.first?.intValue
        guard all == Int64(rows) else {
            totals = TypeTable()
            try ReportRegistry.query("nodes-per-type-by-attribute").prepare(in: db, ids).forEachRow { try add($0, snapshot: snapshot) }
            return
        }
        guard !ordered else { return }
        timed.sort { ($0.attribute, $0.position) < ($1.attribute, $1.position) }
        for t in timed { update(t.graph, t.type) { $0.seconds = nil } }
        for t in timed { update(t.graph, t.type) { $0.seconds = ($0.seconds ?? 0) + t.seconds } }
    }

    subscript(graph: Int64, type: Int64) -> Totals? { totals[graph, type] }

    private mutating func update(_ graph: Int64, _ type: Int64, _ change: (inout Totals) throws -> Void) rethrows {
        var t = totals[graph, type] ?? Totals()
        try change(&t)
        totals[graph, type] = t
    }

    private mutating func add(_ r: Statement, snapshot: Int64) throws {
        try update(r.int64(0), r.int64(1)) { t in
            t.nodes += 1
            if !r.isNull(2) {
                t.flagged += 1
                t.dirty += Int(r.int64(2) & 1)
            }
            if !r.isNull(3) {
                let (sum, overflow) = (t.updates ?? 0).addingReportingOverflow(r.int64(3))
                if overflow { throw UpdateCountsError("snapshot \(snapshot): the update counts of one type add up past 64-bit integers") }
                t.updates = sum
            }
            if !r.isNull(4) { t.seconds = (t.seconds ?? 0) + r.double(4) }
        }
    }
}
