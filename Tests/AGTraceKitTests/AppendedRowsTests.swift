import XCTest
@testable import AGTraceKit

/// Node rows and tree entries that come one past the table's largest id are written by
/// statements that leave the id out (SQLite gives the next one) and carry the snapshot's id
/// as a constant. Rows that do not (a gap, an index written before a smaller one, a second
/// snapshot in the same database) must still get the ids their graphs give them.
final class AppendedRowsTests: TemporaryDirectoryTestCase {
    private func node(_ index: Int, graph: Int = 0) -> NodeRecord {
        NodeRecord(graphIndex: graph, nodeIndex: index, attribute: UInt32(4 * (index + 1)), typeIndex: 0,
                   description: "N\(index)", value: nil, flags: nil, subgraphFlags: nil)
    }

    private func entry(_ index: Int, graph: Int = 0) -> TreeRecord {
        TreeRecord(graphIndex: graph, treeIndex: index, parentTreeIndex: nil, nodeIndex: nil, offset: nil,
                   description: "E\(index)", flags: nil, isRoot: index == 0)
    }

    func testRowsInOrderOutOfOrderAndInALaterSnapshotGetTheirGraphsIds() throws {
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        try db.execute("BEGIN; INSERT INTO snapshots(id, label) VALUES (7, 'a'), (9, 'b')")
        let first = try ArchiveStore(db: db, snapshotId: 7)
        try first.graph(GraphRecord(graphIndex: 0, nodeCount: 400))
        // 300 in order (more than two statements' worth), then a gap, then back below it.
        let order = Array(0..<300) + [350, 351, 300] + Array(352..<400) + Array(301..<350)
        for k in order { try first.node(node(k)) }
        for k in Array(0..<200) + [260, 200] + Array(261..<300) + Array(201..<260) { try first.tree(entry(k)) }
        try first.flush()

        let second = try ArchiveStore(db: db, snapshotId: 9)
        try second.graph(GraphRecord(graphIndex: 0, nodeCount: 10))
        for k in 0..<10 { try second.node(node(k)) }
        for k in 0..<5 { try second.tree(entry(k)) }
        try second.flush()

        XCTAssertEqual(try db.textRows("""
            SELECT snapshot_id, count(*), min(id), max(id), sum(id = (SELECT first_node_id FROM graphs g
                WHERE g.snapshot_id = n.snapshot_id AND g.graph_index = n.graph_index) + node_index),
                sum(description = 'N' || node_index)
            FROM node_rows n GROUP BY snapshot_id ORDER BY 1
            """), [["7", "400", "1", "400", "400", "400"], ["9", "10", "401", "410", "10", "10"]])
        // A graph's entry k is its entry 0's id + k, whatever order they came in.
        XCTAssertEqual(try db.textRows("""
            SELECT snapshot_id, count(*), min(id), max(id), sum(id - tree_index = (SELECT min(id) FROM tree_items f
                WHERE f.snapshot_id = t.snapshot_id AND f.tree_index = 0)), sum(description = 'E' || tree_index)
            FROM tree_items t GROUP BY snapshot_id ORDER BY 1
            """), [["7", "300", "1", "300", "300", "300"], ["9", "5", "301", "305", "5", "5"]])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM edges")?.intValue, 0)
        try db.execute("ROLLBACK")
    }
}
