import Foundation
import XCTest

/// `check`'s exit statuses and error reports, aliases, the self-contained database file and
/// `baseline --output`'s refusals, with the built binary.
final class CheckGateCLITests: CLITestCase {
    /// The default database's name: the tests write `agtrace.db` and `./agtrace.db` for it.
    override class var databaseName: String { "agtrace.db" }
    let ci = CLI.samples + "/ci"

    @discardableResult
    func agtrace(_ args: String..., status: Int32, file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        try runAgtrace(args, status: status, file: file, line: line)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func junitErrors(_ xml: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let report = JUnitReport(xml, file: file, line: line)
        XCTAssertEqual(report.failures, 0, file: file, line: line)
        return report.errorTypes
    }

    func viewBaseline() throws -> String {
        try agtrace("baseline", "--transcript", ci + "/tap-stepper.lldb.log", "--archive", ci + "/planner-a.ag-json", "--key", "view",
                    "-o", "view.json", status: 0)
        return "view.json"
    }

    // MARK: Exit statuses and reports on every non-zero path

    func testEveryNonZeroPathWritesAReportInEachFormat() throws {
        let baseline = try viewBaseline()
        let onlyWrites = try write("writes.lldb.log", "AGGraphInvalidateValue 3032\nAGGraphInvalidateValue 3096\nProcess 1 exited with status = 0 (0x00000000)\n")
        let cases: [([String], Int32, String)] = [
            // 2: usage, whether the parser or the command finds it.
            (["--transcript", ci + "/tap-stepper.lldb.log", "--archive", ci + "/planner-b.ag-json", "--tolerence", "5"], 2, "usage"),
            (["--transcript", ci + "/tap-stepper.lldb.log", "--archive", ci + "/planner-b.ag-json", "--tolerance", "ten"], 2, "usage"),
            (["--run", "tap", "--transcript", ci + "/tap-stepper.lldb.log"], 2, "usage"),
            // 2: the baseline.
            (["--archive", ci + "/planner-b.ag-json"], 2, "baseline"),
            // 3: could not count.
            (["--run", "tap", "--snapshot", "planner", "--db", dir.appendingPathComponent("none.db").path], 3, "not_counted"),
            (["--transcript", dir.appendingPathComponent("missing.lldb.log").path, "--archive", ci + "/planner-b.ag-json"], 3, "not_counted"),
            (["--transcript", ci + "/planner-b.ag-json", "--archive", ci + "/planner-b.ag-json"], 3, "not_counted"),
            (["--transcript", onlyWrites, "--archive", ci + "/planner-b.ag-json"], 3, "not_counted"),
            (["--transcript", ci + "/tap-stepper-crashed.lldb.log", "--archive", ci + "/planner-b.ag-json"], 3, "not_counted"),
        ]
        for (args, status, type) in cases {
            let base = ["check", "--baseline", baseline] + args
            let junit = try CLI.run(base + ["--format", "junit"], directory: dir)
            XCTAssertEqual(junit.status, status, "\(args): \(junit.stderr)")
            XCTAssertEqual(junitErrors(junit.stdout), [type], "\(args)")
            XCTAssertTrue(junit.stderr.contains("agtrace check: error: "), junit.stderr)
            let markdown = try CLI.run(base + ["--format", "markdown"], directory: dir)
            XCTAssertEqual(markdown.status, status)
            XCTAssertTrue(markdown.stdout.hasPrefix("### ⚠️ agtrace check could not run"), "\(args): \(markdown.stdout)")
            XCTAssertTrue(markdown.stdout.contains("Exit status \(status)"), markdown.stdout)
            let json = try CLI.run(base + ["--format", "json"], directory: dir)
            XCTAssertEqual(json.status, status)
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            XCTAssertEqual(object?["verdict"] as? String, "error", json.stdout)
            XCTAssertEqual(object?["exit_status"] as? Int, Int(status))
            XCTAssertEqual((object?["error"] as? [String: Any])?["type"] as? String, type)
        }
        // The messages say what and where.
        let missing = try agtrace("check", "--baseline", baseline, "--transcript", ci + "/planner-b.ag-json", "--archive", ci + "/planner-b.ag-json", status: 3)
        XCTAssertTrue(missing.stderr.contains("holds an AttributeGraph archive, not an lldb transcript: give it with --archive"), missing.stderr)
        let none = try agtrace("check", "--baseline", baseline, "--transcript", onlyWrites, "--archive", ci + "/planner-b.ag-json", status: 3)
        XCTAssertTrue(none.stderr.contains("run 'writes' has no update hits to count"), none.stderr)
        let noDb = try agtrace("check", "--baseline", baseline, "--run", "tap", "--snapshot", "planner", status: 3)
        XCTAssertTrue(noDb.stderr.contains("no agtrace database here yet"), noDb.stderr)
    }

    func testAnUnprofiledDumpCannotBeCounted() throws {
        try agtrace("baseline", "--archive", CLI.samples + "/planner-profiled.ag-json", "-o", "rules.json", status: 0)
        let r = try agtrace("check", "--baseline", "rules.json", "--archive", CLI.samples + "/trip-1-before.ag-json", "--format", "junit", status: 3)
        XCTAssertEqual(junitErrors(r.stdout), ["not_counted"])
        XCTAssertTrue(r.stderr.contains("has no profile data"), r.stderr)
        try agtrace("check", "--baseline", "rules.json", "--archive", CLI.samples + "/planner-profiled.ag-json", status: 0)
    }

    func testNoEndSeenWarnsButChecks() throws {
        let baseline = try viewBaseline()
        let text = try String(contentsOfFile: ci + "/tap-stepper-rebuilt.lldb.log", encoding: .utf8)
            .replacingOccurrences(of: "Process 4242 exited with status = 0 (0x00000000)\n", with: "")
        let open = try write("open.lldb.log", text)
        let r = try agtrace("check", "--baseline", baseline, "--transcript", open, "--archive", ci + "/planner-b.ag-json", status: 0)
        XCTAssertTrue(r.stderr.contains("agtrace check: warning: run 'open' does not show the process's end"), r.stderr)
        XCTAssertTrue(r.stdout.contains("\nnote: run 'open' does not show the process's end"), r.stdout)
        let exited3 = try write("exit3.lldb.log", text + "Process 4242 exited with status = 3 (0x00000003)\n")
        let failed = try agtrace("check", "--baseline", baseline, "--transcript", exited3, "--archive", ci + "/planner-b.ag-json", status: 3)
        XCTAssertTrue(failed.stderr.contains("run 'exit3' did not end normally (exited 3)"), failed.stderr)
        // The import line says how each recording ended; list shows it.
        let imported = try agtrace("import", "--db", db, open, exited3, ci + "/tap-stepper.lldb.log", status: 0)
        XCTAssertTrue(imported.stdout.contains("incomplete hits 0, no end seen in "), imported.stdout)
        XCTAssertTrue(imported.stdout.contains("incomplete hits 0, exited 3 in "), imported.stdout)
        XCTAssertTrue(imported.stderr.contains("agtrace import: warning: exit3: the recording did not end normally (exited 3)"), imported.stderr)
        let list = try agtrace("list", "--db", db, "--format", "csv", status: 0)
        XCTAssertTrue(list.stdout.contains("run,open,,,,14,10,0,,,,,,,no end seen,"), list.stdout)
        XCTAssertTrue(list.stdout.contains("run,tap-stepper,,,,14,11,0,,,,,,,exited 0,"), list.stdout)
    }

    /// `register read w1` on an x86-64 runner: lldb's error where the attribute was due, so
    /// the hits are counted under "(unknown)". No verdict is given from that (exit 3, never 0
    /// or 1), and no baseline is written with such a key.
    func testHitsWithoutAnAttributeCannotBeCounted() throws {
        let text = try String(contentsOfFile: ci + "/tap-stepper.lldb.log", encoding: .utf8)
        // The last three hits print lldb's error instead of w1.
        var lines = text.components(separatedBy: "\n")
        var replaced = 0
        for i in lines.indices.reversed() where lines[i].hasPrefix("      w1 = 0x") && replaced < 3 {
            lines[i] = "error: Invalid register name 'w1'."
            replaced += 1
        }
        let unread = try write("unread.lldb.log", lines.joined(separator: "\n"))
        let attributeBaseline = try agtrace("baseline", "--transcript", ci + "/tap-stepper.lldb.log", "-o", "attribute.json", status: 0)
        XCTAssertTrue(attributeBaseline.stdout.hasPrefix("wrote attribute.json"), attributeBaseline.stdout)
        for (baseline, archive) in [("attribute.json", nil), (try viewBaseline(), ci + "/planner-a.ag-json")] as [(String, String?)] {
            for format in ["table", "junit"] {
                var args = ["check", "--baseline", baseline, "--transcript", unread, "--format", format]
                if let archive { args += ["--archive", archive] }
                let r = try runAgtrace(args, status: 3)
                XCTAssertTrue(r.stderr.contains("could not count: 3 of 14 hits of run 'unread' have no attribute"), r.stderr)
                // The importer named the lines on stderr.
                XCTAssertTrue(r.stderr.contains("unread.lldb.log: lines "), r.stderr)
                if format == "junit" { XCTAssertEqual(junitErrors(r.stdout), ["not_counted"]) }
                // --allow-incomplete does not take them.
                _ = try runAgtrace(args + ["--allow-incomplete"], status: 3)
            }
        }
        let refused = try agtrace("baseline", "--transcript", unread, "-o", "unread.json", status: 3)
        XCTAssertTrue(refused.stderr.contains("agtrace baseline: error: could not count: 3 of 14 hits of run 'unread' have no attribute"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("unread.json").path))
        _ = try agtrace("baseline", "--transcript", unread, "-o", "-", status: 3)
    }

    // MARK: Same bytes, new label

    func testKnownBytesUnderANewLabelBecomeAnAlias() throws {
        let log = ci + "/tap-stepper.lldb.log"
        try agtrace("import", "--db", db, "--label", "L", log, status: 0)
        let again = try agtrace("import", "--db", db, "--label", "X", log, status: 0)
        XCTAssertEqual(again.stdout, "aliased X -> L: \(log) holds the same bytes as run 'L', so 'X' is now another name of it (nothing stored twice)\n")
        // Known bytes under their own label, or under the alias again: unchanged.
        XCTAssertTrue(try agtrace("import", "--db", db, "--label", "L", log, status: 0).stdout.hasPrefix("unchanged "))
        XCTAssertTrue(try agtrace("import", "--db", db, "--label", "X", log, status: 0).stdout.hasPrefix("aliased X -> L"))
        // check --run X reads L's run.
        try agtrace("baseline", "--db", db, "--run", "L", "-o", "b.json", status: 0)
        let check = try agtrace("check", "--db", db, "--baseline", "b.json", "--run", "X", status: 0)
        XCTAssertTrue(check.stdout.hasPrefix("PASS: no regressions in 5 attributes; total updates 14 -> 14 (0)"), check.stdout)
        try agtrace("report", "updates", "--db", db, "--run", "X", status: 0)
        // A label that names other bytes is not taken over.
        try agtrace("import", "--db", db, "--label", "Y", ci + "/tap-stepper-regressed.lldb.log", status: 0)
        let taken = try agtrace("import", "--db", db, "--label", "Y", log, status: 1)
        XCTAssertTrue(taken.stderr.contains("the label 'Y' is taken by another run (other bytes); these bytes are stored as 'L'"), taken.stderr)
        // list shows the alias beside its run.
        let list = try agtrace("list", "--db", db, "--format", "csv", status: 0)
        XCTAssertTrue(list.stdout.contains("run,L,,,,14,11,0,,,,,,,exited 0,X,"), list.stdout)
        XCTAssertEqual(list.stdout.split(separator: "\n").count, 3, "header, L, Y: the alias is no row of its own")
        // Deleting the alias removes the name only; deleting the run removes its aliases.
        XCTAssertEqual(try agtrace("delete", "--db", db, "X", status: 0).stdout, "deleted X\n")
        try agtrace("check", "--db", db, "--baseline", "b.json", "--run", "X", status: 3)
        try agtrace("check", "--db", db, "--baseline", "b.json", "--run", "L", status: 0)
        try agtrace("import", "--db", db, "--label", "X", log, status: 0)
        try agtrace("delete", "--db", db, "L", status: 0)
        try agtrace("check", "--db", db, "--baseline", "b.json", "--run", "X", status: 3)
        // Its id may be given to the next run: the alias must not name that one.
        try agtrace("import", "--db", db, "--label", "Z", ci + "/tap-stepper-rebuilt.lldb.log", status: 0)
        try agtrace("check", "--db", db, "--baseline", "b.json", "--run", "X", status: 3)
        XCTAssertFalse(try agtrace("list", "--db", db, "--format", "csv", status: 0).stdout.contains(",X,"))
    }

    func testSnapshotsGetAliasesToo() throws {
        let dump = CLI.samples + "/planner-profiled.ag-json"
        try agtrace("import", "--db", db, "--label", "P", dump, status: 0)
        XCTAssertTrue(try agtrace("import", "--db", db, "--label", "Q", dump, status: 0).stdout.hasPrefix("aliased Q -> P: "))
        try agtrace("baseline", "--db", db, "--snapshot", "Q", "-o", "p.json", status: 0)
        try agtrace("check", "--db", db, "--baseline", "p.json", "--snapshot", "P", status: 0)
        try agtrace("report", "rule-cost", "--db", db, "--snapshot", "Q", status: 0)
    }

    // MARK: The database file alone

    func testTheDatabaseFileAloneIsACompleteCopy() throws {
        try agtrace("import", "--db", db, "--quiet", CLI.samples, status: 0)
        try agtrace("import", "--db", db, "--label", "ci-run", ci + "/tap-stepper.lldb.log", status: 0)
        let wal = (try? FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int) ?? 0
        XCTAssertEqual(wal, 0, "the write-ahead log was folded back")
        let copyDir = dir.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: copyDir, withIntermediateDirectories: true)
        let copy = copyDir.appendingPathComponent("agtrace.db").path
        try FileManager.default.copyItem(atPath: db, toPath: copy)
        let original = try agtrace("list", "--db", db, "--format", "csv", status: 0).stdout
        let copied = try agtrace("list", "--db", copy, "--format", "csv", status: 0).stdout
        XCTAssertEqual(copied, original)
        XCTAssertTrue(copied.contains("run,tap-stepper,,,,14,11,0,,,,,,,exited 0,ci-run,"), copied)  // (SampleArchives/ci holds the same bytes)
        XCTAssertEqual(try agtrace("query", "--db", copy, "--format", "csv", "SELECT count(*) AS n FROM events", status: 0).stdout,
                       try agtrace("query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM events", status: 0).stdout)
        // After a delete too.
        try agtrace("delete", "--db", db, "ci-run", status: 0)
        XCTAssertEqual((try? FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int) ?? 0, 0)
    }

    // MARK: baseline --output

    func testBaselineOutputNeverOverwritesADatabase() throws {
        try agtrace("import", "--db", db, "--label", "tap", ci + "/tap-stepper.lldb.log", status: 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        for target in [db, "agtrace.db", "./agtrace.db", db + "-wal"] {
            let r = try agtrace("baseline", "--db", db, "--run", "tap", "--output", target, status: 2)
            XCTAssertTrue(r.stderr.contains("refusing to write the baseline there: it is the database in use"), r.stderr)
        }
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.json").path, withDestinationPath: db)
        try agtrace("baseline", "--db", db, "--run", "tap", "--output", "link.json", status: 2)
        // Another SQLite file (another database) is refused as well.
        let other = dir.appendingPathComponent("other.db").path
        try agtrace("import", "--db", other, "--quiet", ci + "/tap-stepper-rebuilt.lldb.log", status: 0)
        let r = try agtrace("baseline", "--db", db, "--run", "tap", "--output", other, status: 2)
        XCTAssertTrue(r.stderr.contains("refusing to write the baseline there: it is a SQLite database"), r.stderr)
        try agtrace("baseline", "--transcript", ci + "/tap-stepper.lldb.log", "--output", other, status: 2)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), before)
        try agtrace("list", "--db", other, status: 0)
        try agtrace("check", "--db", db, "--baseline", "view.json", "--run", "tap", status: 2)  // (no such baseline: nothing was written)
    }

    // MARK: Keys

    func testKeysByViewAndByRuleThroughLabels() throws {
        try agtrace("import", "--db", db, "--label", "a", ci + "/tap-stepper.lldb.log", status: 0)
        try agtrace("import", "--db", db, "--label", "dump-a", ci + "/planner-a.ag-json", status: 0)
        try agtrace("import", "--db", db, "--label", "b", ci + "/tap-stepper-regressed.lldb.log", status: 0)
        try agtrace("import", "--db", db, "--label", "dump-b", ci + "/planner-b.ag-json", status: 0)
        let view = try agtrace("baseline", "--db", db, "--run", "a", "--snapshot", "dump-a", "--key", "view", "-o", "-", status: 0)
        XCTAssertTrue(view.stdout.contains("\"named_by\": {\"label\": \"dump-a\""), view.stdout)
        XCTAssertTrue(view.stdout.contains("    \"(no view)\": {\"updates\": 8},\n    \"Planner\": {\"updates\": 1},\n    \"StepperRow\": {\"updates\": 4},\n    \"Summary\": {\"updates\": 1}\n"), view.stdout)
        try agtrace("baseline", "--db", db, "--run", "a", "--snapshot", "dump-a", "--key", "view", "-o", "v.json", status: 0)
        let r = try agtrace("check", "--db", db, "--baseline", "v.json", "--run", "b", "--snapshot", "dump-b", status: 1)
        XCTAssertTrue(r.stdout.hasPrefix("FAIL: 1 of 4 views regressed"), r.stdout)
        try agtrace("baseline", "--db", db, "--run", "a", "--snapshot", "dump-a", "--key", "rule", "-o", "r.json", status: 0)
        let rule = try agtrace("check", "--db", db, "--baseline", "r.json", "--run", "b", "--snapshot", "dump-b", status: 1)
        XCTAssertTrue(rule.stdout.contains("\nDynamicBody<ViewBodyAccessor<Summary>>  1         4        +3     +300.0%\n"), rule.stdout)
        let usage = try agtrace("baseline", "--db", db, "--run", "a", "--key", "view", "-o", "x.json", status: 2)
        XCTAssertTrue(usage.stderr.contains("--key view on a run needs a dump of the same build"), usage.stderr)
        let missing = try agtrace("check", "--db", db, "--baseline", "v.json", "--run", "b", status: 2)
        XCTAssertTrue(missing.stderr.contains("the baseline counts run 'a' by view"), missing.stderr)
    }

    // MARK: Traces

    func testOneStepTraceBaselineAndCheck() throws {
        let traces = CLI.samples + "/traces"
        let w = try agtrace("baseline", "--trace", traces + "/trip-taps.ag-trace", "-o", "trace.json", status: 0)
        XCTAssertEqual(w.stdout, "wrote trace.json: trace 'trip-taps' keyed by rule, 3 rules, 9 updates\n")
        let text = try String(contentsOf: dir.appendingPathComponent("trace.json"), encoding: .utf8)
        XCTAssertTrue(text.contains("\"source\": {\"kind\": \"trace\", \"label\": \"trip-taps\""), text)
        XCTAssertTrue(text.contains("    \"TextRule\": {\"updates\": 3}\n"), text)
        let timed = try agtrace("baseline", "--trace", traces + "/trip-taps.ag-trace", "--time", "-o", "-", status: 0)
        XCTAssertTrue(timed.stdout.contains("    \"TextRule\": {\"updates\": 3, \"self_seconds\": 0.0068359375}\n"), timed.stdout)
        let pass = try agtrace("check", "--baseline", "trace.json", "--trace", traces + "/trip-taps.ag-trace", status: 0)
        XCTAssertTrue(pass.stdout.hasPrefix("PASS: no regressions in 3 rules; total updates 9 -> 9 (0)\n"), pass.stdout)
        // Keyed by view from the trace's own types.
        let view = try agtrace("baseline", "--trace", traces + "/trip-taps.ag-trace", "--key", "view", "-o", "-", status: 0)
        XCTAssertTrue(view.stdout.contains("    \"(no view)\": {\"updates\": 6},\n    \"TripView\": {\"updates\": 3}\n"), view.stdout)
        // The same option takes a trace's label in the database; a name that is both is refused.
        try agtrace("import", "--db", db, "--label", "taps", traces + "/trip-taps.ag-trace", status: 0)
        let byLabel = try agtrace("check", "--db", db, "--baseline", "trace.json", "--trace", "taps", status: 0)
        XCTAssertTrue(byLabel.stdout.hasPrefix("PASS: no regressions in 3 rules; total updates 9 -> 9 (0)\n"), byLabel.stdout)
        try FileManager.default.copyItem(atPath: traces + "/trip-taps.ag-trace", toPath: dir.appendingPathComponent("taps").path)
        let both = try agtrace("check", "--db", db, "--baseline", "trace.json", "--trace", "taps", status: 2)
        XCTAssertTrue(both.stderr.contains("--trace taps is both a file and the label of a trace in \(db): write ./taps for the file"), both.stderr)
        try agtrace("check", "--db", db, "--baseline", "trace.json", "--trace", "./taps", status: 0)
        let neither = try agtrace("check", "--db", db, "--baseline", "trace.json", "--trace", "no-such", status: 3)
        XCTAssertTrue(neither.stderr.contains("--trace no-such: no such file, and no trace labelled 'no-such'"), neither.stderr)
        let noDatabase = try agtrace("check", "--db", "nowhere.db", "--baseline", "trace.json", "--trace", "typo.ag-trace", status: 3)
        XCTAssertTrue(noDatabase.stderr.contains("--trace typo.ag-trace: no such file (and no database at nowhere.db to hold a trace labelled so)"), noDatabase.stderr)
        // Another app's trace regresses on its own rules (TextRule 3 -> 4).
        let other = try agtrace("check", "--baseline", "trace.json", "--trace", traces + "/planner-edit.ag-trace.gz", "--format", "junit", status: 1)
        XCTAssertTrue(other.stdout.contains("name=\"TextRule\""), other.stdout)
        // A trace against a run's baseline, a transcript as --trace, a cut trace: named, never a verdict.
        try agtrace("baseline", "--transcript", ci + "/tap-stepper.lldb.log", "-o", "run.json", status: 0)
        let kind = try agtrace("check", "--baseline", "run.json", "--trace", traces + "/trip-taps.ag-trace", status: 2)
        XCTAssertTrue(kind.stderr.contains("the baseline was taken from run 'tap-stepper', but a trace was given"), kind.stderr)
        let wrong = try agtrace("check", "--baseline", "trace.json", "--trace", ci + "/tap-stepper.lldb.log", status: 3)
        XCTAssertTrue(wrong.stderr.contains("holds an lldb transcript, not an AttributeGraph trace: give it with --transcript"), wrong.stderr)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: traces + "/trip-taps.ag-trace"))
        let cut = dir.appendingPathComponent("cut.ag-trace")
        try bytes.prefix(bytes.count / 2).write(to: cut)
        let r = try agtrace("check", "--baseline", "trace.json", "--trace", cut.path, "--format", "junit", status: 3)
        XCTAssertEqual(junitErrors(r.stdout), ["not_counted"])
        try agtrace("check", "--baseline", "trace.json", "--trace", traces + "/trip-taps.ag-trace", "--transcript", ci + "/tap-stepper.lldb.log", status: 2)
    }
}
