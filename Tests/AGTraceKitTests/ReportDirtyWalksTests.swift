import Foundation
import XCTest
@testable import AGTraceKit

final class ReportDirtyWalksTests: XCTestCase {
    /// The frame-info transcript: 628 reaches 712, 760, 792 over the add_input edges seen so
    /// far; 1592 reaches the Planner's 1620, 1664, 1712, 1760. Between the second city write
    /// and the Planner's write, the Trip's display list reran (reran 1) and the Planner was
    /// built (updates 5): the build is not charged to the city write.
    func testRunWalksPerInvalidation() throws {
        let f = try ReportFixture.withFrameInfoRun()
        let result = try f.report("dirty-walks", ["run": "tap"])
        XCTAssertEqual(result.columns, ["seq", "root", "marked", "updates", "reran", "line"])
        assertRows(result.rows, [
            [.i(12), .i(628), .i(3), .i(1), .i(1), .i(32)],
            [.i(15), .i(656), .i(3), .i(0), .i(0), .i(38)],
            [.i(17), .i(656), .i(3), .i(5), .i(1), .i(42)],
            [.i(32), .i(1592), .i(4), .i(1), .i(1), .i(72)],
        ])
    }

    func testOnlyEdgesSeenBeforeTheInvalidationCount() throws {
        let f = try ReportFixture(samples: false)
        try f.run("r", [
            (.invalidate, 100, nil),          // nothing known yet
            (.addInput, 200, 100), (.update, 200, nil),
            (.invalidate, 100, nil),          // 100 -> 200
            (.addInput, 300, 200), (.addInput, 300, 100), (.addInput, 100, 300), // a cycle back to the root
            (.invalidate, 100, nil),          // 200 and 300; the root itself is not counted
            (.update, 300, nil), (.update, 200, nil),
            (.invalidate, nil, nil),          // unreadable attribute: no walk, still a row
            (.update, 100, nil),
        ])
        assertRows(try f.report("dirty-walks", ["run": "r"]).rows, [
            [.i(1), .i(100), .i(0), .i(1), .i(0), .i(10)],
            [.i(4), .i(100), .i(1), .i(0), .i(0), .i(16)],
            [.i(8), .i(100), .i(2), .i(2), .i(2), .i(24)],
            [.i(11), .null, .null, .i(1), .null, .i(30)],
        ])
    }

    func testSnapshotEdgesAreKnownFromTheStart() throws {
        let f = try ReportFixture()
        try f.run("write", [(.invalidate, 3032, nil), (.addInput, 9000, 3340), (.invalidate, 3032, nil), (.update, 3152, nil)])
        assertRows(try f.report("dirty-walks", ["run": "write"]).rows, [
            [.i(1), .i(3032), .i(0), .i(0), .i(0), .i(10)],
            [.i(3), .i(3032), .i(0), .i(1), .i(0), .i(14)],
        ])
        // 3152, 3216, 3256, 3300, 3340 from the dump; then 9000 from the run's own add_input.
        assertRows(try f.report("dirty-walks", ["run": "write", "snapshot": "trip-1-before"]).rows, [
            [.i(1), .i(3032), .i(5), .i(0), .i(0), .i(10)],
            [.i(3), .i(3032), .i(6), .i(1), .i(1), .i(14)],
        ])
    }

    /// Without add_input hits or a snapshot no marked set is known: NULL, not 0.
    func testNoEdgesMeansUnknown() throws {
        let f = try ReportFixture()
        try f.run("blind", [(.update, 3152, nil), (.invalidate, 3032, nil), (.update, 3152, nil), (.update, 3216, nil)])
        assertRows(try f.report("dirty-walks", ["run": "blind"]).rows, [[.i(2), .i(3032), .null, .i(2), .null, .i(12)]])
        assertRows(try f.report("dirty-walks", ["run": "blind", "snapshot": "trip-1-before"]).rows,
                   [[.i(2), .i(3032), .i(5), .i(2), .i(2), .i(12)]])
        let causes = try RunCauses.compute(in: f.db, run: try LabelLookup.runId("blind", in: f.db))
        XCTAssertFalse(causes.edgesKnown)
        XCTAssertEqual(causes.updates.map(\.causes), [nil, nil, nil])
    }

    /// Per update, the invalidations since the attribute's previous update that mark it; a
    /// first build has none.
    func testCausesOfEachUpdate() throws {
        let f = try ReportFixture(samples: false)
        let run = try f.run("tap", ReportFixture.frameInfoHits)
        let causes = try RunCauses.compute(in: f.db, run: run)
        XCTAssertEqual(causes.invalidations.map(\.root), [628, 656, 656, 1592])
        XCTAssertEqual(causes.invalidations[0].marked, [712, 760, 792])
        XCTAssertEqual(causes.updates.map { "\($0.attribute!):\($0.causes!.map { causes.invalidations[$0].seq })" }, [
            "792:[]", "760:[]", "712:[]",       // the Trip's first build
            "792:[12]",                         // nights
            "792:[15, 17]",                     // city, written twice before the display list reran
            "1760:[]", "1664:[]", "1620:[]", "1712:[]",  // the Planner's first build
            "1760:[32]",
        ])
    }

    func testWalkObservedBetweenTwoDumps() throws {
        let f = try ReportFixture()
        let result = try f.report("dirty-walks", ["from": "trip-2-after-write", "to": "trip-3-after-invalidate"])
        XCTAssertEqual(result.columns, ["attribute", "rule", "view", "flags_from", "flags_to", "graph"])
        assertRows(result.rows, [
            [.i(3152), .t("DynamicBody<ViewBodyAccessor<Trip>>"), .t("Trip"), .i(8), .i(9), .i(0)],
            [.i(3216), .t("ViewLeafView<Text>"), .t("Text"), .i(8), .i(9), .i(0)],
            [.i(3256), .t("LeafLayoutComputer<Text>"), .t("Text"), .i(8), .i(9), .i(0)],
            [.i(3300), .t("RootDisplayList"), .null, .i(8), .i(9), .i(0)],
            [.i(3340), .t("RootGeometry"), .null, .i(8), .i(9), .i(0)],
        ])
        // Before the write nothing was dirty, and after the body ran the bits are clear again.
        XCTAssertEqual(try f.report("dirty-walks", ["from": "trip-1-before", "to": "trip-2-after-write"]).rows.count, 0)
        XCTAssertEqual(try f.report("dirty-walks", ["from": "trip-3-after-invalidate", "to": "trip-4-after-body"]).rows.count, 0)
        XCTAssertEqual(try f.report("dirty-walks", ["from": "trip-1-before", "to": "trip-3-after-invalidate"]).rows.count, 5)
    }

    func testObservedWalkKeepsToNodesPresentInBoth() throws {
        let f = try ReportFixture(samples: false)
        let types = ["External<()>", "A", "B"]
        try f.archive("one", ArchiveJSON.document([ArchiveJSON.Graph(id: 1, types: types, nodes: [
            (4, "External<()>", 0, nil), (8, "A", 8, nil), (12, "A", 8, nil), (16, "A", 9, nil),
        ], edges: [])]))
        try f.archive("two", ArchiveJSON.document([ArchiveJSON.Graph(id: 1, types: types, nodes: [
            (4, "External<()>", 1, nil),   // became dirty: reported
            (8, "B", 9, nil),              // id reused by another rule: a different node, not reported
            (12, "A", 9, nil),             // became dirty: reported
            (16, "A", 9, nil),             // was already dirty
            (20, "A", 9, nil),             // new: not in the first dump
        ], edges: [])]))
        assertRows(try f.report("dirty-walks", ["from": "one", "to": "two"]).rows, [
            [.i(4), .t("External<()>"), .null, .i(0), .i(1), .i(0)],
            [.i(12), .t("A"), .null, .i(8), .i(9), .i(0)],
        ])
    }
}
