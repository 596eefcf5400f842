import XCTest
@testable import AGTraceKit

/// `agtrace_nearest_rank`, the aggregate the Instruments rule-cost report takes its 95th
/// percentile from: the same value a window ranking gives, NULL for partly unknown groups.
final class NearestRankTests: XCTestCase {
    private func memory() throws -> Database {
        try Database(rawPath: ":memory:", readOnly: false, create: true)
    }

    func testTheValueAtTheNearestRank() throws {
        let db = try memory()
        try db.execute("CREATE TABLE t(g INTEGER, v); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20) INSERT INTO t SELECT 1, 21 - i FROM n;")
        XCTAssertEqual(try db.scalar("SELECT agtrace_nearest_rank(v, 95) FROM t"), .integer(19))
        XCTAssertEqual(try db.scalar("SELECT agtrace_nearest_rank(v, 100) FROM t"), .integer(20))
        XCTAssertEqual(try db.scalar("SELECT agtrace_nearest_rank(v, 50) FROM t"), .integer(10))
        XCTAssertEqual(try db.scalar("SELECT agtrace_nearest_rank(v, 1) FROM t"), .integer(1))
        // One value is every rank; integers and reals are ranked together by value, each returned as it was.
        XCTAssertEqual(try db.scalar("SELECT agtrace_nearest_rank(7, 95)"), .integer(7))
        XCTAssertEqual(try db.scalar("SELECT agtrace_nearest_rank(v, 50) FROM (SELECT 2 AS v UNION ALL SELECT 1.5 UNION ALL SELECT 3)"), .integer(2))
        XCTAssertEqual(try db.scalar("SELECT agtrace_nearest_rank(v, 33) FROM (SELECT 2 AS v UNION ALL SELECT 1.5 UNION ALL SELECT 3)"), .real(1.5))
    }

    func testUnknownStaysUnknown() throws {
        let db = try memory()
        XCTAssertEqual(try db.scalar("SELECT agtrace_nearest_rank(v, 95) FROM (SELECT 1 AS v UNION ALL SELECT NULL UNION ALL SELECT 3)"), .null)
        XCTAssertEqual(try db.scalar("SELECT agtrace_nearest_rank(v, 95) FROM (SELECT 1 AS v) WHERE v > 1"), .null, "no rows: nothing to rank")
    }

    func testItRefusesWhatIsNotANumber() throws {
        let db = try memory()
        XCTAssertThrowsError(try db.scalar("SELECT agtrace_nearest_rank('a', 95)")) {
            XCTAssertTrue("\($0)".contains("text or a blob"), "\($0)")
        }
        for percent in ["0", "101", "95.5", "NULL"] {
            XCTAssertThrowsError(try db.scalar("SELECT agtrace_nearest_rank(1, \(percent))"), percent) {
                XCTAssertTrue("\($0)".contains("whole number from 1 to 100"), "\($0)")
            }
        }
    }

    /// The aggregate against the window ranking the report used before it, over seeded groups
    /// with ties, one-row groups and negative numbers.
    func testTheSameAsAWindowRanking() throws {
        let db = try memory()
        try db.execute("CREATE TABLE t(g INTEGER, v INTEGER)")
        var random = SeededRandom(seed: 47)
        var values: [String] = []
        for g in 0..<60 {
            for _ in 0..<(1 + Int.random(in: 0..<40, using: &random)) {
                values.append("(\(g), \(Int.random(in: -5...30, using: &random)))")
            }
        }
        try db.execute("INSERT INTO t VALUES " + values.joined(separator: ", "))
        for percent in [1, 50, 95, 100] {
            let windowed = try db.rows("""
                WITH ranked AS (SELECT g, v, row_number() OVER (PARTITION BY g ORDER BY v) AS position, count(*) OVER (PARTITION BY g) AS n FROM t)
                SELECT g, v FROM ranked WHERE position = max((n * \(percent) + 99) / 100, 1) ORDER BY g
                """)
            let aggregated = try db.rows("SELECT g, agtrace_nearest_rank(v, \(percent)) FROM t GROUP BY g ORDER BY g")
            XCTAssertEqual(aggregated, windowed, "percent \(percent)")
        }
    }
}
