@testable import AGTraceKit
import Foundation
import XCTest

final class FirstImportJournalTests: TemporaryDirectoryTestCase {
    func testTheFirstImportUsesARollbackJournalAndLeavesWALMode() throws {
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        XCTAssertTrue(FirstImportJournal.begin(db))
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode")?.description, "delete")
        FirstImportJournal.end(db)
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode")?.description, "wal")
    }

    func testNotWhileAnotherConnectionHasTheDatabaseOpen() throws {
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        let other = try DatabaseOpener.open(dbPath, mode: .read)
        XCTAssertEqual(try other.scalar("SELECT count(*) FROM snapshots")?.intValue, 0)
        XCTAssertFalse(FirstImportJournal.begin(db))
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode")?.description, "wal")
    }

    func testNotIntoADatabaseThatHoldsSomething() throws {
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        try db.execute("INSERT INTO runs(label) VALUES ('r')")
        XCTAssertFalse(FirstImportJournal.begin(db))
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode")?.description, "wal")
    }
}
