@testable import AGTraceKit
import Foundation
import XCTest

final class FirstImportJournalTests: XCTestCase {
    func testTheFirstImportUsesARollbackJournalAndLeavesWALMode() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.db").path
        let db = try DatabaseOpener.open(path, mode: .write)
        XCTAssertTrue(FirstImportJournal.begin(db))
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode")?.description, "delete")
        FirstImportJournal.end(db)
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode")?.description, "wal")
    }

    func testNotWhileAnotherConnectionHasTheDatabaseOpen() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.db").path
        let db = try DatabaseOpener.open(path, mode: .write)
        let other = try DatabaseOpener.open(path, mode: .read)
        XCTAssertEqual(try other.scalar("SELECT count(*) FROM snapshots")?.intValue, 0)
        XCTAssertFalse(FirstImportJournal.begin(db))
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode")?.description, "wal")
    }

    func testNotIntoADatabaseThatHoldsSomething() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.db").path
        let db = try DatabaseOpener.open(path, mode: .write)
        try db.execute("INSERT INTO runs(label) VALUES ('r')")
        XCTAssertFalse(FirstImportJournal.begin(db))
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode")?.description, "wal")
    }
}
