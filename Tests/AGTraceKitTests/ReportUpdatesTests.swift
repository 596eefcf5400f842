import Foundation
import XCTest
@testable import AGTraceKit

final class ReportUpdatesTests: XCTestCase {
    func testRunUpdatesPerAttributeMostFirst() throws {
        let f = try ReportFixture.withFrameInfoRun()
        let result = try f.report("updates", ["run": "tap"])
        XCTAssertEqual(result.columns, ["attribute", "updates"])
        assertRows(result.rows, [
            [.i(792), .i(3)], [.i(1760), .i(2)], [.i(712), .i(1)], [.i(760), .i(1)],
            [.i(1620), .i(1)], [.i(1664), .i(1)], [.i(1712), .i(1)],
        ])
    }

    func testRunUpdatesNamedBySnapshot() throws {
        let f = try ReportFixture.withFrameInfoRun()
        let result = try f.report("updates", ["run": "tap", "snapshot": "planner-profiled"])
        XCTAssertEqual(result.columns, ["attribute", "updates", "rule"])
        assertRows(result.rows, [
            [.i(792), .i(3), .null],
            [.i(1760), .i(2), .t("RootDisplayList")],
            [.i(712), .i(1), .null],
            [.i(760), .i(1), .null],
            [.i(1620), .i(1), .t("DynamicBody<ViewBodyAccessor<Planner>>")],
            [.i(1664), .i(1), .t("DynamicBody<ViewBodyAccessor<Editor>>")],
            [.i(1712), .i(1), .t("DynamicBody<ViewBodyAccessor<Editor>>")],
        ])
    }

    func testRunUpdatesByRule() throws {
        let f = try ReportFixture.withFrameInfoRun()
        let result = try f.report("updates", ["run": "tap", "snapshot": "planner-profiled"], by: "rule")
        XCTAssertEqual(result.columns, ["rule", "updates", "attributes"])
        assertRows(result.rows, [
            [.null, .i(5), .i(3)],
            [.t("DynamicBody<ViewBodyAccessor<Editor>>"), .i(2), .i(2)],
            [.t("RootDisplayList"), .i(2), .i(1)],
            [.t("DynamicBody<ViewBodyAccessor<Planner>>"), .i(1), .i(1)],
        ])
    }

    func testUnreadableAttributesCountTogether() throws {
        let f = try ReportFixture(samples: false)
        try f.run("r", [(.update, 8, nil), (.update, nil, nil), (.update, nil, nil), (.invalidate, 8, nil)])
        assertRows(try f.report("updates", ["run": "r"]).rows, [[.null, .i(2)], [.i(8), .i(1)]])
    }

    func testSnapshotProfilePerNode() throws {
        let f = try ReportFixture()
        let result = try f.report("updates", ["snapshot": "planner-profiled"])
        XCTAssertEqual(result.columns, ["attribute", "rule", "updates", "changes", "total_seconds", "graph"])
        assertRows(result.rows, [
            [.i(1760), .t("RootDisplayList"), .i(4), .i(4), .r(2.0e-04), .i(0)],
            [.i(1664), .t("DynamicBody<ViewBodyAccessor<Editor>>"), .i(3), .i(2), .r(1.25e-05), .i(0)],
            [.i(1712), .t("DynamicBody<ViewBodyAccessor<Editor>>"), .i(3), .i(1), .r(1.5e-05), .i(0)],
            [.i(1620), .t("DynamicBody<ViewBodyAccessor<Planner>>"), .i(2), .i(2), .r(4.5e-05), .i(0)],
            [.i(4052), .t("DynamicBody<ViewBodyAccessor<Inspector>>"), .i(2), .i(1), .r(9.0e-06), .i(1)],
        ])
    }

    func testSnapshotProfileByRule() throws {
        let f = try ReportFixture()
        let result = try f.report("updates", ["snapshot": "planner-profiled"], by: "rule")
        XCTAssertEqual(result.columns, ["rule", "updates", "changes", "nodes", "total_seconds"])
        assertRows(result.rows, [
            [.t("DynamicBody<ViewBodyAccessor<Editor>>"), .i(6), .i(3), .i(2), .r(2.75e-05)],
            [.t("RootDisplayList"), .i(4), .i(4), .i(1), .r(2.0e-04)],
            [.t("DynamicBody<ViewBodyAccessor<Inspector>>"), .i(2), .i(1), .i(1), .r(9.0e-06)],
            [.t("DynamicBody<ViewBodyAccessor<Planner>>"), .i(2), .i(2), .i(1), .r(4.5e-05)],
        ])
    }

    func testSnapshotWithoutProfileIsRefused() throws {
        let f = try ReportFixture()
        XCTAssertThrowsError(try f.report("updates", ["snapshot": "trip-1-before"])) { error in
            XCTAssertTrue("\(error)".contains("snapshot 'trip-1-before' holds no profile data"), "\(error)")
            XCTAssertTrue(error is ReportError)
        }
    }

    func testUnknownLabelsNameThemselves() throws {
        let f = try ReportFixture.withFrameInfoRun()
        XCTAssertThrowsError(try f.report("updates", ["run": "nope"])) {
            XCTAssertEqual($0 as? ReportError, ReportError("no run labelled 'nope' (see agtrace list)"))
        }
        XCTAssertThrowsError(try f.report("updates", ["run": "tap", "snapshot": "nope"])) {
            XCTAssertEqual($0 as? ReportError, ReportError("no snapshot labelled 'nope' (see agtrace list)"))
        }
        XCTAssertThrowsError(try f.report("updates", ["snapshot": "tap"])) {
            XCTAssertEqual($0 as? ReportError, ReportError("'tap' is a run, not a snapshot: give it with --run tap (see agtrace list)"))
        }
        XCTAssertThrowsError(try f.report("updates", ["run": "trip-1-before"])) {
            XCTAssertEqual($0 as? ReportError, ReportError("'trip-1-before' is a snapshot, not a run: give it with --snapshot trip-1-before (see agtrace list)"))
        }
    }

    func testVariantsAreChosenByTheOptionsGiven() throws {
        func file(_ options: [String], by: String? = nil) throws -> String {
            let labels = Dictionary(uniqueKeysWithValues: options.map { ($0, "x") })
            return try ReportRunner.variant(for: ReportRequest(name: "updates", options: labels, by: by)).fileName
        }
        XCTAssertEqual(try file(["run"]), "updates-run.sql")
        XCTAssertEqual(try file(["run", "snapshot"]), "updates-run-snapshot.sql")
        XCTAssertEqual(try file(["run", "snapshot"], by: "rule"), "updates-run-by-rule.sql")
        XCTAssertEqual(try file(["snapshot"]), "updates-snapshot.sql")
        XCTAssertEqual(try file(["snapshot"], by: "rule"), "updates-snapshot-by-rule.sql")
        XCTAssertEqual(try ReportRunner.variant(for: ReportRequest(name: "dirty-walks", options: ["run": "r"])).fileName,
                       "dirty-walks-run.sql")
        XCTAssertEqual(try ReportRunner.variant(for: ReportRequest(name: "dirty-walks", options: ["run": "r", "snapshot": "s"])).fileName,
                       "dirty-walks-run.sql")
        XCTAssertEqual(try ReportRunner.variant(for: ReportRequest(name: "dirty-walks", options: ["from": "a", "to": "b"])).fileName,
                       "dirty-walks-snapshots.sql")
    }

    func testMissingOrForeignOptionsAreUsageErrors() throws {
        func usage(_ name: String, _ options: [String], by: String? = nil) -> String? {
            let labels = Dictionary(uniqueKeysWithValues: options.map { ($0, "x") })
            do {
                _ = try ReportRunner.variant(for: ReportRequest(name: name, options: labels, by: by))
                return nil
            } catch let e as ReportUsageError {
                return e.message
            } catch {
                return "wrong error \(error)"
            }
        }
        XCTAssertEqual(usage("update", ["run"]), "no report named 'update' (did you mean 'updates'?); see agtrace report --list")
        XCTAssertEqual(usage("updates", []), """
            report 'updates' cannot run without options; it runs as:
              agtrace report updates --console C
              agtrace report updates --run R
              agtrace report updates --snapshot S
              agtrace report updates --trace T
              agtrace report updates --xctrace R [--app-only]
              agtrace report updates --snapshot S --by rule
              agtrace report updates --trace T --by rule
              agtrace report updates --xctrace R --by rule [--app-only]
              agtrace report updates --console C --by token
              agtrace report updates --console C --by view
              agtrace report updates --snapshot S --by view
              agtrace report updates --trace T --by view
              agtrace report updates --xctrace R --by view [--app-only]
              agtrace report updates --run R --snapshot S
              agtrace report updates --run R --snapshot S --by rule
              agtrace report updates --run R --snapshot S --by view
            """)
        XCTAssertTrue(usage("updates", ["run"], by: "rule")?.hasPrefix("report 'updates' cannot run with --run --by rule;") == true)
        XCTAssertEqual(usage("updates", ["run"], by: "type"), "--by takes 'rule' or 'token' or 'view' for 'updates', not 'type'")
        XCTAssertEqual(usage("rule-cost", ["snapshot"], by: "rule"), "report 'rule-cost' takes no --by")
        // --app-only (a variant's flag): taken where an xctrace variant declares it, refused elsewhere.
        func flagged(_ name: String, _ options: [String]) -> String? {
            do {
                _ = try ReportRunner.variant(for: ReportRequest(name: name, options: Dictionary(uniqueKeysWithValues: options.map { ($0, "x") }),
                                                                flags: ["app-only"]))
                return nil
            } catch { return "\(error)" }
        }
        XCTAssertNil(flagged("hitches", ["xctrace"]))
        XCTAssertEqual(flagged("dirty-walks", ["trace"]), "report 'dirty-walks' takes no --app-only")
        XCTAssertTrue(flagged("updates", ["trace"])?.hasPrefix("report 'updates' cannot run with --trace --app-only;") == true,
                      flagged("updates", ["trace"]) ?? "")
        XCTAssertNotNil(usage("rule-cost", []))
        XCTAssertNotNil(usage("rule-cost", ["snapshot", "run"]))
        XCTAssertNotNil(usage("edge-churn", ["from"]))
        XCTAssertNotNil(usage("dirty-walks", ["from", "run"]))
        XCTAssertNil(usage("edge-churn", ["from", "to"]))
    }

    func testLimit() throws {
        let f = try ReportFixture.withFrameInfoRun()
        assertRows(try f.report("updates", ["run": "tap"], limit: 2).rows, [[.i(792), .i(3)], [.i(1760), .i(2)]])
        // dirty-walks is computed in Swift; the limit applies to its rows too.
        XCTAssertEqual(try f.report("dirty-walks", ["run": "tap"], limit: 1).rows.count, 1)
    }

    func testFourFormats() throws {
        let f = try ReportFixture.withFrameInfoRun()
        let options = ["run": "tap", "snapshot": "planner-profiled"]
        let json = try f.text("updates", options, format: .json)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.count, 7)
        XCTAssertEqual(objects[1]["attribute"] as? Int, 1760)
        XCTAssertEqual(objects[1]["updates"] as? Int, 2)
        XCTAssertEqual(objects[1]["rule"] as? String, "RootDisplayList")
        XCTAssertTrue(objects[0]["rule"] is NSNull)
        XCTAssertEqual(try f.text("updates", options, format: .csv).split(separator: "\n").prefix(3),
                       ["attribute,updates,rule", "792,3,", "1760,2,RootDisplayList"])
        XCTAssertEqual(try f.text("updates", options, format: .markdown).split(separator: "\n").prefix(4),
                       ["| attribute | updates | rule |", "| --- | --- | --- |", "| 792 | 3 |  |", "| 1760 | 2 | RootDisplayList |"])
        XCTAssertEqual(try f.text("updates", options, format: .table).split(separator: "\n").prefix(4), [
            "attribute  updates  rule",
            "---------  -------  --------------------------------------",
            "792        3        ",
            "1760       2        RootDisplayList",
        ])
    }
}
