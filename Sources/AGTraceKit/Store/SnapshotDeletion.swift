/// Removes a snapshot, a run or a trace and every row that belongs to it (inside the caller's transaction).
enum SnapshotDeletion {
    static let snapshotTables = ["graphs", "types", "node_rows", "subgraph_nodes", "edges", "subgraphs", "subgraph_children", "tree_items",
                                 "tree_item_values", "tree_item_nodes", "profile_events", "profile_marks"]
    /// A run's rows in these tables are the id range its row records (`first_event_id` …).
    static let runTables = [("events", "event"), ("frames", "frame")]
    static let traceTables = ["trace_event_rows", "trace_types", "trace_nodes", "trace_edges", "trace_subgraphs",
                              "trace_update_rows", "trace_writes"]

    /// Deletes the snapshot, run or trace labelled `label`; true if there was one.
    static func deleteLabel(_ label: String, in db: Database) throws -> Bool {
        // An alias names what another label stores: deleting it removes the name only.
        if try Aliases.remove(label, in: db) { return true }
        var deleted = false
        if let id = try db.scalar("SELECT id FROM snapshots WHERE label = ?1", [.text(label)]) {
            for table in snapshotTables {
                try db.prepare("DELETE FROM \(table) WHERE snapshot_id = ?1").bindAndRun([id])
            }
            try db.prepare("DELETE FROM snapshots WHERE id = ?1").bindAndRun([id])
            try Aliases.removeAll(naming: id.intValue ?? 0, kind: "snapshot", in: db)
            deleted = true
        }
        if let id = try db.scalar("SELECT id FROM runs WHERE label = ?1", [.text(label)]) {
            for (table, row) in runTables {
                try db.prepare("""
                    DELETE FROM \(table)
                    WHERE id BETWEEN (SELECT first_\(row)_id FROM runs WHERE id = ?1) AND (SELECT last_\(row)_id FROM runs WHERE id = ?1)
                    """).bindAndRun([id])
            }
            try db.prepare("DELETE FROM runs WHERE id = ?1").bindAndRun([id])
            try Aliases.removeAll(naming: id.intValue ?? 0, kind: "run", in: db)
            deleted = true
        }
        if let id = try db.scalar("SELECT id FROM traces WHERE label = ?1", [.text(label)]) {
            for table in traceTables {
                try db.prepare("DELETE FROM \(table) WHERE trace_id = ?1").bindAndRun([id])
            }
            try db.prepare("DELETE FROM traces WHERE id = ?1").bindAndRun([id])
            deleted = true
        }
        return deleted
    }
}
