import XCTest
@testable import AGTraceKit

/// `compare`: a recording with itself shows no difference; per-view counts are `report
/// updates --by view`'s; writes are matched by rule and position; a rule made slower is
/// flagged alone, noise is not; untimed recordings compare no time; other apps are flagged.
final class CompareTests: DatabaseTestCase {
    func compare(_ a: [String], _ b: [String], by: BaselineKey? = nil, writes: Bool = false,
                 in database: Database? = nil) throws -> CompareOutcome {
        var request = CompareRequest(a: a, b: b, by: by, database: dbPath)
        request.writes = writes
        return try CompareRunner.run(request, openDatabase: { database ?? self.db }, log: CommandLog())
    }

    func assertNoDifference(_ outcome: CompareOutcome, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(outcome.keys.isEmpty, file: file, line: line)
        for k in outcome.keys {
            XCTAssertEqual(k.delta, 0, k.key, file: file, line: line)
            XCTAssertEqual(k.countVerdict, "same", k.key, file: file, line: line)
            XCTAssertFalse(k.isRegression || k.isImprovement, k.key, file: file, line: line)
            if outcome.timed { XCTAssertEqual(k.selfDelta, 0, k.key, file: file, line: line) }
        }
    }

    func testARecordingComparedWithItselfShowsNoDifference() throws {
        let trip = TestPaths.sample("traces/trip-taps.ag-trace")
        let same = try compare([trip], [trip])
        XCTAssertTrue(same.timed)
        XCTAssertEqual(same.keys.map(\.key), ["TripView", "(no view)", "(total)"].sorted { $0 == "(total)" ? false : $1 == "(total)" ? true : UpdateCounts.keyPrecedes($0, $1) })
        assertNoDifference(same)
        // One recording a side: times without a verdict, and the outcome says why.
        XCTAssertTrue(same.keys.allSatisfy { $0.time == nil && $0.timeVerdict == nil })
        XCTAssertTrue(same.notes.contains { $0.contains("one recording each: times are shown without a verdict") }, "\(same.notes)")
        // By label, by rule: the same.
        _ = try Importer(database: db).importItem(trip)
        assertNoDifference(try compare(["trip-taps"], ["trip-taps"], by: .rule))
        // A profiled dump's seconds include nested runs: total seconds, no self time.
        let planner = TestPaths.sample("planner-profiled.ag-json")
        let dump = try compare([planner], [planner])
        XCTAssertFalse(dump.timed)
        assertNoDifference(dump)
        XCTAssertTrue(dump.keys.contains { $0.aTotal != nil && $0.aSelf == nil })
    }

    func testRealTracesComparedWithThemselvesShowNoDifferenceAndNoTime() throws {
        let trip = try TestPaths.sharedFile("real-traces/trip.ag-trace")
        let same = try compare([trip], [trip])
        assertNoDifference(same)
        // Whole-second timestamps: no time at all, never a 0.
        XCTAssertFalse(same.timed)
        XCTAssertTrue(same.keys.allSatisfy { $0.aSelf == nil && $0.bSelf == nil && $0.selfDelta == nil && $0.aTotal == nil })
        XCTAssertTrue(same.notes.contains { $0.contains("does not time its evaluations") }, "\(same.notes)")
        // Its rules name no view: compared by rule, and said.
        XCTAssertEqual(same.by, .rule)
        // Two apps: flagged.
        let planner = try TestPaths.sharedFile("real-traces/planner.ag-trace")
        let other = try compare([planner], [trip])
        XCTAssertTrue(other.warnings.contains { $0.contains("different apps or builds") }, "\(other.warnings)")
        XCTAssertTrue(same.warnings.isEmpty, "\(same.warnings)")
    }

    /// feed-select and its cut copy are two interactions of one app: compare's per-view counts
    /// are what `report updates --by view` gives for each.
    func testPerViewCountsAreReportUpdatesByView() throws {
        for name in ["feed-select", "feed-select-cut"] {
            _ = try Importer(database: db).importItem(TestPaths.sample("traces/\(name).ag-trace"))
        }
        let outcome = try compare(["feed-select"], ["feed-select-cut"])
        XCTAssertEqual(outcome.by, .view)
        XCTAssertTrue(outcome.warnings.contains { $0.contains("feed-select-cut' did not end normally (no EndTrace)") }, "\(outcome.warnings)")
        for (side, label) in [(\KeyDifference.a, "feed-select"), (\KeyDifference.b, "feed-select-cut")] {
            let report = try ReportRunner.rows(ReportRequest(name: "updates", options: ["trace": label], by: "view"), in: db)
            let viewColumn = report.columns.firstIndex(of: "view")!, updates = report.columns.firstIndex(of: "updates")!
            var expected: [String: Double] = [:]
            for row in report.rows { expected[row[viewColumn].description] = Double(row[updates].intValue!) }
            var got: [String: Double] = [:]
            for k in outcome.keys where !k.isTotal && k.key != UpdateCounts.noViewKey && k[keyPath: side] > 0 { got[k.key] = k[keyPath: side] }
            XCTAssertEqual(got, expected, label)
            // The cut copy lost its type records with its end: no rule names a view there.
            XCTAssertEqual(expected.isEmpty, label == "feed-select-cut", "\(expected)")
        }
    }

    /// The trip sample's two writes matched with themselves, each with the view it re-ran;
    /// feed-select's three writes against its cut copy, whose types are gone: none matches.
    func testWritesAreMatchedByRuleAndPosition() throws {
        let trip = TestPaths.sample("traces/trip-taps.ag-trace")
        let writes = try compare([trip], [trip], writes: true).writes
        XCTAssertEqual(writes.map(\.match), ["matched", "matched"])
        XCTAssertEqual(writes.map(\.key), ["_External", "_External"])
        XCTAssertEqual(writes.map(\.position), [1, 2])
        XCTAssertEqual(writes.map { $0.a?.position }, [33, 48])
        XCTAssertEqual(writes.map { $0.a?.views }, [["TripView"], ["TripView"]])
        XCTAssertEqual(writes.map { $0.a?.reran }, [3, 3])
        XCTAssertEqual(writes.map { $0.a?.changed }, [3, 1])
        XCTAssertTrue(writes.allSatisfy { $0.onlyA.isEmpty && $0.onlyB.isEmpty })

        let feed = TestPaths.sample("traces/feed-select.ag-trace")
        let cut = try compare([feed], [TestPaths.sample("traces/feed-select-cut.ag-trace")], writes: true)
        XCTAssertEqual(cut.writes.map(\.match), ["only in A", "only in A", "only in A", "only in B", "only in B", "only in B"])
        XCTAssertEqual(cut.writes.first?.a?.views, ["FeedRow"])
        // By attribute the same writes match: 536 twice, 576 once.
        let byAttribute = try compare([feed], [TestPaths.sample("traces/feed-select-cut.ag-trace")], by: .attribute, writes: true)
        XCTAssertEqual(byAttribute.writes.map(\.match), ["matched", "matched", "matched"])
        XCTAssertEqual(byAttribute.writes.map(\.key), ["536", "576", "536"])
        XCTAssertEqual(byAttribute.writes.map { $0.b?.reran }, [9, 8, 3])
    }

    /// A cut trace keeps the times of the evaluations that ended, and says how many did not
    /// (the sample: 27 of 30 timed, 3 unfinished), rather than blanking every time on both sides.
    func testACutTraceKeepsTheTimesOfWhatEnded() throws {
        for name in ["feed-select", "feed-select-cut"] {
            _ = try Importer(database: db).importItem(TestPaths.sample("traces/\(name).ag-trace"))
        }
        let outcome = try compare(["feed-select"], ["feed-select-cut"], by: .rule)
        XCTAssertTrue(outcome.timed, "\(outcome.notes)")
        XCTAssertTrue(outcome.notes.contains { $0.contains("was cut: 3 of its 30 evaluations are unfinished") }, "\(outcome.notes)")
        XCTAssertFalse(outcome.notes.contains { $0.contains("does not time its evaluations") }, "\(outcome.notes)")
        XCTAssertNotNil(outcome.keys.last?.bSelf)
        XCTAssertTrue(outcome.warnings.contains { $0.contains("did not end normally (no EndTrace)") }, "\(outcome.warnings)")
    }

    /// `compare` and `check --time` draw the same interval for the same recordings (each key's
    /// seed is the key's own in both), by rule: 5 + 5 traces, TextRule 50 µs slower.
    func testCompareAndCheckTimeGiveTheSameInterval() throws {
        var rng = SeededRandom(seed: 77)
        var slower = ComparisonTraces.base
        slower[ComparisonTraces.rules[2]]! += 50
        let a = writeTraces("ia", count: 5, noise: 0.05, rng: &rng)
        let b = writeTraces("ib", count: 5, micros: slower, noise: 0.05, rng: &rng)
        let outcome = try compare([a], [b], by: .rule)
        func files(_ folder: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { folder + "/" + $0 }
        }
        let noDatabase = dir.appendingPathComponent("none.db").path
        let fa = try files(a), fb = try files(b)
        let basePath = dir.appendingPathComponent("i.json").path
        let written = try BaselineGate.run(BaselineRequest(sources: try GateSources(values: ["trace": fa[0]], more: Array(fa.dropFirst())),
                                                           output: basePath, key: .rule, time: true, database: noDatabase),
                                           openDatabase: { throw CheckProblem(.notCounted, "no database") }, log: CommandLog())
        XCTAssertNil(written.refusal)
        let checked = CheckGate.run(CheckRequest(baselinePath: basePath, sources: try GateSources(values: ["trace": fb[0]], more: Array(fb.dropFirst())),
                                                 time: true, database: noDatabase),
                                    openDatabase: { throw CheckProblem(.notCounted, "no database") }, log: CommandLog())
        let comparison = try XCTUnwrap(checked.comparison, "\(String(describing: checked.problem))")
        var compared = 0
        for key in comparison.keys {
            guard let c = key.timeStatistics?.interval, let d = outcome.keys.first(where: { $0.key == key.key })?.time?.interval else { continue }
            XCTAssertEqual(c.low, d.low, accuracy: 1e-6, key.key)  // the baseline file keeps seconds to 9 digits
            XCTAssertEqual(c.high, d.high, accuracy: 1e-6, key.key)  // the baseline file keeps seconds to 9 digits
            XCTAssertEqual(c.ratio, d.ratio, accuracy: 1e-6, key.key)  // the baseline file keeps seconds to 9 digits
            compared += 1
        }
        XCTAssertEqual(compared, ComparisonTraces.rules.count, "every rule's interval compared")
    }

    func writeTraces(_ name: String, count: Int, micros: [String: Double] = ComparisonTraces.base,
                     noise: Double, rng: inout SeededRandom) -> String {
        let folder = dir.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var maker = ComparisonTraces()
        maker.noise = noise
        for i in 0..<count {
            FileManager.default.createTestFile(atPath: folder.appendingPathComponent("\(name)-\(i).ag-trace").path,
                                           contents: Data(maker.trace(micros: micros, rng: &rng)))
        }
        return folder.path
    }

    /// `count` traces a side, B's third rule 50 µs slower an evaluation, compared by rule:
    /// the rule, and the outcome.
    func oneRuleFiftyMicrosecondsSlower(count: Int, noise: Double, seed: UInt64) throws -> (String, CompareOutcome) {
        var rng = SeededRandom(seed: seed)
        let text = ComparisonTraces.rules[2]
        var slower = ComparisonTraces.base
        slower[text]! += 50
        let a = writeTraces("a\(seed)", count: count, noise: noise, rng: &rng)
        let b = writeTraces("b\(seed)", count: count, micros: slower, noise: noise, rng: &rng)
        return (text, try compare([a], [b], by: .rule))
    }

    /// Each evaluation of one rule 50 µs slower, nothing else changed: that rule alone is
    /// slower; its count is exact (same); the others are unchanged.
    func testOneRuleFiftyMicrosecondsSlowerIsFlaggedAlone() throws {
        let (text, outcome) = try oneRuleFiftyMicrosecondsSlower(count: 5, noise: 0.02, seed: 50)
        XCTAssertTrue(outcome.timed && outcome.repeated)
        XCTAssertEqual(outcome.a.count, 5)
        let flagged = outcome.keys.filter { !$0.isTotal && $0.isRegression }.map(\.key)
        XCTAssertEqual(flagged, [text])
        XCTAssertEqual(outcome.keys.first?.key, text, "the largest change first")
        XCTAssertTrue(outcome.keys.allSatisfy { $0.countVerdict == "same" })
        XCTAssertEqual(outcome.keys.filter { !$0.isTotal && $0.timeVerdict == "unchanged" }.count, 3)
        let ratio = try XCTUnwrap(outcome.keys.first?.ratio)
        XCTAssertEqual(ratio, 130.0 / 80, accuracy: 0.05)
        // The comment puts the verdict first, then the regression with its counts and self µs.
        let comment = CompareComment.text(outcome)
        XCTAssertTrue(comment.hasPrefix("**agtrace compare**: **1 rule slower**"), comment)
        XCTAssertTrue(comment.contains("### Regressions (1)\n\n| rule | A evaluations | B evaluations | delta | A self µs | B self µs | ratio | 95% interval | p |"), comment)
        XCTAssertFalse(comment.contains("### Improvements"), comment)
    }

    /// The pair itself, one trace a side and no noise: that rule alone differs in self time,
    /// by 50 µs an evaluation, and comes first; with one recording a side there is no verdict
    /// (nothing says how much times vary), and the note says so.
    func testOneRuleFiftyMicrosecondsSlowerInAPair() throws {
        let (text, outcome) = try oneRuleFiftyMicrosecondsSlower(count: 1, noise: 0, seed: 51)
        XCTAssertTrue(outcome.timed)
        XCTAssertFalse(outcome.repeated)
        let keys = outcome.keys.filter { !$0.isTotal }
        XCTAssertEqual(keys.first?.key, text, "the largest change first")
        XCTAssertEqual(keys.filter { abs($0.selfDelta ?? 0) > 1e-9 }.map(\.key), [text])
        let changed = try XCTUnwrap(keys.first)
        XCTAssertEqual(try XCTUnwrap(changed.selfDelta) / changed.b, 50e-6, accuracy: 1e-9)
        XCTAssertTrue(keys.allSatisfy { $0.countVerdict == "same" && !$0.isRegression })
        XCTAssertTrue(outcome.notes.contains { $0.contains("one recording each") }, "\(outcome.notes)")
        // No verdict is not "no rule changed": the headline names what differs, and the rows
        // that differ come first, in a section of their own.
        let comment = CompareComment.text(outcome)
        XCTAssertFalse(comment.contains("no rule changed"), comment)
        XCTAssertTrue(comment.hasPrefix("**agtrace compare**: `TextRule` self time "), comment)
        XCTAssertTrue(comment.contains("; one recording a side: no verdict\n"), comment)
        XCTAssertTrue(comment.contains("### Differences, without a verdict (1)\n\n| rule |"), comment)
        XCTAssertTrue(comment.contains("| TextRule | 10 | 10 | 0 |"), comment)
    }

    /// 5 + 5 recordings whose times carry ±10% noise and no change: no key flagged; the same
    /// with one view's body 30% slower: that view alone (seeded: the same every run).
    func testFivePlusFiveGeneratedTracesEndToEnd() throws {
        var rng = SeededRandom(seed: 510)
        let a = writeTraces("a", count: 5, noise: 0.10, rng: &rng)
        let b = writeTraces("b", count: 5, noise: 0.10, rng: &rng)
        let same = try compare([a], [b])
        XCTAssertEqual(same.by, .view)
        XCTAssertEqual(same.keys.filter { $0.isRegression || $0.isImprovement }.map(\.key), [])
        XCTAssertTrue(same.keys.allSatisfy { $0.time?.interval != nil && $0.time?.pValue != nil }, "\(same.keys.map(\.time))")
        var slower = ComparisonTraces.base
        slower[ComparisonTraces.rules[1]]! *= 1.3
        let c = writeTraces("c", count: 5, micros: slower, noise: 0.10, rng: &rng)
        let changed = try compare([a], [c])
        XCTAssertEqual(changed.keys.filter { !$0.isTotal && $0.isRegression }.map(\.key), ["RowView"])
        XCTAssertEqual(changed.keys.filter { !$0.isTotal && $0.isImprovement }.map(\.key), [])
        // Reproducible: the same input, the same interval.
        let again = try compare([a], [c])
        XCTAssertEqual(again.keys.map(\.time), changed.keys.map(\.time))
    }

    /// A run names no views: each side's dump of its own build names them (docs/ci.md's
    /// stepper: the regressed build's Summary body runs 4 times instead of 1).
    func testRunsNamedByEachSidesDump() throws {
        var request = CompareRequest(a: [TestPaths.sample("ci/tap-stepper.lldb.log")], b: [TestPaths.sample("ci/tap-stepper-regressed.lldb.log")],
                                     database: dbPath)
        request.namingSnapshots = [TestPaths.sample("ci/planner-a.ag-json"), TestPaths.sample("ci/planner-b.ag-json")]
        let outcome = try CompareRunner.run(request, openDatabase: { self.db }, log: CommandLog())
        XCTAssertEqual(outcome.by, .view)
        XCTAssertEqual(outcome.keys.filter(\.isRegression).map(\.key), ["Summary", "(total)"])
        XCTAssertEqual(outcome.keys.first.map { [$0.a, $0.b] }, [1, 4])
        XCTAssertTrue(outcome.keys.allSatisfy { $0.aUnchanged == nil && $0.aSelf == nil })
        // Traces name their own: refused.
        request = CompareRequest(a: [TestPaths.sample("traces/trip-taps.ag-trace")], b: [TestPaths.sample("traces/trip-taps.ag-trace")], database: dbPath)
        request.namingSnapshots = [TestPaths.sample("ci/planner-a.ag-json")]
        XCTAssertThrowsError(try CompareRunner.run(request, openDatabase: { self.db }, log: CommandLog())) { error in
            XCTAssertTrue("\(error)".contains("traces name their own"), "\(error)")
        }
    }

    /// A run's writes are its invalidate hits, matched by rule and position, with the update
    /// hits each one's push walk explains, named through a dump of the build (trip-mixed was
    /// killed after one more tap than trip-frame-info: that write is only in B).
    func testRunWritesAreMatchedByRuleAndPosition() throws {
        var request = CompareRequest(a: [TestPaths.sample("transcripts/trip-frame-info.lldb.log")],
                                     b: [TestPaths.sample("transcripts/trip-mixed.lldb.log")], database: dbPath)
        request.namingSnapshots = [TestPaths.sample("trip-1-before.ag-json")]
        request.writes = true
        let writes = try CompareRunner.run(request, openDatabase: { self.db }, log: CommandLog()).writes
        XCTAssertEqual(writes.map(\.match), ["matched", "matched", "matched", "matched", "only in B"])
        XCTAssertEqual(writes.map(\.key), Array(repeating: "External<()>", count: 5))
        XCTAssertEqual(writes.map(\.position), [1, 2, 3, 4, 5])
        XCTAssertEqual(writes.map { $0.a?.position }, [13, 17, 19, 23, nil])
        XCTAssertEqual(writes.map { $0.b?.position }, [15, 21, 23, 30, 34])
        XCTAssertEqual(writes.map { $0.a?.reran }, [2, 2, 2, 1, nil])
        XCTAssertEqual(writes.map { $0.b?.reran }, [2, 2, 2, 1, 1])
        XCTAssertEqual(writes.map { $0.b?.views }, [["Text", "Trip"], ["Text", "Trip"], ["Text", "Trip"], ["Trip"], ["Trip"]])
        XCTAssertTrue(writes.allSatisfy { $0.a?.changed == nil && $0.b?.changed == nil }, "a hit shows no value: unknown")
        // Without a dump, by attribute.
        request.namingSnapshots = []
        request.by = .attribute
        let byAttribute = try CompareRunner.run(request, openDatabase: { self.db }, log: CommandLog()).writes
        XCTAssertEqual(byAttribute.map(\.key), ["3032", "3096", "3096", "3124", "3032"])
        XCTAssertEqual(byAttribute.map(\.match), ["matched", "matched", "matched", "matched", "only in B"])
    }

    func testKindsAndInputsThatCannotBeCompared() throws {
        let trip = TestPaths.sample("traces/trip-taps.ag-trace")
        let run = TestPaths.sample("transcripts/trip-frame-info.lldb.log")
        XCTAssertThrowsError(try compare([trip], [run])) { error in
            XCTAssertTrue("\(error)".contains("compare recordings of one kind"), "\(error)")
        }
        XCTAssertThrowsError(try compare([trip], ["no-such-label"])) { error in
            XCTAssertTrue("\(error)".contains("give labels or files, not both"), "\(error)")
        }
        // A run's writes need edges (add_input hits or a dump's): without, their re-runs are
        // unknown, refused rather than shown as 0.
        let interactive = TestPaths.sample("transcripts/trip-interactive.lldb.log")
        XCTAssertThrowsError(try compare([interactive], [interactive], writes: true)) { error in
            XCTAssertTrue("\(error)".contains("has no add_input hits, so no marked set is known"), "\(error)")
        }
        XCTAssertThrowsError(try compare([TestPaths.sample("console/ci-changes.log")], [TestPaths.sample("console/ci-changes.log")], writes: true)) { error in
            XCTAssertTrue("\(error)".contains("records no writes compare can match"), "\(error)")
        }
        // A run is keyed by attribute, and the note says ids hold within one build.
        let runs = try compare([TestPaths.sample("ci/tap-stepper.lldb.log")], [TestPaths.sample("ci/tap-stepper-regressed.lldb.log")])
        XCTAssertEqual(runs.by, .attribute)
        XCTAssertFalse(runs.timed)
        XCTAssertTrue(runs.keys.allSatisfy { $0.aUnchanged == nil && $0.bUnchanged == nil && $0.aSelf == nil },
                      "a run cannot tell changed from unchanged, nor time: empty, also where one side lacks the key")
        XCTAssertEqual(runs.keys.first { $0.key == "440" }.map { [$0.a, $0.b] }, [0, 4])
        XCTAssertTrue(runs.warnings.isEmpty, "attribute ids are no names: no different-app warning (\(runs.warnings))")
        XCTAssertTrue(runs.notes.contains { $0.contains("attribute ids are the same only within one build") })
    }
}

/// `export html --compare A B` of two recordings: compare's section, A's and B's bars side by
/// side per view, its rows and its doubts.
final class HTMLRecordingCompareTests: DatabaseTestCase {
    func testTheCompareSectionOfTwoTraces() throws {
        for name in ["trip-taps", "feed-select"] {
            _ = try Importer(database: db).importItem(TestPaths.sample("traces/\(name).ag-trace"))
        }
        let sink = StringSink()
        let options = HTMLReport.Options(generator: "agtrace test", madeAt: "now", graphviz: nil)
        let warnings = try HTMLReport.write(HTMLReport.Inputs(compare: (from: "trip-taps", to: "feed-select")), options: options, in: db, to: sink)
        XCTAssertTrue(warnings.contains { $0.contains("different apps or builds") }, "\(warnings)")
        let page = sink.text
        XCTAssertTrue(page.contains("<a href=\"#compare\">Compare</a>"))
        let section = try XCTUnwrap(page.range(of: "<section id=\"compare\">")).lowerBound
        let text = String(page[section...])
        XCTAssertTrue(text.contains("<figcaption>Evaluations per view</figcaption>"), text)
        XCTAssertTrue(text.contains("<figcaption>Self time per view</figcaption>"), text)
        XCTAssertTrue(text.contains("<title>TripView: A 3, B 0</title>"), text)
        XCTAssertTrue(text.contains("<title>FeedRow: A 0, B 12</title>") || text.contains("<title>FeedRow: A 0, B "), text)
        XCTAssertTrue(text.contains("Warning: A and B share 0 of their"), text)
        XCTAssertTrue(text.contains("<h4>Per view</h4>"), text)
        // Two snapshots keep diff's section.
        _ = try Importer(database: db).importItem(TestPaths.sample("trip-1-before.ag-json"))
        let diff = StringSink()
        try HTMLReport.write(HTMLReport.Inputs(compare: (from: "trip-1-before", to: "trip-1-before")), options: options, in: db, to: diff)
        XCTAssertFalse(diff.text.contains("Evaluations per view"))
    }
    /// The totals row sums the keys in their sorted order, whatever order the process's
    /// dictionary holds them in: 1e16 + 1 - 1e16 is 0 that way, and 1 summed last.
    func testTheTotalsDoNotDependOnTheDictionarysOrder() {
        let recording = ComparedRecording(kind: .trace, label: "t", given: "t")
        let keys = ["a": KeyMeasure(evaluations: 1, selfSeconds: 1e16), "b": KeyMeasure(evaluations: 1, selfSeconds: 1),
                    "c": KeyMeasure(evaluations: 1, selfSeconds: -1e16)]
        var random = SeededRandom(seed: 20)
        for _ in 0..<20 {
            // A new dictionary each time: the order it iterates in can differ.
            var shuffled: [String: KeyMeasure] = [:]
            for key in keys.keys.shuffled(using: &random) { shuffled[key] = keys[key] }
            var table = KeyTable()
            table.add(recording, keys: shuffled, to: .a)
            let total = KeySamples(totalOf: table.a, rowsInKeyOrder: table.rowsInKeyOrder)
            XCTAssertEqual(total.selfSeconds, [0])
            XCTAssertEqual(total.evaluations, [3])
        }
    }
}
