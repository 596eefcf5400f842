import XCTest

/// What README.md and docs/ci.md claim is what the commands do.
final class DocsClaimsCLITests: CLITestCase {
    func doc(_ path: String) throws -> String {
        try String(contentsOf: CLI.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// "Reading a trace": the query names its trace by label, so it reads trip-taps's events
    /// even when another trace was imported first (an id would read that one's).
    func testTraceQueryReadsTheTraceItNames() throws {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let line = readme.split(separator: "\n").first(where: { $0.hasPrefix("agtrace query \"SELECT kind, count(*) FROM trace_events") }) else {
            return XCTFail("README has no trace query")
        }
        let sql = String(line.dropFirst("agtrace query \"".count).prefix { $0 != "\"" })
        XCTAssertNil(sql.range(of: #"trace_id = [0-9]"#, options: .regularExpression), sql)
        try runAgtrace(["import", "--db", db, SampleTraces.planner, SampleTraces.trip], status: 0)
        let byLabel = try runAgtrace(["query", "--db", db, "--format", "csv", sql], status: 0)
        let expected = try runAgtrace(["query", "--db", db, "--format", "csv",
                                       "SELECT kind, count(*) FROM trace_events e JOIN traces t ON t.id = e.trace_id WHERE t.label = 'trip-taps' GROUP BY kind"], status: 0)
        XCTAssertEqual(byLabel.stdout, expected.stdout)
        XCTAssertTrue(byLabel.stdout.contains("\n"), byLabel.stdout)
    }

    /// "Chasing a slow view": `updates --snapshot … --by view` shows seconds as rule-cost does.
    func testUpdatesBySnapshotExampleIsTheOutput() throws {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        try runAgtrace(["import", "--db", db, CLI.samples + "/planner-profiled.ag-json"], status: 0)
        let r = try runAgtrace(["report", "updates", "--db", db, "--snapshot", "planner-profiled", "--by", "view"], status: 0)
        let first = r.stdout.split(separator: "\n").prefix(3).map { "   " + $0 }.joined(separator: "\n")
        XCTAssertTrue(readme.contains(first + "\n   …\n"), r.stdout)
    }

    /// docs/ci.md: a dump of another process names none of the run's attributes: check exits
    /// 3 (could not count), baseline 1.
    func testDumpOfAnotherProcessExitStatusesAreAsDocumented() throws {
        let ci = try doc("docs/ci.md").replacingOccurrences(of: "\n", with: " ")
        XCTAssertTrue(ci.contains("`check` exits 3 (could not count; its report formats say why), `baseline` exits 1."), "docs/ci.md")
        let run = CLI.samples + "/ci/tap-stepper.lldb.log", other = CLI.samples + "/trip-1-before.ag-json"
        try runAgtrace(["baseline", "--transcript", run, "--archive", CLI.samples + "/ci/planner-a.ag-json", "--key", "view", "-o", "v.json"], status: 0)
        let check = try runAgtrace(["check", "--baseline", "v.json", "--transcript", run, "--archive", other], status: 3)
        XCTAssertTrue(check.stderr.contains("is not a dump of the same process"), check.stderr)
        try runAgtrace(["baseline", "--transcript", run, "--archive", other, "--key", "view", "-o", "x.json"], status: 1)
    }

    /// docs/ci.md: the same import gives the same bytes; files imported afresh differ in
    /// imported_at alone.
    func testSameBytesAndImportedAtAreAsDocumented() throws {
        let ci = try doc("docs/ci.md").replacingOccurrences(of: "\n", with: " ")
        XCTAssertTrue(ci.contains("two baselines of the same recording differ in that field alone"), "docs/ci.md")
        let run = CLI.samples + "/ci/tap-stepper.lldb.log"
        try runAgtrace(["import", "--db", db, run], status: 0)
        let a = try runAgtrace(["baseline", "--db", db, "--run", "tap-stepper", "-o", "-"], status: 0).stdout
        let b = try runAgtrace(["baseline", "--db", db, "--run", "tap-stepper", "-o", "-"], status: 0).stdout
        XCTAssertEqual(a, b)
        // One step: only the imported_at of the source line may differ (the seconds may be the same).
        let oneStep = try runAgtrace(["baseline", "--transcript", run, "-o", "-"], status: 0).stdout
        func withoutDate(_ s: String) -> String {
            s.replacingOccurrences(of: #""imported_at": "[^"]*""#, with: "", options: .regularExpression)
        }
        XCTAssertEqual(withoutDate(oneStep), withoutDate(a))
        XCTAssertTrue(oneStep.contains("\"imported_at\": \""), oneStep)
    }
}
