import XCTest
@testable import AGTraceKit

/// `ViewName.fromRule` and the `node_views` view built on it (docs/schema.md).
final class NodeViewsTests: XCTestCase {
    func testRuleNamesAViewOrModifierWithItsGenericArguments() {
        let cases = [
            ("StaticBody<ViewBodyAccessor<Trip>, MainThreadFlags>", "Trip"),
            ("DynamicBody<ViewBodyAccessor<Planner>>", "Planner"),
            ("DynamicBody<ViewBodyAccessor<List<Int, Row>>>", "List<Int, Row>"),
            ("StaticBody<ViewBodyAccessor<Editor.Label>, Text>", "Editor.Label"),
            ("DynamicBody<ModifierBodyAccessor<RootModifier>, MainThreadFlags>", "RootModifier"),
            ("StaticBody<ViewBodyAccessor<TabView<Int, NavigationSplitView<AView, EmptyView, Text>>>, MainThreadFlags>",
             "TabView<Int, NavigationSplitView<AView, EmptyView, Text>>"),
        ]
        for (rule, view) in cases { XCTAssertEqual(ViewName.fromRule(rule), view, rule) }
    }

    func testOtherRulesNameNoView() {
        for rule in ["External<Trip>", "ViewLeafView<Text>", "StaticBody<SceneBodyAccessor<WindowGroup<Text>>, MainThreadFlags>",
                     "StaticBody<AppBodyAccessor<App>, MainThreadFlags>", "StaticBody<ViewBodyAccessor<Trip", "StaticBody<ViewBodyAccessor<>>",
                     "Body<Int>", "", "StaticBody<ViewBodyAccessor<A>B>"] {
            XCTAssertNil(ViewName.fromRule(rule), rule)
        }
    }

    func testTheSQLFunctionIsTheSwiftOne() throws {
        let db = try Database(rawPath: ":memory:", readOnly: false, create: true)
        XCTAssertEqual(try db.scalar("SELECT agtrace_view_name('DynamicBody<ViewBodyAccessor<List<Int, Row>>>')"), .text("List<Int, Row>"))
        XCTAssertEqual(try db.scalar("SELECT agtrace_view_name('External<()>')"), .null)
        XCTAssertEqual(try db.scalar("SELECT agtrace_view_name(NULL)"), .null)
    }

    /// A body rule names its node; otherwise the debug-tree entry whose own node it is, else the
    /// deepest entry listing it in `nodes` or `values`; nodes with neither are left out.
    func testNodeViewsFromBodiesAndTheDebugTree() throws {
        let f = try ReportFixture(samples: false)
        try f.archive("tree", """
            {"version": 2, "graphs": [{"id": 1,
              "types": [{"id": 1, "name": "External<Row>"}, {"id": 2, "name": "DynamicBody<ViewBodyAccessor<List<Int, Row>>>"},
                        {"id": 3, "name": "ViewLeafView<Text>"}],
              "nodes": [{"id": 100, "type": 0}, {"id": 104, "type": 1}, {"id": 108, "type": 2}, {"id": 112, "type": 2},
                        {"id": 116, "type": 2}, {"id": 120, "type": 0}],
              "edges": [{"src": 0, "dst": 1}, {"src": 1, "dst": 2, "flags": 8}],
              "trees": [{"desc": "Outer", "root": true, "children": [1], "nodes": [1, 3, 4]},
                        {"desc": "Row", "node": 0, "children": [2], "nodes": [3]},
                        {"desc": "Text", "node": 2, "values": {"x": {"node": 4}}}]}]}
            """)
        let rows = try f.db.rows("SELECT attribute, view, source FROM node_views ORDER BY attribute")
            .map { $0.map(\.description).joined(separator: " ") }
        XCTAssertEqual(rows, ["100 Row tree", "104 List<Int, Row> body", "108 Text tree", "112 Row tree", "116 Text tree"])
        XCTAssertEqual(try f.db.scalar("SELECT count(*) FROM edges WHERE offset = 0 AND flags = 0"), .integer(1))
    }

    /// Tree rows are held back and written many per statement: a parent listed after its
    /// children reaches both the rows already written (a statement's worth) and those still
    /// held back.
    func testParentsListedAfterTheirChildrenAreStored() throws {
        let f = try ReportFixture(samples: false)
        let n = ArchiveStore.treeRowsPerStatement + 8
        let leaves = (0..<n).map { #"{"desc": "Leaf\#($0)", "nodes": [0]}"# }.joined(separator: ", ")
        try f.archive("late-parent", """
            {"version": 2, "graphs": [{"id": 1, "types": [{"id": 1, "name": "External<()>"}],
              "nodes": [{"id": 4, "type": 0}],
              "trees": [\(leaves), {"desc": "Root", "root": true, "children": [\((0..<n).map(String.init).joined(separator: ", "))]}]}]}
            """)
        XCTAssertEqual(try f.db.scalar("SELECT count(*) FROM tree_items WHERE parent_tree_index = \(n)"), .integer(Int64(n)))
        XCTAssertEqual(try f.db.scalar("SELECT count(*) FROM tree_items WHERE parent_tree_index IS NULL"), .integer(1))
        XCTAssertEqual(try f.db.scalar("SELECT count(*) FROM tree_nodes WHERE attribute = 4"), .integer(Int64(n)))
        XCTAssertEqual(try f.db.scalar("SELECT view FROM node_views WHERE attribute = 4"), .text("Leaf0"))
    }

    /// The import names nodes as their records pass; the migration's step from the stored
    /// rows (`TreeNaming.nameStoredSnapshots`). Both give the same rows, damaged trees
    /// included.
    func testImportAndMigrationNameTheSameNodes() throws {
        let f = try ReportFixture()
        for name in ["planner-after-invalidate.ag-json"] {
            _ = try Importer(database: f.db).importFile(ReportFixture.sampleArchives.appendingPathComponent("why/" + name).path)
        }
        let shared = TestPaths.shared.appendingPathComponent("real-archives")
        for name in ["gesture-window.ag-json", "text-window.ag-json"] {
            let path = shared.appendingPathComponent(name).path
            if FileManager.default.fileExists(atPath: path) { _ = try Importer(database: f.db).importFile(path) }
        }
        // A loop (2 -> 3 -> 2) below no root, two entries owning one node, a deep chain.
        try f.archive("odd", """
            {"version": 2, "graphs": [{"id": 1, "types": [{"id": 1, "name": "External<()>"}],
              "nodes": [{"id": 4, "type": 0}, {"id": 8, "type": 0}, {"id": 12, "type": 0}, {"id": 16, "type": 0}],
              "trees": [{"desc": "Root", "root": true, "children": [1], "nodes": [0, 1, 2, 3]},
                        {"desc": "Mid", "node": 1, "children": [4], "nodes": [2]},
                        {"desc": "LoopA", "children": [3], "nodes": [3]},
                        {"desc": "LoopB", "children": [2], "values": {"x": {"node": 3}}},
                        {"desc": "Deep", "node": 1, "nodes": [2]}]}]}
            """)
        // Three node rows sharing one attribute, named by three entries: the smallest name wins.
        try f.archive("twins", """
            {"version": 2, "graphs": [{"id": 1, "types": [{"id": 1, "name": "External<()>"}],
              "nodes": [{"id": 4, "type": 0}, {"id": 4, "type": 0}, {"id": 4, "type": 0}, {"id": 8, "type": 0}],
              "trees": [{"desc": "Zeta", "root": true, "children": [1, 2], "nodes": [0]},
                        {"desc": "Alpha", "nodes": [1]},
                        {"desc": "Mid", "nodes": [2, 3]}]}]}
            """)
        let twins = "SELECT attribute, view FROM tree_views WHERE snapshot_id = (SELECT id FROM snapshots WHERE label = 'twins') ORDER BY 1"
        XCTAssertEqual(try f.db.textRows(twins), [["4", "Alpha"], ["8", "Mid"]])
        let query = "SELECT snapshot_id, graph_index, attribute, view FROM tree_views ORDER BY 1, 2, 3"
        let imported = try f.db.textRows(query)
        XCTAssertTrue(imported.contains { $0[3] == "Deep" }, "\(imported)")
        try f.db.execute("DELETE FROM tree_views")
        try TreeNaming.nameStoredSnapshots(in: f.db)
        XCTAssertEqual(try f.db.textRows(query), imported)
        XCTAssertGreaterThan(imported.count, 10)
    }
}
