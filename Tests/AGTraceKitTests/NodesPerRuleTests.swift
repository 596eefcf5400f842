import XCTest
@testable import AGTraceKit

/// NodesPerRule counts in Swift what this GROUP BY over `node_rules` returns.
final class NodesPerRuleTests: XCTestCase {
    static let groupBy = """
        SELECT coalesce(rule, '(unnamed type)') AS rule, count(*) AS nodes, sum(flags & 1) AS dirty
        FROM node_rules WHERE snapshot_id = ?1 GROUP BY 1 ORDER BY nodes DESC, rule
        """

    func testTheCountsAreTheGroupBysOnSamplesAndOddDumps() throws {
        let f = try ReportFixture()
        // Two graphs sharing a rule name, a type without a name, a rule whose nodes have no
        // flags (dirty unknown: NULL), one with some, names differing only in case and accent.
        try f.archive("odd", """
            {"version": 2, "graphs": [
              {"id": 1, "types": [{"id": 1, "name": "External<()>"}, {"id": 2}, {"id": 3, "name": "Body<Zed>"}, {"id": 4, "name": "body<zed>"}],
               "nodes": [{"id": 4, "type": 0, "flags": 1}, {"id": 8, "type": 0}, {"id": 12, "type": 1}, {"id": 16, "type": 2},
                         {"id": 20, "type": 3, "flags": 0}, {"id": 24, "type": 3, "flags": 3}]},
              {"id": 3, "types": [{"id": 1, "name": "External<()>"}, {"id": 2, "name": "Éclair"}],
               "nodes": [{"id": 28, "type": 0, "flags": 1}, {"id": 32, "type": 1}, {"id": 36, "type": 1}]}]}
            """)
        let snapshots = try f.db.rows("SELECT id FROM snapshots ORDER BY id").compactMap { $0[0].intValue }
        XCTAssertGreaterThan(snapshots.count, 1)
        for id in snapshots {
            XCTAssertEqual(try NodesPerRule.rows(in: f.db, snapshot: id), try f.db.rows(Self.groupBy, [.integer(id)]), "snapshot \(id)")
        }
        let odd = try XCTUnwrap(snapshots.last)
        XCTAssertEqual(try NodesPerRule.rows(in: f.db, snapshot: odd).map { $0.map { $0 == .null ? "NULL" : $0.description }.joined(separator: " ") },
                       ["External<()> 3 2", "body<zed> 2 1", "Éclair 2 NULL", "(unnamed type) 1 NULL", "Body<Zed> 1 NULL"])
    }
}
