import XCTest
@testable import AGTraceKit

/// A database imported before `tree_views` (schema 5) gets its nodes named when it is brought
/// forward, by the import's own rule (TreeNaming, the step after migration 6).
final class TreeNamingMigrationTests: TemporaryDirectoryTestCase {
    /// A loop (2 -> 3 -> 2) below no root, two entries owning one node, a deeper chain, and a
    /// node a body rule names (left to its rule).
    func testTheMigrationNamesTheNodesOfAnOlderDatabase() throws {
        try makeOldDatabase(version: 5, rows: """
            INSERT INTO snapshots(id, label) VALUES (1, 'odd');
            INSERT INTO types(snapshot_id, graph_index, type_index, name) VALUES (1, 0, 0, 'External<()>'), (1, 0, 1, 'StaticBody<ViewBodyAccessor<Feed>>');
            INSERT INTO node_rows(id, snapshot_id, graph_index, node_index, attribute, type_index)
            VALUES (1, 1, 0, 0, 4, 0), (2, 1, 0, 1, 8, 0), (3, 1, 0, 2, 12, 0), (4, 1, 0, 3, 16, 0), (5, 1, 0, 4, 20, 1);
            INSERT INTO tree_items(snapshot_id, graph_index, tree_index, parent_tree_index, node_id, description, is_root) VALUES
              (1, 0, 0, NULL, NULL, 'Root', 1), (1, 0, 1, 0, 2, 'Mid', 0), (1, 0, 2, 3, NULL, 'LoopA', 0),
              (1, 0, 3, 2, NULL, 'LoopB', 0), (1, 0, 4, 1, 2, 'Deep', 0), (1, 0, 5, 0, 5, 'Body', 0);
            INSERT INTO tree_item_nodes(snapshot_id, graph_index, tree_index, node_id) VALUES
              (1, 0, 0, 1), (1, 0, 0, 2), (1, 0, 0, 3), (1, 0, 0, 4), (1, 0, 1, 3), (1, 0, 2, 4), (1, 0, 4, 3);
            INSERT INTO tree_item_values(snapshot_id, graph_index, tree_index, key, node_id) VALUES (1, 0, 3, 'x', 4);
            """)
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        XCTAssertEqual(try db.textRows("SELECT attribute, view FROM tree_views ORDER BY 1"),
                       [["4", "Root"], ["8", "Deep"], ["12", "Deep"], ["16", "Root"]])
        XCTAssertEqual(try db.textRows("SELECT attribute, view, source FROM node_views WHERE attribute = 20"), [["20", "Feed", "body"]])
    }
}
