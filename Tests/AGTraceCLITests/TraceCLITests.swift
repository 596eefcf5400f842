import XCTest

/// Traces through the built binary: what a user types, with its exit statuses.
final class TraceCLITests: CLITestCase {

    func testImportReportsAndExitStatuses() throws {
        try importFiles([SampleTraces.trip, SampleTraces.planner], says: [
            "imported trip-taps (trace): events 65, evaluations 9, writes 2",
            "imported planner-edit (trace, gzip): events 54, evaluations 10, writes 1",
        ], warns: ["warning: planner-edit:", "whole-second"])
        let again = try CLI.run(["import", "--db", db, SampleTraces.trip])
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.stdout.contains("already stored as trace 'trip-taps'"), again.stdout)
        XCTAssertTrue(try CLI.run(["list", "--db", db]).stdout.contains("trace  trip-taps"))

        let rules = try CLI.run(["report", "rule-cost", "--db", db, "--trace", "trip-taps", "--format", "csv"])
        XCTAssertEqual(rules.status, 0, rules.stderr)
        XCTAssertTrue(rules.stdout.hasPrefix("rule,view,evaluations,total_seconds,self_seconds,mean_seconds,p95_seconds,max_seconds,share\n"), rules.stdout)
        let untimed = try CLI.run(["report", "updates", "--db", db, "--trace", "planner-edit"])
        XCTAssertEqual(untimed.status, 0)
        XCTAssertTrue(untimed.stderr.contains("10 of 10 evaluations"), untimed.stderr)
        XCTAssertEqual(try CLI.run(["report", "dirty-walks", "--db", db, "--trace", "nope"]).status, 1)
        XCTAssertEqual(try CLI.run(["report", "dirty-walks", "--db", db, "--trace", "trip-taps", "--by", "view"]).status, 2)

        let why = try CLI.run(["why", "1048", "--db", db, "--trace", "trip-taps", "--format", "csv"])
        XCTAssertEqual(why.status, 0, why.stderr)
        XCTAssertEqual(why.stdout.split(separator: "\n").count, 4)
        XCTAssertEqual(try CLI.run(["why", "536", "--db", db, "--trace", "trip-taps"]).status, 1)
        // A table shows the seconds for people; csv keeps them exact.
        let whyTable = try CLI.run(["why", "1048", "--db", db, "--trace", "trip-taps"])
        XCTAssertTrue(whyTable.stdout.contains("TripView  3.91 ms  1"), whyTable.stdout)
        XCTAssertTrue(why.stdout.contains(",TripView,0.00390625,1,"), why.stdout)
        let whyView = try CLI.run(["why", "--view", "TripView", "--db", db, "--trace", "trip-taps", "--format", "csv"])
        XCTAssertEqual(whyView.status, 0, whyView.stderr)
        XCTAssertEqual(whyView.stdout, why.stdout)
        XCTAssertEqual(try CLI.run(["why", "--view", "Nope", "--db", db, "--trace", "trip-taps"]).status, 1)
        XCTAssertEqual(try CLI.run(["why", "1048", "--db", db]).status, 2)

        let walkView = try CLI.run(["walk", "--view", "TripView", "--db", db, "--trace", "trip-taps", "--format", "csv"])
        XCTAssertEqual(walkView.stdout, "attribute,depth,rule,view,via\n1088,1,TextRule,,1048\n1120,2,DisplayListRule,,1088\n", walkView.stderr)
        let walk = try CLI.run(["walk", "536", "--db", db, "--trace", "trip-taps", "--format", "csv"])
        XCTAssertEqual(walk.status, 0, walk.stderr)
        XCTAssertEqual(walk.stdout, """
            attribute,depth,rule,view,via
            1048,1,"StaticBody<ViewBodyAccessor<TripView>, MainThreadFlags>",TripView,536
            1088,2,TextRule,,1048
            1120,3,DisplayListRule,,1088

            """)
        XCTAssertEqual(try CLI.run(["walk", "536", "--db", db, "--trace", "trip-taps", "--snapshot", "x"]).status, 2)

        let baseline = dir.appendingPathComponent("b.json").path
        XCTAssertEqual(try CLI.run(["baseline", "--db", db, "--trace", "trip-taps", "--time", "-o", baseline]).status, 0)
        XCTAssertEqual(try CLI.run(["check", "--db", db, "--trace", "trip-taps", "--baseline", baseline, "--time"]).status, 0)
        XCTAssertEqual(try CLI.run(["check", "--db", db, "--run", "trip-taps", "--baseline", baseline]).status, 2)
        XCTAssertEqual(try CLI.run(["check", "--db", db, "--trace", "trip-taps", "--baseline", baseline, "--time-tolerance", "x", "--time"]).status, 2)
        // A faster baseline: the current trace is slower, beyond the time tolerance only.
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
            .replacingOccurrences(of: "\"self_seconds\": 0.0068359375", with: "\"self_seconds\": 0.005")
        try text.write(toFile: baseline, atomically: true, encoding: .utf8)
        let slower = try CLI.run(["check", "--db", db, "--trace", "trip-taps", "--baseline", baseline, "--time"])
        XCTAssertEqual(slower.status, 1, slower.stdout + slower.stderr)
        XCTAssertTrue(slower.stdout.contains("slower"), slower.stdout)
        XCTAssertEqual(try CLI.run(["check", "--db", db, "--trace", "trip-taps", "--baseline", baseline]).status, 0)
        XCTAssertEqual(try CLI.run(["baseline", "--db", db, "--trace", "planner-edit", "--time", "-o", "-"]).status, 1)

        XCTAssertEqual(try CLI.run(["delete", "--db", db, "trip-taps"]).status, 0)
        XCTAssertFalse(try CLI.run(["list", "--db", db]).stdout.contains("trip-taps"))
    }

    func testCorruptTraceIsRefusedWithItsOffsetAndNothingStored() throws {
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: SampleTraces.trip)))
        bytes.removeLast(3)
        let cut = dir.appendingPathComponent("cut.ag-trace").path
        FileManager.default.createTestFile(atPath: cut, contents: Data(bytes))
        let r = try CLI.run(["import", "--db", db, cut])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("cut.ag-trace: byte ") && r.stderr.contains("truncated"), r.stderr)
        XCTAssertEqual(try CLI.run(["query", "--db", db, "SELECT count(*) FROM trace_event_rows"]).stdout
            .split(separator: "\n").last, "0")
    }
}
