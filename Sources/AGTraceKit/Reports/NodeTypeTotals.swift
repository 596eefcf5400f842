/// Totals per type of a snapshot over its node rows (nodes, flags, profile), read in one pass
/// in storage order (`nodes-per-type`). SQLite's GROUP BY over a snapshot's nodes sorted
/// every row first: 0.9 s for the profile sums and 1.3 s for the nodes per rule of a
/// million-node snapshot, against about 0.15 s for this scan.
///
/// Sums follow SQL's `sum`: NULL when every value is NULL. Seconds are added in attribute
/// order, as SQLite's sum through `nodes_by_attribute` added them, so that the totals are the
/// same to the last bit: storage order is attribute order within a graph in every dump seen;
/// a snapshot where it is not is read again in attribute order. So is one whose id range
/// (from its `graphs` rows) does not hold all its node rows: `check` gates CI on these counts.
struct NodeTypeTotals {
    struct Totals {
        var nodes = 0
        /// Nodes with flags, and those among them marked dirty (flag 1).
        var flagged = 0
        var dirty = 0
        var updates: Int64?
        var seconds: Double?
    }

    /// Per type: `graph index << 32 | type index`.
    private(set) var byType: [Int64: Totals] = [:]

    init(in db: Database, snapshot: Int64) throws {
        let ids: [String: SQLValue] = ["snapshot": .integer(snapshot)]
        var ordered = true, rows: Int64 = 0
        var graph: Int64 = -1, attribute = Int64.min
        try ReportRegistry.query("nodes-per-type").prepare(in: db, ids).forEachRow { r in
            if r.int64(0) != graph { graph = r.int64(0); attribute = Int64.min }
            if r.int64(5) < attribute { ordered = false }
            attribute = r.int64(5)
            rows += 1
            try add(r, snapshot: snapshot)
        }
        let all = try ReportRegistry.query("snapshot-node-count").rows(in: db, ids).rows.first?.first?.intValue
        guard !ordered || rows != all else { return }
        byType = [:]
        try ReportRegistry.query("nodes-per-type-by-attribute").prepare(in: db, ids).forEachRow { try add($0, snapshot: snapshot) }
    }

    subscript(graph: Int64, type: Int64) -> Totals? { byType[graph << 32 | type] }

    private mutating func add(_ r: Statement, snapshot: Int64) throws {
        let key = r.int64(0) << 32 | r.int64(1)
        var t = byType[key] ?? Totals()
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
        byType[key] = t
    }
}
