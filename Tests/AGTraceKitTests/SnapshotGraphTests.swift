import XCTest
@testable import AGTraceKit

/// SnapshotGraph numbers nodes by attribute through buckets of attributes.
final class SnapshotGraphTests: XCTestCase {
    func testEveryAttributeFindsItsNumberAndNoOtherDoes() throws {
        let f = try ReportFixture()
        // Attributes far apart and close together, the largest an id can be.
        try f.archive("spread", """
            {"version": 2, "graphs": [{"id": 1, "types": [{"id": 1, "name": "External<()>"}],
              "nodes": [{"id": 4, "type": 0}, {"id": 8, "type": 0}, {"id": 12, "type": 0}, {"id": 4096, "type": 0},
                        {"id": 1048576, "type": 0}, {"id": 4294967292, "type": 0}],
              "edges": [{"src": 0, "dst": 5}, {"src": 5, "dst": 3}, {"src": 3, "dst": 4}]}]}
            """)
        for id in try f.db.rows("SELECT id FROM snapshots").compactMap({ $0[0].intValue }) {
            let g = try SnapshotGraph(in: f.db, snapshot: id)
            let present = Set(g.attributes)
            for (i, a) in g.attributes.enumerated() {
                XCTAssertEqual(g.number(a), i)
                for other in [a - 1, a + 1, a + 4] where !present.contains(other) { XCTAssertNil(g.number(other)) }
            }
            for absent in [Int64(-4), 0, 1 << 33, Int64.max] where !present.contains(absent) { XCTAssertNil(g.number(absent)) }
        }
        let spread = try SnapshotGraph(in: f.db, snapshot: XCTUnwrap(f.db.scalar("SELECT id FROM snapshots WHERE label = 'spread'")?.intValue))
        XCTAssertEqual(spread.edgeSources.count, 3)
        XCTAssertEqual(zip(spread.edgeSources, spread.edgeReaders).map { [spread.attributes[Int($0)], spread.attributes[Int($1)]] },
                       [[4, 4294967292], [4096, 1048576], [4294967292, 4096]])
    }
}
