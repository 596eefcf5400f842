/// The debug tree's names of nodes (`tree_views`) for snapshots already stored, and the one
/// way they are written. A database imported before the table (migration 6) is named by the
/// same rule as an import, TreeNaming, fed the stored rows in the order an import meets them:
/// types, tree entries and what they list, then nodes in row order.
extension TreeNaming {
    /// Fills `tree_views` for every snapshot with tree entries (the migration's step: its
    /// snapshots have no rows there yet).
    static func nameStoredSnapshots(in db: Database) throws {
        let snapshots = try db.prepare("SELECT DISTINCT snapshot_id FROM main.tree_items ORDER BY 1").rows { $0.int64(0) }
        for snapshot in snapshots {
            guard let first = try db.scalar("SELECT min(id) FROM main.node_rows WHERE snapshot_id = ?1", [.integer(snapshot)])?.intValue
            else { continue }
            var naming = TreeNaming(firstNodeId: first)
            func each(_ sql: String, _ body: (Statement) -> Void) throws {
                let statement = try db.prepare(sql)
                statement.bind(1, snapshot)
                try statement.forEachRow(body)
            }
            try each("SELECT graph_index, type_index, view IS NOT NULL FROM main.types WHERE snapshot_id = ?1") {
                naming.type(graph: Int($0.int64(0)), typeIndex: Int($0.int64(1)), namesView: $0.int64(2) != 0)
            }
            try each("""
                SELECT graph_index, tree_index, parent_tree_index, description, node_id FROM main.tree_items
                WHERE snapshot_id = ?1 ORDER BY graph_index, tree_index
                """) { s in
                let graph = Int(s.int64(0)), tree = Int(s.int64(1))
                naming.entry(graph: graph, treeIndex: tree, parent: s.isNull(2) ? nil : Int(s.int64(2)), description: s.string(3))
                if !s.isNull(4) { naming.claim(graph: graph, treeIndex: tree, nodeIndex: 0, nodeId: s.int64(4), own: true) }
            }
            try each("""
                SELECT graph_index, tree_index, node_id FROM main.tree_item_nodes WHERE snapshot_id = ?1
                UNION ALL
                SELECT graph_index, tree_index, node_id FROM main.tree_item_values WHERE snapshot_id = ?1 AND node_id IS NOT NULL
                """) { s in
                naming.claim(graph: Int(s.int64(0)), treeIndex: Int(s.int64(1)), nodeIndex: 0, nodeId: s.int64(2), own: false)
            }
            try each("SELECT id, graph_index, attribute, type_index FROM main.node_rows WHERE snapshot_id = ?1 ORDER BY id") { s in
                naming.node(id: s.int64(0), graph: Int(s.int64(1)), nodeIndex: 0, attribute: s.int64(2), typeIndex: Int(s.int64(3)))
            }
            try write(naming.rows(), snapshotId: snapshot, in: db)
        }
    }

    /// Writes `tree_views` rows of snapshot `snapshotId`: the name chosen for each node row,
    /// unless the node's rule names its view (source 'body' of node_views).
    static func write(_ rows: Rows, snapshotId: Int64, in db: Database) throws {
        let write = try MultiRowInsert(db: db, into: "main.tree_views(snapshot_id, graph_index, attribute, view)",
                                       columns: 3, rows: ArchiveStore.treeRowsPerStatement, row: "(\(snapshotId),?,?,?)")
        // The few hundred distinct names are copied once into an arena that outlives every
        // statement below and bound from there, rather than copied by SQLite for each row.
        let names = TextArena(rows.views)
        try withExtendedLifetime(names) {
            try write.write(rows.known) { s, c, r in
                s.bind(c, Int64(r.graph))
                s.bind(c + 1, Int64(r.attribute))
                s.bindStatic(c + 2, names[Int(r.view)])
            }
        }
        // Nodes written before the tree named them: looked up among the rows.
        guard !rows.unseen.isEmpty else { return }
        try db.execute("CREATE TEMP TABLE tree_names(node_id INTEGER PRIMARY KEY, view TEXT NOT NULL)")
        let insert = try db.prepare("INSERT INTO temp.tree_names(node_id, view) VALUES (?1, ?2)")
        for (nodeId, view) in rows.unseen {
            insert.bind(1, nodeId)
            insert.bind(2, view)
            try insert.run()
        }
        try db.execute("""
            INSERT INTO main.tree_views(snapshot_id, graph_index, attribute, view)
            SELECT n.snapshot_id, n.graph_index, n.attribute, min(t.view)
            FROM temp.tree_names t
            JOIN main.node_rows n ON n.id = t.node_id
            JOIN main.types ty ON ty.snapshot_id = n.snapshot_id AND ty.graph_index = n.graph_index AND ty.type_index = n.type_index
            WHERE ty.view IS NULL
            GROUP BY n.snapshot_id, n.graph_index, n.attribute
            ON CONFLICT DO UPDATE SET view = min(view, excluded.view);
            DROP TABLE temp.tree_names;
            """)
    }
}
