import XCTest

/// `agtrace import`, `list`, `query`, help and exit codes, end to end.
final class ImportCLITests: CLITestCase {
    func testImportSamplesListAndQuery() throws {
        let r = try CLI.run(["import", "--db", db, CLI.samples])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("imported trip-1-before (archive): graphs 1, nodes 16, edges 22"), r.stdout)
        XCTAssertTrue(r.stdout.contains("imported trip-2-after-write (archive, gzip): graphs 1, nodes 16, edges 22"), r.stdout)
        XCTAssertTrue(r.stdout.contains("imported planner-profiled (archive): graphs 2, nodes 9, edges 10"), r.stdout)

        let list = try CLI.run(["list", "--format", "csv", "--db", db])
        XCTAssertEqual(list.status, 0, list.stderr)
        // Every kind's own columns (a name two kinds give, one column), then what every import has.
        XCTAssertTrue(list.stdout.hasPrefix("kind,label,graphs,nodes,edges,events,skipped_lines,incomplete_hits,cycles,body_runs,warnings,"
                                            + "tables,rows,template,end_reason,aliases,imported_at,source\n"), list.stdout)
        XCTAssertTrue(list.stdout.contains("snapshot,trip-3-after-invalidate,1,16,22,,"), list.stdout)

        // Options after the positional argument; json is an array of objects keyed by column.
        let q = try CLI.run(["query", "SELECT label, format_version AS v FROM snapshots WHERE label LIKE 'trip-1%'", "--format", "json", "--db", db])
        XCTAssertEqual(q.status, 0, q.stderr)
        let rows = try JSONSerialization.jsonObject(with: Data(q.stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows[0]["label"] as? String, "trip-1-before")
        XCTAssertEqual(rows[0]["v"] as? Int, 2)

        let md = try CLI.run(["query", "--db", db, "--format", "markdown", "SELECT 'a|b' AS x"])
        XCTAssertEqual(md.stdout, "| x |\n| --- |\n| a\\|b |\n")
    }

    /// Every warning import prints is a row of import_notes, which a query shows.
    func testImportWarningsAreQueryable() throws {
        let r = try CLI.run(["import", "--db", db, CLI.samples + "/transcripts/trip-mixed.lldb.log", SampleTraces.feedCut])
        XCTAssertEqual(r.status, 0, r.stderr)
        let printed = r.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(printed.count, 3, r.stderr)
        let q = try CLI.run(["query", "--db", db, "--format", "csv", "SELECT label, code, message FROM import_notes ORDER BY id"])
        XCTAssertEqual(q.status, 0, q.stderr)
        let rows = q.stdout.split(separator: "\n").dropFirst().map(String.init)
        XCTAssertEqual(rows.count, 3, q.stdout)
        let fromRows = try CLI.run(["query", "--db", db, "--format", "csv",
                                    "SELECT 'agtrace import: ' || severity || ': ' || label || ': ' || message FROM import_notes ORDER BY id"])
        XCTAssertEqual(fromRows.stdout.split(separator: "\n").dropFirst().map { $0.replacingOccurrences(of: "\"", with: "") },
                       printed.map { $0.replacingOccurrences(of: "\"", with: "") })
        XCTAssertTrue(rows[0].hasPrefix("trip-mixed,unreadable-lines,"), rows[0])
        XCTAssertTrue(rows[2].hasPrefix("feed-select-cut,trace-cut,"), rows[2])
    }

    func testReimportSaysWhichLabelHoldsTheBytes() throws {
        let path = CLI.samples + "/trip-1-before.ag-json"
        XCTAssertEqual(try CLI.run(["import", "--db", db, path]).status, 0)
        let again = try CLI.run(["import", "--db", db, path])
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.stdout.contains("already stored as snapshot 'trip-1-before'"), again.stdout)
        let replaced = try CLI.run(["import", "--replace", "--db", db, path])
        XCTAssertTrue(replaced.stdout.hasPrefix("replaced trip-1-before"), replaced.stdout)
    }

    func testStandardInputAndEnvironmentDatabase() throws {
        let bytes = FileManager.default.contents(atPath: CLI.samples + "/trip-2-after-write.ag-gzon")!
        let r = try CLI.run(["import", "--label", "piped", "-"], stdin: bytes, environment: ["AGTRACE_DB": db])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("imported piped (archive, gzip): graphs 1, nodes 16, edges 22"), r.stdout)
    }

    func testDefaultDatabaseInTheWorkingDirectory() throws {
        let r = try CLI.run(["import", CLI.samples + "/trip-1-before.ag-json"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("agtrace.db").path))
    }

    func testBadInputIsExitOneWithFileAndPosition() throws {
        let bad = dir.appendingPathComponent("bad.ag-json")
        try Data("{\"graphs\":[\n{\"nodes\": [1,}\n]}".utf8).write(to: bad)
        XCTAssertEqual(try CLI.run(["import", "--db", db, CLI.samples + "/trip-1-before.ag-json"]).status, 0)
        let r = try CLI.run(["import", "--db", db, bad.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("\(bad.path):2:"), r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "one line: \(r.stderr)")
        let list = try CLI.run(["list", "--db", db, "--format", "csv"])
        XCTAssertEqual(list.stdout.split(separator: "\n").count, 2, "nothing partial was stored: \(list.stdout)")
    }

    func testQueryIsReadOnlyAndShowsSQLiteErrors() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, CLI.samples + "/trip-1-before.ag-json"]).status, 0)
        let write = try CLI.run(["query", "--db", db, "DELETE FROM edges"])
        XCTAssertEqual(write.status, 1)
        XCTAssertTrue(write.stderr.contains("read-only"), write.stderr)
        let bad = try CLI.run(["query", "--db", db, "SELEC 1"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("syntax error"), bad.stderr)
        let count = try CLI.run(["query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM nodes"])
        XCTAssertEqual(count.stdout, "n\n16\n")
        let sqlFile = dir.appendingPathComponent("q.sql")
        try Data("SELECT count(*) AS n FROM edges".utf8).write(to: sqlFile)
        XCTAssertEqual(try CLI.run(["query", "--db", db, "--format", "csv", "@" + sqlFile.path]).stdout, "n\n22\n")
    }

    func testUsageErrorsAreExitTwo() throws {
        for args in [["import"], ["import", "--bogus", "x"], ["query"], ["list", "--format", "xml"], ["frobnicate"],
                     ["import", "--label"], ["query", "--limit", "ten", "SELECT 1"]] {
            let r = try CLI.run(args + ["--db", db])
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertFalse(r.stderr.isEmpty)
        }
        XCTAssertTrue(try CLI.run(["imprt"]).stderr.contains("did you mean 'import'"))
    }

    func testHelpAndVersion() throws {
        let top = try CLI.run(["help"])
        XCTAssertEqual(top.status, 0)
        XCTAssertTrue(top.stdout.contains("Commands:"))
        for command in ["import", "list", "query"] {
            let h = try CLI.run([command, "--help"])
            XCTAssertEqual(h.status, 0)
            XCTAssertTrue(h.stdout.contains("Usage: agtrace \(command)"), h.stdout)
            XCTAssertTrue(h.stdout.contains("--db PATH"))
            XCTAssertEqual(try CLI.run(["help", command]).stdout, h.stdout)
        }
        XCTAssertTrue(try CLI.run(["--version"]).stdout.hasPrefix("agtrace "))
    }

    func testForeignDatabaseIsRefusedUntouched() throws {
        let foreign = dir.appendingPathComponent("notes.txt")
        try Data("just text".utf8).write(to: foreign)
        let r = try CLI.run(["import", "--db", foreign.path, CLI.samples + "/trip-1-before.ag-json"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("not a SQLite database"), r.stderr)
        XCTAssertEqual(try Data(contentsOf: foreign), Data("just text".utf8))
    }
}

/// `agtrace delete`.
final class DeleteCLITests: XCTestCase {
    func testDeleteIsAllOrNothing() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("d.db").path
        XCTAssertEqual(try CLI.run(["import", "--db", db, CLI.samples]).status, 0)
        let unknown = try CLI.run(["delete", "--db", db, "trip-1-before", "nope"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("'nope'"), unknown.stderr)
        XCTAssertTrue(try CLI.run(["list", "--db", db]).stdout.contains("trip-1-before"), "nothing deleted")
        let ok = try CLI.run(["delete", "--db", db, "trip-1-before", "trip-mixed"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(ok.stdout, "deleted trip-1-before\ndeleted trip-mixed\n")
        let left = try CLI.run(["query", "--db", db, "--format", "csv",
                                "SELECT (SELECT count(*) FROM snapshots WHERE label = 'trip-1-before') + (SELECT count(*) FROM runs WHERE label = 'trip-mixed') AS n"])
        XCTAssertEqual(left.stdout, "n\n0\n")
        // The run's events and frames went with it (by its id ranges); other runs' stayed.
        let rows = try CLI.run(["query", "--db", db, "--format", "csv", """
            SELECT (SELECT count(*) FROM events WHERE run_id NOT IN (SELECT id FROM runs))
                 + (SELECT count(*) FROM frames WHERE run_id NOT IN (SELECT id FROM runs)) AS orphans,
                   (SELECT count(*) > 0 FROM events) AND (SELECT count(*) > 0 FROM frames) AS others
            """])
        XCTAssertEqual(rows.stdout, "orphans,others\n0,1\n", rows.stderr)
        XCTAssertEqual(try CLI.run(["delete", "--db", db]).status, 2)
    }
}
