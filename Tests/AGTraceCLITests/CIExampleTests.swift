import Foundation
import XCTest

/// The CI example of docs/ci.md, end to end with the built binary: the baseline recorded as
/// the docs say, then the "Check against the baseline" step of docs/examples/swiftui-work.yml
/// run as it is written (bash, `agtrace` on PATH, the workflow's environment) on the
/// recordings of SampleArchives/ci/ (transcripts of a rebuild, a regression, a crash, a Swift
/// trap and a glued console, and a recorder file).
final class CIExampleTests: CLITestCase {
    let ci = CLI.samples + "/ci"

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Baselines"), withIntermediateDirectories: true)
        // Recording a baseline, as docs/ci.md does it (build A).
        let r = try CLI.run(["baseline", "--transcript", ci + "/tap-stepper.lldb.log", "--archive", ci + "/planner-a.ag-json",
                             "--key", "view", "--output", "Baselines/tap-stepper.json"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "wrote Baselines/tap-stepper.json: run 'tap-stepper' keyed by view, 4 views, 14 updates\n")
    }

    /// The `run: |` block of the workflow step named `name`, as bash text.
    static func workflowStep(_ name: String) throws -> String {
        let path = CLI.packageRoot.appendingPathComponent("docs/examples/swiftui-work.yml").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        guard let at = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "- name: \(name)" }),
              let run = lines[at...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "run: |" }) else {
            throw NSError(domain: "no step '\(name)' with a run block in \(path)", code: 1)
        }
        let body = lines[(run + 1)...].prefix { $0.isEmpty || $0.hasPrefix(String(repeating: " ", count: 10)) }
        return body.map { $0.count >= 10 ? String($0.dropFirst(10)) : $0 }.joined(separator: "\n")
    }

    struct StepResult {
        var status: Int32
        var stdout: String
        var stderr: String
        var junit: String
        var summary: String
    }

    /// Runs the workflow's check step with bash -e (as GitHub Actions does) in the workspace,
    /// and asserts that it exits with `exits` and its stdout starts with `startsWith` (each when
    /// given), that its stdout holds every one of `says` and its stderr every one of `warns`.
    func runCheckStep(transcript: String, dump: String = "planner-b.ag-json",
                      baseline: String = "Baselines/tap-stepper.json", exits: Int32? = nil, startsWith: String? = nil,
                      says: [String] = [], warns: [String] = [],
                      file: StaticString = #filePath, line: UInt = #line) throws -> StepResult {
        let script = try Self.workflowStep("Check against the baseline")
        XCTAssertTrue(script.contains("--transcript \"$TRANSCRIPT\" --archive \"$DUMP\""), script)
        for name in ["agtrace-check.xml", "summary.md"] { try? FileManager.default.removeItem(at: dir.appendingPathComponent(name)) }
        FileManager.default.createTestFile(atPath: dir.appendingPathComponent("summary.md").path, contents: nil)
        let step = try CLI.run(URL(fileURLWithPath: "/bin/bash"), ["-e", "-c", script], environment: [
            "PATH": CLI.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "BASELINE": baseline,
            "TRANSCRIPT": ci + "/" + transcript,
            "DUMP": ci + "/" + dump,
            "GITHUB_STEP_SUMMARY": dir.appendingPathComponent("summary.md").path,
        ], directory: dir)
        func read(_ name: String) -> String {
            (try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
        if let exits { XCTAssertEqual(step.status, exits, step.stdout + step.stderr, file: file, line: line) }
        if let startsWith { XCTAssertTrue(step.stdout.hasPrefix(startsWith), step.stdout, file: file, line: line) }
        for fragment in says { XCTAssertTrue(step.stdout.contains(fragment), step.stdout, file: file, line: line) }
        for fragment in warns { XCTAssertTrue(step.stderr.contains(fragment), step.stderr, file: file, line: line) }
        return StepResult(status: step.status, stdout: step.stdout, stderr: step.stderr,
                          junit: read("agtrace-check.xml"), summary: read("summary.md"))
    }

    /// `agtrace check` of the recording `transcript` (a path) with the B dump against the
    /// recorded baseline, with `options` added; asserts that it exits with `exits`.
    func runCheck(transcript: String, _ options: [String] = [], exits: Int32,
                  file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        let r = try CLI.run(["check", "--baseline", "Baselines/tap-stepper.json", "--transcript", transcript,
                             "--archive", ci + "/planner-b.ag-json"] + options, directory: dir)
        XCTAssertEqual(r.status, exits, r.stdout + r.stderr, file: file, line: line)
        return r
    }

    func testARebuildDoingTheSameWorkPasses() throws {
        let r = try runCheckStep(transcript: "tap-stepper-rebuilt.lldb.log", exits: 0,
                                 startsWith: "PASS: no regressions in 4 views; total updates 14 -> 14 (0)\n")
        let report = JUnitReport(r.junit)
        XCTAssertEqual(report.testcases, 5, "the total and four views")
        XCTAssertEqual(report.failures + report.errors, 0)
        XCTAssertTrue(r.summary.hasPrefix("### ✅ agtrace check passed"), r.summary)

        // Why the example keys by view: the same rebuild, keyed by attribute, fails for nothing.
        let byAttribute = try CLI.run(["baseline", "--transcript", ci + "/tap-stepper.lldb.log", "--output", "attribute.json"], directory: dir)
        XCTAssertEqual(byAttribute.status, 0, byAttribute.stderr)
        let wrong = try CLI.run(["check", "--baseline", "attribute.json", "--transcript", ci + "/tap-stepper-rebuilt.lldb.log"], directory: dir)
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stdout.hasPrefix("FAIL: 3 of 7 attributes regressed; total updates 14 -> 14 (0)"), wrong.stdout)
    }

    func testARegressingRecordingFailsOnTheViewThatDidMoreWork() throws {
        let r = try runCheckStep(transcript: "tap-stepper-regressed.lldb.log", exits: 1,
                                 startsWith: "FAIL: 1 of 4 views regressed; total updates 14 -> 17 (+3, +21.4%), regressed\n",
                                 says: ["\nSummary  1         4        +3     +300.0%\n"])
        let report = JUnitReport(r.junit)
        XCTAssertEqual(report.failures, 2, "the total and Summary")
        XCTAssertEqual(report.errors, 0)
        XCTAssertEqual(report.failureMessages, ["total updates: 14 -> 17 (+3, +21.4%); allowed up to 14",
                                                "updates of view Summary: 1 -> 4 (+3, +300.0%); allowed up to 1"])
        XCTAssertTrue(r.summary.hasPrefix("### ❌ agtrace check failed"), r.summary)
        XCTAssertTrue(r.summary.contains("| Summary | 1 | 4 | +3 | +300.0% |"), r.summary)
    }

    func testACrashedRecordingCannotPassAsAnImprovement() throws {
        let r = try runCheckStep(transcript: "tap-stepper-crashed.lldb.log", exits: 3,
                                 warns: ["run 'tap-stepper-crashed' did not end normally (crashed: EXC_BAD_ACCESS)"])
        XCTAssertEqual(r.stdout, "", "the table format says it on stderr only")
        let report = JUnitReport(r.junit)
        XCTAssertEqual(report.errors, 1)
        XCTAssertEqual(report.failures, 0)
        XCTAssertEqual(report.errorTypes, ["not_counted"])
        XCTAssertTrue(report.errorMessages.first?.contains("crashed: EXC_BAD_ACCESS") ?? false, r.junit)
        XCTAssertTrue(r.summary.hasPrefix("### ⚠️ agtrace check could not run (could not count)"), r.summary)
        XCTAssertTrue(r.summary.contains("crashed: EXC\\_BAD\\_ACCESS"), r.summary)

        // Checked anyway, its 8 updates against 14 drop by 42.9%: it would have passed.
        let forced = try runCheck(transcript: ci + "/tap-stepper-crashed.lldb.log", ["--allow-incomplete"], exits: 0)
        XCTAssertTrue(forced.stdout.hasPrefix("PASS: no regressions in 4 views; total updates 14 -> 8 (-6, -42.9%)\n"), forced.stdout)
        XCTAssertTrue(forced.stdout.contains("note: run 'tap-stepper-crashed' did not end normally (crashed: EXC_BAD_ACCESS); checked anyway (--allow-incomplete)"), forced.stdout)
        // With --max-drop 40 the same drop fails as suspicious.
        let suspicious = try runCheck(transcript: ci + "/tap-stepper-crashed.lldb.log", ["--allow-incomplete", "--max-drop", "40"], exits: 1)
        XCTAssertTrue(suspicious.stdout.hasPrefix("FAIL: the total dropped by more than --max-drop 40%: total updates 14 -> 8"), suspicious.stdout)
    }

    /// A recording by the lldb recorder (`agtrace record`, stopped with its `stop` line) is a
    /// complete recording, checked like a transcript.
    func testARecorderFileStoppedNormallyIsChecked() throws {
        let r = try runCheckStep(transcript: "tap-stepper-recorder.lldb", exits: 0,
                                 startsWith: "PASS: no regressions in 4 views; total updates 14 -> 14 (0)\n",
                                 warns: ["tap-stepper-recorder.lldb: 14 events, stopped"])
        XCTAssertFalse(r.stderr.contains("warning"), r.stderr)
        let report = JUnitReport(r.junit)
        XCTAssertEqual(report.testcases, 5)
        XCTAssertEqual(report.failures + report.errors, 0)
        // The same file without its stop line (lldb or the app died) is refused.
        let text = try String(contentsOfFile: ci + "/tap-stepper-recorder.lldb", encoding: .utf8)
        let cut = dir.appendingPathComponent("cut.lldb")
        try String(text[..<text.range(of: "stop ")!.lowerBound]).write(to: cut, atomically: true, encoding: .utf8)
        let refused = try runCheck(transcript: cut.path, exits: 3)
        XCTAssertTrue(refused.stderr.contains("run 'cut' did not end normally (cut: no stop line)"), refused.stderr)
        let baseline = try CLI.run(["baseline", "--transcript", cut.path, "--output", "cut.json"], directory: dir)
        XCTAssertEqual(baseline.status, 3, baseline.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("cut.json").path))
    }

    /// A Swift trap (a force unwrap of nil) after the first tap: 8 of 14 updates, which passed
    /// as an improvement when the trap read as "no end seen".
    func testASwiftTrapCannotPassAsAnImprovement() throws {
        let reason = "crashed: Fatal error: Unexpectedly found nil while unwrapping an Optional value"
        let r = try runCheckStep(transcript: "tap-stepper-trapped.lldb.log", exits: 3,
                                 warns: ["run 'tap-stepper-trapped' did not end normally (\(reason))"])
        XCTAssertEqual(r.stdout, "")
        let report = JUnitReport(r.junit)
        XCTAssertEqual(report.errors, 1)
        XCTAssertEqual(report.failures, 0)
        XCTAssertEqual(report.errorTypes, ["not_counted"])
        XCTAssertTrue(report.errorMessages.first?.contains(reason) ?? false, r.junit)
        XCTAssertTrue(r.summary.hasPrefix("### ⚠️ agtrace check could not run (could not count)"), r.summary)
        // baseline refuses it too.
        let baseline = try CLI.run(["baseline", "--transcript", ci + "/tap-stepper-trapped.lldb.log", "--output", "trapped.json"], directory: dir)
        XCTAssertEqual(baseline.status, 3, baseline.stderr)
        XCTAssertTrue(baseline.stderr.contains(reason), baseline.stderr)
    }

    /// The app's lines without a newline put lldb's echoes mid-line: every hit is still read,
    /// so the regression of the glued recording fails as the regressed one does.
    func testAGluedRecordingIsCountedWhole() throws {
        let r = try runCheckStep(transcript: "tap-stepper-glued.lldb.log", exits: 1,
                                 startsWith: "FAIL: 1 of 4 views regressed; total updates 14 -> 17 (+3, +21.4%), regressed\n",
                                 says: ["\nSummary  1         4        +3     +300.0%\n"],
                                 warns: ["tap-stepper-glued.lldb.log: 17 events, exited 0"])
        let report = JUnitReport(r.junit)
        XCTAssertEqual(report.failureMessages, ["total updates: 14 -> 17 (+3, +21.4%); allowed up to 14",
                                                "updates of view Summary: 1 -> 4 (+3, +300.0%); allowed up to 1"])
    }

    func testEveryBrokenBaselineExits2NamingTheFileAndTheKey() throws {
        let expected: [(String, String)] = [
            ("duplicate-key.json", "line 12: key \"Summary\" appears twice in \"entries\" (first on line 11)"),
            ("duplicate-version.json", "line 4: key \"version\" appears twice at the top level (first on line 3)"),
            ("malformed-key.json", "line 11: entry \"320\" is not a key of kind view"),
            ("total-not-sum.json", "line 6: the \"total\" is 20 but the entries sum to 14"),
            ("count-past-2-63.json", "line 11: entry \"Summary\" has the count 9223372036854775808, outside 0 ... 2^53"),
            ("count-past-2-53.json", "line 11: entry \"Summary\" has the count 9007199254740993, outside 0 ... 2^53"),
        ]
        let files = try FileManager.default.contentsOfDirectory(atPath: ci + "/broken-baselines").filter { $0.hasSuffix(".json") }
        XCTAssertEqual(Set(files), Set(expected.map(\.0)), "a test for every broken baseline")
        for (name, fragment) in expected {
            let path = ci + "/broken-baselines/" + name
            let r = try runCheckStep(transcript: "tap-stepper-rebuilt.lldb.log", baseline: path)
            XCTAssertEqual(r.status, 2, "\(name): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("\(path): \(fragment)"), "\(name): \(r.stderr)")
            let report = JUnitReport(r.junit)
            XCTAssertEqual(report.errorTypes, ["baseline"], name)
            XCTAssertEqual(report.failures, 0, name)
            XCTAssertTrue(r.summary.hasPrefix("### ⚠️ agtrace check could not run (the baseline cannot be used)"), "\(name): \(r.summary)")
        }
    }

    /// The same step with the recording a trace (`--trace` for `--transcript … --archive …`):
    /// a trace cut by a kill (no EndTrace) cannot pass as an improvement either.
    func testACutTraceCannotPassAsAnImprovement() throws {
        let traces = CLI.samples + "/traces"
        let baseline = try CLI.run(["baseline", "--trace", traces + "/feed-select.ag-trace", "--key", "view",
                                    "--output", "Baselines/feed.json"], directory: dir)
        XCTAssertEqual(baseline.status, 0, baseline.stderr)
        let script = try Self.workflowStep("Check against the baseline")
            .replacingOccurrences(of: "--transcript \"$TRANSCRIPT\" --archive \"$DUMP\"", with: "--trace \"$TRACE\"")
        XCTAssertEqual(script.components(separatedBy: "--trace \"$TRACE\"").count, 4, script)
        FileManager.default.createTestFile(atPath: dir.appendingPathComponent("summary.md").path, contents: nil)
        let step = try CLI.run(URL(fileURLWithPath: "/bin/bash"), ["-e", "-c", script], environment: [
            "PATH": CLI.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "BASELINE": "Baselines/feed.json",
            "TRACE": traces + "/feed-select-cut.ag-trace",
            "GITHUB_STEP_SUMMARY": dir.appendingPathComponent("summary.md").path,
        ], directory: dir)
        XCTAssertEqual(step.status, 3, step.stdout + step.stderr)
        XCTAssertTrue(step.stderr.contains("trace 'feed-select-cut' did not end normally (no EndTrace"), step.stderr)
        let junit = (try? String(contentsOf: dir.appendingPathComponent("agtrace-check.xml"), encoding: .utf8)) ?? ""
        let report = JUnitReport(junit)
        XCTAssertEqual(report.errors, 1, junit)
        XCTAssertEqual(report.failures, 0)
        XCTAssertEqual(report.errorTypes, ["not_counted"])
        XCTAssertTrue(report.errorMessages.first?.contains("no EndTrace") ?? false, junit)
        let summary = (try? String(contentsOf: dir.appendingPathComponent("summary.md"), encoding: .utf8)) ?? ""
        XCTAssertTrue(summary.hasPrefix("### ⚠️ agtrace check could not run (could not count)"), summary)

        // The whole trace passes; the cut one passes only when asked, with a note.
        let whole = try CLI.run(["check", "--baseline", "Baselines/feed.json", "--trace", traces + "/feed-select.ag-trace"], directory: dir)
        XCTAssertEqual(whole.status, 0, whole.stdout + whole.stderr)
        let forced = try CLI.run(["check", "--baseline", "Baselines/feed.json", "--trace", traces + "/feed-select-cut.ag-trace",
                                  "--allow-incomplete"], directory: dir)
        XCTAssertTrue(forced.stdout.contains("trace 'feed-select-cut' did not end normally (no EndTrace); checked anyway (--allow-incomplete)"),
                      forced.stdout + forced.stderr)
        // baseline refuses to record one too (exit 3, as for a crashed transcript).
        let recorded = try CLI.run(["baseline", "--trace", traces + "/feed-select-cut.ag-trace", "--output", "cut.json"], directory: dir)
        XCTAssertEqual(recorded.status, 3, recorded.stderr)
        XCTAssertTrue(recorded.stderr.contains("trace 'feed-select-cut' did not end normally (no EndTrace"), recorded.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("cut.json").path))
    }
}
