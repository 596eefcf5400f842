import XCTest

/// Console logs through the built binary: import, list, report, delete, with their exit statuses.
final class ConsoleCLITests: CLITestCase {
    let console = CLI.samples + "/console"

    func testImportListReportDelete() throws {
        try importFiles([console], says: [
            "imported ci-changes (console): cycles 0, body runs 11, warnings 0",
            "imported cut-and-traps (console): cycles 3, body runs 0, warnings 2",
            "imported 4, skipped 1, failed 0",
            "skipped \(console)/README.md",
        ], warns: ["warning: cut-and-traps: the cycle report at line 1 (attribute 7300) is incomplete"])

        let list = try CLI.run(["list", "--db", db, "--format", "csv"])
        XCTAssertEqual(list.status, 0, list.stderr)
        // Its own columns (cycles, body_runs, warnings), and how it ended as every kind's.
        XCTAssertTrue(list.stdout.contains("console,sheet-loop,,,,,,,2,0,2,,,,no end seen,"), list.stdout)

        let views = try CLI.run(["report", "updates", "--db", db, "--console", "ci-changes", "--format", "csv"])
        XCTAssertEqual(views.status, 0, views.stderr)
        XCTAssertEqual(views.stdout, """
            view,body_runs,changed,unchanged
            Editor<Date>,3,2,1
            Planner.Toolbar,3,3,0
            PlannerView,3,1,2
            "Inspector<Dictionary<String, Int>>",2,2,0

            """)
        let byView = try CLI.run(["report", "updates", "--db", db, "--console", "ci-changes", "--by", "view", "--format", "csv"])
        XCTAssertEqual(byView.stdout, views.stdout, "--by view is the default for a console")
        let tokens = try CLI.run(["report", "updates", "--db", db, "--console", "ci-changes", "--by", "token", "--format", "csv", "--limit", "2"])
        XCTAssertEqual(tokens.status, 0, tokens.stderr)
        // csv guards cells a spreadsheet would run as a formula (`@…`) with a quote.
        XCTAssertEqual(tokens.stdout, "kind,token,lines,views\noffset,\"'@16\",3,1\nself,\"'@self\",3,2\n")
        XCTAssertEqual(try CLI.run(["report", "updates", "--db", db, "--console", "nope"]).status, 1)
        XCTAssertEqual(try CLI.run(["report", "updates", "--db", db, "--console", "ci-changes", "--by", "rule"]).status, 2)
        XCTAssertEqual(try CLI.run(["report", "updates", "--db", db, "--run", "ci-changes"]).status, 1, "a console is no run")

        XCTAssertEqual(try CLI.run(["delete", "--db", db, "ci-changes"]).status, 0)
        let left = try CLI.run(["query", "--db", db, "--format", "csv",
                                "SELECT (SELECT count(*) FROM body_changes), (SELECT count(*) FROM body_change_tokens), (SELECT count(*) FROM cycles) AS c"])
        XCTAssertTrue(left.stdout.hasSuffix("\n0,0,6\n"), left.stdout)
    }

    func testAFileWithNoConsoleLineNamedAloneIsAnError() throws {
        let path = dir.appendingPathComponent("app.log").path
        try "Saved 3 trips\nError: value changed.\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLI.run(["import", "--db", db, path])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains(path), r.stderr)
    }

    func testRealExcerptsImportWithTheirCounts() throws {
        let real = CLI.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/real-console").path
        guard FileManager.default.fileExists(atPath: real) else { throw XCTSkip("../shared/real-console is not here") }
        let files = ["sheet-effect", "toolbar-button", "html-attributed-string", "observable-dependencies", "sheet-counter",
                     "animals-containers", "breakpoint-action"].map { real + "/\($0).log" }
        let r = try CLI.run(["import", "--db", db] + files)
        XCTAssertEqual(r.status, 0, r.stderr)
        for line in ["imported sheet-effect (console): cycles 1, body runs 0, warnings 0",
                     "imported toolbar-button (console): cycles 10, body runs 0, warnings 1",
                     "imported html-attributed-string (console): cycles 3, body runs 0, warnings 1",
                     "imported observable-dependencies (console): cycles 0, body runs 2, warnings 0",
                     "imported sheet-counter (console): cycles 0, body runs 7, warnings 0",
                     "imported animals-containers (console): cycles 0, body runs 13, warnings 0",
                     "imported breakpoint-action (console): cycles 0, body runs 1, warnings 0"] {
            XCTAssertTrue(r.stdout.contains(line), line + "\n" + r.stdout)
        }
        let counter = try CLI.run(["report", "updates", "--db", db, "--console", "sheet-counter", "--format", "csv"])
        XCTAssertEqual(counter.stdout, "view,body_runs,changed,unchanged\nContentModel,6,2,4\nSheet,1,1,0\n")
    }

    /// The gate on a console log through the binary: a view whose body runs more fails (exit 1)
    /// and names it; the same log passes; a cycle report in the log fails --max-cycles 0.
    func testCheckConsoleFailsWhenAViewsBodyRunsGrow() throws {
        let sample = console + "/ci-changes.log"
        let base = dir.appendingPathComponent("base.json").path
        let taken = try CLI.run(["baseline", "--console", sample, "--output", base])
        XCTAssertEqual(taken.status, 0, taken.stderr)
        XCTAssertTrue(taken.stdout.contains("console 'ci-changes' keyed by view, 4 views, 11 updates"), taken.stdout)
        XCTAssertEqual(try CLI.run(["check", "--baseline", base, "--console", sample, "--max-cycles", "0"]).status, 0)
        let grown = dir.appendingPathComponent("ci-changes.log")
        try (String(contentsOfFile: sample, encoding: .utf8) + "\r\nPlannerView: _draft changed.\r\n").write(to: grown, atomically: true, encoding: .utf8)
        let failed = try CLI.run(["check", "--baseline", base, "--console", grown.path])
        XCTAssertEqual(failed.status, 1, failed.stdout + failed.stderr)
        XCTAssertTrue(failed.stdout.hasPrefix("FAIL: 1 of 4 views regressed; total updates 11 -> 12 (+1, +9.1%), regressed"), failed.stdout)
        XCTAssertTrue(failed.stdout.contains("PlannerView"), failed.stdout)
        try (String(contentsOfFile: sample, encoding: .utf8) + "\r\n=== AttributeGraph: cycle detected through attribute 88 ===\r\n")
            .write(to: grown, atomically: true, encoding: .utf8)
        let cycled = try CLI.run(["check", "--baseline", base, "--console", grown.path, "--max-cycles", "0", "--format", "json"])
        XCTAssertEqual(cycled.status, 1, cycled.stdout + cycled.stderr)
        XCTAssertTrue(cycled.stdout.contains("\"cycles\": {\"reports\": 1, \"max_cycles\": 0, \"exceeded\": true, \"views\": []}"), cycled.stdout)
    }
}
