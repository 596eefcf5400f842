import XCTest
@testable import AGTraceKit

/// `check --time`: each key's self time (a trace's evaluations minus the ones nested in them),
/// the total as their sum, regressions by how much time they grew, the seconds and "slower"
/// in every format; and baseline keys that its own check reads back, whatever the names.
final class CheckTimeTests: DatabaseTestCase {
    let tick = 1.0 / 1024
    let body = "StaticBody<ViewBodyAccessor<TripView>, MainThreadFlags>"

    private func tripCounts() throws -> UpdateCounts {
        _ = try Importer(database: db).importItem(TestPaths.sample("traces/trip-taps.ag-trace"))
        return try UpdateCounts.trace("trip-taps", key: .rule, withSeconds: true, in: db)
    }

    /// The display list's 27 ticks include the text's 21, which include the body's 14: summed
    /// inclusive, 62 ticks for 27 of work. Self time counts each tick once.
    func testTraceSecondsAreSelfTimeAndTheTotalTheirSum() throws {
        let counts = try tripCounts()
        XCTAssertEqual(counts.time, .selfTime)
        XCTAssertEqual(counts.entries, [
            body: UpdateEntry(updates: 3, seconds: 14 * tick), "TextRule": UpdateEntry(updates: 3, seconds: 7 * tick),
            "DisplayListRule": UpdateEntry(updates: 3, seconds: 6 * tick),
        ])
        XCTAssertEqual(counts.total, UpdateEntry(updates: 9, seconds: 27 * tick))
        // Written as self_seconds and read back as self time.
        let text = Baseline(counts: counts).rendered()
        XCTAssertTrue(text.contains("  \"total\": {\"updates\": 9, \"self_seconds\": 0.0263671875},\n"), text)
        XCTAssertTrue(text.contains("    \"TextRule\": {\"updates\": 3, \"self_seconds\": 0.0068359375}\n"), text)
        let read = try parseBaseline(text)
        XCTAssertEqual(read.counts.time, .selfTime)
        XCTAssertEqual(read.counts.entries, counts.entries)
        XCTAssertNil(read.timeProblem)
    }

    /// A trace baseline whose entries hold "seconds" (inclusive, as agtrace wrote them before)
    /// cannot be compared with self time: refused, never compared.
    func testInclusiveTraceBaselineIsRefusedForTime() throws {
        let text = """
            {"format": "agtrace-baseline", "version": 2, "source": {"kind": "trace", "label": "t"}, "key": "rule",
             "entries": {"TextRule": {"updates": 3, "seconds": 0.0205078125}}}
            """
        let old = try parseBaseline(text)
        XCTAssertEqual(old.counts.time, .inclusive)
        XCTAssertTrue(old.timeProblem?.contains("\"seconds\" (including nested evaluations") ?? false, old.timeProblem ?? "nil")
        // One kind of seconds per file.
        assertBaselineRefused("""
            {"format": "agtrace-baseline", "version": 2, "source": {"kind": "trace", "label": "t"}, "key": "rule",
             "entries": {"A": {"updates": 3, "self_seconds": 0.1},
                         "B": {"updates": 3, "seconds": 0.1}}}
            """, "line 3: entry \"B\" has \"seconds\", but line 2 has \"self_seconds\"")
        assertBaselineRefused("""
            {"format": "agtrace-baseline", "version": 2, "source": {"kind": "trace", "label": "t"}, "key": "rule",
             "entries": {"A": {"updates": 3, "self_seconds": "fast"}}}
            """, "line 2: entry \"A\" has \"self_seconds\" that is not a number of seconds")
        // A run has no durations; a snapshot's are inclusive and say so.
        XCTAssertTrue(BaselineFixtures.baseline(["792": 3]).timeProblem?.contains("carry no durations") ?? false)
        let snapshot = Baseline(counts: UpdateCounts(source: MeasuredSource(kind: .snapshot, label: "s"), key: .rule,
                                                     entries: ["A": UpdateEntry(updates: 1, seconds: 0.5)]))
        XCTAssertEqual(snapshot.counts.time, .inclusive)
        XCTAssertNil(snapshot.timeProblem)
        XCTAssertNil(snapshot.counts.total.seconds, "a sum of inclusive times counts nested runs twice")
        XCTAssertFalse(snapshot.rendered().contains("\"total\": {\"updates\": 1, \"seconds\""))
    }

    /// Regressions with times compared: the largest growth in seconds first, not key order.
    func testTimeRegressionsAreWorstFirstBySecondsGrown() throws {
        func counts(_ seconds: [String: Double]) -> UpdateCounts {
            UpdateCounts(source: MeasuredSource(kind: .trace, label: "t"), key: .rule,
                         entries: seconds.mapValues { UpdateEntry(updates: 2, seconds: $0) }, time: .selfTime)
        }
        let baseline = Baseline(counts: counts(["A": 0.010, "B": 0.010, "C": 0.010, "D": 0.010]))
        let current = counts(["A": 0.013, "B": 0.050, "C": 0.020, "D": 0.010])
        var limits = CheckLimits()
        limits.timeTolerance = Tolerance("20")
        let c = BaselineComparison(baseline: baseline, current: current, limits: limits)
        XCTAssertEqual(c.regressions.map(\.key), ["B", "C", "A"])
        XCTAssertTrue(c.regressions.allSatisfy(\.timeRegressed))
        XCTAssertFalse(c.passed)
    }

    /// Table, markdown and JUnit show the seconds as the reports do (µs / ms) and say which
    /// keys are slower; json keeps the exact values.
    func testEveryFormatShowsSecondsAndSlower() throws {
        let current = try tripCounts()
        var older = current
        older.entries["TextRule"]!.seconds = 0.001
        var limits = CheckLimits()
        limits.timeTolerance = Tolerance("20")
        let c = BaselineComparison(baseline: Baseline(counts: older), current: current, limits: limits)
        assertCheckReport(c, .table, prefix: "FAIL: 1 of 3 rules regressed (1 slower); total updates 9 -> 9 (0; time 20.5 ms -> 26.4 ms (+28.4%, slower)), regressed\n", contains: [
            "time:     compares self seconds per key",
            "TextRule  3         3        0      +0.0%    1.00 ms           6.84 ms          +583.6% slower\n",
        ])
        assertCheckReport(c, .markdown, contains: [
            "| rule | baseline | current | delta | percent | baseline_seconds | current_seconds | time |\n",
            "| TextRule | 3 | 3 | 0 | +0.0% | 1.00 ms | 6.84 ms | +583.6% slower |\n",
            "Time: compares self seconds per key",
        ])
        assertCheckReport(c, .junit, contains: [
            "<failure type=\"regression\" message=\"updates of rule TextRule: 3 -&gt; 3 (0; time 1.00 ms -&gt; 6.84 ms (+583.6%, slower)); allowed up to 3 updates and 1.20 ms\">",
            "<testcase classname=\"agtrace.updates.rule\" name=\"TextRule\" time=\"0.0068359375\">",
            "<system-out>updates of rule DisplayListRule: 3 -&gt; 3 (0; time 5.86 ms -&gt; 5.86 ms (+0.0%))</system-out>",
            "<property name=\"time_tolerance_percent\" value=\"20\"/>",
        ])
        assertCheckReport(c, .json, contains: [
            "\"baseline_seconds\": 0.001, \"current_seconds\": 0.0068359375, \"time_regressed\": true",
            "\"time_tolerance_percent\": 20, \"time\": \"self\"",
        ])
    }

    // MARK: Keys baseline writes and check reads

    /// Names no baseline could hold as they are (a bare number, blanks at an end, empty, an
    /// id past 32 bits, one that reads as a quoted key) are stored quoted, and every stored key
    /// reads back: over fixed odd names and a few hundred random ones.
    func testBaselineKeysRoundTripThroughCheck() throws {
        var names = ["123", "0", "007", " Foo", "Bar ", "", " ", "\t", "\n", "\u{a0}Trip", "(rule \"123\")", "(rule \"x",
                     "Odd<\"A&B\"|'C'>\u{1}\n", "DynamicBody<ViewBodyAccessor<Editor>>", "(unnamed type)", "-5", "1e3", "١٢٣"]
        var rng = SeededRandom(seed: 27)
        let alphabet = Array("09 \t\n\"\\()<>ab,é\u{202e}\u{0}")
        for _ in 0..<300 {
            names.append(String((0..<Int.random(in: 0...6, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }))
        }
        let attributes: [Int64] = [0, 4, 3033, Int64(UInt32.max), 1 << 32, 1 << 40, Int64.max]
        for key in BaselineKey.allCases {
            let raw = key == .attribute ? attributes.map(String.init) + ["-5"] : names
            var entries: [String: UpdateEntry] = [:]
            for (i, name) in raw.enumerated() {
                let stored = key.storedKey(name)
                XCTAssertNil(key.problem(withKey: stored), "\(key) \(stored.debugDescription)")
                entries[stored, default: UpdateEntry(updates: 0)].updates += Int64(i + 1)
            }
            // No two names share a stored key.
            XCTAssertEqual(entries.count, Set(raw).count, "\(key)")
            let counts = UpdateCounts(source: MeasuredSource(kind: .snapshot, label: "s"), key: key, entries: entries)
            let read = try parseBaseline(Baseline(counts: counts).rendered())
            XCTAssertEqual(read.counts.entries, counts.entries, "\(key)")
            XCTAssertTrue(BaselineComparison(baseline: read, current: counts).passed)
        }
        XCTAssertEqual(BaselineKey.rule.storedKey("123"), "(rule \"123\")")
        XCTAssertEqual(BaselineKey.view.storedKey(" Trip"), "(view \" Trip\")")
        XCTAssertEqual(BaselineKey.attribute.storedKey("4294967296"), "(attribute \"4294967296\")")
        XCTAssertEqual(BaselineKey.rule.storedKey("Trip"), "Trip")
        XCTAssertEqual(BaselineKey.attribute.storedKey("792"), "792")
    }

    /// Through the counting: a profiled snapshot whose types are named oddly and whose ids
    /// pass 32 bits gives a baseline its check reads and passes.
    func testOddlyNamedSnapshotBaselinePassesItsOwnCheck() throws {
        try db.prepare("INSERT INTO snapshots(label, sha256, imported_at) VALUES ('odd', 'feed', '2026-05-02T10:00:00Z')").bindAndRun([])
        let id = try db.scalar("SELECT id FROM snapshots WHERE label = 'odd'")!.intValue!
        let names = ["123", " Padded ", "", "(rule \"123\")", "Fine"]
        for (t, name) in names.enumerated() {
            try db.prepare("INSERT INTO types(snapshot_id, graph_index, type_index, name) VALUES (?1, 0, ?2, ?3)")
                .bindAndRun([.integer(id), .integer(Int64(t)), .text(name)])
            try db.prepare("""
                INSERT INTO node_rows(snapshot_id, graph_index, node_index, attribute, type_index, update_count, update_total)
                VALUES (?1, 0, ?2, ?3, ?2, ?4, 0.5)
                """).bindAndRun([.integer(id), .integer(Int64(t)), .integer((1 << 32) + Int64(t) * 4), .integer(Int64(t + 1))])
        }
        for key in [BaselineKey.rule, .attribute] {
            let counts = try UpdateCounts.snapshot("odd", key: key, in: db)
            XCTAssertEqual(counts.entries.count, names.count, "\(key): \(counts.entries.keys)")
            let read = try parseBaseline(Baseline(counts: counts).rendered())
            let again = try UpdateCounts.snapshot("odd", key: key, in: db)
            let check = BaselineComparison(baseline: read, current: again)
            XCTAssertTrue(check.passed && check.keys.allSatisfy { $0.status == .unchanged }, "\(key)")
        }
    }
}
