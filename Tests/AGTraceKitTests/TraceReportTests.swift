import XCTest
@testable import AGTraceKit

/// Reports, walk, why and baseline counts over the sample traces (numbers from
/// `SampleArchives/traces/README.md`; one tick is 1/1024 s).
final class TraceReportTests: DatabaseTestCase {
    let tick = 1.0 / 1024
    let body = "StaticBody<ViewBodyAccessor<TripView>, MainThreadFlags>"

    override func setUpWithError() throws {
        try super.setUpWithError()
        let importer = Importer(database: db)
        _ = try importer.importItem(TestPaths.sample("traces/trip-taps.ag-trace"))
        _ = try importer.importItem(TestPaths.sample("traces/planner-edit.ag-trace.gz"))
    }

    func report(_ name: String, _ trace: String, by: String? = nil) throws -> (columns: [String], rows: [[SQLValue]]) {
        try ReportRunner.rows(ReportRequest(name: name, options: ["trace": trace], by: by), in: db)
    }

    func testUpdatesPerAttributeRuleAndView() throws {
        let perAttribute = try report("updates", "trip-taps")
        XCTAssertEqual(perAttribute.columns, ["attribute", "rule", "view", "updates", "changes", "total_seconds", "self_seconds"])
        assertRows(perAttribute.rows, [
            [.integer(1120), .text("DisplayListRule"), .null, .integer(3), .integer(3), .real(27 * tick), .real(6 * tick)],
            [.integer(1088), .text("TextRule"), .null, .integer(3), .integer(2), .real(21 * tick), .real(7 * tick)],
            [.integer(1048), .text(body), .text("TripView"), .integer(3), .integer(2), .real(14 * tick), .real(14 * tick)],
        ])
        let byView = try report("updates", "trip-taps", by: "view")
        assertRows(byView.rows, [[.text("TripView"), .integer(1), .integer(3), .integer(2), .real(14 * tick), .real(14 * tick)]])
        // Whole-second timestamps time nothing: the seconds are unknown, not 0.
        let untimed = try report("updates", "planner-edit", by: "rule")
        XCTAssertEqual(untimed.rows.map { $0[5] }, [.null, .null, .null])
        XCTAssertNotNil(try TraceNotes.untimed(in: db, trace: "planner-edit"))
        XCTAssertNil(try TraceNotes.untimed(in: db, trace: "trip-taps"))
    }

    /// What the rows leave out is said beside them: --by view drops the evaluations of rules
    /// no view names, and a trace with whole-second timestamps times nothing.
    func testNotesSayWhatTheRowsLeaveOut() throws {
        func notes(_ name: String, _ trace: String, by: String? = nil) throws -> [String] {
            try ReportRunner.run(ReportRequest(name: name, options: ["trace": trace], by: by), in: db, writer: RowCollector()).notes
        }
        XCTAssertEqual(try notes("updates", "trip-taps", by: "view"), [
            "6 of 9 evaluations of trace 'trip-taps' are of rules that name no SwiftUI view (DisplayListRule, TextRule) and are not in these rows: --by rule counts them",
        ])
        XCTAssertEqual(try notes("updates", "trip-taps"), [])
        XCTAssertEqual(try notes("updates", "trip-taps", by: "rule"), [])
        XCTAssertEqual(try notes("rule-cost", "trip-taps"), [])
        XCTAssertEqual(try notes("dirty-walks", "trip-taps"), [])
        let untimed = try notes("rule-cost", "planner-edit")
        XCTAssertEqual(untimed.count, 1)
        XCTAssertTrue(untimed[0].hasSuffix("cannot be timed (whole-second or missing timestamps, or no end): their seconds are empty, not 0"), untimed[0])
        XCTAssertEqual(try notes("dirty-walks", "planner-edit"), [])
    }

    func testRuleCostFromTheTracesOwnClock() throws {
        let cost = try report("rule-cost", "trip-taps")
        XCTAssertEqual(cost.columns, ["rule", "view", "evaluations", "total_seconds", "self_seconds", "mean_seconds",
                                      "p95_seconds", "max_seconds", "share"])
        // Self time: body 14, text 7, display list 6 ticks of 27; body runs of 4, 8, 2 ticks.
        assertRows(cost.rows, [
            [.text(body), .text("TripView"), .integer(3), .real(14 * tick), .real(14 * tick), .real(14 * tick / 3),
             .real(8 * tick), .real(8 * tick), .real(14.0 / 27)],
            [.text("TextRule"), .null, .integer(3), .real(21 * tick), .real(7 * tick), .real(7 * tick),
             .real(10 * tick), .real(10 * tick), .real(7.0 / 27)],
            [.text("DisplayListRule"), .null, .integer(3), .real(27 * tick), .real(6 * tick), .real(9 * tick),
             .real(12 * tick), .real(12 * tick), .real(6.0 / 27)],
        ])
    }

    func testDirtyWalksAndEdgeChurn() throws {
        let walks = try report("dirty-walks", "trip-taps")
        XCTAssertEqual(walks.columns, ["seq", "root", "rule", "view", "context", "marked", "updates", "reran"])
        assertRows(walks.rows, [
            [.integer(33), .integer(536), .text("_External"), .null, .integer(4), .integer(3), .integer(3), .integer(3)],
            [.integer(48), .integer(624), .text("_External"), .null, .integer(4), .integer(3), .integer(3), .integer(3)],
        ])
        let churn = try report("edge-churn", "trip-taps")
        XCTAssertEqual(churn.rows.count, 6)
        XCTAssertEqual(churn.rows.last?.map(\.description), ["added and removed", "624", "_External", "", "1120", "DisplayListRule", "", "25", "59"])
    }

    func testWalkOverTheEdgesLiveAtTheEnd() throws {
        let id = try LabelLookup.traceId("trip-taps", in: db)
        // favorite (624) is read by the body only: the display list stopped reading it at seq 59.
        XCTAssertEqual(try TraceWalk.rows(in: db, trace: id, label: "trip-taps", from: 624).map { $0.map(\.description) }, [
            ["1048", "1", body, "TripView", "624"], ["1088", "2", "TextRule", "", "1048"], ["1120", "3", "DisplayListRule", "", "1088"],
        ])
        XCTAssertEqual(try TraceWalk.rows(in: db, trace: id, label: "trip-taps", from: 624, maxDepth: 1).count, 1)
        XCTAssertThrowsError(try TraceWalk.rows(in: db, trace: id, label: "trip-taps", from: 4)) { XCTAssertEqual("\($0)", "no node 4 in trace 'trip-taps' (it adds, lists or reads no such attribute)") }
        // From a view: its body's nodes are the roots, as 1048 alone is here.
        let byView = try TraceWalk.rows(in: db, trace: id, label: "trip-taps", from: .view("TripView"))
        XCTAssertEqual(byView.map { $0.map(\.description) }, [["1088", "1", "TextRule", "", "1048"], ["1120", "2", "DisplayListRule", "", "1088"]])
        XCTAssertThrowsError(try TraceWalk.rows(in: db, trace: id, label: "trip-taps", from: .view("Trip"))) { error in
            XCTAssertEqual("\(error)", "no node of trace 'trip-taps' is named by the view 'Trip' (nearest: 'TripView')")
        }
    }

    func testWhyNamesTheWriteThatCausedEachEvaluation() throws {
        let id = try LabelLookup.traceId("trip-taps", in: db)
        let why = try TraceWhy.rows(in: db, trace: id, label: "trip-taps", attribute: 1088)
        XCTAssertEqual(why.columns, ["update_seq", "attribute", "rule", "view", "seconds", "changed", "cause_seq", "cause_root",
                                     "cause_rule", "cause_view", "marked_seq", "cause_marked"])
        XCTAssertEqual(why.rows.map { [$0[0], $0[6], $0[7]].map(\.description) }, [["15", "", ""], ["39", "33", "536"], ["55", "48", "624"]])
        XCTAssertThrowsError(try TraceWhy.rows(in: db, trace: id, label: "trip-taps", attribute: 536)) { error in
            XCTAssertTrue("\(error)".contains("never evaluated"), "\(error)")
        }
    }

    /// By view: every evaluation of the nodes whose rule is the view's body, with their causes.
    func testWhyByViewOverATrace() throws {
        let id = try LabelLookup.traceId("trip-taps", in: db)
        let byView = try TraceWhy.rows(in: db, trace: id, label: "trip-taps", view: "TripView")
        XCTAssertEqual(byView.rows, try TraceWhy.rows(in: db, trace: id, label: "trip-taps", attribute: 1048).rows)
        XCTAssertEqual(byView.rows.map { [$0[0], $0[1], $0[3], $0[6], $0[7]].map(\.description) },
                       [["17", "1048", "TripView", "", ""], ["40", "1048", "TripView", "33", "536"], ["56", "1048", "TripView", "48", "624"]])
        XCTAssertThrowsError(try TraceWhy.rows(in: db, trace: id, label: "trip-taps", view: "TripVew")) { error in
            XCTAssertEqual("\(error)", "no node of trace 'trip-taps' is named by the view 'TripVew' (nearest: 'TripView')")
        }
        // A trace whose rules name no view says so, rather than "no such view".
        let planner = try LabelLookup.traceId("planner-edit", in: db)
        XCTAssertThrowsError(try TraceWhy.rows(in: db, trace: planner, label: "planner-edit", view: "Editor")) { error in
            XCTAssertTrue("\(error)".hasPrefix("trace 'planner-edit' names no view"), "\(error)")
        }
    }

    func testBaselineCountsAndTimeCheck() throws {
        let counts = try UpdateCounts.trace("trip-taps", key: .rule, withSeconds: true, in: db)
        XCTAssertEqual(counts.source.kind, .trace)
        XCTAssertEqual(counts.entries, [
            // Self time: each evaluation minus the ones nested in it.
            body: UpdateEntry(updates: 3, seconds: 14 * tick), "TextRule": UpdateEntry(updates: 3, seconds: 7 * tick),
            "DisplayListRule": UpdateEntry(updates: 3, seconds: 6 * tick),
        ])
        XCTAssertEqual(try UpdateCounts.trace("trip-taps", key: .view, in: db).entries,
                       ["TripView": UpdateEntry(updates: 3), UpdateCounts.noViewKey: UpdateEntry(updates: 6)])
        XCTAssertThrowsError(try UpdateCounts.trace("planner-edit", key: .rule, withSeconds: true, in: db)) { XCTAssertTrue("\($0)".contains("--time needs a trace with fixed64 timestamps"), "\($0)") }
        // The file round-trips with its kind and seconds.
        let baseline = try Baseline.parse(Data(Baseline(counts: counts).rendered().utf8), path: "b.json")
        XCTAssertEqual(baseline.counts.source.kind, .trace)
        // Slower by 30% fails a 20% time tolerance with the same counts; passes without --time.
        var slower = counts
        slower.entries["TextRule"]!.seconds! *= 1.3
        var limits = CheckLimits()
        XCTAssertTrue(BaselineComparison(baseline: baseline, current: slower, limits: limits).passed)
        limits.timeTolerance = Tolerance("20")
        let timed = BaselineComparison(baseline: baseline, current: slower, limits: limits)
        XCTAssertFalse(timed.passed)
        XCTAssertEqual(timed.regressions.map(\.key), ["TextRule"])
        XCTAssertTrue(timed.regressions[0].timeRegressed)
        limits.timeTolerance = Tolerance("31")
        XCTAssertTrue(BaselineComparison(baseline: baseline, current: slower, limits: limits).passed)
    }
}
