import Foundation
import XCTest
@testable import AGTraceKit

final class ReportDiffTests: XCTestCase {
    func testInvalidationSetsFiveDirtyBits() throws {
        let f = try ReportFixture()
        let d = try SnapshotDiff.compute(in: f.db, from: "trip-2-after-write", to: "trip-3-after-invalidate")
        XCTAssertEqual([d.nodesFrom, d.nodesTo, d.edgesFrom, d.edgesTo], [16, 16, 22, 22])
        XCTAssertEqual([d.nodesAdded, d.nodesRemoved, d.edgesAdded, d.edgesRemoved, d.flagsChanged, d.valuesChanged],
                       [0, 0, 0, 0, 5, 0])
        XCTAssertEqual(d.graphs.map { [$0.graphId, $0.updateDelta, $0.changeDelta, $0.transactionDelta] }, [[1, 0, 0, 0]])
        XCTAssertEqual(d.rules.map(\.rule), ["DynamicBody<ViewBodyAccessor<Trip>>", "LeafLayoutComputer<Text>",
                                             "RootDisplayList", "RootGeometry", "ViewLeafView<Text>"])
        XCTAssertEqual(d.rules.map(\.flagsChanged), [1, 1, 1, 1, 1])
    }

    func testBodyRunChangesValuesAndCounters() throws {
        let f = try ReportFixture()
        let d = try SnapshotDiff.compute(in: f.db, from: "trip-1-before", to: "trip-4-after-body")
        XCTAssertEqual([d.nodesAdded, d.nodesRemoved, d.edgesAdded, d.edgesRemoved, d.flagsChanged, d.valuesChanged],
                       [0, 0, 0, 0, 0, 3])
        let g = try XCTUnwrap(d.graphs.first)
        XCTAssertEqual(d.graphs.count, 1)
        XCTAssertEqual(g.updateCount.from, 14); XCTAssertEqual(g.updateCount.to, 19)
        XCTAssertEqual([g.updateDelta, g.changeDelta, g.transactionDelta], [5, 3, 1])
        XCTAssertEqual(d.rules.map(\.rule), ["DynamicBody<ViewBodyAccessor<Trip>>", "External<Trip>", "ViewLeafView<Text>"])
    }

    /// A graph's counters only grow within a process: a second snapshot where one is lower is
    /// an earlier dump or another process's, and every comparison of the two says so.
    func testCountersThatGoDownWarn() throws {
        let f = try ReportFixture()
        XCTAssertEqual(try SnapshotOrder.warnings(in: f.db, from: "trip-4-after-body", to: "trip-1-before"), [
            "graph 1's counters go down from 'trip-4-after-body' to 'trip-1-before' (update_count 19 → 14, change_count 25 → 22, "
            + "transaction_count 4 → 3): they only grow while a process runs, so 'trip-1-before' is no later dump of the same "
            + "process: an earlier one (give the earlier snapshot first) or another process's, where the same attribute ids name other nodes",
        ])
        XCTAssertEqual(try SnapshotOrder.warnings(in: f.db, from: "trip-1-before", to: "trip-4-after-body"), [])
        // Equal counters, and graphs of different ids, say nothing.
        XCTAssertEqual(try SnapshotOrder.warnings(in: f.db, from: "trip-2-after-write", to: "trip-3-after-invalidate"), [])
        XCTAssertEqual(try SnapshotOrder.warnings(in: f.db, from: "trip-4-after-body", to: "planner-profiled"), [])
        // The reports over two snapshots carry it; their rows are unchanged.
        let churn = try ReportRunner.run(ReportRequest(name: "edge-churn", options: ["from": "trip-4-after-body", "to": "trip-1-before"]),
                                         in: f.db, writer: RowCollector())
        XCTAssertEqual(churn.warnings.count, 1)
        XCTAssertTrue(churn.warnings[0].hasPrefix("graph 1's counters go down"), churn.warnings[0])
        let walks = try ReportRunner.run(ReportRequest(name: "dirty-walks", options: ["from": "trip-1-before", "to": "trip-4-after-body"]),
                                         in: f.db, writer: RowCollector())
        XCTAssertEqual(walks.warnings, [])
    }

    /// Only counters both archives hold are compared: one an archive left out is not 0.
    func testCountersLeftOutDoNotWarn() throws {
        let f = try ReportFixture(samples: false)
        try f.archive("counted", #"{"version":2,"graphs":[{"id":1,"update_count":50,"change_count":40,"transaction_count":3,"types":[],"nodes":[],"edges":[]}]}"#)
        try f.archive("uncounted", #"{"version":2,"graphs":[{"id":1,"types":[],"nodes":[],"edges":[]}]}"#)
        try f.archive("fewer", #"{"version":2,"graphs":[{"id":1,"update_count":49,"types":[],"nodes":[],"edges":[]}]}"#)
        XCTAssertEqual(try SnapshotOrder.warnings(in: f.db, from: "counted", to: "uncounted"), [])
        let fewer = try SnapshotOrder.warnings(in: f.db, from: "counted", to: "fewer")
        XCTAssertEqual(fewer.count, 1)
        XCTAssertTrue(fewer[0].hasPrefix("graph 1's counters go down from 'counted' to 'fewer' (update_count 50 → 49): "), fewer[0])
    }

    func testIdentityAndMultisetCounts() throws {
        let f = try ReportFixture(samples: false)
        try f.archive("before", ReportEdgeChurnTests.before)
        try f.archive("after", ReportEdgeChurnTests.after)
        let d = try SnapshotDiff.compute(in: f.db, from: "before", to: "after")
        // Nodes: 100 Body<A> -> Body<B> (one removal, one addition), 500 removed, 700 added.
        // Of the nodes in both, 300 and 400 changed flags and 300 its value.
        XCTAssertEqual([d.nodesAdded, d.nodesRemoved, d.edgesAdded, d.edgesRemoved, d.flagsChanged, d.valuesChanged],
                       [2, 2, 5, 5, 2, 1])
        XCTAssertEqual([d.nodesFrom, d.nodesTo, d.edgesFrom, d.edgesTo], [5, 5, 9, 9])
        let body = try XCTUnwrap(d.rules.first { $0.rule == "Body<B>" })
        XCTAssertEqual([body.nodesAdded, body.edgesAdded, body.edgesRemoved], [1, 1, 0])
        let leaf = try XCTUnwrap(d.rules.first { $0.rule == "Leaf" })
        XCTAssertEqual([leaf.edgesAdded, leaf.edgesRemoved, leaf.flagsChanged, leaf.valuesChanged], [2, 2, 1, 1])
    }

    /// Values compare as NULL, empty or their bytes, whether the snapshots are read in storage
    /// order (digests) or through the attribute index (flags past 32 bits send them there).
    func testValuesCompareAsNullEmptyOrBytesOnBothPaths() throws {
        func archive(_ values: [String?], flags: Int64) -> String {
            let nodes = values.enumerated().map { i, v in
                "{\"id\":\((i + 1) * 4),\"type\":0,\"flags\":\(flags)" + (v.map { ",\"value\":\"\($0)\"" } ?? "") + "}"
            }
            return #"{"graphs":[{"id":1,"types":[{"name":"T"}],"nodes":["# + nodes.joined(separator: ",") + "]}]}"
        }
        let long = String(repeating: "v", count: 1000)
        let before: [String?] = [nil, "", nil, "a", "a", long, long + "x", "same"]
        let after: [String?] = [nil, "", "", nil, "b", long, long + "y", "same"]
        for flags: Int64 in [1, 1 << 40] {
            let f = try ReportFixture(samples: false)
            try f.archive("before", archive(before, flags: flags))
            try f.archive("after", archive(after, flags: flags))
            let d = try SnapshotDiff.compute(in: f.db, from: "before", to: "after")
            XCTAssertEqual([d.nodesAdded, d.nodesRemoved, d.flagsChanged, d.valuesChanged], [0, 0, 0, 4], "flags \(flags)")
        }
        let digest = { (text: String?) -> ValueDigest in
            guard let text else { return ValueDigest(nil) }
            return Array(text.utf8).withUnsafeBufferPointer { ValueDigest($0) }
        }
        XCTAssertNotEqual(digest(nil), digest(""))
        XCTAssertEqual(digest("abc"), digest("abc"))
        XCTAssertNotEqual(digest("abc"), digest("abd"))
        XCTAssertNotEqual(digest("a"), digest("a\u{0}"))
    }

    /// --details names nodes by their type's row, read once per type: the same rule text is the
    /// same node in both dumps whatever its type's index, another text is a node removed and one
    /// added, a value compares by its bytes (NULL apart from ""), and a node whose type has no
    /// row is not listed (as the join it replaced dropped it).
    func testDetailsNameNodesByTheirTypesRows() throws {
        let before = #"{"graphs":[{"id":1,"types":[{"name":"A"},{"name":"B"},{"name":"C"}],"nodes":["#
            + #"{"id":4,"type":0,"flags":1,"value":"x"},{"id":8,"type":1,"flags":1},{"id":12,"type":2,"flags":1,"value":""},"#
            + #"{"id":16,"type":2,"flags":1,"value":"same"}]}]}"#
        let after = #"{"graphs":[{"id":1,"types":[{"name":"C"},{"name":"A"},{"name":"D"}],"nodes":["#
            + #"{"id":4,"type":1,"flags":2,"value":"y"},{"id":8,"type":2,"flags":1},{"id":12,"type":0,"flags":1},"#
            + #"{"id":16,"type":0,"flags":1,"value":"same"}]}]}"#
        let f = try ReportFixture(samples: false)
        try f.archive("before", before)
        try f.archive("after", after)
        func details() throws -> [String] {
            try SnapshotDiff.details(in: f.db, from: "before", to: "after").map { row in
                row.map { $0 == .null ? "NULL" : "\($0)" }.joined(separator: " ")
            }
        }
        XCTAssertEqual(try details(), [
            "changed 4 A NULL flags 1 2", "changed 4 A NULL value x y",
            "added 8 D NULL node NULL NULL", "removed 8 B NULL node NULL NULL",
            "changed 12 C NULL value  NULL",
        ])
        // A type with no row: its nodes are in no list of --details.
        try f.db.execute("DELETE FROM types WHERE name = 'D'")
        XCTAssertEqual(try details(), [
            "changed 4 A NULL flags 1 2", "changed 4 A NULL value x y", "removed 8 B NULL node NULL NULL", "changed 12 C NULL value  NULL",
        ])
    }

    /// --details merges the edges on a second connection while it merges the nodes: the rows are
    /// those of one connection doing both (an in-memory copy, which has no second connection),
    /// and the HTML page's node rows are the same rows without the edges'.
    func testDetailsAreTheSameWithOrWithoutASecondConnection() throws {
        let f = try ReportFixture(samples: false)
        try f.archive("before", ReportEdgeChurnTests.before)
        try f.archive("after", ReportEdgeChurnTests.after)
        let memory = try f.memoryCopy()
        let both = try SnapshotDiff.details(in: f.db, from: "before", to: "after")
        XCTAssertTrue(both.contains { $0[4].stringValue?.hasPrefix("input ") == true }, "\(both)")
        XCTAssertTrue(both.contains { $0[4] == .text("node") }, "\(both)")
        XCTAssertEqual(try SnapshotDiff.details(in: memory, from: "before", to: "after"), both)
        XCTAssertEqual(try SnapshotDiff.nodeDetails(in: f.db, from: "before", to: "after"),
                       both.filter { $0[4].stringValue?.hasPrefix("input ") != true })
    }

    /// Flags a dump leaves out are unknown, not 0: a node whose flags only one side gives (or
    /// neither) is not counted as changed, on both read paths (flags past 32 bits send the
    /// snapshots through the attribute index); the warning counts them, --details lists only
    /// known changes, and edges whose flags one side leaves out are not compared by flags.
    func testFlagsLeftOutAreUnknownNotZero() throws {
        func node(_ id: Int, _ flags: Int64?) -> String {
            "{\"id\":\(id),\"type\":0" + (flags.map { ",\"flags\":\($0)" } ?? "") + "}"
        }
        func archive(_ nodes: [String], _ edges: [String]) -> String {
            #"{"graphs":[{"id":1,"types":[{"name":"T"}],"nodes":["# + nodes.joined(separator: ",") + #"],"edges":["#
                + edges.joined(separator: ",") + "]}]}"
        }
        for big: Int64 in [1, 1 << 40] {
            // 4: none -> 8; 8: 1 -> 9 (changed); 12: none -> none; 16: 0 -> none; 20: the same either way.
            let before = archive([node(4, nil), node(8, 1), node(12, nil), node(16, 0), node(20, big)],
                                 [#"{"src":0,"dst":1,"flags":0}"#, #"{"src":2,"dst":3,"flags":0}"#])
            let after = archive([node(4, 8), node(8, 9), node(12, nil), node(16, nil), node(20, big)],
                                [#"{"src":0,"dst":1,"flags":8}"#, #"{"src":2,"dst":3}"#])
            let f = try ReportFixture(samples: false)
            try f.archive("before", before)
            try f.archive("after", after)
            let d = try SnapshotDiff.compute(in: f.db, from: "before", to: "after")
            XCTAssertEqual([d.nodesAdded, d.nodesRemoved, d.flagsChanged, d.flagsUnknown], [0, 0, 1, 3], "flags \(big)")
            XCTAssertEqual(d.flagsWarning, "3 nodes present in both 'before' and 'after' have no flags in one dump or both "
                + "(its writer left `flags` out): unknown, so not compared; the flags changes counted are those of nodes "
                + "whose flags both dumps give")
            XCTAssertEqual(try SnapshotDiff.detailsFlagsWarning(in: f.db, from: "before", to: "after"), d.flagsWarning)
            // The merge behind --details counts them as the query does.
            XCTAssertEqual(try SnapshotDiff.detailsWithFlagsWarning(in: f.db, from: "before", to: "after").warning, d.flagsWarning)
            let rows = try SnapshotDiff.details(in: f.db, from: "before", to: "after")
            XCTAssertEqual(rows.map { [$0[0].stringValue, $0[1].intValue.map(String.init), $0[4].stringValue,
                                       $0[5].intValue.map(String.init) ?? $0[5].stringValue,
                                       $0[6].intValue.map(String.init) ?? $0[6].stringValue] },
                           [["changed", "8", "flags", "1", "9"], ["changed", "8", "input 4", "0", "8"]], "flags \(big)")
        }
        let f = try ReportFixture(samples: false)
        try f.archive("a", archive([node(4, 1)], []))
        try f.archive("b", archive([node(4, 1), node(8, 0)], []))
        XCTAssertNil(try SnapshotDiff.compute(in: f.db, from: "a", to: "b").flagsWarning)
        XCTAssertNil(try SnapshotDiff.detailsFlagsWarning(in: f.db, from: "a", to: "b"))
        XCTAssertNil(try SnapshotDiff.detailsWithFlagsWarning(in: f.db, from: "a", to: "b").warning)
    }

    /// Node rows stored out of attribute order (nodes listed backwards) send the comparison
    /// from its storage-order read back to the ordered query: the same answers.
    func testNodesStoredOutOfAttributeOrderCompareTheSame() throws {
        func reversed(_ document: String) throws -> String {
            var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
            var graphs = try XCTUnwrap(json["graphs"] as? [[String: Any]])
            let nodes = try XCTUnwrap(graphs[0]["nodes"] as? [[String: Any]])
            let edges = try XCTUnwrap(graphs[0]["edges"] as? [[String: Any]])
            // Node i becomes node n-1-i; edges name nodes by index.
            let n = nodes.count
            graphs[0]["nodes"] = Array(nodes.reversed())
            graphs[0]["edges"] = edges.map { e -> [String: Any] in
                var e = e
                e["src"] = n - 1 - (e["src"] as! Int)
                e["dst"] = n - 1 - (e["dst"] as! Int)
                return e
            }
            json["graphs"] = graphs
            return String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        }
        let f = try ReportFixture(samples: false)
        try f.archive("before", ReportEdgeChurnTests.before)
        try f.archive("after", ReportEdgeChurnTests.after)
        try f.archive("before-backwards", try reversed(ReportEdgeChurnTests.before))
        try f.archive("after-backwards", try reversed(ReportEdgeChurnTests.after))
        XCTAssertEqual(try f.db.rows("SELECT attribute FROM node_rows n JOIN snapshots s ON s.id = n.snapshot_id WHERE s.label = 'before-backwards' ORDER BY n.id")
                        .map { $0[0].intValue }, [500, 400, 300, 200, 100])
        let ordered = try SnapshotDiff.compute(in: f.db, from: "before", to: "after")
        for (from, to) in [("before-backwards", "after"), ("before", "after-backwards"), ("before-backwards", "after-backwards")] {
            var d = try SnapshotDiff.compute(in: f.db, from: from, to: to)
            d.from = ordered.from
            d.to = ordered.to
            XCTAssertEqual(d, ordered, "\(from) -> \(to)")
        }
    }

    func testGraphsPairByIdAndMissingCountersAreZero() throws {
        let f = try ReportFixture(samples: false)
        try f.archive("x", ArchiveJSON.document([
            ArchiveJSON.Graph(id: 1, types: ["A"], nodes: [(4, "A", 0, nil)], edges: [], counters: ["update_count": 5]),
            ArchiveJSON.Graph(id: 2, types: ["A"], nodes: [(8, "A", 0, nil)], edges: [], counters: ["update_count": 1, "transaction_count": 1]),
        ]))
        try f.archive("y", ArchiveJSON.document([
            ArchiveJSON.Graph(id: 3, types: ["A"], nodes: [(12, "A", 0, nil)], edges: [], counters: ["change_count": 2]),
            ArchiveJSON.Graph(id: 1, types: ["A"], nodes: [(4, "A", 0, nil)], edges: [], counters: ["update_count": 9, "change_count": 4]),
        ]))
        let d = try SnapshotDiff.compute(in: f.db, from: "x", to: "y")
        let byId = Dictionary(uniqueKeysWithValues: d.graphs.map { ($0.graphId!, $0) })
        XCTAssertEqual(byId.count, 3)
        XCTAssertEqual([byId[1]!.updateDelta, byId[1]!.changeDelta, byId[1]!.transactionDelta], [4, 4, 0])
        XCTAssertEqual([byId[2]!.updateDelta, byId[2]!.changeDelta, byId[2]!.transactionDelta], [-1, 0, -1])
        XCTAssertNil(byId[2]!.updateCount.to)
        XCTAssertEqual([byId[3]!.updateDelta, byId[3]!.changeDelta, byId[3]!.transactionDelta], [0, 2, 0])
        XCTAssertEqual(byId[3]!.changeCount.from, nil)
        XCTAssertEqual([d.nodesAdded, d.nodesRemoved], [1, 1])
    }

    func testJSONObject() throws {
        let f = try ReportFixture()
        let d = try SnapshotDiff.compute(in: f.db, from: "trip-1-before", to: "trip-4-after-body")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(d.json().utf8)) as? [String: Any])
        for key in ["nodes_added", "nodes_removed", "edges_added", "edges_removed", "flags_changed"] {
            XCTAssertEqual(object[key] as? Int, 0, key)
        }
        XCTAssertEqual(object["values_changed"] as? Int, 3)
        XCTAssertEqual(object["from"] as? String, "trip-1-before")
        let graphs = try XCTUnwrap(object["graphs"] as? [[String: Any]])
        XCTAssertEqual(graphs.count, 1)
        XCTAssertEqual(graphs[0]["graph_id"] as? Int, 1)
        XCTAssertEqual(graphs[0]["update_count"] as? Int, 5)
        XCTAssertEqual(graphs[0]["change_count"] as? Int, 3)
        XCTAssertEqual(graphs[0]["transaction_count"] as? Int, 1)
        XCTAssertEqual(graphs[0]["update_count_from"] as? Int, 14)
        XCTAssertEqual(graphs[0]["update_count_to"] as? Int, 19)
        let rules = try XCTUnwrap(object["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["rule"] as? String }, ["DynamicBody<ViewBodyAccessor<Trip>>", "External<Trip>", "ViewLeafView<Text>"])
    }

    func testSummaryAndCSV() throws {
        let f = try ReportFixture()
        let d = try SnapshotDiff.compute(in: f.db, from: "trip-2-after-write", to: "trip-3-after-invalidate")
        let sink = StringSink()
        d.writeSummary(format: .table, to: sink, topRules: 2)
        XCTAssertEqual(sink.text, """
            trip-2-after-write → trip-3-after-invalidate

                         from  to  added  removed  changed
            -----------  ----  --  -----  -------  -------
            nodes        16    16  0      0        
            edges        22    22  0      0        
            node flags                             5
            node values                            0

            graph counters
            graph  graph_id  update_count  change_count  transaction_count
            -----  --------  ------------  ------------  -----------------
            0      1         14 → 14 (+0)  22 → 22 (+0)  4 → 4 (+0)

            biggest changes by rule (2 of 5)
            rule                                 nodes_added  nodes_removed  edges_added  edges_removed  flags_changed  values_changed
            -----------------------------------  -----------  -------------  -----------  -------------  -------------  --------------
            DynamicBody<ViewBodyAccessor<Trip>>  0            0              0            0              1              0
            LeafLayoutComputer<Text>             0            0              0            0              1              0

            """)
        let csv = StringSink()
        RowWriter(format: .csv, out: csv).write(columns: SnapshotDiff.csvColumns, rows: d.csvRows())
        XCTAssertEqual(csv.text.split(separator: "\n").prefix(3), [
            "scope,name,nodes_added,nodes_removed,edges_added,edges_removed,flags_changed,values_changed,update_count,change_count,transaction_count",
            "total,,0,0,0,0,5,0,0,0,0",
            // The graph named as the report tables' `graph` column names it: its place, 0.
            "graph,0,,,,,,,0,0,0",
        ])
    }
}
