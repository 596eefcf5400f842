import XCTest

/// `baseline --time` / `check --time` through the binary: self seconds in the file, kept by
/// `--update-baseline`; an inclusive trace baseline refused; a dump's profile times compared
/// and said to be inclusive.
final class CheckTimeCLITests: CLITestCase {
    let trip = CLI.samples + "/traces/trip-taps.ag-trace"

    func testUpdateBaselineKeepsTheSeconds() throws {
        try runAgtrace(["baseline", "--trace", trip, "--time", "-o", "b.json"], status: 0)
        let before = try String(contentsOf: dir.appendingPathComponent("b.json"), encoding: .utf8)
        XCTAssertTrue(before.contains("    \"TextRule\": {\"updates\": 3, \"self_seconds\": 0.0068359375}\n"), before)
        // Without --time the check ignores the seconds, but the rewritten file keeps them.
        let update = try runAgtrace(["check", "--baseline", "b.json", "--trace", trip, "--update-baseline"], status: 0)
        XCTAssertTrue(update.stdout.hasPrefix("UPDATED b.json with the counts of trace 'trip-taps': total updates 9 -> 9 (0; time 26.4 ms -> 26.4 ms (+0.0%))"), update.stdout)
        let after = try String(contentsOf: dir.appendingPathComponent("b.json"), encoding: .utf8)
        XCTAssertTrue(after.contains("    \"TextRule\": {\"updates\": 3, \"self_seconds\": 0.0068359375}\n"), after)
        XCTAssertTrue(after.contains("  \"total\": {\"updates\": 9, \"self_seconds\": 0.0263671875},\n"), after)
    }

    /// A trace baseline of inclusive "seconds" (what agtrace wrote before) against --time: exit 2
    /// naming the file, never a comparison of inclusive with self time.
    func testInclusiveTraceBaselineIsRefusedWithTime() throws {
        let old = """
            {"format": "agtrace-baseline", "version": 2, "source": {"kind": "trace", "label": "trip-taps"}, "key": "rule",
             "total": {"updates": 9},
             "entries": {"DisplayListRule": {"updates": 3, "seconds": 0.0263671875},
                         "StaticBody<ViewBodyAccessor<TripView>, MainThreadFlags>": {"updates": 3, "seconds": 0.013671875},
                         "TextRule": {"updates": 3, "seconds": 0.0205078125}}}
            """
        try old.write(to: dir.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        let r = try runAgtrace(["check", "--baseline", "old.json", "--trace", trip, "--time"], status: 2)
        XCTAssertTrue(r.stderr.contains("old.json: --time compares self seconds, but the baseline's entries hold \"seconds\" (including nested evaluations"), r.stderr)
        XCTAssertEqual(r.stdout, "")
        // Counts alone still compare.
        try runAgtrace(["check", "--baseline", "old.json", "--trace", trip], status: 0)
        // A transcript has no durations.
        try runAgtrace(["baseline", "--transcript", CLI.samples + "/ci/tap-stepper.lldb.log", "-o", "run.json"], status: 0)
        let run = try runAgtrace(["check", "--baseline", "run.json", "--transcript", CLI.samples + "/ci/tap-stepper.lldb.log", "--time"], status: 2)
        XCTAssertTrue(run.stderr.contains("carry no durations"), run.stderr)
    }

    /// A profiled dump: --time compares its profile seconds per key and says they are
    /// inclusive, with no time for the total.
    func testSnapshotTimeSaysWhatItCompares() throws {
        let dump = CLI.samples + "/planner-profiled.ag-json"
        try runAgtrace(["baseline", "--archive", dump, "-o", "s.json"], status: 0)
        let text = try String(contentsOf: dir.appendingPathComponent("s.json"), encoding: .utf8)
        XCTAssertTrue(text.contains("  \"total\": {\"updates\": 16},\n"), text)
        let r = try runAgtrace(["check", "--baseline", "s.json", "--archive", dump, "--time"], status: 0)
        XCTAssertTrue(r.stdout.contains("time:     compares profile seconds per key, which include nested rule runs (a dump records no self time); the total's time is not compared\n"), r.stdout)
        let slower = text.replacingOccurrences(of: "\"RootDisplayList\": {\"updates\": 4, \"seconds\": 0.0002}",
                                               with: "\"RootDisplayList\": {\"updates\": 4, \"seconds\": 0.0001}")
        XCTAssertNotEqual(slower, text)
        try slower.write(to: dir.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let failed = try runAgtrace(["check", "--baseline", "s.json", "--archive", dump, "--time"], status: 1)
        XCTAssertTrue(failed.stdout.contains("RootDisplayList  4         4        0      +0.0%    100 µs            200 µs           +100.0% slower\n"), failed.stdout)
    }
}
