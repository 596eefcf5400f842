@testable import AGTraceKit
import Foundation
import XCTest

final class FirstImportJournalTests: DatabaseTestCase {
    func journalMode() throws -> String? { try db.scalar("PRAGMA journal_mode")?.description }

    func testTheFirstImportUsesARollbackJournalAndLeavesWALMode() throws {
        XCTAssertTrue(FirstImportJournal.begin(db))
        XCTAssertEqual(try journalMode(), "delete")
        FirstImportJournal.end(db)
        XCTAssertEqual(try journalMode(), "wal")
    }

    func testNotWhileAnotherConnectionHasTheDatabaseOpen() throws {
        let other = try DatabaseOpener.open(dbPath, mode: .read)
        XCTAssertEqual(try other.scalar("SELECT count(*) FROM snapshots")?.intValue, 0)
        XCTAssertFalse(FirstImportJournal.begin(db))
        XCTAssertEqual(try journalMode(), "wal")
    }

    func testNotIntoADatabaseThatHoldsSomething() throws {
        try db.execute("INSERT INTO runs(label) VALUES ('r')")
        XCTAssertFalse(FirstImportJournal.begin(db))
        XCTAssertEqual(try journalMode(), "wal")
    }
}
