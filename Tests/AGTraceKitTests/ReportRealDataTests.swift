import Foundation
import XCTest
@testable import AGTraceKit

/// The real files of ../shared (not part of the project): used when present, with their
/// exact counts (the READMEs beside them, and an independent computation from the JSON).
/// Skipped only when ../shared is absent: a present file that does not import fails.
final class ReportRealDataTests: XCTestCase {
    /// Imports a real transcript under the label "log"; an error or an empty import fails the test.
    func importLog(_ f: ReportFixture, _ name: String) throws {
        let path = try TestPaths.sharedFile("real-logs/\(name)")
        let outcome = try Importer(database: f.db).importFile(path, options: ImportOptions(label: "log"))
        guard case .imported(let item) = outcome else { return XCTFail("\(name) not imported: \(outcome)") }
        XCTAssertGreaterThan(item.events, 0, "\(name): the transcript reader found no events")
    }

    func checkLog(_ name: String, marked: [Int64?]) throws {
        let f = try ReportFixture(samples: false)
        try importLog(f, name)
        // README: 792 x3, 760 x1, 712 x1, 1760 x2, 1712 x1, 1664 x1, 1620 x1.
        assertRows(try f.report("updates", ["run": "log"]).rows, [
            [.i(792), .i(3)], [.i(1760), .i(2)], [.i(712), .i(1)], [.i(760), .i(1)],
            [.i(1620), .i(1)], [.i(1664), .i(1)], [.i(1712), .i(1)],
        ])
        // Invalidations 628 x1, 656 x2, 1592 x1; downstream over the add_input edges seen so far.
        let walks = try f.report("dirty-walks", ["run": "log"]).rows
        XCTAssertEqual(walks.map { $0[1] }, [.i(628), .i(656), .i(656), .i(1592)])
        XCTAssertEqual(walks.map { $0[2] }, marked.map { $0.map(SQLValue.integer) ?? .null })
        // updates: every update hit until the next invalidation; reran: those the write marked
        // (the second city write is followed by the Planner's first build, not its doing).
        XCTAssertEqual(walks.map { $0[3] }, [.i(1), .i(0), .i(5), .i(1)])
        XCTAssertEqual(walks.map { $0[4] }, marked.contains(nil) ? [.null, .null, .null, .null] : [.i(1), .i(0), .i(1), .i(1)])
    }

    func testFrameInfoLog() throws {
        try checkLog("frame-info.lldb.log", marked: [3, 3, 3, 4])
    }

    func testInteractiveStopsLog() throws {
        // No add_input breakpoint in this session: no edges known, so no marked set (NULL, not 0).
        try checkLog("interactive-stops.lldb.log", marked: [nil, nil, nil, nil])
    }

    func testRealArchives() throws {
        let text = try TestPaths.sharedFile("real-archives/text-window.ag-json")
        let gesture = try TestPaths.sharedFile("real-archives/gesture-window.ag-json")
        let f = try ReportFixture(samples: false)
        for (path, label) in [(text, "text"), (gesture, "gesture")] {
            let outcome = try Importer(database: f.db).importFile(path, options: ImportOptions(label: label))
            guard case .imported = outcome else { return XCTFail("\(path) not imported: \(outcome)") }
        }

        for label in ["text", "gesture"] {
            XCTAssertEqual(try f.report("edge-churn", ["from": label, "to": label]).rows.count, 0)
            XCTAssertEqual(try f.report("dirty-walks", ["from": label, "to": label]).rows.count, 0)
            XCTAssertThrowsError(try f.report("rule-cost", ["snapshot": label])) { XCTAssertEqual("\($0)", "snapshot '\(label)' holds no profile data: dump it with AGGraphStartProfiling on (the rule times come from the profile)") }  // no profile in either
        }
        let churn = try f.report("edge-churn", ["from": "text", "to": "gesture"]).rows
        XCTAssertEqual(churn.filter { $0[0] == .t("added") }.count, 162)
        XCTAssertEqual(churn.filter { $0[0] == .t("removed") }.count, 41)
        let d = try SnapshotDiff.compute(in: f.db, from: "text", to: "gesture")
        XCTAssertEqual([d.nodesFrom, d.nodesTo, d.edgesFrom, d.edgesTo], [55, 251, 41, 162])
        XCTAssertEqual([d.nodesAdded, d.nodesRemoved, d.edgesAdded, d.edgesRemoved, d.flagsChanged, d.valuesChanged],
                       [245, 49, 162, 41, 0, 3])
        XCTAssertEqual(d.graphs.map { [$0.graphId, $0.updateDelta, $0.changeDelta, $0.transactionDelta] }, [[1, 75, 214, 6]])

        // The widest push walks of each window (depth histogram from the JSON).
        func depths(_ label: String, _ root: Int64) throws -> [Int: Int] {
            let steps = try PushWalk.run(in: f.db, snapshot: LabelLookup.snapshotId(label, in: f.db), label: label, from: root)
            return Dictionary(steps.map { ($0.depth, 1) }, uniquingKeysWith: +)
        }
        XCTAssertEqual(try depths("text", 576), [1: 3, 2: 6, 3: 4, 4: 1])
        XCTAssertEqual(try depths("gesture", 1792), [1: 4, 2: 3, 3: 3, 4: 6, 5: 9, 6: 8, 7: 7, 8: 6, 9: 4, 10: 5, 11: 3, 12: 4])
    }
}
