import XCTest
@testable import AGTraceKit

/// `tree_items` is a rowid table (schema 16): a graph's entries under consecutive ids in tree
/// order, no index by key; a parent named after its child is set by the child's id.
final class TreeItemsLayoutTests: TemporaryDirectoryTestCase {
    /// Two graphs of 300 entries each; in each, the last entry lists entry 0 and entry 150 as
    /// children, long after their rows were written (statements hold 128 rows).
    func archive() -> String {
        func graph(_ id: Int) -> String {
            let trees = (0..<300).map { k in
                k == 299 ? #"{"desc":"Last","node":0,"children":[0,150]}"# : #"{"desc":"E\#(k)","node":\#(k % 2)}"#
            }
            return #"{"id":\#(id),"types":[{"name":"T"}],"nodes":[{"id":4,"type":0},{"id":8,"type":0}],"trees":["#
                + trees.joined(separator: ",") + "]}"
        }
        return #"{"version":2,"graphs":["# + graph(1) + "," + graph(3) + "]}"
    }

    func testEntriesAreConsecutivePerGraphAndLateParentsAreSet() throws {
        let url = dir.appendingPathComponent("trees.ag-json")
        try archive().write(to: url, atomically: true, encoding: .utf8)
        let importer = try importer()
        _ = try XCTUnwrap(imported(try importer.importItem(url.path)))
        let db = importer.db
        XCTAssertEqual(try db.textRows("SELECT graph_index, min(id), max(id), count(*), min(tree_index) FROM tree_items GROUP BY 1 ORDER BY 1"),
                       [["0", "1", "300", "300", "0"], ["1", "301", "600", "300", "0"]])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM tree_items WHERE id <> 300 * graph_index + tree_index + 1")?.intValue, 0)
        XCTAssertEqual(try db.textRows("SELECT graph_index, tree_index, parent_tree_index FROM trees WHERE parent_tree_index IS NOT NULL ORDER BY 1, 2"),
                       [["0", "0", "299"], ["0", "150", "299"], ["1", "0", "299"], ["1", "150", "299"]])
        XCTAssertEqual(try db.rows("PRAGMA integrity_check").map { $0[0].description }, ["ok"])
    }

    /// An older database's entries get ids in (snapshot, graph, tree) order and keep every column.
    func testTheMigrationKeepsOlderEntries() throws {
        let version = Schema.migrations.firstIndex { $0.contains("CREATE TABLE backtraces(") }!
        try makeOldDatabase(version: version, rows: """
            INSERT INTO snapshots(id, label) VALUES (1, 'a'), (2, 'b');
            INSERT INTO node_rows(id, snapshot_id, graph_index, node_index, attribute, type_index) VALUES (1, 1, 0, 0, 4, 0), (2, 2, 0, 0, 8, 0);
            INSERT INTO tree_items(snapshot_id, graph_index, tree_index, parent_tree_index, node_id, offset, description, flags, is_root, creator_node_id)
            VALUES (2, 0, 1, 0, 2, NULL, 'B1', NULL, 0, NULL), (1, 0, 0, NULL, 1, 8, 'A0', 1, 1, 1), (2, 0, 0, NULL, NULL, NULL, 'B0', NULL, 1, 2);
            """)
        let before = try Database(rawPath: dbPath, readOnly: true, create: false)
            .textRows("SELECT * FROM trees ORDER BY snapshot_id, graph_index, tree_index")
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        XCTAssertEqual(try db.textRows("SELECT * FROM trees ORDER BY snapshot_id, graph_index, tree_index"), before)
        XCTAssertEqual(try db.textRows("SELECT id, snapshot_id, tree_index FROM tree_items ORDER BY id"),
                       [["1", "1", "0"], ["2", "2", "0"], ["3", "2", "1"]])
        XCTAssertEqual(try db.rows("PRAGMA integrity_check").map { $0[0].description }, ["ok"])
    }
}
