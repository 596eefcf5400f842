import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XCTest

/// Databases someone else made or altered, through the binary under HostileInputTests' caps:
/// each refused before anything runs on it, naming what differs, the file left byte for byte.
extension HostileInputTests {
    /// Each alteration of an agtrace database's own definitions, made with SQLite, and the
    /// object the refusal must name.
    static let alteredDefinitions: [(name: String, sql: String, names: String)] = [
        ("check-fts3-tokenizer", """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET sql = replace(sql, 'label TEXT NOT NULL,', 'label TEXT NOT NULL CHECK (fts3_tokenizer(''evil'', x''4141414141414141'') IS NULL),') WHERE name = 'imports';
            PRAGMA writable_schema = OFF;
            """, "table 'imports' (not as agtrace defines it)"),
        ("check-printf", """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET sql = replace(sql, 'label TEXT NOT NULL,', 'label TEXT NOT NULL CHECK (length(printf(''%.*c'', 2000000000, ''x'')) > 0),') WHERE name = 'imports';
            PRAGMA writable_schema = OFF;
            """, "table 'imports' (not as agtrace defines it)"),
        ("extra-default", "ALTER TABLE imports ADD COLUMN extra TEXT DEFAULT 'x'", "table 'imports' (not as agtrace defines it)"),
        ("generated", "ALTER TABLE imports ADD COLUMN g INTEGER AS (1 / 0)", "table 'imports' (not as agtrace defines it)"),
        ("dropped-index", "DROP INDEX imports_by_sha256", "index 'imports_by_sha256' (missing)"),
        ("recorded-hash", "UPDATE schema_hash SET sha256 = 'f00d'", "table 'schema_hash' (its recorded hash f00d… is not schema version"),
        ("no-recorded-hash", "DELETE FROM schema_hash", "table 'schema_hash' (no recorded hash of schema version"),
    ]

    func testAlteredDefinitionsAreRefusedAndTheFileKept() throws {
        for altered in Self.alteredDefinitions {
            let path = dir.appendingPathComponent("\(altered.name).db").path
            XCTAssertEqual(try CLI.run(["import", "--db", path, CLI.samples + "/trip-1-before.ag-json"]).status, 0)
            try HostileInputs.execute(altered.sql, on: path)
            let before = FileManager.default.contents(atPath: path)
            for args in [["import", "--db", path, CLI.samples + "/planner-profiled.ag-json"], ["query", "--db", path, "SELECT 1"]] {
                let r = try capped(args)
                XCTAssertEqual(r.status, 1, "\(altered.name) \(args[0]): \(r.stdout)")
                XCTAssertTrue(r.stderr.contains("holds schema objects agtrace did not create (\(altered.names)"), "\(altered.name): \(r.stderr)")
                XCTAssertEqual(FileManager.default.contents(atPath: path), before, "\(altered.name): the file is left byte for byte")
            }
        }
    }

    /// A b-tree page damaged so that SQLite reports "Extends off end of page" (an import wrote
    /// into it with exit 0): a write is refused with SQLite's words, the file unchanged; reading
    /// is left to SQLite (a query of the damaged table fails as it does).
    func testACorruptPageRefusesWrites() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, CLI.samples + "/trip-1-before.ag-json"]).status, 0)
        for suffix in ["-wal", "-shm"] { unlink(db + suffix) }
        try HostileInputs.corruptPage(at: db)
        let before = FileManager.default.contents(atPath: db)
        let r = try capped(["import", "--db", db, CLI.samples + "/planner-profiled.ag-json"])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stderr.contains("fails SQLite's quick check (On tree page"), r.stderr)
        XCTAssertTrue(r.stderr.contains("Extends off end of page"), r.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: db), before, "the file is left byte for byte")
        let d = try capped(["delete", "--db", db, "trip-1-before"])
        XCTAssertEqual(d.status, 1, d.stdout)
        XCTAssertEqual(FileManager.default.contents(atPath: db), before)
        // The check is the first write's: bytes already stored are recognised without one (the
        // command writes nothing), and the alias a new label would add is a write, refused.
        let again = try capped(["import", "--db", db, CLI.samples + "/trip-1-before.ag-json"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("unchanged"), again.stdout)
        let alias = try capped(["import", "--db", db, "--label", "other", CLI.samples + "/trip-1-before.ag-json"])
        XCTAssertEqual(alias.status, 1, alias.stdout)
        XCTAssertTrue(alias.stderr.contains("fails SQLite's quick check (On tree page"), alias.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: db), before)
    }

    /// The same page in a database too large to check whole (the limit set to 0 bytes, as a
    /// file over 64 MB has it): the import's own tables are quick-checked before its first
    /// write, so the damaged snapshot table refuses a snapshot's import and its deletion, naming
    /// the table, in SQLite's words, the file unchanged.
    func testACorruptPageInALargeDatabaseRefusesWritesToItsTables() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, CLI.samples + "/trip-1-before.ag-json"]).status, 0)
        for suffix in ["-wal", "-shm"] { unlink(db + suffix) }
        try HostileInputs.corruptPage(at: db)
        let before = FileManager.default.contents(atPath: db)
        let large = ["AGTRACE_QUICK_CHECK_LIMIT": "0"]
        for args in [["import", "--db", db, CLI.samples + "/planner-profiled.ag-json"], ["delete", "--db", db, "trip-1-before"]] {
            let r = try capped(args, environment: large)
            XCTAssertEqual(r.status, 1, "\(args[0]): \(r.stdout)")
            XCTAssertTrue(r.stderr.contains("fails SQLite's quick check of table '") && r.stderr.contains("malformed"), "\(args[0]): \(r.stderr)")
            XCTAssertEqual(FileManager.default.contents(atPath: db), before, "\(args[0]): the file is left byte for byte")
        }
    }
}
