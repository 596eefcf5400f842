import XCTest
@testable import AGTraceKit

/// Files agtrace must refuse untouched, and schema migration.
final class DatabaseOpenerTests: TemporaryDirectoryTestCase {
    func bytes(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }

    func assertRefused(_ path: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let before = bytes(path)
        for mode in [DatabaseOpener.Mode.write, .read] {
            XCTAssertThrowsError(try DatabaseOpener.open(path, mode: mode), file: file, line: line) { error in
                XCTAssertTrue("\(error)".contains(text), "\(error)", file: file, line: line)
                XCTAssertTrue("\(error)".contains(path), "names the file: \(error)", file: file, line: line)
            }
        }
        XCTAssertEqual(bytes(path), before, "left byte-for-byte untouched", file: file, line: line)
    }

    func testNewDatabaseGetsTheLatestSchemaInWALMode() throws {
        let path = dir.appendingPathComponent("new.db").path
        let db = try DatabaseOpener.open(path, mode: .write)
        XCTAssertEqual(try db.scalar("PRAGMA user_version")?.intValue, Int64(Schema.latestVersion))
        XCTAssertEqual(try db.scalar("PRAGMA application_id")?.intValue, Schema.applicationId)
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode")?.description, "wal")
    }

    func testReadingAMissingDatabaseSaysSo() {
        let path = dir.appendingPathComponent("missing.db").path
        XCTAssertThrowsError(try DatabaseOpener.open(path, mode: .read)) { error in
            XCTAssertTrue("\(error)".contains("no agtrace database here yet"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testNotSQLiteIsRefused() {
        let path = dir.appendingPathComponent("notes.db").path
        FileManager.default.createFile(atPath: path, contents: Data("hello, not a database\n".utf8))
        assertRefused(path, "not a SQLite database")
    }

    func testForeignSQLiteIsRefused() throws {
        let path = dir.appendingPathComponent("foreign.db").path
        let foreign = try Database(rawPath: path, readOnly: false, create: true)
        try foreign.execute("CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers(name) VALUES ('x')")
        assertRefused(path, "not an agtrace database")
    }

    func testNewerAgtraceIsRefused() throws {
        let path = dir.appendingPathComponent("newer.db").path
        do {
            let db = try DatabaseOpener.open(path, mode: .write)
            try db.execute("PRAGMA user_version = \(Schema.latestVersion + 1)")
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            try db.execute("PRAGMA journal_mode = DELETE")
        }
        assertRefused(path, "written by a newer agtrace")
    }

    func testOlderSchemaIsMigratedForwardKeepingData() throws {
        let path = dir.appendingPathComponent("v1.db").path
        do {
            let db = try Database(rawPath: path, readOnly: false, create: true)
            try db.execute(Schema.migrations[0])
            try db.execute("PRAGMA application_id = \(Schema.applicationId); PRAGMA user_version = 1")
            try db.execute("INSERT INTO snapshots(label) VALUES ('old')")
        }
        let db = try DatabaseOpener.open(path, mode: .read)
        XCTAssertEqual(try db.scalar("PRAGMA user_version")?.intValue, Int64(Schema.latestVersion))
        XCTAssertEqual(try db.scalar("SELECT label FROM snapshots")?.description, "old")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM runs")?.intValue, 0)
    }

    func testReadConnectionsRefuseWrites() throws {
        let path = dir.appendingPathComponent("ro.db").path
        _ = try DatabaseOpener.open(path, mode: .write)
        let db = try DatabaseOpener.open(path, mode: .read)
        for sql in ["DELETE FROM snapshots", "CREATE TABLE x(a)", "INSERT INTO snapshots(label) VALUES ('x')",
                    "ATTACH DATABASE '\(dir.appendingPathComponent("other.db").path)' AS other", "DROP TABLE nodes"] {
            XCTAssertThrowsError(try db.execute(sql), sql) { error in
                XCTAssertTrue("\(error)".contains("read-only") || "\(error)".contains("not authorized"), "\(error)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("other.db").path))
    }

    func testEmptyFileBecomesADatabase() throws {
        let path = dir.appendingPathComponent("empty.db").path
        FileManager.default.createFile(atPath: path, contents: Data())
        let db = try DatabaseOpener.open(path, mode: .write)
        XCTAssertEqual(try db.scalar("PRAGMA user_version")?.intValue, Int64(Schema.latestVersion))
    }
}
