import XCTest
@testable import AGTraceKit

/// NodeTypeTotals and what is built on it count in one pass what SQLite's GROUP BYs over a
/// snapshot's nodes returned (kept here as the oracle).
final class NodeTypeTotalsTests: XCTestCase {
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

    static let ruleProfiles = """
        WITH node_profiles AS (
            SELECT graph_index, type_index, sum(update_count) AS updates, sum(update_total) AS seconds
            FROM nodes WHERE snapshot_id = ?1
            GROUP BY graph_index, type_index
        ),
        per_type AS (
            SELECT coalesce(t.name, '(unnamed type)') AS rule,
                   CASE WHEN t.update_count IS NOT NULL OR t.update_total IS NOT NULL
                        THEN t.update_count ELSE p.updates END AS updates,
                   CASE WHEN t.update_count IS NOT NULL OR t.update_total IS NOT NULL
                        THEN t.update_total ELSE p.seconds END AS seconds
            FROM types t
            LEFT JOIN node_profiles p ON p.graph_index = t.graph_index AND p.type_index = t.type_index
            WHERE t.snapshot_id = ?1
        )
        SELECT rule, sum(updates), sum(seconds) FROM per_type GROUP BY rule
        """

    /// Counts by rule: the type's own profile where it has one, else its nodes' sums, per rule
    /// name; seconds to the last bit, also when the node rows are not in attribute order.
    func testRuleProfilesAreTheGroupBys() throws {
        let f = try ReportFixture()
        try f.archive("mixed", """
            {"version": 2, "graphs": [
              {"id": 1, "types": [{"id": 1, "name": "A", "profile": {"update_count": 5, "update_total": 0.25}}, {"id": 2, "name": "B"}, {"id": 3}],
               "nodes": [{"id": 40, "type": 1, "profile": {"update_count": 3, "update_total": 0.1}}, {"id": 8, "type": 1, "profile": {"update_count": 1, "update_total": 0.2}},
                         {"id": 24, "type": 1, "profile": {"update_total": 0.3}}, {"id": 12, "type": 2, "profile": {"update_count": 2}}, {"id": 16, "type": 0, "profile": {"update_count": 9}}]},
              {"id": 3, "types": [{"id": 1, "name": "B"}, {"id": 2, "name": "A", "profile": {"update_count": 1}}],
               "nodes": [{"id": 44, "type": 0, "profile": {"update_count": 7, "update_total": 0.7}}, {"id": 48, "type": 0, "profile": {"update_total": 0.1}}]}]}
            """)
        for label in try f.db.rows("SELECT label FROM snapshots ORDER BY id").compactMap({ $0[0].stringValue }) {
            let id = try XCTUnwrap(f.db.scalar("SELECT id FROM snapshots WHERE label = ?1", [.text(label)])?.intValue)
            var expected: [String: UpdateEntry] = [:]
            for r in try f.db.rows(Self.ruleProfiles, [.integer(id)]) {
                guard let updates = r[1].intValue, updates > 0 else { continue }
                expected[r[0].description] = UpdateEntry(updates: updates, seconds: r[2].doubleValue)
            }
            let counted = try? UpdateCounts.snapshot(label, key: .rule, in: f.db)
            XCTAssertEqual(counted?.entries ?? [:], expected, label)
        }
        let mixed = try UpdateCounts.snapshot("mixed", key: .rule, in: f.db).entries
        XCTAssertEqual(mixed["A"], UpdateEntry(updates: 6, seconds: 0.25))
        // Graph 0's B nodes are stored 40, 8, 24 and added in attribute order, 8, 24, 40 (0.1 +
        // 0.2 + 0.3 is not 0.2 + 0.3 + 0.1 in doubles); then graph 1's B.
        XCTAssertEqual(mixed["B"], UpdateEntry(updates: 11, seconds: ((0.2 + 0.3) + 0.1) + (0.7 + 0.1)))
        XCTAssertNotEqual((0.1 + 0.2) + 0.3, (0.2 + 0.3) + 0.1)
    }
}
