import XCTest

/// The README's commands read what they say, in a database that holds more than their sample.
final class ReadmeExampleCLITests: CLITestCase {
    /// "Reading a trace": the query names its trace by label, so it reads trip-taps's events
    /// even when another trace was imported first (an id would read that one's).
    func testTraceQueryReadsTheTraceItNames() throws {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let line = readme.split(separator: "\n").first(where: { $0.hasPrefix("agtrace query \"SELECT kind, count(*) FROM trace_events") }) else {
            return XCTFail("README has no trace query")
        }
        let sql = String(line.dropFirst("agtrace query \"".count).prefix { $0 != "\"" })
        XCTAssertNil(sql.range(of: #"trace_id = [0-9]"#, options: .regularExpression), sql)
        try runAgtrace(["import", "--db", db, CLI.samples + "/traces/planner-edit.ag-trace.gz", CLI.samples + "/traces/trip-taps.ag-trace"], status: 0)
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
}
