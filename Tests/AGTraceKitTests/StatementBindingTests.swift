import CSQLite
import XCTest
@testable import AGTraceKit

/// The store binds as GRDB does: every bind's result code is checked, arguments must match the
/// parameters in number, and a failure carries the SQL, its arguments and SQLite's extended
/// result code.
final class StatementBindingTests: DatabaseTestCase {
    // Extended codes are C macros of an expression, which Swift does not import
    // (sqlite3.h: constraintNotNull is SQLITE_CONSTRAINT | (5<<8)).
    let constraintNotNull = SQLITE_CONSTRAINT | (5 << 8), constraintPrimaryKey = SQLITE_CONSTRAINT | (6 << 8)

    override func setUpWithError() throws {
        try super.setUpWithError()
        try db.execute("CREATE TEMP TABLE pairs(a INTEGER PRIMARY KEY, b TEXT NOT NULL)")
    }

    func count() throws -> Int64? { try db.scalar("SELECT count(*) FROM pairs")?.intValue }

    func testTooFewOrTooManyArgumentsAreMisuse() throws {
        let insert = try db.prepare("INSERT INTO pairs(a, b) VALUES (?1, ?2)")
        XCTAssertEqual(insert.parameterCount, 2)
        for values in [[SQLValue.integer(1)], [.integer(1), .text("x"), .text("y")]] {
            XCTAssertThrowsError(try insert.bindAndRun(values)) { error in
                let e = error as? DatabaseError
                XCTAssertEqual(e?.code, SQLITE_MISUSE, "\(error)")
                XCTAssertEqual(e?.message, "wrong number of statement arguments: \(values.count)")
                XCTAssertEqual(e?.sql, "INSERT INTO pairs(a, b) VALUES (?1, ?2)")
            }
        }
        XCTAssertThrowsError(try insert.runRow(1)) { error in
            XCTAssertEqual((error as? DatabaseError)?.message, "wrong number of statement arguments: 1", "\(error)")
            XCTAssertEqual((error as? DatabaseError)?.arguments, [.integer(1)])
        }
        XCTAssertThrowsError(try db.rows("SELECT ?1 + ?2", [.integer(1)])) { error in
            XCTAssertEqual((error as? DatabaseError)?.code, SQLITE_MISUSE, "\(error)")
        }
        XCTAssertThrowsError(try db.scalar("SELECT 1", [.integer(1)])) { error in
            XCTAssertEqual((error as? DatabaseError)?.message, "wrong number of statement arguments: 1", "\(error)")
        }
        XCTAssertEqual(try count(), 0, "nothing ran")
        // A parameter used twice is one argument.
        XCTAssertEqual(try db.scalar("SELECT ?1 + ?1", [.integer(21)]), .integer(42))
    }

    /// A bind SQLite refuses is not lost: the statement does not run with the old value.
    func testARefusedBindStopsTheNextRun() throws {
        let insert = try db.prepare("INSERT INTO pairs(a, b) VALUES (?1, ?2)")
        insert.bind(1, 1 as Int64)
        insert.bind(2, "one")
        try insert.run()
        insert.bind(1, 2 as Int64)
        insert.bind(3, "out of range")
        XCTAssertThrowsError(try insert.run()) { error in
            let e = error as? DatabaseError
            XCTAssertEqual(e?.code, SQLITE_RANGE, "\(error)")
            XCTAssertEqual(e?.message, "cannot bind parameter 3 of 2: column index out of range")
            XCTAssertEqual(e?.sql, "INSERT INTO pairs(a, b) VALUES (?1, ?2)")
        }
        XCTAssertEqual(try count(), 1, "the row with the refused bind was not written")
        // The refusal is thrown once: bound right, the statement runs again.
        insert.bind(1, 2 as Int64)
        insert.bind(2, "two")
        try insert.run()
        XCTAssertEqual(try db.textRows("SELECT a, b FROM pairs ORDER BY a"), [["1", "one"], ["2", "two"]])

        // Binding a statement that is still on a row is refused too (SQLITE_MISUSE).
        let select = try db.prepare("SELECT b FROM pairs WHERE a >= ?1")
        select.bind(1, 1 as Int64)
        XCTAssertTrue(try select.step())
        select.bind(1, 2 as Int64)
        XCTAssertThrowsError(try select.step()) { error in
            XCTAssertEqual((error as? DatabaseError)?.code, SQLITE_MISUSE, "\(error)")
        }
    }

    func testAFailureCarriesTheExtendedCodeAndTheArguments() throws {
        try db.prepare("INSERT INTO pairs(a, b) VALUES (?1, ?2)").runRow(1, "one")
        XCTAssertThrowsError(try db.prepare("INSERT INTO pairs(a, b) VALUES (?1, ?2)").runRow(1, "it's")) { error in
            let e = error as? DatabaseError
            XCTAssertEqual(e?.code, constraintPrimaryKey, "\(error)")
            XCTAssertEqual(e?.resultCode, .constraint)
            XCTAssertEqual(e?.arguments, [.integer(1), .text("it's")])
            XCTAssertEqual(e?.sql, "INSERT INTO pairs(a, b) VALUES (?1, ?2)")
            // As GRDB: the arguments are not in the description, only in the expanded one.
            XCTAssertFalse("\(error)".contains("it's"), "\(error)")
            XCTAssertTrue(e?.expandedDescription.hasSuffix(" with arguments [1, 'it''s']") == true, e?.expandedDescription ?? "")
        }
        XCTAssertThrowsError(try db.rows("INSERT INTO pairs(a, b) VALUES (?1, ?2)", [.integer(2), .null])) { error in
            let e = error as? DatabaseError
            XCTAssertEqual(e?.code, constraintNotNull, "\(error)")
            XCTAssertEqual(e?.arguments, [.integer(2), .null])
        }
        XCTAssertThrowsError(try db.execute("INSERT INTO pairs(a, b) VALUES (1, 'x')")) { error in
            XCTAssertEqual((error as? DatabaseError)?.code, constraintPrimaryKey, "\(error)")
            XCTAssertNil((error as? DatabaseError)?.arguments)
        }
    }
}
