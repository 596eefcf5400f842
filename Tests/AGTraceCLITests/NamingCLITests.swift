import XCTest

/// Labels of another kind and dumps of another process, through the binary.
final class NamingCLITests: CLITestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try runAgtrace(["import", "--db", db, SampleTraces.trip, CLI.samples + "/trip-1-before.ag-json",
                        CLI.samples + "/planner-profiled.ag-json"], status: 0)
    }

    /// `why --view V --run T` with T a trace says T is a trace before asking for --snapshot.
    func testTraceGivenAsARunSaysItIsATrace() throws {
        let why = try runAgtrace(["why", "--db", db, "--view", "TripView", "--run", "trip-taps"], status: 1)
        XCTAssertEqual(why.stderr, "agtrace why: error: 'trip-taps' is a trace, not a run: give it with --trace trip-taps (see agtrace list)\n")
        for args in [["report", "updates", "--snapshot", "trip-taps"], ["walk", "536", "--snapshot", "trip-taps"],
                     ["why", "1048", "--run", "trip-taps"], ["diff", "trip-taps", "trip-1-before"]] {
            let r = try runAgtrace(args + ["--db", db], status: 1)
            XCTAssertTrue(r.stderr.contains("'trip-taps' is a trace, not a "), "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(": give it with --trace trip-taps"), "\(args): \(r.stderr)")
        }
        // A run label that is a run still gets the usage error about --snapshot.
        try runAgtrace(["import", "--db", db, CLI.samples + "/transcripts/trip-frame-info.lldb.log"], status: 0)
        let usage = try runAgtrace(["why", "--db", db, "--view", "Trip", "--run", "trip-frame-info"], status: 2)
        XCTAssertTrue(usage.stderr.contains("--view with --run needs --snapshot S"), usage.stderr)
    }

    func testDiffOfTwoAppsWarns() throws {
        let r = try runAgtrace(["diff", "--db", db, "trip-1-before", "planner-profiled"], status: 0)
        XCTAssertTrue(r.stderr.contains("agtrace diff: warning: only 1 of the 16 attributes of 'trip-1-before' and of the 9 of 'planner-profiled' pair up with the same rule"), r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("trip-1-before → planner-profiled\n"), r.stdout)
    }

    /// Every command comparing two snapshots warns once, on stderr, when their ids name other
    /// nodes; two dumps of one app say nothing.
    func testEveryComparisonOfTwoAppsWarnsOnce() throws {
        try runAgtrace(["import", "--db", db, CLI.samples + "/trip-4-after-body.ag-json"], status: 0)
        let warning = "only 1 of the 16 attributes of 'trip-1-before' and of the 9 of 'planner-profiled' pair up with the same rule"
        let out = dir.appendingPathComponent("compare.html").path
        let commands: [(String, [String], [String])] = [
            ("diff", ["diff"], []), ("diff", ["diff", "--details"], []),
            ("report", ["report", "edge-churn"], ["--from"]), ("report", ["report", "dirty-walks"], ["--from"]),
            ("export", ["export", "html", "-o", out], ["--compare"]),
        ]
        for (name, args, option) in commands {
            func run(_ a: String, _ b: String) throws -> String {
                let pair = option == ["--from"] ? ["--from", a, "--to", b] : option + [a, b]
                return try runAgtrace(args + ["--db", db] + pair, status: 0).stderr
            }
            let apart = try run("trip-1-before", "planner-profiled")
            XCTAssertEqual(apart.components(separatedBy: "agtrace \(name): warning: " + warning).count, 2, "\(args): \(apart)")
            let same = try run("trip-1-before", "trip-4-after-body")
            XCTAssertFalse(same.contains("warning"), "\(args): \(same)")
        }
    }
}
