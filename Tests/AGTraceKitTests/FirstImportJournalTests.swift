@testable import AGTraceKit
import Foundation
import XCTest

final class FirstImportJournalTests: DatabaseTestCase {
    func journalMode() throws -> String? { try db.scalar("PRAGMA journal_mode")?.description }
    /// What the importer passes: every registered stored kind's table the database has.
    var kindTables: [String] { Importer.kindTables(in: db) }

    func testTheFirstImportUsesARollbackJournalAndLeavesWALMode() throws {
        XCTAssertTrue(FirstImportJournal.begin(db, kindTables: kindTables))
        XCTAssertEqual(try journalMode(), "delete")
        FirstImportJournal.end(db)
        XCTAssertEqual(try journalMode(), "wal")
    }

    func testNotWhileAnotherConnectionHasTheDatabaseOpen() throws {
        let other = try DatabaseOpener.open(dbPath, mode: .read)
        XCTAssertEqual(try other.scalar("SELECT count(*) FROM snapshots")?.intValue, 0)
        XCTAssertFalse(FirstImportJournal.begin(db, kindTables: kindTables))
        XCTAssertEqual(try journalMode(), "wal")
    }

    func testNotIntoADatabaseThatHoldsSomething() throws {
        try db.execute("INSERT INTO runs(label) VALUES ('r')")
        XCTAssertFalse(FirstImportJournal.begin(db, kindTables: kindTables))
        XCTAssertEqual(try journalMode(), "wal")
    }

    // Any stored kind counts, not only snapshots, runs and traces.
    func testNotIntoADatabaseThatHoldsOnlyAConsoleOrARecording() throws {
        XCTAssertTrue(kindTables.contains("consoles"))
        XCTAssertTrue(kindTables.contains("xctrace_recordings"))
        try db.execute("INSERT INTO consoles(label) VALUES ('c')")
        XCTAssertFalse(FirstImportJournal.begin(db, kindTables: kindTables))
        XCTAssertEqual(try journalMode(), "wal")
        try db.execute("DELETE FROM consoles")
        try db.execute("INSERT INTO xctrace_recordings(label, documents) VALUES ('x', 1)")
        XCTAssertFalse(FirstImportJournal.begin(db, kindTables: kindTables))
        XCTAssertEqual(try journalMode(), "wal")
    }

    func synchronous() throws -> Int64? { try db.scalar("PRAGMA synchronous")?.intValue }

    // A file made just now skips the fsyncs of its schema and journal switches (0 is OFF), and
    // the import that follows is synced as before (2 is FULL); once only.
    func testANewFileLeavesItsWALUnsyncedOnceThenSyncsTheImport() throws {
        XCTAssertTrue(db.holdsOnlyNewSchema)
        XCTAssertEqual(try synchronous(), 1)
        XCTAssertTrue(FirstImportJournal.begin(db, kindTables: kindTables))
        XCTAssertEqual(try synchronous(), 2)
        XCTAssertFalse(db.holdsOnlyNewSchema)
        FirstImportJournal.end(db)
        XCTAssertEqual(try synchronous(), 1)
        XCTAssertEqual(try journalMode(), "wal")
    }

    func testAnotherConnectionsCommitEndsTheNewFileShortcut() throws {
        let other = try Database(rawPath: dbPath, readOnly: false, create: false)
        try other.execute("INSERT INTO aliases(label, kind, target_id) VALUES ('a', 'run', 1)")
        XCTAssertFalse(db.holdsOnlyNewSchema)
    }

    func testAnExistingFileIsNoNewOne() throws {
        db = nil
        db = try DatabaseOpener.open(dbPath, mode: .write)
        XCTAssertFalse(db.holdsOnlyNewSchema)
        XCTAssertEqual(try synchronous(), 1)
    }

    func testASwitchRefusedLeavesTheUsualSync() throws {
        let other = try DatabaseOpener.open(dbPath, mode: .read)
        XCTAssertEqual(try other.scalar("SELECT count(*) FROM snapshots")?.intValue, 0)
        XCTAssertFalse(FirstImportJournal.begin(db, kindTables: kindTables))
        XCTAssertEqual(try synchronous(), 1)
    }
}
