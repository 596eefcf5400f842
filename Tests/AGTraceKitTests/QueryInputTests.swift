import XCTest
@testable import AGTraceKit

/// `-- with: ALIAS = FILE`: a query reads another query's rows, whose SQL is written once.
final class QueryInputTests: XCTestCase {
    func query(_ file: String, _ header: String, _ sql: String) throws -> QueryFile {
        try QueryFile(fileName: file, text: "-- name: q\n-- description: d\n\(header)\(sql)\n")
    }

    func testInputStandsInFrontAsACommonTableExpression() throws {
        let counts = try query("counts.sql", "-- params: run (required)\n", "SELECT attribute, count(*) AS n FROM t WHERE run = :run GROUP BY attribute;")
        let named = try query("named.sql", "-- with: c = counts\n", "SELECT c.attribute, c.n FROM c;")
        let summed = try query("summed.sql", "-- with: per = named\n", "SELECT sum(n) FROM per;")
        XCTAssertEqual(named.input, QueryFile.Input(alias: "c", fileName: "counts.sql"))
        let files = Dictionary(uniqueKeysWithValues: [counts, named, summed].map { ($0.fileName, $0) })
        let resolved = try summed.resolvingInput(in: files)
        XCTAssertEqual(resolved.sql, """
            WITH per AS (
            WITH c AS (
            -- name: q
            -- description: d
            -- params: run (required)
            SELECT attribute, count(*) AS n FROM t WHERE run = :run GROUP BY attribute
            )
            -- name: q
            -- description: d
            -- with: c = counts
            SELECT c.attribute, c.n FROM c
            )
            -- name: q
            -- description: d
            -- with: per = named
            SELECT sum(n) FROM per;

            """)
        XCTAssertEqual(try counts.resolvingInput(in: files), counts)
    }

    func testBadInputsAreRefusedNamingTheFile() throws {
        XCTAssertThrowsError(try query("a.sql", "-- with: counts\n", "SELECT 1;")) {
            XCTAssertEqual("\($0)", "Queries/a.sql: with: 'counts' is not 'ALIAS = FILE'")
        }
        let missing = try query("b.sql", "-- with: x = nowhere\n", "SELECT 1;")
        XCTAssertThrowsError(try missing.resolvingInput(in: [:])) {
            XCTAssertEqual("\($0)", "Queries/b.sql: with: no query file nowhere.sql")
        }
        let one = try query("one.sql", "-- with: x = two\n", "SELECT 1;")
        let two = try query("two.sql", "-- with: y = one\n", "SELECT 2;")
        XCTAssertThrowsError(try one.resolvingInput(in: ["one.sql": one, "two.sql": two])) {
            XCTAssertEqual("\($0)", "Queries/one.sql: with: the queries read each other in a circle")
        }
    }
}
