import Foundation
import XCTest
@testable import AGTraceKit

/// `why`, `walk` and `export` through their requests, without the CLI: the rows, the lines the
/// library says (and at which level), and the usage problems it finds.
final class RequestRunnerTests: DatabaseTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        for file in ["trip-1-before.ag-json", "trip-3-after-invalidate.ag-json", "why/planner-after-invalidate.ag-json",
                     "why/trip-then-planner.txt", "traces/trip-taps.ag-trace"] {
            _ = try Importer(database: db).importItem(TestPaths.sample(file))
        }
    }

    func open() throws -> Database { db }

    func why(_ request: WhyRequest, log: CommandLog = CommandLog()) throws -> ComputedRows {
        try WhyRunner.run(request, database: dbPath, openDatabase: open, log: log)
    }

    func testWhyOverARunNamedByAnotherDumpWarns() throws {
        let log = CommandLog()
        let result = try why(WhyRequest(start: .view("Editor"), run: "trip-then-planner", snapshot: "planner-after-invalidate"), log: log)
        XCTAssertEqual(result.columns, RunWhy.namedColumns)
        XCTAssertFalse(result.rows.isEmpty)
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.warnings.first?.hasPrefix("2 of 6 attributes of run 'trip-then-planner' are not in snapshot 'planner-after-invalidate'") ?? false,
                      "\(log.messages)")
    }

    func testWhySaysWhenNothingIsDirty() throws {
        let log = CommandLog()
        let result = try why(WhyRequest(start: .attribute(3216), snapshot: "trip-1-before"), log: log)
        XCTAssertEqual(result.columns, DumpWhy.columns)
        XCTAssertEqual(result.rows.count, 1)
        XCTAssertEqual(log.messages, [.line("nothing is dirty there in snapshot 'trip-1-before': dump the graph after the invalidation and before the body runs")])
    }

    func testWhyOverATraceHasUnitsAndNoLines() throws {
        let log = CommandLog()
        let result = try why(WhyRequest(start: .view("TripView"), trace: "trip-taps"), log: log)
        XCTAssertFalse(result.rows.isEmpty)
        XCTAssertEqual(result.units, TraceWhy.units)
        XCTAssertEqual(log.messages, [])
    }

    func testWhyUsageProblems() throws {
        XCTAssertThrowsError(try why(WhyRequest(start: .attribute(1), run: "trip-then-planner", trace: "trip-taps"))) { error in
            XCTAssertEqual(error as? ReportUsageError, ReportUsageError("--trace explains from the trace alone: give it without --run or --snapshot"))
        }
        XCTAssertThrowsError(try why(WhyRequest(start: .attribute(1)))) { error in
            XCTAssertTrue(error is ReportUsageError, "\(error)")
        }
        XCTAssertThrowsError(try why(WhyRequest(start: .view("Trip"), run: "trip-then-planner"))) { error in
            XCTAssertEqual(error as? ReportUsageError, ReportUsageError("--view with --run needs --snapshot S to know which nodes the view names"))
        }
        // A label that is no run is said first, not the usage.
        XCTAssertThrowsError(try why(WhyRequest(start: .view("Trip"), run: "trip-taps"))) { error in
            XCTAssertFalse(error is ReportUsageError, "\(error)")
        }
    }

    func testWalkOfATraceSaysTheMomentChosen() throws {
        let log = CommandLog()
        let result = try WalkRunner.run(WalkRequest(start: .attribute(536), trace: "trip-taps"), in: db, log: log)
        XCTAssertEqual(result.columns, TraceWalk.columns)
        XCTAssertEqual(result.rows.first?.first, .integer(1048))
        XCTAssertEqual(log.messages, [.line("the graph as the write of 536 at seq 33 found it")])
        // --at: no moment is chosen, nothing said.
        let at = CommandLog()
        _ = try WalkRunner.run(WalkRequest(start: .attribute(536), trace: "trip-taps", at: 33), in: db, log: at)
        XCTAssertEqual(at.messages, [])
        let snapshot = try WalkRunner.run(WalkRequest(start: .attribute(3032), snapshot: "trip-1-before", depth: 1), in: db, log: CommandLog())
        XCTAssertEqual(snapshot.columns, PushWalk.columns)
        XCTAssertFalse(snapshot.rows.isEmpty)
    }

    func testExportTimelineWarnsAndRefuses() throws {
        let log = CommandLog()
        _ = try ExportRunner.timeline(labels: ["run": "trip-then-planner", "snapshot": "trip-1-before"], openDatabase: open, log: log)
        XCTAssertTrue(log.warnings.first?.hasPrefix("4 of 6 attributes of run 'trip-then-planner' are not in snapshot 'trip-1-before'") ?? false,
                      "\(log.messages)")
        for (run, snapshot, trace, message) in [
            (nil, nil, nil, "--run R, --trace T or --xctrace R is required (what to lay out in time)"),
            ("trip-then-planner", nil, "trip-taps", "give --run R or --trace T, not both"),
            (nil, "trip-1-before", "trip-taps", "--snapshot names a run's nodes; a trace names its own (drop --snapshot)"),
        ] as [(String?, String?, String?, String)] {
            let labels = ["run": run, "snapshot": snapshot, "trace": trace].compactMapValues { $0 }
            XCTAssertThrowsError(try ExportRunner.timeline(labels: labels, openDatabase: open, log: CommandLog())) { error in
                XCTAssertEqual(error as? ReportUsageError, ReportUsageError(message))
            }
        }
        let (_, snapshot) = try ExportRunner.dot(snapshot: "trip-3-after-invalidate", openDatabase: open)
        XCTAssertEqual(snapshot, try LabelLookup.snapshotId("trip-3-after-invalidate", in: db))
    }
}
