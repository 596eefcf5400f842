/// Removes a snapshot, a run or a trace and every row that belongs to it (inside the caller's transaction).
enum SnapshotDeletion {
    static let snapshotTables = ["graphs", "types", "node_rows", "subgraph_nodes", "edges", "subgraphs", "subgraph_children", "tree_items",
                                 "tree_item_values", "tree_item_nodes", "tree_views", "profile_events", "profile_marks"]
    /// A run's rows in these tables are the id range its row records (`first_event_id` …).
    static let runTables = [("events", "event"), ("frames", "frame")]
    static let traceTables = ["trace_event_rows", "trace_types", "trace_nodes", "trace_edges", "trace_subgraphs",
                              "trace_update_rows", "trace_writes", "trace_marks", "trace_indirect_sources"]

    /// Each kind: its table, and the statements that delete its rows (its id bound as ?1).
    static let kinds: [(kind: String, table: String, rows: [String])] = [
        ("snapshot", "snapshots", snapshotTables.map { "DELETE FROM \($0) WHERE snapshot_id = ?1" }),
        ("run", "runs", runTables.map { table, row in
            """
            DELETE FROM \(table)
            WHERE id BETWEEN (SELECT first_\(row)_id FROM runs WHERE id = ?1) AND (SELECT last_\(row)_id FROM runs WHERE id = ?1)
            """
        }),
        ("trace", "traces", traceTables.map { "DELETE FROM \($0) WHERE trace_id = ?1" }),
    ]

    /// Deletes the snapshot, run or trace labelled `label`; true if there was one.
    static func deleteLabel(_ label: String, in db: Database) throws -> Bool {
        // An alias names what another label stores: deleting it removes the name only.
        if try Aliases.remove(label, in: db) { return true }
        var deleted = false
        for (kind, table, rows) in kinds {
            guard let id = try db.scalar("SELECT id FROM \(table) WHERE label = ?1", [.text(label)]) else { continue }
            for sql in rows + ["DELETE FROM \(table) WHERE id = ?1"] {
                try db.prepare(sql).runRow(id)
            }
            try Aliases.removeAll(naming: id.intValue ?? 0, kind: kind, in: db)
            deleted = true
        }
        return deleted
    }
}
