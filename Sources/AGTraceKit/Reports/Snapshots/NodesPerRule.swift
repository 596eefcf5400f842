/// Nodes, and dirty nodes, per rule of a snapshot: what the HTML report shows of a dump
/// without profile data. Counted per type (NodeTypeTotals), then summed per rule name.
enum NodesPerRule {
    static let columns = ["rule", "nodes", "dirty"]

    /// Rows (rule, nodes, dirty), most nodes first, then by rule. A type without a name counts
    /// under "(unnamed type)"; nodes whose type the dump lacks are left out. `dirty` is NULL
    /// when none of the rule's nodes has flags.
    static func rows(in db: Database, snapshot: Int64) throws -> [[SQLValue]] {
        let perType = try NodeTypeTotals(in: db, snapshot: snapshot)
        struct Count { var nodes = 0, flagged = 0, dirty = 0 }
        var perRule: [String: Count] = [:]
        try ReportRegistry.query("walk-types").prepare(in: db, ["snapshot": .integer(snapshot)]).forEachRow { r in
            guard let c = perType[r.int64(0), r.int64(1)] else { return }
            let rule = r.string(2) ?? "(unnamed type)"
            perRule[rule, default: Count()].nodes += c.nodes
            perRule[rule, default: Count()].flagged += c.flagged
            perRule[rule, default: Count()].dirty += c.dirty
        }
        // Rule names in byte order, as SQLite compares text.
        return perRule.sorted { a, b in
            a.value.nodes != b.value.nodes ? a.value.nodes > b.value.nodes : a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
        }.map { rule, c in
            [.text(rule), .integer(Int64(c.nodes)), c.flagged > 0 ? .integer(Int64(c.dirty)) : .null]
        }
    }
}
