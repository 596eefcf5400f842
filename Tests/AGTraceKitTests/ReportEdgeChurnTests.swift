import Foundation
import XCTest
@testable import AGTraceKit

final class ReportEdgeChurnTests: XCTestCase {
    static let types = ["External<()>", "Body<A>", "Leaf", "Root", "Body<B>"]

    /// Before: 100 is Body<A>; 200 -> 300 three times, once more through offset 16; 300 -> 400
    /// with an explicit offset 0; 500 is read by 400.
    static let before = ArchiveJSON.document([ArchiveJSON.Graph(id: 1, types: types, nodes: [
        (100, "Body<A>", 8, "a"), (200, "External<()>", 8, nil), (300, "Leaf", 8, "t"),
        (400, "Root", 8, "r"), (500, "External<()>", 0, nil),
    ], edges: [
        (200, 100, nil, 0), (100, 300, nil, 0), (200, 300, nil, 0), (200, 300, nil, 0), (200, 300, nil, 0),
        (200, 300, 16, 0), (300, 400, 0, 0), (500, 400, nil, 0), (100, 400, nil, 0),
    ])])

    /// After: 100 was destroyed and its id reused by a Body<B> with the same edges; 200 -> 300
    /// lost one copy, the offset-16 read gained one; 300 -> 400 without an offset (the same
    /// edge); 500 is gone, 700 is new; 200 -> 100 is flagged changed (not a churn).
    static let after = ArchiveJSON.document([ArchiveJSON.Graph(id: 1, types: ["Root", "Leaf", "Body<B>", "External<()>", "Body<A>"], nodes: [
        (100, "Body<B>", 8, "a"), (200, "External<()>", 8, nil), (300, "Leaf", 9, "t2"),
        (400, "Root", 9, "r"), (700, "External<()>", 0, nil),
    ], edges: [
        (200, 100, nil, 8), (100, 300, nil, 0), (200, 300, nil, 0), (200, 300, nil, 0),
        (200, 300, 16, 0), (200, 300, 16, 0), (300, 400, nil, 0), (700, 400, nil, 0), (100, 400, nil, 0),
    ])])

    func fixture() throws -> ReportFixture {
        let f = try ReportFixture(samples: false)
        try f.archive("before", Self.before)
        try f.archive("after", Self.after)
        return f
    }

    func testIdentityAndMultisetRules() throws {
        let f = try fixture()
        let result = try f.report("edge-churn", ["from": "before", "to": "after"])
        XCTAssertEqual(result.columns, ["change", "src_attribute", "dst_attribute", "offset", "src_rule", "dst_rule", "src_view", "dst_view"])
        assertRows(result.rows, [
            // The recycled id: every edge of the new Body<B> is new...
            [.t("added"), .i(100), .i(300), .i(0), .t("Body<B>"), .t("Leaf"), .null, .null],
            [.t("added"), .i(100), .i(400), .i(0), .t("Body<B>"), .t("Root"), .null, .null],
            [.t("added"), .i(200), .i(100), .i(0), .t("External<()>"), .t("Body<B>"), .null, .null],
            // ...a repeated read gained one copy...
            [.t("added"), .i(200), .i(300), .i(16), .t("External<()>"), .t("Leaf"), .null, .null],
            [.t("added"), .i(700), .i(400), .i(0), .t("External<()>"), .t("Root"), .null, .null],
            // ...and every edge of the old Body<A> is gone.
            [.t("removed"), .i(100), .i(300), .i(0), .t("Body<A>"), .t("Leaf"), .null, .null],
            [.t("removed"), .i(100), .i(400), .i(0), .t("Body<A>"), .t("Root"), .null, .null],
            [.t("removed"), .i(200), .i(100), .i(0), .t("External<()>"), .t("Body<A>"), .null, .null],
            // Three copies became two: one removal.
            [.t("removed"), .i(200), .i(300), .i(0), .t("External<()>"), .t("Leaf"), .null, .null],
            [.t("removed"), .i(500), .i(400), .i(0), .t("External<()>"), .t("Root"), .null, .null],
        ])
    }

    func testReversedComparisonSwapsAddedAndRemoved() throws {
        let f = try fixture()
        let forward = try f.report("edge-churn", ["from": "before", "to": "after"]).rows
        let backward = try f.report("edge-churn", ["from": "after", "to": "before"]).rows
        func flipped(_ rows: [[SQLValue]]) -> Set<[SQLValue]> {
            Set(rows.map { [$0[0] == .t("added") ? .t("removed") : .t("added")] + $0.dropFirst() })
        }
        XCTAssertEqual(Set(backward), flipped(forward))
        XCTAssertEqual(try f.report("edge-churn", ["from": "after", "to": "after"]).rows.count, 0)
    }

    func testEveryLostCopyIsARow() throws {
        let f = try ReportFixture(samples: false)
        let g = { (copies: Int) in
            ArchiveJSON.document([ArchiveJSON.Graph(id: 1, types: ["A"], nodes: [(4, "A", 0, nil), (8, "A", 0, nil)],
                                                    edges: Array(repeating: (4, 8, nil, 0), count: copies))])
        }
        try f.archive("four", g(4))
        try f.archive("one", g(1))
        try f.archive("none", g(0))
        assertRows(try f.report("edge-churn", ["from": "four", "to": "one"]).rows,
                   Array(repeating: [.t("removed"), .i(4), .i(8), .i(0), .t("A"), .t("A"), .null, .null], count: 3))
        assertRows(try f.report("edge-churn", ["from": "none", "to": "four"]).rows,
                   Array(repeating: [.t("added"), .i(4), .i(8), .i(0), .t("A"), .t("A"), .null, .null], count: 4))
    }

    func testIdReusedByTheSameRuleInAnotherGraphIsTheSameNode() throws {
        // Graphs listed in another order and types at other indexes: identity is attribute + rule name.
        let f = try ReportFixture(samples: false)
        try f.archive("x", ArchiveJSON.document([
            ArchiveJSON.Graph(id: 1, types: ["A", "B"], nodes: [(4, "A", 0, nil), (8, "B", 0, nil)], edges: [(4, 8, nil, 0)]),
            ArchiveJSON.Graph(id: 2, types: ["C"], nodes: [(12, "C", 0, nil), (16, "C", 0, nil)], edges: [(12, 16, 8, 0)]),
        ]))
        try f.archive("y", ArchiveJSON.document([
            ArchiveJSON.Graph(id: 2, types: ["D", "C"], nodes: [(16, "C", 0, nil), (12, "C", 0, nil)], edges: [(12, 16, 8, 0)]),
            ArchiveJSON.Graph(id: 1, types: ["B", "A"], nodes: [(8, "B", 0, nil), (4, "A", 0, nil)], edges: [(4, 8, nil, 0)]),
        ]))
        XCTAssertEqual(try f.report("edge-churn", ["from": "x", "to": "y"]).rows.count, 0)
    }

    func testTripDumpsKeepTheirEdges() throws {
        let f = try ReportFixture()
        let trip = ["trip-1-before", "trip-2-after-write", "trip-3-after-invalidate", "trip-4-after-body"]
        for a in trip {
            for b in trip {
                // Edge flags change (3032 -> 3152 gains 8) but flags are not identity.
                XCTAssertEqual(try f.report("edge-churn", ["from": a, "to": b]).rows.count, 0, "\(a) -> \(b)")
            }
        }
    }

    func testTripToPlanner() throws {
        let f = try ReportFixture()
        let rows = try f.report("edge-churn", ["from": "trip-1-before", "to": "planner-profiled"]).rows
        XCTAssertEqual(rows.filter { $0[0] == .t("removed") }.count, 22)
        assertRows(rows.filter { $0[0] == .t("added") }, [
            [.t("added"), .i(536), .i(1760), .i(0), .t("External<Time>"), .t("RootDisplayList"), .null, .null],
            [.t("added"), .i(1560), .i(1620), .i(0), .t("External<Planner>"), .t("DynamicBody<ViewBodyAccessor<Planner>>"), .null, .t("Planner")],
            [.t("added"), .i(1592), .i(1620), .i(0), .t("External<()>"), .t("DynamicBody<ViewBodyAccessor<Planner>>"), .null, .t("Planner")],
            [.t("added"), .i(1592), .i(1664), .i(0), .t("External<()>"), .t("DynamicBody<ViewBodyAccessor<Editor>>"), .null, .t("Editor")],
            [.t("added"), .i(1592), .i(1712), .i(0), .t("External<()>"), .t("DynamicBody<ViewBodyAccessor<Editor>>"), .null, .t("Editor")],
            [.t("added"), .i(1620), .i(1664), .i(0), .t("DynamicBody<ViewBodyAccessor<Planner>>"), .t("DynamicBody<ViewBodyAccessor<Editor>>"), .t("Planner"), .t("Editor")],
            [.t("added"), .i(1620), .i(1712), .i(0), .t("DynamicBody<ViewBodyAccessor<Planner>>"), .t("DynamicBody<ViewBodyAccessor<Editor>>"), .t("Planner"), .t("Editor")],
            [.t("added"), .i(1664), .i(1760), .i(0), .t("DynamicBody<ViewBodyAccessor<Editor>>"), .t("RootDisplayList"), .t("Editor"), .null],
            [.t("added"), .i(1712), .i(1760), .i(0), .t("DynamicBody<ViewBodyAccessor<Editor>>"), .t("RootDisplayList"), .t("Editor"), .null],
            [.t("added"), .i(4004), .i(4052), .i(0), .t("External<()>"), .t("DynamicBody<ViewBodyAccessor<Inspector>>"), .null, .t("Inspector")],
        ])
        // The read through two offsets is two edges, both removed.
        XCTAssertTrue(rows.contains([.t("removed"), .i(904), .i(3340), .i(16), .t("External<ViewSize>"), .t("RootGeometry"), .null, .null]))
        XCTAssertTrue(rows.contains([.t("removed"), .i(904), .i(3340), .i(32), .t("External<ViewSize>"), .t("RootGeometry"), .null, .null]))
    }
}
