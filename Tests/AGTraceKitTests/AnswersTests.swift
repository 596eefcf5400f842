import Foundation
import XCTest
@testable import AGTraceKit

/// Answers that are right or visibly qualified, through the library: labels, unrelated
/// snapshots, why over a dump and over a run, diff details, views per report, table cells.
final class AnswersTests: XCTestCase {
    static let why = ReportFixture.sampleArchives.appendingPathComponent("why")

    func whyFixture() throws -> ReportFixture {
        let f = try ReportFixture()
        for name in ["planner-after-invalidate.ag-json", "trip-then-planner.txt"] {
            _ = try Importer(database: f.db).importFile(Self.why.appendingPathComponent(name).path)
        }
        return f
    }

    func testATakenExplicitLabelIsRefusedAndNothingIsStored() throws {
        let f = try ReportFixture()
        let path = ReportFixture.sampleArchives.appendingPathComponent("why/planner-after-invalidate.ag-json").path
        XCTAssertThrowsError(try Importer(database: f.db).importFile(path, options: ImportOptions(label: "trip-1-before"))) {
            XCTAssertEqual($0 as? LabelTaken, LabelTaken(label: "trip-1-before", holder: "snapshot 'trip-1-before'", derived: false, path: path))
        }
        XCTAssertEqual(try f.db.scalar("SELECT count(*) FROM snapshots"), .integer(5))
        XCTAssertEqual(try f.db.scalar("SELECT count(*) FROM node_rows WHERE snapshot_id > 5"), .integer(0))
        XCTAssertEqual(Labels.problem(with: ""), "a label cannot be empty")
        XCTAssertNotNil(Labels.problem(with: "-x"))
        XCTAssertNil(Labels.problem(with: "tap"))
    }

    func testWhatIsNoInputIsToldApartFromDamage() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = try ReportFixture(samples: false)
        func failure(_ text: String) -> Error? {
            let url = dir.appendingPathComponent(UUID().uuidString)
            try? text.write(to: url, atomically: true, encoding: .utf8)
            do { _ = try Importer(database: f.db).importFile(url.path); return nil } catch { return error }
        }
        XCTAssertTrue(Importer.isNotAnInput(failure("{\"a\": 1}")!))
        XCTAssertTrue(Importer.isNotAnInput(failure("[1, 2]")!))
        XCTAssertTrue(Importer.isNotAnInput(failure("")!))
        XCTAssertTrue(Importer.isNotAnInput(failure("# notes\nnothing here\n")!))
        XCTAssertFalse(Importer.isNotAnInput(failure("{\"version\": 2, \"graphs\": [{\"nodes\": [{\"id\": 4, \"type\": 3}]}]}")!))
        XCTAssertFalse(Importer.isNotAnInput(failure("{\"graphs\": [")!))
    }

    func testARunJoinedWithASnapshotCountsWhatIsMissing() throws {
        let f = try whyFixture()
        let run = try LabelLookup.runId("trip-then-planner", in: f.db)
        let partly = try RunSnapshotMatch.check(in: f.db, run: run, runLabel: "trip-then-planner",
                                                snapshot: try LabelLookup.snapshotId("planner-after-invalidate", in: f.db),
                                                snapshotLabel: "planner-after-invalidate")
        XCTAssertEqual([partly.attributes, partly.missing], [6, 2])
        XCTAssertEqual(partly.examples, [3152, 3216])
        XCTAssertEqual(partly.warning, "2 of 6 attributes of run 'trip-then-planner' are not in snapshot 'planner-after-invalidate' (3152, 3216): is it a dump of the same process?")
        let whole = try RunSnapshotMatch.check(in: f.db, run: run, runLabel: "r",
                                               snapshot: try LabelLookup.snapshotId("planner-profiled", in: f.db), snapshotLabel: "p")
        XCTAssertNotNil(whole.warning)
        try f.run("trip-only", [(.update, 3152, nil), (.update, 3216, nil)])
        XCTAssertThrowsError(try f.report("updates", ["run": "trip-only", "snapshot": "planner-profiled"])) { XCTAssertTrue("\($0)".contains("none of the 2 attributes of run 'trip-only' is in snapshot 'planner-profiled'"), "\($0)") }
        XCTAssertNoThrow(try f.report("updates", ["run": "trip-only", "snapshot": "trip-1-before"]))
    }

    /// The Trip write is followed by the Planner's first build: `updates` 6, `reran` 2.
    func testAWriteIsChargedOnlyWithWhatItsWalkReaches() throws {
        let f = try whyFixture()
        assertRows(try f.report("dirty-walks", ["run": "trip-then-planner"]).rows, [
            [.i(6), .i(3032), .i(2), .i(6), .i(2), .i(8)],
            [.i(21), .i(1592), .i(4), .i(4), .i(4), .i(25)],
        ])
    }

    func testWhyOverADumpStopsAtTheCauses() throws {
        let f = try whyFixture()
        let id = try LabelLookup.snapshotId("planner-after-invalidate", in: f.db)
        let steps = try DumpWhy.run(in: f.db, snapshot: id, label: "p", from: [1760])
        XCTAssertEqual(steps.map(\.attribute), [1760, 1664, 1712, 1592, 1620])
        XCTAssertEqual(steps.filter { $0.cause == true }.map(\.attribute), [1592])
        XCTAssertEqual(steps.first { $0.attribute == 1592 }?.changedEdge, true)
        XCTAssertEqual(steps.map(\.view), [nil, "Editor", "Editor", "Planner", "Planner"])
        // A dirty node nothing upstream explains is its own cause; a clean input through an
        // edge without the changed flag (4004 -> 4052) is not listed.
        let own = try DumpWhy.run(in: f.db, snapshot: id, label: "p", from: [4052])
        XCTAssertEqual(own.map { [$0.attribute, $0.cause == true ? 1 : 0] }, [[4052, 1]])
        XCTAssertThrowsError(try DumpWhy.run(in: f.db, snapshot: id, label: "p", from: [9999])) { XCTAssertEqual("\($0)", "no node 9999 in snapshot 'p'") }
    }

    func testWhyOverARunNamesTheCausingWrites() throws {
        let f = try whyFixture()
        let run = try LabelLookup.runId("trip-then-planner", in: f.db)
        let report = try RunWhy.report(in: f.db, run: run, snapshot: nil, attributes: [1760, 3152])
        XCTAssertEqual(report.columns, ["update_seq", "attribute", "cause_seq", "cause_root"])
        assertRows(report.rows, [
            [.i(3), .i(3152), .null, .null],
            [.i(7), .i(3152), .i(6), .i(3032)],
            [.i(9), .i(1760), .null, .null],
            [.i(25), .i(1760), .i(21), .i(1592)],
        ])
        let named = try RunWhy.report(in: f.db, run: run, snapshot: try LabelLookup.snapshotId("planner-after-invalidate", in: f.db),
                                      attributes: [1664])
        XCTAssertEqual(named.columns.suffix(2), ["rule", "view"])
        XCTAssertEqual(named.rows.last, [.i(23), .i(1664), .i(21), .i(1592), .t("DynamicBody<ViewBodyAccessor<Editor>>"), .t("Editor")])
    }

    func testDiffDetailsOneRowPerChange() throws {
        let f = try ReportFixture()
        assertRows(try SnapshotDiff.details(in: f.db, from: "trip-2-after-write", to: "trip-3-after-invalidate"), [
            [.t("changed"), .i(3152), .t("DynamicBody<ViewBodyAccessor<Trip>>"), .t("Trip"), .t("flags"), .i(8), .i(9)],
            [.t("changed"), .i(3152), .t("DynamicBody<ViewBodyAccessor<Trip>>"), .t("Trip"), .t("input 3032"), .t("0"), .t("8")],
            [.t("changed"), .i(3216), .t("ViewLeafView<Text>"), .t("Text"), .t("flags"), .i(8), .i(9)],
            [.t("changed"), .i(3256), .t("LeafLayoutComputer<Text>"), .t("Text"), .t("flags"), .i(8), .i(9)],
            [.t("changed"), .i(3300), .t("RootDisplayList"), .null, .t("flags"), .i(8), .i(9)],
            [.t("changed"), .i(3340), .t("RootGeometry"), .null, .t("flags"), .i(8), .i(9)],
        ])
        let toPlanner = try SnapshotDiff.details(in: f.db, from: "trip-1-before", to: "planner-profiled")
        XCTAssertTrue(toPlanner.contains([.t("added"), .i(1664), .t("DynamicBody<ViewBodyAccessor<Editor>>"), .t("Editor"), .t("node"), .null, .null]))
        XCTAssertTrue(toPlanner.contains([.t("removed"), .i(3340), .t("RootGeometry"), .null, .t("input 904+16"), .i(1), .i(0)]))
        XCTAssertTrue(toPlanner.contains([.t("changed"), .i(536), .t("External<Time>"), .null, .t("value"), .t("Time(seconds: 0.0)"), .t("Time(seconds: 1.5)")]))
    }

    func testUpdatesByView() throws {
        let f = try ReportFixture()
        let snapshot = try f.report("updates", ["snapshot": "planner-profiled"], by: "view")
        XCTAssertEqual(snapshot.columns, ["view", "updates", "changes", "nodes", "total_seconds"])
        XCTAssertEqual(snapshot.rows.map { [$0[0], $0[1]] }, [[.t("Editor"), .i(6)], [.null, .i(4)], [.t("Inspector"), .i(2)], [.t("Planner"), .i(2)]])
        try f.run("tap", ReportFixture.frameInfoHits)
        let run = try f.report("updates", ["run": "tap", "snapshot": "planner-profiled"], by: "view")
        XCTAssertEqual(run.columns, ["view", "updates", "attributes"])
        assertRows(run.rows, [[.null, .i(7), .i(4)], [.t("Editor"), .i(2), .i(2)], [.t("Planner"), .i(1), .i(1)]])
    }

    func testLongTableCellsAreCutInTheMiddleUnlessWide() {
        let rule = "StaticBody<ViewBodyAccessor<" + String(repeating: "SidebarContent", count: 6) + ">, MainThreadFlags>"
        let cut = RowWriter.tableCell(rule)
        XCTAssertEqual(cut.count, RowWriter.maxTableCell)
        XCTAssertTrue(cut.hasPrefix("StaticBody<ViewBodyAccessor<Si") && cut.hasSuffix(">, MainThreadFlags>") && cut.contains("…"), cut)
        let sink = StringSink()
        RowWriter(format: .table, out: sink, wide: true).write(columns: ["rule"], rows: [[.text(rule)]])
        XCTAssertTrue(sink.text.contains(rule))
    }

    func testUnitsForPeople() {
        XCTAssertEqual(ColumnUnit.seconds.display(.real(0.0002)), "200 µs")
        XCTAssertEqual(ColumnUnit.seconds.display(.real(4.583333e-06)), "4.58 µs")
        XCTAssertEqual(ColumnUnit.seconds.display(.real(0.0125)), "12.5 ms")
        XCTAssertEqual(ColumnUnit.seconds.display(.real(2.5)), "2.50 s")
        XCTAssertEqual(ColumnUnit.seconds.display(.integer(0)), "0 s")
        XCTAssertEqual(ColumnUnit.seconds.display(.null), "")
        XCTAssertEqual(ColumnUnit.fraction.display(.real(0.6920415224913494)), "69.2%")
        XCTAssertEqual(ColumnUnit.fraction.display(.real(0.031141868512110725)), "3.11%")
        let sink = StringSink()
        let w = RowWriter(format: .csv, out: sink)
        w.units = ["share": .fraction]
        w.write(columns: ["share"], rows: [[.real(0.5)]])
        XCTAssertEqual(sink.text, "share\n0.5\n")
    }

    /// The numbers are spelled without printf, letter for letter as printf spells them: over
    /// values of every magnitude the units use, halves and near-halves, whole numbers,
    /// negatives and huge values (which printf spells itself).
    func testNumbersReadAsPrintfWouldSpellThem() {
        var generator = SeededRandom(seed: 2047)
        var values: [Double] = [0.5, 1.5, 2.5, 0.0005, 0.0015, 0.0095, 2.345, 9.995, 99.95, 999.5, 100, 10, 1, 0.001,
                                0.1 + 0.2, 1e15, 4.6e15, 1e300, -0.0001, -2.5, -123.456, .leastNonzeroMagnitude,
                                Double(UInt64.max), 0.0125, 4.583333, 200]
        for _ in 0..<200_000 {
            let magnitude = Double.random(in: -7...7, using: &generator)
            values.append(pow(10, magnitude))
        }
        // Ties and their neighbours at each scale (x.yz5 and one ulp either side).
        for i in 0..<2000 {
            for scale in [1.0, 10, 100, 1000] {
                let tie = (Double(i) + 0.5) / scale
                values += [tie, tie.nextUp, tie.nextDown]
            }
        }
        for x in values {
            let a = abs(x)
            guard a != 0 else { continue }
            let decimals = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3
            XCTAssertEqual(ColumnUnit.number(x), String(format: "%.\(decimals)f", x), "\(x)")
            if let fixed = ColumnUnit.fixed(x, decimals: 3) { XCTAssertEqual(fixed, String(format: "%.3f", x), "\(x)") }
        }
    }
}
