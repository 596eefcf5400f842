import XCTest
@testable import AGTraceKit

/// A dump of two graphs whose attribute ids overlap: an id is unique per graph, not per dump.
/// A run's hit of an id both graphs hold with different rules or views is named by neither
/// (empty, and a note says why); an id both hold alike, or one graph alone holds, is named.
final class RunSharedIdsTests: XCTestCase {
    func fixture() throws -> ReportFixture {
        let f = try ReportFixture(samples: false)
        try f.archive("two", """
            {"version": 2, "graphs": [
              {"id": 1, "types": [{"id": 1, "name": "DynamicBody<ViewBodyAccessor<Feed>>"}, {"id": 2, "name": "TextRule"}],
               "nodes": [{"id": 100, "type": 0}, {"id": 104, "type": 1}, {"id": 108, "type": 1}]},
              {"id": 2, "types": [{"id": 1, "name": "DynamicBody<ViewBodyAccessor<Inspector>>"}, {"id": 2, "name": "TextRule"}],
               "nodes": [{"id": 100, "type": 0}, {"id": 104, "type": 1}, {"id": 200, "type": 0}]}]}
            """)
        // 100: Feed's body in one graph, Inspector's in the other; 104: TextRule in both; 108, 200: one graph each.
        try f.run("hits", [(.update, 100, nil), (.update, 100, nil), (.update, 104, nil), (.update, 108, nil), (.update, 200, nil)])
        return f
    }

    func testAnAmbiguousIdIsNotNamedAndTheNoteSaysWhy() throws {
        let f = try fixture()
        let byRule = try ReportRunner.rows(ReportRequest(name: "updates", options: ["run": "hits", "snapshot": "two"]), in: f.db)
        XCTAssertEqual(byRule.rows.map { $0.map(\.description) }, [
            ["100", "2", ""], ["104", "1", "TextRule"], ["108", "1", "TextRule"],
            ["200", "1", "DynamicBody<ViewBodyAccessor<Inspector>>"],
        ])
        let byView = try ReportRunner.rows(ReportRequest(name: "updates", options: ["run": "hits", "snapshot": "two"], by: "view"), in: f.db)
        XCTAssertEqual(byView.rows.map { $0.map(\.description) }, [["", "4", "3"], ["Inspector", "1", "1"]],
                       "100 is Feed in one graph and Inspector in the other: neither")
        let match = try RunSnapshotMatch.check(in: f.db, run: try LabelLookup.runId("hits", in: f.db), runLabel: "hits",
                                               snapshot: try LabelLookup.snapshotId("two", in: f.db), snapshotLabel: "two")
        XCTAssertEqual(match.ambiguous, [100])
        XCTAssertEqual(match.warning, "1 of 4 attributes of run 'hits' are held by several graphs of snapshot 'two' with different rules or views (100): an id is unique per graph, not per dump, so their hits are not named by it (empty rule and view)")
        let outcome = try ReportRunner.run(ReportRequest(name: "updates", options: ["run": "hits", "snapshot": "two"]), in: f.db, writer: RowCollector())
        XCTAssertEqual(outcome.warnings, [match.warning!])
        // The view lookup commands use (why --run, walk, export) answers nil for it too.
        let views = NodeViews(in: f.db, snapshot: try LabelLookup.snapshotId("two", in: f.db))
        XCTAssertNil(views[100])
        XCTAssertEqual(views[200], "Inspector")
        var names = try NodeNames(db: f.db, snapshot: try LabelLookup.snapshotId("two", in: f.db))
        XCTAssertEqual(try names.name(100), NodeNames.Name(rule: nil, view: nil))
        XCTAssertEqual(try names.name(104), NodeNames.Name(rule: "TextRule", view: nil))
        XCTAssertEqual(try names.name(108)?.rule, "TextRule")
        XCTAssertNil(try names.name(999))
    }

    func testBaselineKeysDoNotPickAGraph() throws {
        let f = try fixture()
        let byView = try UpdateCounts.run("hits", key: .view, namingSnapshot: "two", in: f.db)
        XCTAssertEqual(byView.entries[UpdateCounts.ambiguousKey]?.updates, 2)
        XCTAssertNil(byView.entries["Feed"])
        let byRule = try UpdateCounts.run("hits", key: .rule, namingSnapshot: "two", in: f.db)
        XCTAssertEqual(byRule.entries["(attribute 100)"]?.updates, 2)
        XCTAssertEqual(byRule.entries["TextRule"]?.updates, 2)
    }
}
