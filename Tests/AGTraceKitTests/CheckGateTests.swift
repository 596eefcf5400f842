import Foundation
import XCTest
@testable import AGTraceKit

/// The CI gate through the library, without the CLI: which recording is refused, what a
/// verdict's exit status is, which lines are said, and what `baseline` writes or refuses.
final class CheckGateTests: TemporaryDirectoryTestCase {
    let ci = TestPaths.sample("ci")
    /// No database: every input here is a file, imported privately.
    var database: String { dir.appendingPathComponent("none.db").path }
    func noDatabase() throws -> Database { XCTFail("the gate opened the database for files"); throw CheckProblem(.notCounted, "no database") }

    func sources(transcript: String? = nil, archive: String? = nil, trace: String? = nil) throws -> GateSources {
        try GateSources(transcript: transcript.map { ci + "/" + $0 }, archive: archive.map { ci + "/" + $0 },
                        trace: trace.map { TestPaths.sample("traces/" + $0) })
    }

    /// A baseline of `sources` written to `name` in the test's folder.
    func takeBaseline(_ sources: GateSources, _ name: String = "base.json", key: BaselineKey? = nil, time: Bool = false,
                      file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = dir.appendingPathComponent(name).path
        let outcome = try BaselineGate.run(BaselineRequest(sources: sources, output: path, key: key, time: time, database: database),
                                           openDatabase: noDatabase, log: CommandLog())
        XCTAssertEqual(outcome.status, 0, file: file, line: line)
        XCTAssertNil(outcome.refusal, file: file, line: line)
        XCTAssertTrue(outcome.written?.hasPrefix("wrote \(path): ") ?? false, "\(outcome.written ?? "nil")", file: file, line: line)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), outcome.baseline?.rendered(), file: file, line: line)
        return path
    }

    func check(_ baseline: String, _ sources: GateSources, allowIncomplete: Bool = false, time: Bool = false,
               updateBaseline: Bool = false, log: CommandLog = CommandLog()) -> CheckOutcome {
        CheckGate.run(CheckRequest(baselinePath: baseline, sources: sources, allowIncomplete: allowIncomplete, time: time,
                                   updateBaseline: updateBaseline, database: database),
                      openDatabase: noDatabase, log: log)
    }

    func testTheSameRecordingPassesWithZeroAndSaysWhatItRead() throws {
        let baseline = try takeBaseline(try sources(transcript: "tap-stepper.lldb.log"))
        let log = CommandLog()
        let outcome = check(baseline, try sources(transcript: "tap-stepper.lldb.log"), log: log)
        XCTAssertNil(outcome.problem)
        XCTAssertEqual(outcome.comparison?.passed, true)
        XCTAssertEqual(outcome.status, 0)
        XCTAssertEqual(outcome.notes, [])
        XCTAssertEqual(log.messages.count, 1)
        guard case .imported(let read)? = log.messages.first else { return XCTFail("\(log.messages)") }
        XCTAssertTrue(read.hasPrefix("read \(ci)/tap-stepper.lldb.log: "), read)
    }

    func testARegressionFailsWithOne() throws {
        let baseline = try takeBaseline(try sources(transcript: "tap-stepper.lldb.log"))
        let outcome = check(baseline, try sources(transcript: "tap-stepper-regressed.lldb.log"))
        XCTAssertNil(outcome.problem)
        XCTAssertEqual(outcome.comparison?.passed, false)
        XCTAssertFalse(outcome.comparison?.regressions.isEmpty ?? true)
        XCTAssertEqual(outcome.status, 1)
    }

    /// A crash loses the updates after it, which would pass as an improvement: exit 3, unless
    /// --allow-incomplete, which checks it with a note in the report and a warning.
    func testACrashedTranscriptIsRefusedWithThree() throws {
        let baseline = try takeBaseline(try sources(transcript: "tap-stepper.lldb.log"))
        let refused = check(baseline, try sources(transcript: "tap-stepper-crashed.lldb.log"))
        XCTAssertNil(refused.comparison)
        XCTAssertEqual(refused.problem?.kind, .notCounted)
        XCTAssertTrue(refused.problem?.message.contains("did not end normally") ?? false, "\(String(describing: refused.problem))")
        XCTAssertEqual(refused.status, 3)

        let log = CommandLog()
        let allowed = check(baseline, try sources(transcript: "tap-stepper-crashed.lldb.log"), allowIncomplete: true, log: log)
        XCTAssertNil(allowed.problem)
        XCTAssertNotNil(allowed.comparison)
        XCTAssertEqual(allowed.notes.count, 1)
        XCTAssertTrue(allowed.notes[0].contains("checked anyway (--allow-incomplete)"), allowed.notes[0])
        XCTAssertEqual(log.warnings, allowed.notes)

        // baseline refuses it the same way (3), and says a note when allowed.
        let path = dir.appendingPathComponent("crashed.json").path
        let request = BaselineRequest(sources: try sources(transcript: "tap-stepper-crashed.lldb.log"), output: path, database: database)
        let notTaken = try BaselineGate.run(request, openDatabase: noDatabase, log: CommandLog())
        XCTAssertEqual(notTaken.refusal?.kind, .notCounted)
        XCTAssertEqual(notTaken.status, 3)
        XCTAssertNil(notTaken.baseline)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        var allowedRequest = request
        allowedRequest.allowIncomplete = true
        let noted = CommandLog()
        XCTAssertEqual(try BaselineGate.run(allowedRequest, openDatabase: noDatabase, log: noted).status, 0)
        XCTAssertTrue(noted.messages.contains { if case .note(let t) = $0 { t.contains("checked anyway") } else { false } }, "\(noted.messages)")
    }

    /// Hits whose attribute could not be read count as "(unknown)": no verdict (3), with
    /// --allow-incomplete too, and no baseline with such a key.
    func testAnUnknownAttributeIsRefusedWithThree() throws {
        var lines = try String(contentsOfFile: ci + "/tap-stepper.lldb.log", encoding: .utf8).components(separatedBy: "\n")
        var replaced = 0
        for i in lines.indices.reversed() where lines[i].hasPrefix("      w1 = 0x") && replaced < 3 {
            lines[i] = "error: Invalid register name 'w1'."
            replaced += 1
        }
        let unread = dir.appendingPathComponent("unread.lldb.log").path
        try lines.joined(separator: "\n").write(toFile: unread, atomically: true, encoding: .utf8)
        let baseline = try takeBaseline(try sources(transcript: "tap-stepper.lldb.log"))
        for allow in [false, true] {
            let log = CommandLog()
            let outcome = check(baseline, try GateSources(transcript: unread), allowIncomplete: allow, log: log)
            XCTAssertEqual(outcome.status, 3)
            XCTAssertEqual(outcome.problem?.kind, .notCounted)
            XCTAssertTrue(outcome.problem?.message.contains("could not count: 3 of 14 hits of run 'unread' have no attribute") ?? false)
            // The import named the lines.
            XCTAssertTrue(log.messages.contains { if case .importWarning(let t) = $0 { t.hasPrefix(unread + ": lines ") } else { false } },
                          "\(log.messages)")
        }
        let refused = try BaselineGate.run(BaselineRequest(sources: try GateSources(transcript: unread), output: "-", database: database),
                                           openDatabase: noDatabase, log: CommandLog())
        XCTAssertEqual(refused.status, 3)
        XCTAssertNil(refused.baseline)
    }

    /// `--time` on a trace compares each key's self seconds: the same trace passes; against a
    /// baseline whose seconds are half, every key regresses by time (1), counts unchanged.
    func testTimeComparesSelfSeconds() throws {
        let trace = try sources(trace: "trip-taps.ag-trace")
        let baseline = try takeBaseline(trace, time: true)
        let same = check(baseline, trace, time: true)
        XCTAssertEqual(same.status, 0)
        XCTAssertNotNil(same.comparison?.limits.timeTolerance)

        var counts = try Baseline.read(path: baseline).counts
        XCTAssertEqual(counts.time, .selfTime)
        counts.entries = counts.entries.mapValues { UpdateEntry(updates: $0.updates, seconds: $0.seconds.map { $0 / 2 }) }
        let halved = dir.appendingPathComponent("halved.json").path
        try Baseline(counts: counts).rendered().write(toFile: halved, atomically: true, encoding: .utf8)
        let slower = check(halved, trace, time: true)
        XCTAssertEqual(slower.status, 1)
        XCTAssertEqual(slower.comparison?.regressions.count, counts.entries.count)
        XCTAssertEqual(check(halved, trace).status, 0, "without --time only counts are compared")

        // A run's baseline holds no seconds: --time is refused with the baseline named (2).
        let runBaseline = try takeBaseline(try sources(transcript: "tap-stepper.lldb.log"), "run.json")
        let refused = check(runBaseline, try sources(transcript: "tap-stepper.lldb.log"), time: true)
        XCTAssertEqual(refused.problem?.kind, .baseline)
        XCTAssertEqual(refused.status, 2)
    }

    /// A cut trace (no EndTrace) is refused as a cut transcript is.
    func testACutTraceIsRefusedWithThree() throws {
        let baseline = try takeBaseline(try sources(trace: "feed-select.ag-trace"))
        XCTAssertEqual(check(baseline, try sources(trace: "feed-select.ag-trace")).status, 0)
        let cut = check(baseline, try sources(trace: "feed-select-cut.ag-trace"))
        XCTAssertEqual(cut.status, 3)
        XCTAssertTrue(cut.problem?.message.contains("did not end normally (no EndTrace)") ?? false, "\(String(describing: cut.problem))")
    }

    func testUpdateBaselineRewritesTheFileWithZero() throws {
        let baseline = try takeBaseline(try sources(transcript: "tap-stepper.lldb.log"))
        let log = CommandLog()
        let outcome = check(baseline, try sources(transcript: "tap-stepper-regressed.lldb.log"), updateBaseline: true, log: log)
        XCTAssertTrue(outcome.updated)
        XCTAssertEqual(outcome.status, 0)
        XCTAssertEqual(try Baseline.read(path: baseline).counts.source.label, "tap-stepper-regressed")
        XCTAssertTrue(log.messages.contains { if case .line(let t) = $0 { t.hasPrefix("updated \(baseline) (") } else { false } },
                      "\(log.messages)")
        // Standard input cannot be rewritten: a usage problem (2), before anything is read.
        let stdin = check("-", try sources(transcript: "tap-stepper.lldb.log"), updateBaseline: true)
        XCTAssertEqual(stdin.problem?.kind, .usage)
        XCTAssertEqual(stdin.status, 2)
    }

    /// What cannot be counted together is a usage problem of the sources themselves; a
    /// baseline of the other kind of input is the baseline's problem (both 2).
    func testSourcesAndKindsThatDoNotFit() throws {
        XCTAssertThrowsError(try GateSources(run: "tap", transcript: "tap.lldb.log")) { error in
            XCTAssertEqual((error as? CheckProblem)?.kind, .usage)
        }
        XCTAssertThrowsError(try GateSources(snapshot: "s", trace: "t")) { error in
            XCTAssertEqual((error as? CheckProblem)?.exitStatus, 2)
        }
        let baseline = try takeBaseline(try sources(transcript: "tap-stepper.lldb.log"))
        let dump = check(baseline, try sources(archive: "planner-b.ag-json"))
        XCTAssertEqual(dump.problem?.kind, .baseline)
        XCTAssertEqual(dump.status, 2)
        let missing = check(dir.appendingPathComponent("missing.json").path, try sources(transcript: "tap-stepper.lldb.log"))
        XCTAssertEqual(missing.problem?.kind, .baseline)
        XCTAssertEqual(CheckGate.problem(for: ReportError("no run labelled 'x'")).exitStatus, 3)
    }

    /// `--max-cycles N`: more cycle reports of the checked recording than N fail the check
    /// (exit 1) whatever the counts say, and the verdict, JSON and JUnit say so with the views;
    /// N or fewer pass. Cycles of another recording are not counted.
    func testMoreCycleReportsThanMaxCyclesFail() throws {
        let imp = try importer()
        _ = try imp.importFile(ci + "/tap-stepper.lldb.log")
        _ = try imp.importFile(ci + "/tap-stepper-rebuilt.lldb.log")
        let run = try XCTUnwrap(LabelLookup.resolve("tap-stepper", kind: "run", in: imp.db))
        // Frames top first: ContentView's body reads the attribute of SheetContent's, which is
        // updating below it: the loop runs through both.
        let other = try XCTUnwrap(LabelLookup.resolve("tap-stepper-rebuilt", kind: "run", in: imp.db))
        try imp.db.execute("""
            INSERT INTO cycles(id, kind, owner_id, position, attribute, form) VALUES (1, 'run', \(run), 3, 278848, 'recorder'), (2, 'run', \(run), 9, 278848, 'recorder'), (3, 'run', \(other), 1, 5, 'recorder');
            INSERT INTO cycle_frames(cycle_id, ordinal, attribute, name) VALUES (1, 0, 280896, 'DynamicBody<ViewBodyAccessor<ContentView>, ContentView.Body>'), (1, 1, 278848, 'StaticBody<ViewBodyAccessor<SheetContent>, SheetContent.Body>'), (2, 0, 278848, 'StaticBody<ViewBodyAccessor<SheetContent>, SheetContent.Body>');
            """)
        let labelled = try GateSources(run: "tap-stepper")
        let base = dir.appendingPathComponent("base.json").path
        let open = { try DatabaseOpener.open(self.dbPath, mode: .read) }
        XCTAssertEqual(try BaselineGate.run(BaselineRequest(sources: labelled, output: base, database: dbPath), openDatabase: open, log: CommandLog()).status, 0)
        func check(max: Int) -> CheckOutcome {
            var limits = CheckLimits()
            limits.maxCycles = max
            return CheckGate.run(CheckRequest(baselinePath: base, sources: labelled, limits: limits, database: dbPath), openDatabase: open, log: CommandLog())
        }
        let failed = check(max: 0)
        XCTAssertEqual(failed.status, 1)
        let c = try XCTUnwrap(failed.comparison)
        XCTAssertTrue(c.countsPassed)
        XCTAssertEqual(c.cycles, CycleTally(limit: 0, reports: 2, views: ["ContentView", "SheetContent"]))
        let verdict = CheckReportFormatter.render(c, format: .table, baselinePath: base).split(separator: "\n")[0]
        XCTAssertEqual(verdict, "FAIL: 2 cycle reports (through ContentView, SheetContent), more than --max-cycles 0 allows; no regressions in 5 attributes; total updates 14 -> 14 (0)")
        XCTAssertTrue(CheckReportFormatter.render(c, format: .json, baselinePath: base)
            .contains("\"cycles\": {\"reports\": 2, \"max_cycles\": 0, \"exceeded\": true, \"views\": [\"ContentView\", \"SheetContent\"]}"))
        let junit = CheckReportFormatter.render(c, format: .junit, baselinePath: base)
        XCTAssertTrue(junit.contains("<failure type=\"cycles\""), junit)
        XCTAssertTrue(junit.contains("tests=\"7\" failures=\"1\""), junit)
        XCTAssertEqual(check(max: 2).status, 0)
        XCTAssertEqual(check(max: 2).comparison?.cycles?.exceeded, false)
        // Without --max-cycles nothing is counted.
        XCTAssertNil(CheckGate.run(CheckRequest(baselinePath: base, sources: labelled, database: dbPath), openDatabase: open, log: CommandLog()).comparison?.cycles)
    }

    /// `--console FILE`: a console log's body runs per view, from its `_printChanges` lines,
    /// counted alone and by view; a view whose body ran more fails, one more cycle report
    /// than `--max-cycles` fails too, and other keys are refused.
    func testAConsoleIsCountedByViewAndItsCyclesByMaxCycles() throws {
        let sample = TestPaths.sample("console/ci-changes.log")
        let base = dir.appendingPathComponent("console.json").path
        let console = try GateSources(values: ["console": sample])
        let taken = try BaselineGate.run(BaselineRequest(sources: console, output: base, database: database), openDatabase: noDatabase, log: CommandLog())
        XCTAssertEqual(taken.baseline?.counts.key, .view)
        XCTAssertEqual(taken.baseline?.counts.source.kind, .console)
        XCTAssertEqual(taken.baseline?.counts.total.updates, 11)
        XCTAssertEqual(taken.baseline?.counts.entries["PlannerView"]?.updates, 3)
        XCTAssertThrowsError(try BaselineGate.run(BaselineRequest(sources: console, output: "-", key: .rule, database: database),
                                                  openDatabase: noDatabase, log: CommandLog())) { error in
            XCTAssertTrue("\(error)".contains("use --key view"), "\(error)")
        }
        XCTAssertEqual(check(base, console).status, 0)
        // One more PlannerView body run, and a cycle report, in the next job's log.
        let text = try String(contentsOfFile: sample, encoding: .utf8)
        let more = write("more.log", text + "\r\nPlannerView: @self changed.\r\n=== AttributeGraph: cycle detected through attribute 4112 ===\r\n")
        let grown = check(base, try GateSources(values: ["console": more]))
        XCTAssertEqual(grown.status, 1)
        XCTAssertEqual(grown.comparison?.regressions.map(\.key), ["PlannerView"])
        var limits = CheckLimits(tolerance: Tolerance("50")!)
        limits.maxCycles = 0
        let cycled = CheckGate.run(CheckRequest(baselinePath: base, sources: try GateSources(values: ["console": more]), limits: limits,
                                                database: database), openDatabase: noDatabase, log: CommandLog())
        XCTAssertEqual(cycled.status, 1)
        XCTAssertEqual(cycled.comparison?.countsPassed, true, "within 50%")
        XCTAssertEqual(cycled.comparison?.cycles?.reports, 1)
        // A console beside another recording is that run's log (its cycles and warnings gate);
        // a trace baseline is not checked against a console alone.
        XCTAssertEqual(try GateSources(values: ["console": sample, "transcript": "x.lldb.log"]).log, .console)
        XCTAssertNil(try GateSources(values: ["console": sample]).log)
        let trace = try takeBaseline(try sources(trace: "trip-taps.ag-trace"), "trace.json")
        XCTAssertEqual(check(trace, console).problem?.message,
                       "\(trace): the baseline was taken from trace 'trip-taps', but a console was given: check a trace (--trace FILE or a trace's label) against it")
    }

    /// `--max-cycles 0` on a trace: the sample with two cycle LogMessages fails (exit 1) naming
    /// the view its loop runs through; a trace with none passes.
    func testATraceWithCycleLogMessagesFailsMaxCyclesZero() throws {
        var limits = CheckLimits()
        limits.maxCycles = 0
        for (trace, status, reports) in [("sheet-cycle.ag-trace", Int32(1), 2), ("trip-taps.ag-trace", 0, 0)] {
            let base = try takeBaseline(try sources(trace: trace), trace + ".json")
            let outcome = CheckGate.run(CheckRequest(baselinePath: base, sources: try sources(trace: trace), limits: limits, database: database),
                                        openDatabase: noDatabase, log: CommandLog())
            XCTAssertEqual(outcome.status, status, trace)
            XCTAssertEqual(outcome.comparison?.cycles?.reports, reports, trace)
            XCTAssertEqual(outcome.comparison?.countsPassed, true, trace)
            if reports > 0 { XCTAssertFalse(outcome.comparison?.cycles?.views.isEmpty ?? true, "the trace's types name the loop's views") }
        }
    }
}
