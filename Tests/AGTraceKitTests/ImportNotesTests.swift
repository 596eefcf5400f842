import XCTest
@testable import AGTraceKit

/// What an import warns about is stored in `import_notes` with its rows, and what the import
/// hands back (and `import` prints) is read from there.
final class ImportNotesTests: TemporaryDirectoryTestCase {
    func notes(_ db: Database) throws -> [[String]] {
        try db.textRows("SELECT kind, label, severity, code, position, message FROM import_notes ORDER BY id")
    }

    func testATranscriptsUnreadableLinesAndEndAreRows() throws {
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(TestPaths.sample("transcripts/trip-mixed.lldb.log"))))
        let unreadable = "line 57 came where a hit's command output was due and could not be read (counted in skipped_lines; the hit keeps what was read before)"
        let ended = "the recording did not end normally (signal SIGKILL); 'check' refuses it unless --allow-incomplete"
        XCTAssertEqual(try notes(imp.db), [
            ["run", "trip-mixed", "warning", "unreadable-lines", "57", unreadable],
            ["run", "trip-mixed", "warning", "recording-end", "", ended],
        ])
        XCTAssertEqual(item.notes.map(\.message), [unreadable, ended])
        XCTAssertEqual(item.notes.map(\.position), [57, nil])
        // check words the end its own way: the warnings it prints leave it out.
        XCTAssertEqual(item.warnings, [unreadable])

        // Replaced: the old import's notes go with it; deleted: the new one's too.
        let again = try XCTUnwrap(imported(try imp.importItem(TestPaths.sample("transcripts/trip-mixed.lldb.log"),
                                                                 options: ImportOptions(replace: true))))
        XCTAssertTrue(again.replaced)
        XCTAssertEqual(try notes(imp.db).count, 2)
        XCTAssertEqual(try imp.db.textRows("SELECT DISTINCT owner_id = (SELECT id FROM runs WHERE label = 'trip-mixed') FROM import_notes"), [["1"]])
        XCTAssertEqual(try Catalog.delete(labels: ["trip-mixed"], in: imp.db), ["trip-mixed"])
        XCTAssertEqual(try notes(imp.db), [])
    }

    func testACutTraceIsANoteAndACleanImportHasNone() throws {
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(TestPaths.sample("traces/feed-select-cut.ag-trace"))))
        XCTAssertEqual(try notes(imp.db).map { Array($0.prefix(5)) }, [["trace", "feed-select-cut", "warning", "trace-cut", ""]])
        XCTAssertEqual(try notes(imp.db).map { $0[5] }, [TraceEnd.cutWarning])
        XCTAssertEqual(item.warnings, [TraceEnd.cutWarning])
        XCTAssertEqual(imported(try imp.importItem(TestPaths.sample("trip-1-before.ag-json")))?.notes, [])
        XCTAssertEqual(try notes(imp.db).count, 1)
    }

    /// A refused import (a taken label) leaves no note behind: they are written in its transaction.
    func testARefusedImportStoresNoNote() throws {
        let imp = try importer()
        _ = try imp.importItem(TestPaths.sample("trip-1-before.ag-json"), options: ImportOptions(label: "taken"))
        XCTAssertThrowsError(try imp.importItem(TestPaths.sample("transcripts/trip-mixed.lldb.log"), options: ImportOptions(label: "taken")))
        XCTAssertEqual(try notes(imp.db), [])
    }
}
