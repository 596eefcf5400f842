import Foundation
import XCTest
@testable import AGTraceKit

final class ReportWalkTests: XCTestCase {
    func walk(_ f: ReportFixture, _ label: String, _ root: Int64, depth: Int? = nil, bulk: Int = PushWalk.bulkThreshold) throws -> [[SQLValue]] {
        let id = try LabelLookup.snapshotId(label, in: f.db)
        return PushWalk.rows(try PushWalk.run(in: f.db, snapshot: id, label: label, from: root, maxDepth: depth, bulkThreshold: bulk))
    }

    func testWriteOfNightsReachesTheBodyAndBelow() throws {
        let f = try ReportFixture()
        let expected: [[SQLValue]] = [
            [.i(3152), .i(1), .t("DynamicBody<ViewBodyAccessor<Trip>>"), .t("Trip"), .i(3032), .i(0)],
            [.i(3216), .i(2), .t("ViewLeafView<Text>"), .t("Text"), .i(3152), .i(0)],
            [.i(3256), .i(2), .t("LeafLayoutComputer<Text>"), .t("Text"), .i(3152), .i(0)],
            [.i(3300), .i(3), .t("RootDisplayList"), .null, .i(3216), .i(0)],
            [.i(3340), .i(3), .t("RootGeometry"), .null, .i(3256), .i(0)],
        ]
        assertRows(try walk(f, "trip-1-before", 3032), expected)
        // Right after the invalidation the dump shows exactly the predicted walk as dirty.
        assertRows(try walk(f, "trip-3-after-invalidate", 3032), expected.map { Array($0.dropLast()) + [.i(1)] })
        assertRows(try walk(f, "trip-1-before", 3032, depth: 2), Array(expected.prefix(3)))
        XCTAssertEqual(PushWalk.columns, ["attribute", "depth", "rule", "view", "via", "dirty"])
    }

    func testPhaseIsReadBySixNodes() throws {
        let f = try ReportFixture()
        assertRows(try walk(f, "trip-1-before", 624, depth: 1), [
            [.i(3152), .i(1), .t("DynamicBody<ViewBodyAccessor<Trip>>"), .t("Trip"), .i(624), .i(0)],
            [.i(3216), .i(1), .t("ViewLeafView<Text>"), .t("Text"), .i(624), .i(0)],
            [.i(3256), .i(1), .t("LeafLayoutComputer<Text>"), .t("Text"), .i(624), .i(0)],
            [.i(3300), .i(1), .t("RootDisplayList"), .null, .i(624), .i(0)],
            [.i(3340), .i(1), .t("RootGeometry"), .null, .i(624), .i(0)],
            [.i(3380), .i(1), .t("PreferenceCombiner<HostPreferencesKey>"), .null, .i(624), .i(0)],
        ])
        // The Planner's shared signal reaches both Editors through two paths; each node once.
        assertRows(try walk(f, "planner-profiled", 1592), [
            [.i(1620), .i(1), .t("DynamicBody<ViewBodyAccessor<Planner>>"), .t("Planner"), .i(1592), .i(0)],
            [.i(1664), .i(1), .t("DynamicBody<ViewBodyAccessor<Editor>>"), .t("Editor"), .i(1592), .i(0)],
            [.i(1712), .i(1), .t("DynamicBody<ViewBodyAccessor<Editor>>"), .t("Editor"), .i(1592), .i(0)],
            [.i(1760), .i(2), .t("RootDisplayList"), .null, .i(1664), .i(0)],
        ])
    }

    func testLeafAndUnknownAttributes() throws {
        let f = try ReportFixture()
        XCTAssertEqual(try walk(f, "trip-1-before", 3300).count, 0)
        XCTAssertThrowsError(try walk(f, "trip-1-before", 3301)) {
            XCTAssertEqual($0 as? ReportError, ReportError(IndirectAttribute.notInSnapshot(3301, label: "trip-1-before")))
            XCTAssertTrue("\($0)".contains("3301 is an indirect attribute"), "\($0)")
        }
        XCTAssertEqual(LabelLookup.attribute("0xbd8"), 3032)
        XCTAssertEqual(LabelLookup.attribute("3032"), 3032)
        XCTAssertNil(LabelLookup.attribute("-4"))
        XCTAssertNil(LabelLookup.attribute("x"))
    }

    /// Past the threshold the walk reads all edges at once; the rows must not change.
    func testBulkWalkMatchesNodeByNodeWalk() throws {
        let f = try ReportFixture(samples: false)
        // A layered graph: 4 -> 8.. fan-out with shared readers and a cycle.
        var nodes: [(attribute: Int, rule: String, flags: Int, value: String?)] = []
        var edges: [(src: Int, dst: Int, offset: Int?, flags: Int)] = []
        for k in 1...300 { nodes.append((k * 4, k % 3 == 0 ? "R<\(k % 7)>" : "External<()>", k % 5 == 0 ? 9 : 8, nil)) }
        for k in 1...299 {
            edges.append((k * 4, (k + 1) * 4, nil, 0))
            if k + 7 <= 300 { edges.append((k * 4, (k + 7) * 4, nil, 0)) }
            if k % 10 == 0 { edges.append((k * 4, (k / 2) * 4, nil, 0)) }
        }
        let types = Array(Set(nodes.map(\.rule))).sorted()
        try f.archive("layered", ArchiveJSON.document([ArchiveJSON.Graph(id: 1, types: types, nodes: nodes, edges: edges)]))
        let small = try walk(f, "layered", 8)
        XCTAssertEqual(small.count, 298)
        assertRows(try walk(f, "layered", 8, bulk: 5), small)
        assertRows(try walk(f, "layered", 8, depth: 4, bulk: 2), try walk(f, "layered", 8, depth: 4))
    }
}
