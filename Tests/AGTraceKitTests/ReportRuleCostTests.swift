import Foundation
import XCTest
@testable import AGTraceKit

final class ReportRuleCostTests: XCTestCase {
    func testPlannerRuleCostFromTypeProfiles() throws {
        let f = try ReportFixture()
        let result = try f.report("rule-cost", ["snapshot": "planner-profiled"])
        XCTAssertEqual(result.columns, ["rule", "nodes", "updates", "total_seconds", "mean_seconds", "share", "changes"])
        let total = 2.0e-04 + 4.5e-05 + 2.75e-05 + 9.0e-06 + 7.5e-06
        assertRows(result.rows, [
            [.t("RootDisplayList"), .i(1), .i(4), .r(2.0e-04), .r(5.0e-05), .r(2.0e-04 / total), .i(4)],
            [.t("DynamicBody<ViewBodyAccessor<Planner>>"), .i(1), .i(2), .r(4.5e-05), .r(2.25e-05), .r(4.5e-05 / total), .i(2)],
            [.t("DynamicBody<ViewBodyAccessor<Editor>>"), .i(2), .i(6), .r(2.75e-05), .r(2.75e-05 / 6), .r(2.75e-05 / total), .i(3)],
            [.t("DynamicBody<ViewBodyAccessor<Inspector>>"), .i(1), .i(2), .r(9.0e-06), .r(4.5e-06), .r(9.0e-06 / total), .i(1)],
            // Its nodes are gone; its type kept counting.
            [.t("StaticBody<ViewBodyAccessor<Editor.Label>, Text>"), .i(0), .i(2), .r(7.5e-06), .r(3.75e-06), .r(7.5e-06 / total), .i(2)],
        ])
    }

    func testGraphsWhoseTypesCarryNoProfileFallBackToNodes() throws {
        let f = try ReportFixture(samples: false)
        try f.archive("mixed", ArchiveJSON.document([
            // Types profiled: the node profiles of this graph are not added again.
            ArchiveJSON.Graph(id: 1, types: ["A", "B"], nodes: [(4, "A", 0, nil), (8, "B", 0, nil)], edges: [],
                              typeProfiles: ["A": (3, 1, 0.5), "B": (1, 1, 0.25)], nodeProfiles: [4: (3, 1, 0.5), 8: (1, 1, 0.25)]),
            // No type profile: its nodes are summed.
            ArchiveJSON.Graph(id: 2, types: ["A", "C"], nodes: [(12, "A", 0, nil), (16, "A", 0, nil), (20, "C", 0, nil)], edges: [],
                              nodeProfiles: [12: (1, 0, 0.25), 16: (4, 2, 0.5)]),
        ]))
        assertRows(try f.report("rule-cost", ["snapshot": "mixed"]).rows, [
            [.t("A"), .i(3), .i(8), .r(1.25), .r(1.25 / 8), .r(1.25 / 1.5), .i(3)],
            [.t("B"), .i(1), .i(1), .r(0.25), .r(0.25), .r(0.25 / 1.5), .i(1)],
        ])
    }

    func testWithoutProfileDataSaysSo() throws {
        let f = try ReportFixture()
        XCTAssertThrowsError(try f.report("rule-cost", ["snapshot": "trip-4-after-body"])) {
            XCTAssertEqual($0 as? ReportError, ReportError(
                "snapshot 'trip-4-after-body' holds no profile data: dump it with AGGraphStartProfiling on (the rule times come from the profile)"))
        }
    }
}
