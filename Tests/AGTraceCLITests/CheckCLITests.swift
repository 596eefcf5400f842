import AGTraceKit
import Foundation
import XCTest

/// Runs the built `agtrace` binary against a scratch database: runs are inserted as
/// `runs`/`events` rows, snapshots imported from the project's SampleArchives.
enum CheckCLI {
    /// Runs the binary on database `db`, in `dir`.
    static func run(_ arguments: [String], db: String, in dir: URL) throws -> CLIResult {
        try CLI.run(arguments + ["--db", db], directory: dir)
    }

    /// Update counts of the real Trip + Planner transcript (shared/real-logs/README.md).
    static let tapCounts: [Int64: Int] = [792: 3, 760: 1, 712: 1, 1760: 2, 1712: 1, 1664: 1, 1620: 1]

    /// Inserts a run with `counts[attribute] * multiplier` update hits, among other hits.
    static func insertRun(_ db: Database, label: String, counts: [Int64: Int], multiplier: Int = 1) throws {
        // Recordings that ran to their end (`exited 0`), as a transcript with lldb's exit line imports.
        let insertRun = try db.prepare("INSERT INTO runs(label, source, sha256, imported_at, complete, end_reason) VALUES (?1, 'test', ?2, '2026-05-01T09:30:00Z', 1, 'exited 0')")
        try insertRun.bind([.text(label), .text(String(repeating: "ab", count: 32))])
        try insertRun.run()
        let runId = try db.scalar("SELECT id FROM runs WHERE label = ?1", [.text(label)])!.intValue!
        let insert = try db.prepare("INSERT INTO events(run_id, seq, kind, symbol, attribute) VALUES (?1, ?2, ?3, ?4, ?5)")
        var seq: Int64 = 0
        func add(_ kind: String, _ attribute: Int64) throws {
            seq += 1
            try insert.bind([.integer(runId), .integer(seq), .text(kind), .text("AG::Graph::\(kind)"), .integer(attribute)])
            try insert.run()
        }
        try add("invalidate", 628)
        for (attribute, n) in counts.sorted(by: { $0.key < $1.key }) {
            for _ in 0..<(n * multiplier) { try add("update", attribute) }
            try add("propagate_dirty", attribute)
        }
        // A run's events are the id range its row records.
        try db.execute("UPDATE runs SET first_event_id = (SELECT min(id) FROM events WHERE run_id = runs.id), last_event_id = (SELECT max(id) FROM events WHERE run_id = runs.id) WHERE id = \(runId)")
    }

    /// Database `dbPath` in `dir` holding runs tap, tap-30x, tap-shifted (712 gone, 9999 new),
    /// planner-tap and planner-tap-30x (the Planner's attributes only) and snapshots planner
    /// (profiled) and trip (no profile).
    static func makeWorkspace(in dir: URL, db dbPath: String) throws {
        do {
            let db = try DatabaseOpener.open(dbPath, mode: .write)
            try db.writeTransaction {
                try insertRun(db, label: "tap", counts: tapCounts)
                try insertRun(db, label: "tap-30x", counts: tapCounts, multiplier: 30)
                var shifted = tapCounts
                shifted[712] = nil
                shifted[9999] = 2
                try insertRun(db, label: "tap-shifted", counts: shifted)
                // The Planner's part of tap: every attribute a node of snapshot planner.
                let planner = tapCounts.filter { $0.key >= 1620 }
                try insertRun(db, label: "planner-tap", counts: planner)
                try insertRun(db, label: "planner-tap-30x", counts: planner, multiplier: 30)
            }
        }
        let samples = URL(fileURLWithPath: CLI.samples)
        for (label, file) in [("planner", "planner-profiled.ag-json"), ("trip", "trip-1-before.ag-json")] {
            let r = try run(["import", "--quiet", "--label", label, samples.appendingPathComponent(file).path], db: dbPath, in: dir)
            guard r.status == 0 else { throw NSError(domain: "import", code: Int(r.status), userInfo: [NSLocalizedDescriptionKey: r.stderr]) }
        }
    }
}

final class CheckCLITests: CLITestCase {
    override class var databaseName: String { "agtrace.db" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: CLI.binary.path), "no agtrace binary at \(CLI.binary.path)")
        try CheckCLI.makeWorkspace(in: dir, db: db)
    }

    @discardableResult
    func agtrace(_ args: String..., status: Int32? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        try runAgtrace(args + ["--db", db], status: status, file: file, line: line)
    }

    /// `agtrace check --baseline BASELINE ARGS...` on the test's database.
    @discardableResult
    func check(_ baseline: String, _ args: String..., status: Int32, file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        try runAgtrace(["check", "--baseline", baseline] + args + ["--db", db], status: status, file: file, line: line)
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func writeTapBaseline() throws -> String {
        let file = path("tap.baseline.json")
        try agtrace("baseline", "--run", "tap", "--output", file, status: 0)
        return file
    }

    /// The regression table's rows (key first), in order.
    func regressionRows(_ out: String) -> [[String]] {
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "Regressions (worst first):") else { return [] }
        return lines[(start + 3)...].prefix { !$0.isEmpty }.map { $0.split(separator: " ").map(String.init) }
    }

    // MARK: Exit 0 and 1

    func testRunAgainstItsOwnBaselinePasses() throws {
        let baseline = try writeTapBaseline()
        let r = try check(baseline, "--run", "tap", status: 0)
        XCTAssertTrue(r.stdout.hasPrefix("PASS: no regressions in 7 attributes; total updates 10 -> 10 (0)\n"), r.stdout)
        XCTAssertEqual(r.stderr, "")
    }

    func testThirtyTimesTheUpdatesFailsNamingTheWorstAttributesFirst() throws {
        let baseline = try writeTapBaseline()
        let r = try check(baseline, "--run", "tap-30x", status: 1)
        XCTAssertTrue(r.stdout.hasPrefix("FAIL: 7 of 7 attributes regressed; total updates 10 -> 300 (+290, +2900.0%), regressed\n"), r.stdout)
        let rows = regressionRows(r.stdout)
        XCTAssertEqual(rows.map { $0[0] }, ["792", "1760", "712", "760", "1620", "1664", "1712"])
        XCTAssertEqual(rows[0], ["792", "3", "90", "+87", "+2900.0%"])
    }

    func testToleranceAndMinCountThroughTheCommandLine() throws {
        let baseline = try writeTapBaseline()
        try check(baseline, "--run", "tap-30x", "--tolerance", "3000", status: 0)
        try check(baseline, "--run", "tap-30x", "--tolerance=2900%", status: 0)  // exactly the growth
        try check(baseline, "--run", "tap-30x", "--tolerance", "2899.5", status: 1)
        // Per key the largest growth is 87, but the total grew by 290.
        let r = try check(baseline, "--run", "tap-30x", "--min-count", "88", status: 1)
        XCTAssertTrue(r.stdout.hasPrefix("FAIL: the total regressed"), r.stdout)
        try check(baseline, "--run", "tap-30x", "--min-count", "291", status: 0)
        try check(baseline, "--run", "tap-30x", "--min-count", "290", status: 1)
    }

    func testNewAndVanishedKeys() throws {
        let baseline = try writeTapBaseline()
        let r = try check(baseline, "--run", "tap-shifted", status: 1)
        XCTAssertEqual(regressionRows(r.stdout).first, ["9999", "0", "2", "+2", "new"])
        XCTAssertTrue(r.stdout.contains("\nImprovements:\n"), r.stdout)
        XCTAssertTrue(r.stdout.split(separator: "\n").contains { $0.hasPrefix("712 ") && $0.hasSuffix("vanished") }, r.stdout)
        try check(baseline, "--run", "tap-shifted", "--min-count", "3", status: 0)
    }

    // MARK: Formats

    func testJUnitIsValidXMLWithFailures() throws {
        let baseline = try writeTapBaseline()
        let r = try check(baseline, "--run", "tap-30x", "--format", "junit", status: 1)
        let report = JUnitReport(r.stdout)
        XCTAssertEqual(report.testcases, 8, "the total and seven attributes")
        XCTAssertEqual(report.failures, 8)
        XCTAssertEqual(report.failureMessages.first, "total updates: 10 -> 300 (+290, +2900.0%); allowed up to 10")
        let passing = try check(baseline, "--run", "tap", "--format", "junit", status: 0)
        let passed = JUnitReport(passing.stdout)
        XCTAssertEqual(passed.failures, 0)
        XCTAssertEqual(passed.testcases, 8)
    }

    func testMarkdownIsATable() throws {
        let baseline = try writeTapBaseline()
        let r = try check(baseline, "--run", "tap-30x", "--format", "markdown", status: 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "### ❌ agtrace check failed")
        let header = try XCTUnwrap(lines.firstIndex(of: "| attribute | baseline | current | delta | percent |"))
        XCTAssertEqual(lines[header + 1], "| --- | ---: | ---: | ---: | ---: |")
        XCTAssertEqual(lines[header + 2], "| 792 | 3 | 90 | +87 | +2900.0% |")
        XCTAssertEqual(lines[(header + 2)...].prefix { $0.hasPrefix("|") }.count, 7)
    }

    func testJSONIsTheFullComparison() throws {
        let baseline = try writeTapBaseline()
        let r = try check(baseline, "--run", "tap-shifted", "--format", "json", status: 1)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["verdict"] as? String, "fail")
        XCTAssertEqual((object["regressions"] as? [[String: Any]])?.map { $0["key"] as? String }, ["9999"])
        XCTAssertEqual((object["improvements"] as? [[String: Any]])?.map { $0["key"] as? String }, ["712"])
        XCTAssertEqual((object["keys"] as? [Any])?.count, 8)
        XCTAssertEqual((object["current"] as? [String: Any])?["label"] as? String, "tap-shifted")
    }

    // MARK: Exit 2: the baseline

    func testUnreadableBaselineExits2NamingTheFile() throws {
        let missing = path("missing.json"), garbage = path("garbage.json"), newer = path("newer.json")
        try "this is not json".write(toFile: garbage, atomically: true, encoding: .utf8)
        try #"{"format": "agtrace-baseline", "version": 99, "source": {"kind": "run", "label": "tap"}, "entries": {}}"#
            .write(toFile: newer, atomically: true, encoding: .utf8)
        for (baseline, fragments) in [(missing, [missing, "no such baseline file"]), (garbage, ["\(garbage): not a baseline"]),
                                      (newer, ["\(newer): written by a newer agtrace"]), (dir.path, ["is a directory"])] {
            let r = try check(baseline, "--run", "tap", status: 2)
            for fragment in fragments { XCTAssertTrue(r.stderr.contains(fragment), r.stderr) }
            XCTAssertEqual(r.stdout, "", baseline)
        }
    }

    func testBaselineOfTheOtherKindExits2() throws {
        let runBaseline = try writeTapBaseline()
        var r = try check(runBaseline, "--snapshot", "planner", status: 2)
        XCTAssertTrue(r.stderr.contains("\(runBaseline): the baseline was taken from run 'tap'"), r.stderr)
        let snapshotBaseline = path("planner.json")
        try agtrace("baseline", "--snapshot", "planner", "--output", snapshotBaseline, status: 0)
        r = try check(snapshotBaseline, "--run", "tap", status: 2)
        XCTAssertTrue(r.stderr.contains("\(snapshotBaseline): the baseline was taken from snapshot 'planner'"), r.stderr)
    }

    func testOlderFormatVersionBaselineStillChecks() throws {
        let old = path("v1.json")
        try """
            {"format": "agtrace-baseline", "version": 1, "run": "tap", "total": 10,
             "updates": {"792": 3, "760": 1, "712": 1, "1760": 2, "1712": 1, "1664": 1, "1620": 1}}
            """.write(toFile: old, atomically: true, encoding: .utf8)
        try check(old, "--run", "tap", status: 0)
        let r = try check(old, "--run", "tap-30x", status: 1)
        XCTAssertEqual(regressionRows(r.stdout).first?.first, "792")
    }

    // MARK: Exit 3: the input cannot be counted

    func testUnknownLabelExits3NamingIt() throws {
        let baseline = try writeTapBaseline()
        var r = try check(baseline, "--run", "no-such-run", status: 3)
        XCTAssertTrue(r.stderr.contains("'no-such-run'"), r.stderr)
        r = try agtrace("baseline", "--run", "no-such-run", "--output", path("x.json"), status: 1)
        XCTAssertTrue(r.stderr.contains("'no-such-run'"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.json")))
    }

    // MARK: Snapshots

    func testProfiledSnapshotChecksAgainstItsOwnRuleKeyedBaseline() throws {
        let baseline = path("planner.json")
        let w = try agtrace("baseline", "--snapshot", "planner", "--output", baseline, status: 0)
        XCTAssertEqual(w.stdout, "wrote \(baseline): snapshot 'planner' keyed by rule, 5 rules, 16 updates\n")
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        XCTAssertTrue(text.contains("\"key\": \"rule\""), text)
        XCTAssertTrue(text.contains("    \"DynamicBody<ViewBodyAccessor<Editor>>\": {\"updates\": 6, \"seconds\": 2.75e-05},\n"), text)
        let r = try check(baseline, "--snapshot", "planner", status: 0)
        XCTAssertTrue(r.stdout.hasPrefix("PASS: no regressions in 5 rules; total updates 16 -> 16 (0)"), r.stdout)
    }

    func testSnapshotWithoutProfileCannotBeBaselined() throws {
        let r = try agtrace("baseline", "--snapshot", "trip", "--output", path("trip.json"), status: 1)
        XCTAssertTrue(r.stderr.contains("snapshot 'trip' has no profile data"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("trip.json")))
    }

    func testRunKeyedByRuleNamedThroughASnapshot() throws {
        // The Trip's 792, 760, 712 are no nodes of planner: a rule-keyed baseline is refused.
        let refused = try agtrace("baseline", "--run", "tap", "--key", "rule", "--snapshot", "planner", "--output", path("x.json"), status: 2)
        XCTAssertTrue(refused.stderr.contains("3 of 7 attributes of run 'tap' are not in snapshot 'planner'"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.json")))
        let unrelated = try agtrace("baseline", "--run", "tap", "--key", "rule", "--snapshot", "trip", "--output", path("x.json"), status: 1)
        XCTAssertTrue(unrelated.stderr.contains("none of the 7 attributes of run 'tap' is in snapshot 'trip'"), unrelated.stderr)

        let baseline = path("tap-rules.json")
        try agtrace("baseline", "--run", "planner-tap", "--key", "rule", "--snapshot", "planner", "--output", baseline, status: 0)
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        XCTAssertTrue(text.contains("\"named_by\": {\"label\": \"planner\""), text)
        XCTAssertTrue(text.contains("\"RootDisplayList\": {\"updates\": 2}"), text)
        try check(baseline, "--run", "planner-tap", "--snapshot", "planner", status: 0)
        let r = try check(baseline, "--run", "planner-tap-30x", "--snapshot", "planner", status: 1)
        XCTAssertEqual(Set(regressionRows(r.stdout).compactMap(\.first)),
                       ["DynamicBody<ViewBodyAccessor<Editor>>", "DynamicBody<ViewBodyAccessor<Planner>>", "RootDisplayList"])
        // check warns about a partly matching snapshot (and still compares).
        let partial = try check(baseline, "--run", "tap", "--snapshot", "planner", status: 1)
        XCTAssertTrue(partial.stderr.contains("warning: 3 of 7 attributes of run 'tap' are not in snapshot 'planner'"), partial.stderr)
        let missing = try check(baseline, "--run", "tap", status: 2)
        XCTAssertTrue(missing.stderr.contains("give the dump of the same build as well (--archive DUMP or --snapshot S)"), missing.stderr)
    }

    // MARK: --update-baseline

    func testUpdateBaselineRewritesTheFile() throws {
        let baseline = try writeTapBaseline()
        let before = try String(contentsOfFile: baseline, encoding: .utf8)
        let r = try check(baseline, "--run", "tap-30x", "--update-baseline", status: 0)
        // What was updated, not a verdict.
        XCTAssertTrue(r.stdout.hasPrefix("UPDATED \(baseline) with the counts of run 'tap-30x': total updates 10 -> 300 (+290, +2900.0%); 7 attributes grew, 0 dropped\n"), r.stdout)
        XCTAssertFalse(r.stdout.contains("FAIL"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\nGrew:\n"), r.stdout)
        XCTAssertTrue(r.stderr.contains("updated \(baseline)"), r.stderr)
        let after = try String(contentsOfFile: baseline, encoding: .utf8)
        XCTAssertNotEqual(before, after)
        XCTAssertTrue(after.contains("    \"792\": {\"updates\": 90},\n"), after)
        try check(baseline, "--run", "tap-30x", status: 0)
        // 300 -> 10 is a drop of 96.7%: beyond --max-drop 50, suspicious.
        let dropped = try check(baseline, "--run", "tap", status: 1)
        XCTAssertTrue(dropped.stdout.hasPrefix("FAIL: the total dropped by more than --max-drop 50%: total updates 300 -> 10"), dropped.stdout)
        let improved = try check(baseline, "--run", "tap", "--max-drop", "none", status: 0)
        XCTAssertTrue(improved.stdout.contains("\nImprovements:\n"), improved.stdout)
    }

    func testUpdateBaselineUpgradesAnOlderVersion() throws {
        let old = path("v1.json")
        try #"{"format": "agtrace-baseline", "version": 1, "run": "tap", "updates": {"792": 3}}"#
            .write(toFile: old, atomically: true, encoding: .utf8)
        try check(old, "--run", "tap", "--update-baseline", status: 0)
        XCTAssertTrue(try String(contentsOfFile: old, encoding: .utf8).contains("\"version\": 2,"))
    }

    // MARK: Usage

    func testUsageErrorsExit2() throws {
        let baseline = try writeTapBaseline()
        for args in [
            ["check", "--run", "tap"],
            ["check", "--baseline", baseline],
            ["check", "--baseline", baseline, "--run", "tap", "--format", "csv"],
            ["check", "--baseline", baseline, "--run", "tap", "--tolerance", "-5"],
            ["check", "--baseline", baseline, "--run", "tap", "--tolerance", "ten"],
            ["check", "--baseline", baseline, "--run", "tap", "--min-count", "1.5"],
            ["check", "--baseline", baseline, "--run", "tap", "--snapshot", "planner"],
            ["check", "--baseline", baseline, "--run", "tap", "--tolerence", "5"],
            ["check", "--baseline", baseline, "tap"],
            ["baseline", "--run", "tap"],
            ["baseline", "--output", path("x.json")],
            ["baseline", "--run", "tap", "--key", "rule", "--output", path("x.json")],
            ["baseline", "--run", "tap", "--key", "node", "--output", path("x.json")],
            ["baseline", "--run", "tap", "--snapshot", "planner", "--output", path("x.json")],
        ] {
            let r = try CheckCLI.run(args, db: db, in: dir)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("Usage: agtrace \(args[0])"), "\(args): \(r.stderr)")
        }
    }

    func testHelpTeachesWithExamples() throws {
        let check = try agtrace("check", "--help", status: 0)
        for fragment in ["Usage: agtrace check --baseline FILE", "delta >= MIN-COUNT", "Exit status:", "3  could not count", "Examples:",
                         "--tolerance PCT", "--update-baseline", "junit", "--transcript FILE", "--max-drop PCT", "--allow-incomplete"] {
            XCTAssertTrue(check.stdout.contains(fragment), "check --help lacks \(fragment)")
        }
        let baseline = try agtrace("help", "baseline", status: 0)
        for fragment in ["Usage: agtrace baseline", "--key attribute|rule|view", "Examples:", "--output -", "--transcript FILE"] {
            XCTAssertTrue(baseline.stdout.contains(fragment), "baseline --help lacks \(fragment)")
        }
        let top = try agtrace("--help", status: 0)
        XCTAssertTrue(top.stdout.contains("  check "), top.stdout)
        XCTAssertTrue(top.stdout.contains("  baseline "), top.stdout)
    }
}
