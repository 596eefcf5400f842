import XCTest
@testable import AGTraceKit

/// SampleArchives/console (Scripts/make-sample-console.py): every number its README states.
final class ConsoleSampleTests: TemporaryDirectoryTestCase {
    func load(_ name: String) throws -> (Database, Int64) {
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(TestPaths.sample("console/\(name)"))))
        XCTAssertEqual(item.kind, .console, name)
        return (imp.db, try XCTUnwrap(try imp.db.scalar("SELECT id FROM consoles WHERE label = ?1", [.text(item.label)])?.intValue))
    }

    func rows(_ db: Database, _ sql: String) throws -> [[String]] { try db.rows(sql).map { $0.map(\.description) } }

    func testSheetCycle() throws {
        let (db, _) = try load("sheet-loop.log")
        XCTAssertEqual(try rows(db, "SELECT position, attribute, level, form, complete FROM cycles ORDER BY id"),
                       [["2", "4112", "2", "header", "1"], ["8", "4112", "1", "header", "1"]])
        XCTAssertEqual(try rows(db, "SELECT stack_index, attribute, count, flags FROM cycle_frames ORDER BY ordinal"),
                       [["3", "4168", "1", "PD"], ["2", "4112", "1", "PD"], ["1", "4020", "1", "PDV"], ["0", "3980", "2", "V"]])
        XCTAssertEqual(try rows(db, "SELECT position, code FROM console_warnings ORDER BY id"),
                       [["9", "modifying-state-during-update"], ["10", "publishing-during-update"]])
        XCTAssertEqual(try db.scalar("SELECT line_count FROM consoles")?.intValue, 10)
    }

    func testDigraphTrap() throws {
        let (db, _) = try load("digraph-trap.log")
        XCTAssertEqual(try rows(db, "SELECT position, attribute, level, form, complete FROM cycles"), [["1", "5204", "3", "header", "1"]])
        XCTAssertEqual(try rows(db, "SELECT attribute, label FROM cycle_labels ORDER BY attribute"),
                       [["5204", "DynamicBody<ViewBodyAccessor<TripSh\u{2026}"], ["5260", "LayoutComputer"], ["5312", "GeometryReader<Text>"]])
        XCTAssertEqual(try rows(db, "SELECT attribute, quote(flags) FROM cycle_frames ORDER BY ordinal"),
                       [["5204", "'PD'"], ["5312", "'D'"], ["5260", "''"]])
        XCTAssertEqual(try rows(db, "SELECT position, code, subject FROM console_warnings ORDER BY id"),
                       [["15", "cycle-trap", "5204"], ["16", "cycle-trap", "5204"]])
        XCTAssertEqual(try db.scalar("SELECT line_count FROM consoles")?.intValue, 16)
    }

    func testCutAndTraps() throws {
        let (db, _) = try load("cut-and-traps.log")
        XCTAssertEqual(try rows(db, "SELECT position, attribute, level, form, complete FROM cycles ORDER BY id"),
                       [["1", "7300", "2", "header", "0"], ["8", "9120", "1", "trap", "1"], ["10", "9444", "1", "os_log", "1"]])
        XCTAssertEqual(try rows(db, "SELECT stack_index, frame_index, attribute, count, quote(input_index), quote(input_count), quote(flags) FROM cycle_frames WHERE ordinal = 2"),
                       [["2", "0", "7412", "1", "NULL", "NULL", "NULL"]])
        XCTAssertEqual(try rows(db, "SELECT position, code, subject FROM console_warnings ORDER BY id"),
                       [["9", "cycle-trap", "9120"], ["11", "attribute-without-subgraph", "UnwrapConditional<ViewDescriptor, Optional<Text>, Text>"]])
        // AttributeGraph's trap aborts the process: the log did not end normally.
        XCTAssertEqual(try rows(db, "SELECT code, position FROM import_notes"), [["recording-end", ""], ["cycle-report-cut", "6"]])
    }

    func testCIChanges() throws {
        let (db, id) = try load("ci-changes.log")
        XCTAssertEqual(try db.scalar("SELECT line_count FROM consoles")?.intValue, 17)
        XCTAssertEqual(try BodyRuns.perView(console: id, in: db), [
            BodyRunCount(view: "Editor<Date>", runs: 3, changed: 2, unchanged: 1),
            BodyRunCount(view: "Planner.Toolbar", runs: 3, changed: 3, unchanged: 0),
            BodyRunCount(view: "PlannerView", runs: 3, changed: 1, unchanged: 2),
            BodyRunCount(view: "Inspector<Dictionary<String, Int>>", runs: 2, changed: 2, unchanged: 0),
        ])
        let tokens = try ReportRunner.rows(ReportRequest(name: "updates", options: ["console": "ci-changes"], by: "token"), in: db)
        XCTAssertEqual(tokens.columns, ["kind", "token", "lines", "views"])
        XCTAssertEqual(tokens.rows.map { $0.map(\.description) }, [
            ["offset", "@16", "3", "1"], ["self", "@self", "3", "2"], ["dependencies", "@dependencies", "1", "1"],
            ["identity", "@identity", "1", "1"], ["keypath", "\\Store.<computed 0x0000000104e3c7a0 (String)>", "1", "1"],
            ["keypath", "\\Store<Array<Trip>>.items", "1", "1"], ["keypath", "\\Store<Dictionary<String, Int>>.totals", "1", "1"],
            ["property", "__n", "1", "1"], ["property", "_isEditing", "1", "1"], ["property", "_model", "1", "1"],
        ])
    }
}
