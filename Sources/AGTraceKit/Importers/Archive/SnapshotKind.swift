extension StoredKind {
    /// An archive's import: graphs, their nodes, edges, subgraphs, debug trees and profiles.
    public static let snapshot = StoredKind(
        noun: "snapshot", order: 0, table: "snapshots",
        options: [("snapshot", "S"), ("from", "S1"), ("to", "S2")],
        deletion: ["graphs", "types", "node_rows", "subgraph_nodes", "edges", "subgraphs", "subgraph_children", "tree_items",
                   "tree_views", "profile_events", "profile_marks"]
            .map { "DELETE FROM \($0) WHERE snapshot_id = ?1" },
        listed: [
            ListedColumn("graphs", "(SELECT count(*) FROM graphs g WHERE g.snapshot_id = k.id)"),
            ListedColumn("nodes", "(SELECT coalesce(sum(node_count), 0) FROM graphs g WHERE g.snapshot_id = k.id)"),
            ListedColumn("edges", "(SELECT coalesce(sum(edge_count), 0) FROM graphs g WHERE g.snapshot_id = k.id)"),
        ],
        listedHelp: "graphs, nodes and edges of a snapshot")
}
