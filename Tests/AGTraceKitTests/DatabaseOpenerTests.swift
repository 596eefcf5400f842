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

    /// `--db PATH`, wherever it stands, else `$AGTRACE_DB` (an empty one is unset), else ./agtrace.db.
    func testTheDatabaseIsTheOptionThenTheEnvironmentThenTheDefault() {
        XCTAssertEqual(DatabaseOpener.path(given: "a.db", environment: ["AGTRACE_DB": "b.db"]), "a.db")
        XCTAssertEqual(DatabaseOpener.path(given: nil, environment: ["AGTRACE_DB": "b.db"]), "b.db")
        XCTAssertEqual(DatabaseOpener.path(given: nil, environment: ["AGTRACE_DB": ""]), "agtrace.db")
        XCTAssertEqual(DatabaseOpener.path(given: nil, environment: [:]), "agtrace.db")
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
        FileManager.default.createTestFile(atPath: path, contents: Data("hello, not a database\n".utf8))
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

    /// An agtrace database with `extra` run on it (at schema `version`; latest by default),
    /// left without a WAL so that its bytes are all in the file.
    func database(_ name: String, version: Int = Schema.latestVersion, _ extra: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        let db = try Database(rawPath: path, readOnly: false, create: true)
        if version == Schema.latestVersion {
            try db.execute(Schema.current)
        } else {
            for migration in Schema.migrations.prefix(version) { try db.execute(migration) }
        }
        try db.execute("PRAGMA application_id = \(Schema.applicationId); PRAGMA user_version = \(version)")
        if version >= SchemaObjects.hashRecordedSince { try SchemaObjects.recordHash(version: version, in: db) }
        try db.execute("INSERT INTO snapshots(label) VALUES ('kept'); INSERT INTO edges(snapshot_id, graph_index, src_attribute, dst_attribute, edge_index) VALUES (1, 0, 4, 8, 0)")
        try db.execute(extra)
        return path
    }

    func testADatabaseWithObjectsAgtraceDidNotCreateIsRefusedNamingThem() throws {
        let cases: [(String, String, Int, String)] = [
            ("trigger.db", "CREATE TRIGGER wipe AFTER INSERT ON imports BEGIN DELETE FROM edges; END", Schema.latestVersion,
             "trigger 'wipe' on imports"),
            ("old-trigger.db", "CREATE TRIGGER wipe BEFORE INSERT ON node_rows BEGIN DELETE FROM snapshots; END", 1, "trigger 'wipe' on node_rows"),
            ("view.db", "CREATE VIEW all_edges AS SELECT * FROM edges", Schema.latestVersion, "view 'all_edges'"),
            ("shadow.db", "DROP VIEW nodes; CREATE VIEW nodes AS SELECT * FROM node_rows WHERE 0", Schema.latestVersion,
             "view 'nodes' (not as agtrace defines it)"),
            ("index.db", "CREATE UNIQUE INDEX one_edge ON edges(snapshot_id)", Schema.latestVersion, "index 'one_edge' on edges"),
            ("table.db", "CREATE TABLE notes(x)", Schema.latestVersion, "table 'notes'"),
        ]
        for (name, extra, version, named) in cases {
            let path = try database(name, version: version, extra)
            assertRefused(path, "holds schema objects agtrace did not create (\(named))")
            let db = try Database(rawPath: path, readOnly: true, create: false)
            XCTAssertEqual(try db.scalar("SELECT count(*) FROM edges")?.intValue, 1, "\(name): nothing ran")
            XCTAssertEqual(try db.scalar("PRAGMA user_version")?.intValue, Int64(version), "\(name): not migrated")
        }
    }

    func testWhatSQLiteAndAgtraceMakeThemselvesIsAccepted() throws {
        // ANALYZE's statistics and UNIQUE keys' autoindexes are SQLite's own.
        let path = try database("analyzed.db", "ANALYZE")
        XCTAssertEqual(try DatabaseOpener.open(path, mode: .read).scalar("SELECT count(*) FROM snapshots")?.intValue, 1)
        // Every older schema, replayed, opens and migrates.
        for version in 1..<Schema.latestVersion {
            let old = try database("v\(version).db", version: version, "SELECT 1")
            XCTAssertEqual(try DatabaseOpener.open(old, mode: .write).scalar("PRAGMA user_version")?.intValue, Int64(Schema.latestVersion))
        }
    }

    /// A table's definition changed (a CHECK, a column added) or an index dropped is refused,
    /// naming it; so is a view's, as before.
    func testADatabaseWhoseDefinitionsDifferIsRefusedNamingThem() throws {
        let cases: [(String, String, Int, String)] = [
            ("column.db", "ALTER TABLE snapshot_facts ADD COLUMN extra TEXT DEFAULT 'x'", Schema.latestVersion, "table 'snapshot_facts' (not as agtrace defines it)"),
            ("old-column.db", "ALTER TABLE node_rows ADD COLUMN g INTEGER AS (1 / 0)", 1, "table 'node_rows' (not as agtrace defines it)"),
            ("dropped.db", "DROP INDEX imports_by_sha256", Schema.latestVersion, "index 'imports_by_sha256' (missing)"),
        ]
        for (name, extra, version, named) in cases {
            let path = try database(name, version: version, extra)
            assertRefused(path, "holds schema objects agtrace did not create (\(named))")
        }
    }

    /// The schema's hash, from the migrations replayed or `Schema.current`, is what a database
    /// agtrace made hashes to; one definition changed changes it.
    func testTheSchemaHashIsTheDatabases() throws {
        let path = dir.appendingPathComponent("hash.db").path
        let db = try DatabaseOpener.open(path, mode: .write)
        XCTAssertEqual(SchemaObjects.hash(of: try SchemaObjects.objects(in: db)), try SchemaObjects.definitionHash(version: Schema.latestVersion))
        try db.execute("ALTER TABLE imports ADD COLUMN x")
        XCTAssertNotEqual(SchemaObjects.hash(of: try SchemaObjects.objects(in: db)), try SchemaObjects.definitionHash(version: Schema.latestVersion))
    }

    /// Opening compares SQLite's own bytes of the schema with the generated hash first; a
    /// database whose definitions differ from agtrace's in spaces alone (layout SQLite may
    /// keep after a rename) misses that, and is then accepted through the definitions compared
    /// spaces aside, as before; a word changed is refused either way.
    func testDefinitionsDifferingInSpacesAloneAreAccepted() throws {
        let spaced = try database("spaced.db", """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET sql = replace(sql, 'SELECT', 'SELECT  ') WHERE name = 'nodes';
            PRAGMA writable_schema = OFF;
            """)
        XCTAssertNotEqual(try SchemaObjects.rawHash(in: Database(rawPath: spaced, readOnly: true, create: false)), Schema.currentRawHash)
        XCTAssertEqual(try DatabaseOpener.open(spaced, mode: .read).scalar("SELECT count(*) FROM snapshots")?.intValue, 1)
        let worded = try database("worded.db", """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET sql = replace(sql, 'SELECT', 'SELECT DISTINCT') WHERE name = 'nodes';
            PRAGMA writable_schema = OFF;
            """)
        assertRefused(worded, "holds schema objects agtrace did not create (view 'nodes' (not as agtrace defines it))")
    }

    /// SIGINT under `InterruptOnSignal` interrupts the connection (its flag set, so a statement
    /// started after it stops too) instead of ending the process; `cancel` puts back what
    /// SIGINT did before.
    func testSIGINTInterruptsTheConnection() throws {
        let db = try DatabaseOpener.open(dir.appendingPathComponent("signal.db").path, mode: .write)
        db.installInterruptCheck()
        var before = sigaction()
        sigaction(SIGINT, nil, &before)
        let stop = InterruptOnSignal(db)
        XCTAssertFalse(db.wasInterrupted)
        raise(SIGINT)
        XCTAssertTrue(db.wasInterrupted)
        XCTAssertThrowsError(try db.scalar("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT count(*) FROM c")) {
            XCTAssertTrue(($0 as? DatabaseError)?.isInterrupt == true, "\($0)")
        }
        stop.cancel()
        var after = sigaction()
        sigaction(SIGINT, nil, &after)
        // The handler (the first field on Linux and Darwin alike; the rest holds bytes the
        // kernel leaves as they were).
        let handler = MemoryLayout<UnsafeRawPointer>.size
        XCTAssertEqual(withUnsafeBytes(of: &after) { Array($0.prefix(handler)) }, withUnsafeBytes(of: &before) { Array($0.prefix(handler)) })
    }

    /// A writer refuses `fts3_tokenizer()` and `load_extension()` as `query` does, whatever
    /// SQL calls them (a CHECK ran it inside `import`).
    func testWritersRefuseTheFunctionsQueryRefuses() throws {
        let path = dir.appendingPathComponent("writer.db").path
        let db = try DatabaseOpener.open(path, mode: .write)
        for sql in ["SELECT fts3_tokenizer('simple')", "SELECT load_extension('x')"] {
            XCTAssertThrowsError(try db.scalar(sql), sql) { XCTAssertTrue("\($0)".contains("not authorized"), "\($0)") }
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM snapshots")?.intValue, 0, "everything else runs")
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
        FileManager.default.createTestFile(atPath: path, contents: Data())
        let db = try DatabaseOpener.open(path, mode: .write)
        XCTAssertEqual(try db.scalar("PRAGMA user_version")?.intValue, Int64(Schema.latestVersion))
    }
}
