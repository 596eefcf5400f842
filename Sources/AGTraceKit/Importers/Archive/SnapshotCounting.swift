import Foundation

extension MeasuredKind {
    /// A profiled archive's snapshot: the gate counts its profile's update counts, per rule by
    /// default (rule names survive a rebuild; ids do not), and compares its profile seconds,
    /// which include nested rule runs (a dump records no self time).
    public static let snapshot = MeasuredKind(
        stored: .snapshot, order: 1, fileOption: "archive", filePlaceholder: "DUMP",
        fileHelp: "an AttributeGraph archive (a dump), imported the same way; with --transcript it names the run's attributes",
        labelHelp: "snapshot S in the database (or, with a run and --key rule|view, the dump that names the run's attributes)",
        thing: "dump",
        inputUsage: "--archive DUMP or --snapshot S", defaultKey: .rule,
        time: (.inclusive, "'agtrace baseline --snapshot S' (from a profiled dump)"), timedInput: "a profiled dump (--snapshot, --archive)",
        count: { input, db in try UpdateCounts.snapshot(input.label, key: input.key, in: db) },
        readLines: { path, item in [.imported("read \(path): \(item.graphs) graphs, \(item.nodes) nodes")] })
}

extension UpdateCounts {
    /// Counts a snapshot's rule runs from its profile data.
    public static func snapshot(_ label: String, key: BaselineKey, in db: Database) throws -> UpdateCounts {
        let row = try lookUp(.snapshot, label, in: db)
        let source = MeasuredSource(kind: .snapshot, label: label, sha256: row.sha256, importedAt: row.importedAt, ending: row.ending)
        let entries: [String: UpdateEntry]
        switch key {
        case .rule:
            entries = collect(try ruleProfiles(snapshot: row.id, in: db), key: key)
        case .attribute:
            entries = try collect(in: db, """
                SELECT CAST(attribute AS TEXT), sum(update_count), sum(update_total)
                FROM nodes WHERE snapshot_id = ?1 GROUP BY attribute
                """, [.integer(row.id)], key: key)
        case .view:
            // A node's view is the least of its (graph, attribute)'s views (node_views: its type's
            // body view, the debug tree's), gathered as rule-cost.sql reads nodes: the snapshot's
            // id range in storage order and its types' views once, not a lookup per node through
            // nodes_by_attribute and types (0.51 -> 0.36 s for 200,000 nodes). The sums still read
            // the nodes in attribute order: seconds summed in another order can differ in the
            // last bit, and print differently.
            entries = try collect(in: db, """
                WITH node_range AS MATERIALIZED (
                    SELECT coalesce((SELECT min(first_node_id) FROM graphs WHERE snapshot_id = ?1),
                                    (SELECT min(id) FROM node_rows WHERE snapshot_id = ?1)) AS lo,
                           coalesce((SELECT max(first_node_id + node_count - 1) FROM graphs WHERE snapshot_id = ?1),
                                    (SELECT max(id) FROM node_rows WHERE snapshot_id = ?1)) AS hi
                ),
                type_views AS MATERIALIZED (
                    SELECT graph_index, type_index, view FROM types WHERE snapshot_id = ?1 AND view IS NOT NULL
                ),
                v AS MATERIALIZED (
                    SELECT graph_index, attribute, min(view) AS view FROM (
                        SELECT n.graph_index, n.attribute, t.view
                        FROM node_range r CROSS JOIN node_rows n
                        CROSS JOIN type_views t ON t.graph_index = n.graph_index AND t.type_index = n.type_index
                        WHERE n.id BETWEEN r.lo AND r.hi AND +n.snapshot_id = ?1
                        UNION ALL
                        SELECT graph_index, attribute, view FROM tree_views WHERE snapshot_id = ?1
                    )
                    GROUP BY graph_index, attribute
                )
                SELECT coalesce(v.view, ?2) AS key, sum(n.update_count), sum(n.update_total)
                FROM nodes n LEFT JOIN v ON v.graph_index = n.graph_index AND v.attribute = n.attribute
                WHERE n.snapshot_id = ?1 GROUP BY key
                """, [.integer(row.id), .text(noViewKey)], key: key)
        }
        if entries.isEmpty {
            let profiled = try db.scalar("""
                SELECT EXISTS(SELECT 1 FROM types WHERE snapshot_id = ?1 AND (update_count IS NOT NULL OR update_total IS NOT NULL))
                    OR EXISTS(SELECT 1 FROM nodes WHERE snapshot_id = ?1 AND (update_count IS NOT NULL OR update_total IS NOT NULL))
                """, [.integer(row.id)])?.intValue == 1
            if profiled && key != .rule {
                throw UpdateCountsError("snapshot '\(label)' has no per-node profile data to count by \(key.rawValue) (its types are profiled: use --key rule)")
            }
            if profiled {
                throw UpdateCountsError("snapshot '\(label)' is profiled but records no rule runs")
            }
            throw UpdateCountsError("snapshot '\(label)' has no profile data, so no update counts (dump it after AGGraphStartProfiling)")
        }
        return UpdateCounts(source: source, key: key, entries: entries)
    }

    /// Rows (rule, updates, seconds) of a snapshot: each type's own profile where the dump
    /// has one, else the sum of its nodes' (NodeTypeTotals), summed per rule name in key order
    /// (an unnamed type counts under "(unnamed type)"); NULL where nothing is known.
    private static func ruleProfiles(snapshot: Int64, in db: Database) throws -> [[SQLValue]] {
        let nodes = try NodeTypeTotals(in: db, snapshot: snapshot)
        var rules: [String] = []
        var perRule: [String: (updates: Int64?, seconds: Double?)] = [:]
        let types = try ReportRegistry.query("snapshot-type-profiles").prepare(in: db, ["snapshot": .integer(snapshot)])
        try types.forEachRow { t in
            let ownProfile = !t.isNull(3) || !t.isNull(4)
            let n = nodes[t.int64(0), t.int64(1)]
            let updates = ownProfile ? (t.isNull(3) ? nil : t.int64(3)) : n?.updates
            let seconds = ownProfile ? (t.isNull(4) ? nil : t.double(4)) : n?.seconds
            let rule = t.string(2) ?? "(unnamed type)"
            guard var sum = perRule[rule] else {
                rules.append(rule)
                perRule[rule] = (updates, seconds)
                return
            }
            if let updates {
                let (total, overflow) = (sum.updates ?? 0).addingReportingOverflow(updates)
                if overflow { throw UpdateCountsError("snapshot \(snapshot): the update counts of rule \(rule) add up past 64-bit integers") }
                sum.updates = total
            }
            if let seconds { sum.seconds = (sum.seconds ?? 0) + seconds }
            perRule[rule] = sum
        }
        return rules.map { rule in
            let sum = perRule[rule]!
            return [.text(rule), sum.updates.map(SQLValue.integer) ?? .null, sum.seconds.map(SQLValue.real) ?? .null]
        }
    }
}
