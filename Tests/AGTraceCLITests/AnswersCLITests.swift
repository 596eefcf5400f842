import Foundation
import XCTest

/// The command line of issue "answers an app developer can trust": every exit status of the
/// label refusal, partly matching snapshots, unknown marked sets, the why command, and the
/// command-line fixes, run through the built binary on the project's samples.
final class AnswersCLITests: CLITestCase {
    let transcripts = CLI.samples + "/transcripts"
    let why = CLI.samples + "/why"

    @discardableResult
    func agtrace(_ args: String..., status: Int32, stdin: Data? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        try runAgtrace(args + ["--db", db], status: status, stdin: stdin, file: file, line: line)
    }

    func importSamples() throws {
        try agtrace("import", "-q", CLI.samples + "/trip-1-before.ag-json", CLI.samples + "/trip-3-after-invalidate.ag-json",
                    CLI.samples + "/planner-profiled.ag-json", transcripts + "/trip-frame-info.lldb.log",
                    transcripts + "/trip-interactive.lldb.log", why, status: 0)
    }

    // MARK: Labels

    func testATakenLabelIsRefusedAndNothingStored() throws {
        try agtrace("import", "--label", "tap", transcripts + "/trip-frame-info.lldb.log", status: 0)
        let r = try agtrace("import", "--label", "tap", transcripts + "/trip-mixed.lldb.log", status: 1)
        XCTAssertTrue(r.stderr.contains("'tap' is taken") && r.stderr.contains("--replace"), r.stderr)
        XCTAssertEqual(try agtrace("query", "SELECT count(*) FROM runs", "--format", "csv", status: 0).stdout, "count(*)\n1\n")
        // The same bytes again: still "unchanged", as before.
        XCTAssertTrue(try agtrace("import", "--label", "tap", transcripts + "/trip-frame-info.lldb.log", status: 0)
            .stdout.hasPrefix("unchanged"))
        let replaced = try agtrace("import", "--replace", "--label", "tap", transcripts + "/trip-mixed.lldb.log", status: 0)
        XCTAssertTrue(replaced.stdout.hasPrefix("replaced tap"), replaced.stdout)
    }

    func testADerivedLabelThatIsTakenIsRefusedLikeAnExplicitOne() throws {
        let ci = CLI.samples + "/ci"
        try agtrace("import", ci + "/tap-stepper.lldb.log", status: 0)
        // Other bytes under the same file name: refused, so that --run tap-stepper never reads
        // the old run while the user believes it is the new one.
        let other = dir.appendingPathComponent("new/tap-stepper.lldb.log").path
        try FileManager.default.createDirectory(atPath: dir.appendingPathComponent("new").path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ci + "/tap-stepper-regressed.lldb.log", toPath: other)
        let r = try agtrace("import", other, status: 1)
        XCTAssertTrue(r.stderr.contains("\(other): the label 'tap-stepper' (from the file's name) is taken by run 'tap-stepper'"), r.stderr)
        XCTAssertTrue(r.stderr.contains("--label L") && r.stderr.contains("--replace"), r.stderr)
        XCTAssertEqual(try agtrace("query", "SELECT label FROM runs", "--format", "csv", status: 0).stdout, "label\ntap-stepper\n")
        // An alias, a snapshot or a trace holding the name refuses it the same way.
        try agtrace("import", "--label", "planner-a", ci + "/tap-stepper.lldb.log", status: 0)
        let aliased = try agtrace("import", ci + "/planner-a.ag-json", status: 1)
        XCTAssertTrue(aliased.stderr.contains("is taken by an alias of run 'tap-stepper'"), aliased.stderr)
        // --label and --replace both get past it.
        XCTAssertTrue(try agtrace("import", "--label", "tap-new", other, status: 0).stdout.hasPrefix("imported tap-new "))
    }

    func testADirectoryImportReportsEachTakenLabelAndGoesOn() throws {
        let d = dir.appendingPathComponent("twice")
        for sub in ["a", "b", "c"] {
            try FileManager.default.createDirectory(at: d.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: CLI.samples + "/trip-1-before.ag-json", toPath: d.appendingPathComponent("a/trip.ag-json").path)
        try FileManager.default.copyItem(atPath: CLI.samples + "/trip-4-after-body.ag-json", toPath: d.appendingPathComponent("b/trip.ag-json").path)
        try FileManager.default.copyItem(atPath: transcripts + "/trip-mixed.lldb.log", toPath: d.appendingPathComponent("c/trip.lldb.log").path)
        try FileManager.default.copyItem(atPath: transcripts + "/trip-frame-info.lldb.log", toPath: d.appendingPathComponent("c/other.lldb.log").path)
        let r = try agtrace("import", d.path, status: 1)
        XCTAssertTrue(r.stdout.contains("imported trip (archive)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("imported other (transcript)"), r.stdout)
        for name in ["b/trip.ag-json", "c/trip.lldb.log"] {
            XCTAssertTrue(r.stderr.contains("\(d.path)/\(name): the label 'trip' (from the file's name) is taken by snapshot 'trip'"), r.stderr)
        }
        XCTAssertTrue(r.stdout.hasSuffix("imported 2, skipped 0, failed 2\n"), r.stdout)
        XCTAssertEqual(try agtrace("query", "SELECT label FROM snapshots UNION ALL SELECT label FROM runs", "--format", "csv", status: 0).stdout,
                       "label\ntrip\nother\n")
    }

    func testAReplaceKeepsTheKindAndTheAliasesAndSaysSo() throws {
        try agtrace("import", "--label", "tap", transcripts + "/trip-frame-info.lldb.log", status: 0)
        try agtrace("import", "--label", "ci-tap", transcripts + "/trip-frame-info.lldb.log", status: 0)  // an alias of tap
        // A snapshot never becomes a run (nor a run a snapshot): refused, nothing changed.
        let kind = try agtrace("import", "--replace", "--label", "tap", CLI.samples + "/trip-1-before.ag-json", status: 1)
        XCTAssertTrue(kind.stderr.contains("--replace: 'tap' names a run, and this file holds a snapshot: a replace keeps the kind"), kind.stderr)
        let viaAlias = try agtrace("import", "--replace", "--label", "ci-tap", CLI.samples + "/trip-1-before.ag-json", status: 1)
        XCTAssertTrue(viaAlias.stderr.contains("names a run (it is an alias of run 'tap')"), viaAlias.stderr)
        XCTAssertEqual(try agtrace("query", "SELECT (SELECT count(*) FROM runs), (SELECT count(*) FROM aliases), (SELECT count(*) FROM snapshots)",
                                   "--format", "csv", status: 0).stdout.components(separatedBy: "\n")[1], "1,1,0")
        // The aliases of a replaced run name the new one, and the import line says so.
        let r = try agtrace("import", "--replace", "--label", "tap", transcripts + "/trip-mixed.lldb.log", status: 0)
        XCTAssertTrue(r.stdout.hasPrefix("replaced tap (transcript, aliases kept: 'ci-tap' name the new run)"), r.stdout)
        let sha = try agtrace("query", "SELECT sha256 FROM runs WHERE label = 'tap'", "--format", "csv", status: 0).stdout
        XCTAssertEqual(try agtrace("query", "SELECT r.sha256 FROM aliases a JOIN runs r ON r.id = a.target_id WHERE a.label = 'ci-tap'",
                                   "--format", "csv", status: 0).stdout, sha)
        try agtrace("report", "updates", "--run", "ci-tap", status: 0)
        // Replacing an alias replaces that name only; what it named keeps its bytes.
        let a = try agtrace("import", "--replace", "--label", "ci-tap", transcripts + "/trip-frame-info.lldb.log", status: 0)
        XCTAssertTrue(a.stdout.hasPrefix("replaced ci-tap (transcript, was an alias of 'tap', which keeps its bytes)"), a.stdout)
        XCTAssertEqual(try agtrace("query", "SELECT sha256 FROM runs WHERE label = 'tap'", "--format", "csv", status: 0).stdout, sha)
        XCTAssertEqual(try agtrace("query", "SELECT count(*) FROM aliases", "--format", "csv", status: 0).stdout, "count(*)\n0\n")
    }

    func testAOneStepCheckNamesATranscriptAndItsDumpByTheirFilesLabels() throws {
        // tap-stepper.lldb.log and tap-stepper.ag-json: the report names both 'tap-stepper', as
        // `agtrace import` names each file, never a 'tap-stepper-2' that exists nowhere.
        let ci = CLI.samples + "/ci"
        let dump = dir.appendingPathComponent("tap-stepper.ag-json").path
        try FileManager.default.copyItem(atPath: ci + "/planner-a.ag-json", toPath: dump)
        let b = try runAgtrace(["baseline", "--transcript", ci + "/tap-stepper.lldb.log", "--archive", dump, "--key", "view", "-o", "-"], status: 0)
        XCTAssertTrue(b.stdout.contains(#""label": "tap-stepper", "sha256": "5a12"#) && b.stdout.contains(#""named_by": {"label": "tap-stepper", "#), b.stdout)
        XCTAssertFalse(b.stdout.contains("tap-stepper-2"), b.stdout)
        try b.stdout.write(toFile: dir.appendingPathComponent("b.json").path, atomically: true, encoding: .utf8)
        let c = try runAgtrace(["check", "--baseline", "b.json", "--transcript", ci + "/tap-stepper.lldb.log", "--archive", dump], status: 0)
        XCTAssertTrue(c.stdout.contains("current:  run 'tap-stepper' (sha256 5a12fda29f64, imported ") && c.stdout.contains("named by snapshot 'tap-stepper')"), c.stdout)
        XCTAssertFalse(c.stdout.contains("tap-stepper-2") || c.stderr.contains("tap-stepper-2"), c.stdout + c.stderr)
    }

    func testEmptyAndDashLabelsAreUsageErrors() throws {
        XCTAssertTrue(try agtrace("import", "--label", "", transcripts + "/trip-mixed.lldb.log", status: 2).stderr.contains("cannot be empty"))
        XCTAssertTrue(try agtrace("import", "--label=-x", transcripts + "/trip-mixed.lldb.log", status: 2).stderr.contains("cannot start with '-'"))
    }

    // MARK: Importing a directory

    func testADirectorySkipsWhatIsNoInput() throws {
        let d = dir.appendingPathComponent("mixed")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        try "notes\n".write(to: d.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try "{\"a\": 1}".write(to: d.appendingPathComponent("stray.json"), atomically: true, encoding: .utf8)
        FileManager.default.createTestFile(atPath: d.appendingPathComponent("empty.log").path, contents: Data())
        try FileManager.default.createSymbolicLink(atPath: d.appendingPathComponent("gone.ag-json").path, withDestinationPath: "/nonexistent/x")
        try FileManager.default.copyItem(atPath: CLI.samples + "/trip-1-before.ag-json", toPath: d.appendingPathComponent("trip.ag-json").path)
        let r = try agtrace("import", d.path, status: 0)
        for name in ["README.md", "stray.json", "empty.log", "gone.ag-json"] {
            XCTAssertTrue(r.stdout.contains("skipped \(d.path)/\(name):"), "\(name): \(r.stdout)")
        }
        XCTAssertTrue(r.stdout.hasSuffix("imported 1, skipped 4, failed 0\n"), r.stdout)
        // A damaged archive is a failure; a stray file named on its own is an error.
        try "{\"version\": 2, \"graphs\": [{\"nodes\": [{\"id\": 4, \"type\": 3}]}]}".write(to: d.appendingPathComponent("broken.ag-json"), atomically: true, encoding: .utf8)
        XCTAssertTrue(try agtrace("import", d.path, status: 1).stdout.hasSuffix("imported 0, skipped 4, failed 1, unchanged 1\n"))
        try agtrace("import", d.appendingPathComponent("stray.json").path, status: 1)
    }

    // MARK: Runs and snapshots

    func testUnknownMarkedSetsAreNullWithAHint() throws {
        try importSamples()
        let r = try agtrace("report", "dirty-walks", "--run", "trip-interactive", "--format", "json", status: 0)
        XCTAssertTrue(r.stdout.contains("\"marked\": null, \"updates\": 2, \"reran\": null"), r.stdout)
        XCTAssertTrue(r.stderr.contains("no add_input hits") && r.stderr.contains("--snapshot S"), r.stderr)
        let s = try agtrace("report", "dirty-walks", "--run", "trip-interactive", "--snapshot", "trip-1-before", "--format", "csv", status: 0)
        XCTAssertTrue(s.stdout.hasPrefix("seq,root,marked,updates,reran,line\n4,3032,5,2,2,"), s.stdout)
        XCTAssertEqual(s.stderr, "")
    }

    func testAnUnrelatedSnapshotIsWarnedAboutOrRefused() throws {
        try importSamples()
        let partly = try agtrace("report", "updates", "--run", "trip-then-planner", "--snapshot", "planner-profiled", status: 0)
        XCTAssertTrue(partly.stderr.contains("2 of 6 attributes of run 'trip-then-planner' are not in snapshot 'planner-profiled'"), partly.stderr)
        let none = try agtrace("report", "dirty-walks", "--run", "trip-frame-info", "--snapshot", "planner-profiled", status: 1)
        XCTAssertTrue(none.stderr.contains("none of the 3 attributes of run 'trip-frame-info'"), none.stderr)
        try agtrace("why", "3152", "--run", "trip-frame-info", "--snapshot", "planner-profiled", status: 1)
    }

    // MARK: why

    func testWhyOverADumpAndOverARun() throws {
        try importSamples()
        let dump = try agtrace("why", "1760", "--snapshot", "planner-after-invalidate", "--format", "csv", status: 0)
        XCTAssertEqual(dump.stdout, """
            attribute,depth,rule,view,dirty,changed_edge,cause
            1760,0,RootDisplayList,,1,0,0
            1664,1,DynamicBody<ViewBodyAccessor<Editor>>,Editor,1,0,0
            1712,1,DynamicBody<ViewBodyAccessor<Editor>>,Editor,1,0,0
            1592,2,External<()>,Planner,0,1,1
            1620,2,DynamicBody<ViewBodyAccessor<Planner>>,Planner,1,0,0

            """)
        let run = try agtrace("why", "--view", "Editor", "--run", "trip-then-planner", "--snapshot", "planner-after-invalidate",
                              "--format", "csv", status: 0)
        XCTAssertTrue(run.stdout.hasPrefix("update_seq,attribute,cause_seq,cause_root,rule,view\n11,1664,,,DynamicBody<ViewBodyAccessor<Editor>>,Editor\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\n23,1664,21,1592,"), run.stdout)
        try agtrace("why", "--view", "Nope", "--snapshot", "planner-after-invalidate", status: 1)
        try agtrace("why", "1760", status: 2)
        try agtrace("why", "--view", "Editor", "--run", "trip-then-planner", status: 2)
        try agtrace("why", "1760", "--snapshot", "planner-after-invalidate", "--limit", "0", status: 2)
        let cut = try agtrace("why", "1760", "--snapshot", "planner-after-invalidate", "--limit", "2", status: 0)
        XCTAssertTrue(cut.stderr.contains("more rows exist"), cut.stderr)
    }

    func testViewsInWalkDiffAndUpdates() throws {
        try importSamples()
        let walk = try agtrace("walk", "--view", "Editor", "--snapshot", "planner-profiled", "--format", "csv", status: 0)
        XCTAssertEqual(walk.stdout, "attribute,depth,rule,view,via,dirty\n1760,1,RootDisplayList,,1664,0\n")
        let details = try agtrace("diff", "trip-1-before", "trip-3-after-invalidate", "--details", "--format", "csv", status: 0)
        XCTAssertTrue(details.stdout.hasPrefix("change,attribute,rule,view,field,before,after\nchanged,3152,DynamicBody<ViewBodyAccessor<Trip>>,Trip,flags,8,9\nchanged,3152,DynamicBody<ViewBodyAccessor<Trip>>,Trip,input 3032,0,8\n"), details.stdout)
        let byView = try agtrace("report", "updates", "--snapshot", "planner-profiled", "--by", "view", "--format", "csv", status: 0)
        XCTAssertTrue(byView.stdout.hasPrefix("view,updates,changes,nodes,total_seconds\nEditor,6,3,2,"), byView.stdout)
        // Snapshots given the later first: the counters went down, and diff says so on stderr.
        let reversed = try agtrace("diff", "trip-3-after-invalidate", "trip-1-before", status: 0)
        XCTAssertTrue(reversed.stderr.hasPrefix("agtrace diff: warning: graph 1's counters go down from 'trip-3-after-invalidate' to 'trip-1-before' (update_count 14 → 14, change_count 22 → 22, transaction_count 4 → 3)"), reversed.stderr)
        let reversedDetails = try agtrace("diff", "trip-3-after-invalidate", "trip-1-before", "--details", status: 0)
        XCTAssertTrue(reversedDetails.stderr.contains("counters go down"), reversedDetails.stderr)
        XCTAssertEqual(try agtrace("diff", "trip-1-before", "trip-3-after-invalidate", status: 0).stderr, "")
    }

    // MARK: The command line

    func testCommandLineFixes() throws {
        try importSamples()
        // Usage errors keep their line breaks.
        let usage = try agtrace("report", "updates", status: 2)
        XCTAssertTrue(usage.stderr.contains("it runs as:\n  agtrace report updates --console C\n  agtrace report updates --run R\n"), usage.stderr)
        XCTAssertFalse(usage.stderr.contains("\\n"), usage.stderr)
        // --output - is standard output.
        let dot = try agtrace("export", "dot", "--snapshot", "trip-1-before", "--output", "-", status: 0)
        XCTAssertTrue(dot.stdout.contains("digraph"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
        // Global options before the command.
        let list = try CLI.run(["--db", db, "list", "--format", "csv"], directory: dir)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.hasPrefix("kind,label,graphs,nodes,edges,events,skipped_lines,incomplete_hits,cycles,body_runs,warnings,"
                                            + "tables,rows,template,end_reason,aliases,imported_at,source\n"), list.stdout)
        XCTAssertTrue(list.stdout.contains("run,trip-interactive,,,,16,124,0,"), list.stdout)
        // An empty query, --limit below 1, and a cut table.
        XCTAssertTrue(try agtrace("query", "", status: 2).stderr.contains("the query is empty"))
        for args in [["report", "updates", "--run", "trip-frame-info"], ["query", "SELECT 1"], ["walk", "3032", "--snapshot", "trip-1-before"]] {
            XCTAssertEqual(try CLI.run(args + ["--db", db, "--limit", "0"], directory: dir).status, 2, "\(args) --limit 0")
        }
        let cut = try agtrace("report", "updates", "--run", "trip-frame-info", "--limit", "1", status: 0)
        XCTAssertTrue(cut.stderr.contains("more rows exist than the 1 shown"), cut.stderr)
        XCTAssertEqual(try agtrace("report", "updates", "--run", "trip-frame-info", "--limit", "3", status: 0).stderr, "")
        // help help.
        XCTAssertEqual(try CLI.run(["help", "help"]).status, 0)
        XCTAssertEqual(try CLI.run(["help", "--help"]).status, 0)
        // rule-cost for people in the table, raw in csv.
        let cost = try agtrace("report", "rule-cost", "--snapshot", "planner-profiled", "--limit", "1", status: 0)
        XCTAssertTrue(cost.stdout.contains("200 µs") && cost.stdout.contains("50.0 µs") && cost.stdout.contains("69.2%"), cost.stdout)
        XCTAssertTrue(try agtrace("report", "rule-cost", "--snapshot", "planner-profiled", "--format", "csv", status: 0)
            .stdout.contains("RootDisplayList,1,4,0.0002,5e-05,0.69"))
    }

    func testCheckReadsTheBaselineFromStandardInput() throws {
        try importSamples()
        let baseline = try agtrace("baseline", "--run", "trip-frame-info", "--output", "-", status: 0).stdout
        let r = try agtrace("check", "--baseline", "-", "--run", "trip-frame-info", status: 0, stdin: Data(baseline.utf8))
        XCTAssertTrue(r.stdout.hasPrefix("PASS"), r.stdout)
        try agtrace("check", "--baseline", "-", "--run", "trip-frame-info", "--update-baseline", status: 2, stdin: Data(baseline.utf8))
    }
}
