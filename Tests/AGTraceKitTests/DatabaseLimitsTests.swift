import CSQLite
import XCTest
@testable import AGTraceKit

/// What a reader may not do or cost (value length, functions), what readers never write, how
/// long a writer waits, and reading where nothing may be written.
final class DatabaseLimitsTests: TemporaryDirectoryTestCase {
    func testAQueryCannotMakeAValueOfAGigabyte() throws {
        _ = try DatabaseOpener.open(dbPath, mode: .write)
        let db = try DatabaseOpener.open(dbPath, mode: .read)
        for sql in ["SELECT zeroblob(1000000000)", "SELECT length(randomblob(100000000))",
                    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 3000000) SELECT length(group_concat('0123456789')) FROM c"] {
            XCTAssertThrowsError(try db.scalar(sql), sql) { error in
                XCTAssertTrue("\(error)".contains("too big"), "\(error)")
            }
        }
        XCTAssertEqual(try db.scalar("SELECT length(zeroblob(1000000))")?.intValue, 1_000_000, "a megabyte is fine")
    }

    func testQueriesCannotReachFTS3Tokenizer() throws {
        _ = try DatabaseOpener.open(dbPath, mode: .write)
        let db = try DatabaseOpener.open(dbPath, mode: .read)
        // Apple's SQLite is built without load_extension (SQLITE_OMIT_LOAD_EXTENSION): there the
        // call names no function at all rather than a refused one.
        let noExtensions = sqlite3_compileoption_used("OMIT_LOAD_EXTENSION") != 0
        for sql in ["SELECT fts3_tokenizer('simple')", "SELECT FTS3_TOKENIZER('simple', x'0000000000000000')",
                    "SELECT load_extension('/tmp/x.so')"] {
            let refusal = noExtensions && sql.contains("load_extension") ? "no such function: load_extension" : "not authorized"
            XCTAssertThrowsError(try db.scalar(sql), sql) { error in
                XCTAssertTrue("\(error)".contains(refusal), "\(sql): \(error)")
            }
        }
        XCTAssertEqual(try db.scalar("SELECT upper('ok')")?.description, "OK", "other functions run")
    }

    func testReadersNeverWriteIntoAnEmptyFile() throws {
        FileManager.default.createTestFile(atPath: dbPath, contents: Data())
        XCTAssertThrowsError(try DatabaseOpener.open(dbPath, mode: .read)) { error in
            XCTAssertTrue("\(error)".contains("an empty file"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: dbPath)[.size] as? Int, 0)
        for suffix in ["-wal", "-shm", "-journal"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: dbPath + suffix), suffix)
        }
    }

    func testTheLockTimeoutIsTheWholeWaitNotTheTimeoutTwice() throws {
        let holder = try DatabaseOpener.open(dbPath, mode: .write)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("COMMIT") }
        let waiter = try DatabaseOpener.open(dbPath, mode: .write, settings: .init(lockTimeout: 0.4))
        XCTAssertThrowsError(try waiter.withBusyRetry { try waiter.execute("BEGIN IMMEDIATE") }) { XCTAssertTrue("\($0)".contains("the database stayed locked by another process"), "\($0)") }
        // Each attempt may wait only what is left: together no more than the timeout (before,
        // the first attempt used it all and the next one as much again).
        XCTAssertEqual(waiter.retryWaits.first, 400)
        XCTAssertLessThanOrEqual(waiter.retryWaits.reduce(0, +), 400 + 1, "\(waiter.retryWaits)")
    }

    func testABadLockTimeoutIsRefusedNotIgnored() throws {
        for bad in ["x", "", "-1", "nan", "inf", "1e400", "10s", "0x10"] {
            XCTAssertThrowsError(try DatabaseOpener.Settings.fromEnvironment(["AGTRACE_LOCK_TIMEOUT": bad]), bad) { error in
                XCTAssertTrue("\(error)".contains("AGTRACE_LOCK_TIMEOUT=\(bad): not a number of seconds"), "\(error)")
            }
        }
        XCTAssertEqual(try DatabaseOpener.Settings.fromEnvironment(["AGTRACE_LOCK_TIMEOUT": "0"]).lockTimeout, 0)
        XCTAssertEqual(try DatabaseOpener.Settings.fromEnvironment(["AGTRACE_LOCK_TIMEOUT": "2.5"]).lockTimeout, 2.5)
        XCTAssertEqual(try DatabaseOpener.Settings.fromEnvironment([:]).lockTimeout, 600)
    }

    /// A directory agtrace may not write, without `-shm` (a read-only file system, or a copy in a
    /// read-only folder), through the injected "can write" probe: as root every directory is
    /// writable, so the probe stands in for access(2). The database is read immutably, and no
    /// file appears beside it.
    func testADatabaseWhereNothingMayBeWrittenIsStillRead() throws {
        let w = try DatabaseOpener.open(dbPath, mode: .write)
        _ = try Importer(database: w).importItem(TestPaths.sample("trip-1-before.ag-json"))
        try w.checkpoint()
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: dbPath + suffix) }
        var settings = DatabaseOpener.Settings()
        settings.canWrite = { _ in false }
        XCTAssertTrue(try DatabaseOpener.readsImmutably(dbPath, settings: settings))
        let db = try DatabaseOpener.open(dbPath, mode: .read, settings: settings)
        XCTAssertEqual(try db.scalar("SELECT label FROM snapshots")?.description, "trip-1-before")
        for suffix in ["-wal", "-shm", "-journal"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: dbPath + suffix), "\(suffix) made where nothing may be written")
        }
        // A log holding commits cannot be read immutably: refused, not silently left out.
        FileManager.default.createTestFile(atPath: dbPath + "-wal", contents: Data(repeating: 1, count: 100))
        XCTAssertThrowsError(try DatabaseOpener.open(dbPath, mode: .read, settings: settings)) { error in
            XCTAssertTrue("\(error)".contains("write-ahead log"), "\(error)")
        }
        // Where it may write, a plain reader as before.
        XCTAssertFalse(try DatabaseOpener.readsImmutably(dbPath, settings: DatabaseOpener.Settings()))
    }

    func testImmutableURIsEscapeWhatAURIWouldMisread() {
        XCTAssertEqual(Database.immutableURI("/tmp/a b/x?y#z%.db"), "file:/tmp/a%20b/x%3Fy%23z%25.db?immutable=1")
    }
}
