import XCTest
@testable import AGTraceKit

/// `check --time` with repeated recordings (`--trace t1 t2 t3`): the recordings counted as one
/// (medians, each recording's seconds kept), written and read back in the baseline, and each
/// key's seconds judged by the interval of `SampleStatistics` instead of a bare tolerance;
/// with one recording on a side, the tolerance as before.
final class CheckRepeatedTimeTests: XCTestCase {
    private func recording(_ seconds: [String: Double], updates: Int64 = 2) -> UpdateCounts {
        UpdateCounts(source: MeasuredSource(kind: .trace, label: "t"), key: .rule,
                     entries: seconds.mapValues { UpdateEntry(updates: updates, seconds: $0) }, time: .selfTime)
    }

    /// Recordings of keys A and B: `a[i]` and `b[i]` milliseconds in recording i.
    private func recordings(_ a: [Double], _ b: [Double]) -> UpdateCounts {
        RepeatedRecordings.combined(zip(a, b).map { recording(["A": $0 / 1000, "B": $1 / 1000]) })
    }

    private func compare(_ baseline: UpdateCounts, _ current: UpdateCounts, tolerance: String = "20") -> BaselineComparison {
        var limits = CheckLimits()
        limits.timeTolerance = Tolerance(tolerance)
        return BaselineComparison(baseline: Baseline(counts: baseline), current: current, limits: limits)
    }

    func testRecordingsCombineIntoMediansKeepingEachSeconds() {
        let combined = RepeatedRecordings.combined([
            UpdateCounts(source: MeasuredSource(kind: .trace, label: "t1"), key: .rule,
                         entries: ["A": UpdateEntry(updates: 3, seconds: 0.003), "B": UpdateEntry(updates: 1, seconds: 0.001)], time: .selfTime),
            recording(["A": 0.005], updates: 4),
            recording(["A": 0.004], updates: 5),
        ])
        XCTAssertEqual(combined.source.label, "t1")
        XCTAssertEqual(combined.entries["A"], UpdateEntry(updates: 4, seconds: 0.004, secondsEach: [0.003, 0.005, 0.004]))
        // In one recording of three: a median of 0 updates, 0 seconds where it is absent.
        XCTAssertEqual(combined.entries["B"], UpdateEntry(updates: 0, seconds: 0, secondsEach: [0.001, 0, 0]))
        XCTAssertEqual(combined.total.secondsEach, [0.004, 0.005, 0.004])
        // One recording is itself.
        let one = recording(["A": 0.003])
        XCTAssertEqual(RepeatedRecordings.combined([one]), one)
        XCTAssertNil(one.total.secondsEach)
    }

    func testBaselineOfRepeatedRecordingsReadsBack() throws {
        let counts = recordings([1, 1.1, 0.9], [2, 2, 2])
        let text = Baseline(counts: counts).rendered()
        XCTAssertTrue(text.contains("    \"A\": {\"updates\": 2, \"self_seconds\": 0.001, \"self_seconds_each\": [0.001, 0.0011, 0.0009]},\n"), text)
        XCTAssertTrue(text.contains("  \"total\": {\"updates\": 4, \"self_seconds\": 0.003, \"self_seconds_each\": [0.003, 0.0031, 0.0029]},\n"), text)
        let read = try parseBaseline(text)
        XCTAssertEqual(read.counts.entries, counts.entries)
        XCTAssertNil(read.timeProblem)
        // A key most recordings lack is kept, with its 0 updates.
        let rare = RepeatedRecordings.combined([recording(["A": 0.001, "B": 0.001]), recording(["A": 0.001]), recording(["A": 0.002])])
        XCTAssertEqual(try parseBaseline(Baseline(counts: rare).rendered()).counts.entries["B"]?.secondsEach, [0.001, 0, 0])
    }

    func testBaselineOfRepeatedRecordingsRefusesWhatDoesNotAddUp() {
        let head = "{\"format\": \"agtrace-baseline\", \"version\": 2, \"source\": {\"kind\": \"trace\", \"label\": \"t\"}, \"key\": \"rule\",\n"
        assertBaselineRefused(head + """
             "entries": {"A": {"updates": 2, "self_seconds": 0.1, "self_seconds_each": [0.1, 0.1, 0.1]},
                         "B": {"updates": 2, "self_seconds": 0.1, "self_seconds_each": [0.1, 0.1]}}}
            """, "line 3: entry \"B\" holds the seconds of 2 recordings, but line 2 of 3")
        assertBaselineRefused(head + """
             "entries": {"A": {"updates": 2, "self_seconds": 0.1, "self_seconds_each": [0.1, 0.1]},
                         "B": {"updates": 2, "self_seconds": 0.1}}}
            """, "\"B\" holds no \"self_seconds_each\", but line 2 holds 2 recordings' seconds")
        assertBaselineRefused(head + """
             "entries": {"A": {"updates": 2, "self_seconds_each": [0.1, 0.1]}}}
            """, "line 2: entry \"A\" has \"self_seconds_each\" without \"self_seconds\", their median")
        assertBaselineRefused(head + """
             "entries": {"A": {"updates": 2, "self_seconds": 0.1, "self_seconds_each": [0.1, -1]}}}
            """, "line 2: entry \"A\" has \"self_seconds_each\" that is not a list of 2 or more numbers of seconds, 0 or more")
    }

    /// 5 + 5 recordings: A 30% slower beyond its ±5% noise fails; B, whose median grew 25%
    /// (past the 20% tolerance) only through noise, does not.
    func testTheIntervalDecidesInsteadOfTheTolerance() {
        let baseline = recordings([10, 10.4, 9.7, 10.2, 9.9], [10, 8, 12, 9, 11])
        let current = recordings([13, 13.5, 12.6, 13.3, 12.9], [12.5, 7, 15, 9.5, 14])
        let c = compare(baseline, current)
        let a = c.keys.first { $0.key == "A" }!, b = c.keys.first { $0.key == "B" }!
        XCTAssertEqual(a.timeStatistics?.verdict, .slower)
        XCTAssertTrue(a.timeRegressed)
        XCTAssertEqual(b.secondsPercent ?? 0, 25, accuracy: 1e-9)
        XCTAssertEqual(b.timeStatistics?.verdict, .unchanged)
        XCTAssertFalse(b.timeRegressed, "the tolerance alone would fail it")
        XCTAssertEqual(c.regressions.map(\.key), ["A"])
        assertCheckReport(c, .table, contains: [
            "compares self seconds per key",
            "; medians of 5 + 5 recordings: slower when the whole 95% interval of the ratio lies above +20% and p < 0.05 (docs/statistics.md)",
            "+30.0% x1.30 in [",
            ", p 0.008 slower\n",
        ])
        assertCheckReport(c, .json, contains: [
            "\"time_statistics\": {\"baseline_recordings\": 5, \"current_recordings\": 5, \"ratio\": 1.3, \"low\": ",
            "\"p\": 0.00793650794, \"verdict\": \"slower\"}",
        ])
        // The same seeds: the same report.
        XCTAssertEqual(CheckReportFormatter.render(compare(baseline, current), format: .json, baselinePath: "b.json"),
                       CheckReportFormatter.render(c, format: .json, baselinePath: "b.json"))
    }

    /// One recording on a side: the tolerance on the medians, no statistics, the report as for
    /// one recording each. 3 + 3: no interval can decide, so the tolerance does, and says why.
    func testTooFewRecordingsFallBackToTheTolerance() {
        let five = recordings([10, 10.4, 9.7, 10.2, 9.9], [10, 10, 10, 10, 10])
        let one = recording(["A": 0.0125, "B": 0.010])
        let c = compare(five, one)
        XCTAssertNil(c.keys[0].timeStatistics)
        XCTAssertTrue(c.keys.first { $0.key == "A" }!.timeRegressed, "12.5 ms is more than 10 ms + 20%")
        assertCheckReport(c, .table, contains: ["compares self seconds per key"], lacks: ["recordings", " in ["])

        let three = compare(recordings([10, 10.4, 9.7], [10, 10, 10]), recordings([13, 13.5, 12.6], [10, 10, 10]))
        let a = three.keys.first { $0.key == "A" }!
        XCTAssertEqual(a.timeStatistics?.verdict, .noVerdict("3 + 3 recordings cannot reach p < 0.05 in any order (take 5 of each)"))
        XCTAssertTrue(a.timeRegressed, "13 ms is more than 10.4 ms + 20%")
        assertCheckReport(three, .table, contains: ["no interval: 3 + 3 recordings cannot reach p < 0.05"])
        // Equal in every recording: exact, the tolerance compares the values.
        let b = three.keys.first { $0.key == "B" }!
        XCTAssertEqual(b.timeStatistics?.verdict, .exact)
        XCTAssertFalse(b.timeRegressed)
    }
}
