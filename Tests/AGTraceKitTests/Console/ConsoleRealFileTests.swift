import XCTest
@testable import AGTraceKit

/// The seven real console excerpts of `../shared/real-console/` (skipped when absent): every
/// count of their README, read back from the database.
final class ConsoleRealFileTests: TemporaryDirectoryTestCase {
    func load(_ name: String) throws -> (Database, Int64, ImportedItem) {
        let path = try TestPaths.sharedFile("real-console/\(name).log")
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(path)))
        XCTAssertEqual(item.kind, .console, name)
        return (imp.db, try XCTUnwrap(try imp.db.scalar("SELECT id FROM consoles")?.intValue), item)
    }

    func rows(_ db: Database, _ sql: String) throws -> [[String]] { try db.rows(sql).map { $0.map(\.description) } }

    func perView(_ db: Database, _ id: Int64) throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try BodyRuns.perView(console: id, in: db).map { ($0.view, $0.runs) })
    }

    func tokens(_ db: Database) throws -> [String: Int] {
        var out: [String: Int] = [:]
        for r in try db.rows("SELECT name, count(*) FROM body_change_tokens GROUP BY name") { out[r[0].description] = Int(r[1].intValue!) }
        return out
    }

    func testSheetEffect() throws {
        let (db, _, item) = try load("sheet-effect")
        XCTAssertEqual(try rows(db, "SELECT position, attribute, level, form, complete FROM cycles"), [["1", "278848", "2", "header", "0"]])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM cycle_frames")?.intValue, 23, "22 whole frames and 1 cut")
        XCTAssertEqual(try rows(db, "SELECT min(stack_index), max(stack_index), count(DISTINCT frame_index), min(count), max(count) FROM cycle_frames WHERE input_count IS NOT NULL"),
                       [["2", "23", "1", "1", "1"]])
        XCTAssertEqual(try rows(db, "SELECT DISTINCT flags, input_index, min(input_count), max(input_count) FROM cycle_frames WHERE input_count IS NOT NULL"),
                       [["PD", "0", "1", "3"]])
        XCTAssertEqual(try rows(db, "SELECT ordinal, stack_index, frame_index, attribute, count, quote(input_index), quote(input_count), quote(flags) FROM cycle_frames WHERE ordinal = 22"),
                       [["22", "1", "0", "280896", "1", "NULL", "NULL", "NULL"]])
        XCTAssertEqual(try rows(db, "SELECT attribute FROM cycle_frames WHERE ordinal IN (0, 21) ORDER BY ordinal"), [["278896"], ["285816"]])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM cycle_frames WHERE attribute = 278848")?.intValue, 0)
        XCTAssertEqual(item.notes.map(\.code), ["cycle-report-cut"])
        XCTAssertEqual(item.notes.map(\.position), [26])
        XCTAssertEqual(try db.scalar("SELECT size_bytes FROM consoles")?.intValue, 1270)
    }

    func testToolbarButton() throws {
        let (db, _, _) = try load("toolbar-button")
        XCTAssertEqual(try db.rows("SELECT attribute FROM cycles ORDER BY id").map { $0[0].intValue! },
                       [103752, 103752, 104216, 104216, 103752, 103752, 103752, 104216, 104216, 103752])
        XCTAssertEqual(try rows(db, "SELECT DISTINCT level, form, complete FROM cycles"), [["1", "header", "1"]])
        XCTAssertEqual(try rows(db, "SELECT attribute, count(*) FROM cycles GROUP BY attribute"), [["103752", "6"], ["104216", "4"]])
        XCTAssertEqual(try rows(db, "SELECT position, code, message FROM console_warnings"),
                       [["11", "modifying-state-during-update", "Modifying state during view update, this will cause undefined behavior."]])
        XCTAssertEqual(try db.scalar("SELECT size_bytes FROM consoles")?.intValue, 792)
    }

    func testHTMLAttributedString() throws {
        let (db, _, item) = try load("html-attributed-string")
        XCTAssertEqual(try rows(db, "SELECT position, attribute, level FROM cycles ORDER BY id"),
                       [["2", "33496", "1"], ["3", "33496", "1"], ["4", "32904", "1"]])
        XCTAssertEqual(try rows(db, "SELECT position, code, subject FROM console_warnings"),
                       [["6", "attribute-without-subgraph", "UnwrapConditional<ViewDescriptor, Optional<Text>, Text>"]])
        // SwiftUI's crash line ends the recording: stored, noted, refused by check.
        XCTAssertEqual(item.notes.map(\.code), [ImportNoteCode.recordingEnd.code])
        XCTAssertEqual(try rows(db, "SELECT complete, end_reason FROM consoles"),
                       [["0", "crashed: Fatal error: attempting to create attribute with no subgraph:"]])
        XCTAssertEqual(try db.scalar("SELECT size_bytes FROM consoles")?.intValue, 337)
    }

    func testObservableDependencies() throws {
        let (db, id, _) = try load("observable-dependencies")
        XCTAssertEqual(try perView(db, id), ["ContentView": 1, "ChildView": 1])
        XCTAssertEqual(try tokens(db), ["@dependencies": 2, "@self": 1])
        XCTAssertEqual(try rows(db, "SELECT position FROM body_changes ORDER BY id"), [["1"], ["3"]], "CRLF lines count as lines")
        XCTAssertEqual(try db.scalar("SELECT size_bytes FROM consoles")?.intValue, 94)
    }

    func testSheetCounter() throws {
        let (db, id, _) = try load("sheet-counter")
        XCTAssertEqual(try BodyRuns.perView(console: id, in: db), [
            BodyRunCount(view: "ContentModel", runs: 6, changed: 2, unchanged: 4),
            BodyRunCount(view: "Sheet", runs: 1, changed: 1, unchanged: 0),
        ])
        XCTAssertEqual(try tokens(db), ["@self": 2, "@identity": 1, "_sheetShown": 1, "_counter": 2])
        XCTAssertEqual(try db.scalar("SELECT size_bytes FROM consoles")?.intValue, 217)
    }

    func testAnimalsContainers() throws {
        let (db, id, _) = try load("animals-containers")
        XCTAssertEqual(try perView(db, id), [
            "CategoryList.Container": 3, "CategoryList.Presenter": 3, "Content": 1, "CategoryList": 1, "AnimalList.Container": 1,
            "AnimalList.Presenter": 1, "AnimalDetail": 1, "AnimalDetail.Container": 1, "AnimalDetail.Presenter": 1,
        ])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM body_changes")?.intValue, 13)
        let t = try tokens(db)
        XCTAssertEqual([t["@16"], t["@184"], t["@320"], t["@152"], t["@288"]], [3, 2, 1, 1, 1])
        XCTAssertEqual([t["@self"], t["@identity"]], [11, 8])
        XCTAssertEqual(try rows(db, "SELECT name FROM body_change_tokens WHERE kind = 'keypath' ORDER BY name"),
                       [["\\Storage<Array<Category>>.output"], ["\\Storage<Optional<Status>>.output"]])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM body_change_tokens WHERE kind = 'offset'")?.intValue, 8)
        XCTAssertEqual(try db.scalar("SELECT size_bytes FROM consoles")?.intValue, 987)
    }

    func testBreakpointAction() throws {
        let (db, id, _) = try load("breakpoint-action")
        XCTAssertEqual(try perView(db, id), ["DanceStack": 1])
        XCTAssertEqual(try rows(db, "SELECT kind, name FROM body_change_tokens ORDER BY ordinal"),
                       [["self", "@self"], ["identity", "@identity"], ["property", "_vm"], ["property", "_compact"]])
        XCTAssertEqual(try db.scalar("SELECT line_count FROM consoles")?.intValue, 2, "the lldb result line is skipped, not counted")
        XCTAssertEqual(try db.scalar("SELECT size_bytes FROM consoles")?.intValue, 65)
    }
}
