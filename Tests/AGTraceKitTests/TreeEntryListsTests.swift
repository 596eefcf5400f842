import XCTest
@testable import AGTraceKit

/// A debug-tree entry's named values and listed nodes are kept in its own row as JSON arrays
/// (`tree_items.values_json`, `nodes_json`; schema 17); the views `tree_item_values` and
/// `tree_item_nodes` show them as the tables of those names did, in the same order.
final class TreeEntryListsTests: TemporaryDirectoryTestCase {
    /// Keys a JSON writer must escape, and one that only looks like a number.
    static let oddKeys = [#"say "hi""#, #"back\slash"#, "line\nbreak", "tab\there", "é → 🎉", "\u{1}", "\u{2028}", "42", ""]

    /// 300 entries in one graph (statements hold 128 rows, so lists span several); entry k
    /// has k % 3 values and k % 4 nodes, and entry 7 every odd key.
    func archive() -> String {
        let trees = (0..<300).map { k -> String in
            var keys = (0..<(k % 3)).map { "v\($0)" }
            if k == 7 { keys += Self.oddKeys }
            let values = keys.enumerated().map { i, key in
                let node = i % 2 == 0 ? #""node":\#((k + i) % 5),"# : ""
                let offset = i % 3 == 1 ? #""offset":\#(i * 8),"# : ""
                return "\(JSONText.quote(key)):{\(node)\(offset)\"x\":0}"
            }
            let nodes = (0..<(k % 4)).map { String((k + $0) % 5) }
            return #"{"desc":"E\#(k)","values":{\#(values.joined(separator: ","))},"nodes":[\#(nodes.joined(separator: ","))]}"#
        }
        let nodes = (0..<5).map { #"{"id":\#(4 * ($0 + 1)),"type":0}"# }.joined(separator: ",")
        return #"{"version":2,"graphs":[{"id":1,"types":[{"name":"T"}],"nodes":[\#(nodes)],"trees":[\#(trees.joined(separator: ","))]}]}"#
    }

    func testValuesAndNodesComeBackAsRowsInTheArchivesOrder() throws {
        let url = dir.appendingPathComponent("lists.ag-json")
        try archive().write(to: url, atomically: true, encoding: .utf8)
        let importer = try importer()
        _ = try XCTUnwrap(imported(try importer.importItem(url.path)))
        let db = importer.db

        var values: [[String]] = [], nodes: [[String]] = []
        for k in 0..<300 {
            var keys = (0..<(k % 3)).map { "v\($0)" }
            if k == 7 { keys += Self.oddKeys }
            for (i, key) in keys.enumerated() {
                values.append(["\(k)", key, i % 2 == 0 ? "\(4 * ((k + i) % 5 + 1))" : "", i % 3 == 1 ? "\(i * 8)" : ""])
            }
            for n in 0..<(k % 4) { nodes.append(["\(k)", "\(4 * ((k + n) % 5 + 1))"]) }
        }
        XCTAssertEqual(try db.textRows("SELECT tree_index, key, attribute, offset FROM tree_values"), values)
        XCTAssertEqual(try db.textRows("SELECT tree_index, attribute FROM tree_nodes"), nodes)
        // The views' columns keep the tables' types: keys are text even when they look like numbers.
        XCTAssertEqual(try db.textRows("SELECT typeof(key), typeof(node_id), typeof(offset) FROM tree_item_values WHERE tree_index = 7 AND key IN ('42', '')"),
                       [["text", "integer", "null"], ["text", "null", "null"]])
        XCTAssertEqual(try db.textRows("SELECT DISTINCT typeof(node_id) FROM tree_item_nodes"), [["integer"]])
        // An entry with none has NULL, not an empty array; every list is valid JSON.
        XCTAssertEqual(try db.textRows("SELECT typeof(values_json), typeof(nodes_json) FROM tree_items WHERE tree_index = 0"), [["null", "null"]])
        XCTAssertEqual(try db.textRows("SELECT values_json, nodes_json FROM tree_items WHERE tree_index = 5"),
                       [[#"[["v0",1,null],["v1",null,8]]"#, "[1]"]])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM tree_items WHERE NOT json_valid(coalesce(values_json, '[]')) OR NOT json_valid(coalesce(nodes_json, '[]'))")?.intValue, 0)
        XCTAssertEqual(try db.textRows("SELECT type, name FROM sqlite_master WHERE name IN ('tree_item_values', 'tree_item_nodes') ORDER BY name"),
                       [["view", "tree_item_nodes"], ["view", "tree_item_values"]])
    }

    /// Values and nodes of an entry whose row was already written are added to that row; one
    /// for an entry that never came is refused rather than dropped.
    func testALateValueOrNodeJoinsItsWrittenEntryAndAnOrphanIsRefused() throws {
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        try db.execute("BEGIN; INSERT INTO snapshots(id, label) VALUES (1, 's')")
        let store = try ArchiveStore(db: db, snapshotId: 1)
        for k in 0..<200 {
            try store.tree(TreeRecord(graphIndex: 0, treeIndex: k, parentTreeIndex: nil, nodeIndex: nil, offset: nil,
                                      description: "E\(k)", flags: nil, isRoot: k == 0))
        }
        try store.treeValue(TreeValueRecord(graphIndex: 0, treeIndex: 3, key: "late \"one\"", nodeIndex: 2, offset: 16))
        try store.treeNode(TreeNodeRecord(graphIndex: 0, treeIndex: 3, nodeIndex: 1))
        try store.treeNode(TreeNodeRecord(graphIndex: 0, treeIndex: 3, nodeIndex: 0))
        // The entry held back: a value, a node, then a value again (not the reader's order).
        try store.treeValue(TreeValueRecord(graphIndex: 0, treeIndex: 199, key: "held", nodeIndex: nil, offset: nil))
        try store.treeNode(TreeNodeRecord(graphIndex: 0, treeIndex: 199, nodeIndex: 4))
        try store.treeValue(TreeValueRecord(graphIndex: 0, treeIndex: 199, key: "after its nodes", nodeIndex: 0, offset: -1))
        try store.treeNode(TreeNodeRecord(graphIndex: 0, treeIndex: 199, nodeIndex: 3))
        try store.flush()
        XCTAssertEqual(try db.textRows("SELECT tree_index, key, node_id, offset FROM tree_item_values"),
                       [["3", "late \"one\"", "3", "16"], ["199", "held", "", ""], ["199", "after its nodes", "1", "-1"]])
        XCTAssertEqual(try db.textRows("SELECT tree_index, node_id FROM tree_item_nodes"), [["3", "2"], ["3", "1"], ["199", "5"], ["199", "4"]])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM tree_items")?.intValue, 200)
        XCTAssertThrowsError(try store.treeValue(TreeValueRecord(graphIndex: 0, treeIndex: 500, key: "orphan", nodeIndex: nil, offset: nil))) {
            XCTAssertTrue("\($0)".contains("tree entry 500 came before the entry"), "\($0)")
        }
        XCTAssertThrowsError(try store.treeNode(TreeNodeRecord(graphIndex: 0, treeIndex: 500, nodeIndex: 0))) { XCTAssertTrue("\($0)".contains("tree entry 500 came before the entry"), "\($0)") }
        try db.execute("ROLLBACK")
    }

    /// Rows as schema 16 stored them: values and nodes in tables of their own, appended in an
    /// order that is not the entries' (a later snapshot's rows first, an entry's rows apart).
    static let olderRows = """
        INSERT INTO snapshots(id, label) VALUES (1, 'a'), (2, 'b');
        INSERT INTO node_rows(id, snapshot_id, graph_index, node_index, attribute, type_index)
        VALUES (1, 1, 0, 0, 4, 0), (2, 1, 0, 1, 8, 0), (3, 2, 0, 0, 12, 0);
        INSERT INTO tree_items(id, snapshot_id, graph_index, tree_index, description) VALUES
          (1, 1, 0, 0, 'A0'), (2, 1, 0, 1, 'A1'), (3, 2, 0, 0, 'B0'), (4, 2, 0, 1, 'B1');
        INSERT INTO tree_item_values(snapshot_id, graph_index, tree_index, key, node_id, offset) VALUES
          (2, 0, 1, 'z', 3, NULL), (1, 0, 0, 'b', 2, 8), (1, 0, 1, 'q"uote', NULL, NULL), (1, 0, 0, 'a', 1, NULL),
          (2, 0, 1, '', 3, 0), (1, 0, 0, '7', NULL, 4);
        INSERT INTO tree_item_nodes(snapshot_id, graph_index, tree_index, node_id) VALUES
          (1, 0, 1, 2), (2, 0, 0, 3), (1, 0, 1, 1), (1, 0, 1, 2);
        """

    func testTheMigrationKeepsEveryValueAndNodeOfAnOlderDatabase() throws {
        let version = Schema.migrations.firstIndex { $0.contains("ADD COLUMN values_json") }!
        try makeOldDatabase(version: version, rows: Self.olderRows)
        let queries = ["SELECT * FROM tree_values", "SELECT * FROM tree_nodes",
                       "SELECT * FROM tree_item_values ORDER BY snapshot_id, graph_index, tree_index, rowid",
                       "SELECT * FROM tree_item_nodes ORDER BY snapshot_id, graph_index, tree_index, rowid",
                       "SELECT * FROM trees", "SELECT * FROM tree_views"]
        let old = try Database(rawPath: dbPath, readOnly: true, create: false)
        let before = try queries.map { try old.textRows($0) }
        XCTAssertEqual(before[2].count, 6)

        let db = try DatabaseOpener.open(dbPath, mode: .write)
        // The old tables' rows grouped by entry, each entry's in the order they were stored.
        let entryOrder = ["SELECT * FROM tree_item_values", "SELECT * FROM tree_item_nodes"]
        XCTAssertEqual(try db.textRows(entryOrder[0]), before[2])
        XCTAssertEqual(try db.textRows(entryOrder[1]), before[3])
        XCTAssertEqual(try db.textRows("SELECT tree_index, key, attribute, offset FROM tree_values WHERE snapshot_id = 1"),
                       [["0", "b", "8", "8"], ["0", "a", "4", ""], ["0", "7", "", "4"], ["1", "q\"uote", "", ""]])
        for (query, rows) in zip(queries, before) where !query.contains("tree_values") && !query.contains("tree_nodes") {
            XCTAssertEqual(try db.textRows(query), rows, query)
        }
        // Every row of the two named views is kept (the old tables listed them in the order
        // stored, the views now by entry: the same order for any database agtrace wrote).
        func sorted(_ rows: [[String]]) -> [[String]] { rows.sorted { $0.lexicographicallyPrecedes($1) } }
        XCTAssertEqual(sorted(try db.textRows("SELECT * FROM tree_values")), sorted(before[0]))
        XCTAssertEqual(sorted(try db.textRows("SELECT * FROM tree_nodes")), sorted(before[1]))
        XCTAssertEqual(try db.textRows("SELECT values_json, nodes_json FROM tree_items ORDER BY id"), [
            [#"[["b",2,8],["a",1,null],["7",null,4]]"#, ""],
            [#"[["q\"uote",null,null]]"#, "[2,1,2]"],
            ["", "[3]"],
            [#"[["z",3,null],["",3,0]]"#, ""],
        ])
        XCTAssertEqual(try db.textRows("SELECT type FROM sqlite_master WHERE name IN ('tree_item_values', 'tree_item_nodes')"), [["view"], ["view"]])
        XCTAssertEqual(try db.rows("PRAGMA integrity_check").map { $0[0].description }, ["ok"])
    }
}
