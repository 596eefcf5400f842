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
        XCTAssertThrowsError(try imp.importItem(TestPaths.sample("transcripts/trip-mixed.lldb.log"), options: ImportOptions(label: "taken"))) { XCTAssertTrue($0 is LabelTaken, "\($0)") }
        XCTAssertEqual(try notes(imp.db), [])
    }

    /// A log stuck in a loop cuts its 2,000th report as it cut the first: one line says so,
    /// with how many and where the first were; every note is still a row.
    func testNotesOfOneKindAreSaidOnceWithTheirCountAndFirstPositions() throws {
        var log = "=== AttributeGraph: cycle detected through attribute 7 ===\nframe 1.0: attribute 8; count=1, index=0/1 PD\n"
        for _ in 0..<2_000 {
            log += "=== AttributeGraph: cycle detected through attribute 40 ===\n=== Evaluation stack ===\n"
            log += "frame 1.0: attribute 41; count=1, index=0/2 PD\nframe 0.0: attribute 40; count=1, index\n"
        }
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(write("loop.log", log))))
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM import_notes WHERE code = 'cycle-report-cut'")?.intValue, 2_001)
        let groups = ImportNoteGroup.groups(item.notes)
        XCTAssertEqual(groups.map(\.first.code), ["cycle-report-cut"])
        XCTAssertEqual(groups.map(\.count), [2_001])
        XCTAssertEqual(groups.first?.positions, [1, 6, 10, 14, 18])
        let first = "the cycle report at line 1 (attribute 7) is incomplete: its closing `===` never came"
        XCTAssertEqual(item.notes.first?.message, first)
        XCTAssertEqual(item.warnings, ["2001 cycle-report-cut notes (at 1, 6, 10, 14, 18, …); the first: " + first])
        XCTAssertEqual(groups.first?.sentence(stored: true),
                       "2001 cycle-report-cut notes (at 1, 6, 10, 14, 18, …; all 2001 in import_notes); the first: " + first)
    }

    func testKindsKeepTheOrderTheyFirstCameInAndOneNoteIsSaidAsItIs() {
        let (a, b, c) = (ImportNoteCode("a", position: .line, meaning: "a"), ImportNoteCode("b", position: .none, meaning: "b"),
                         ImportNoteCode("c", position: .none, meaning: "c"))
        let notes = [ImportNote(a, message: "one a", position: 3), ImportNote(b, message: "the b"),
                     ImportNote(a, message: "two a", position: 9)]
        let groups = ImportNoteGroup.groups(notes)
        XCTAssertEqual(groups.map { $0.sentence() }, ["2 a notes (at 3, 9); the first: one a", "the b"])
        XCTAssertEqual(ImportNoteGroup.groups([ImportNote(c, message: "c"), ImportNote(c, message: "c")]).map { $0.sentence() },
                       ["2 c notes; the first: c"], "no positions known: none said")
    }

    /// Every code is declared once, by one format or as a common one; the codes that say how a
    /// recording ended are the ones the importer adds no `recording-end` note beside.
    func testNoteCodesAreDeclaredOnce() {
        let codes = ImportNoteCode.all.map(\.code.code)
        XCTAssertEqual(codes.count, Set(codes).count, "a code declared twice: \(codes)")
        XCTAssertEqual(ImportNoteCode.endCodes, ["recording-end", "impossible-duration", "trace-cut", "xctrace-cut"])
        XCTAssertEqual(ImportNoteCode.all.first { $0.code.code == "trace-cut" }?.raisedBy, "traces")
    }

    /// Notes are made from declared codes only: a free string reaches `import_notes` from no
    /// call site but the one that reads rows back.
    func testNoCallSiteNamesACodeAsAString() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var offenders: [String] = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: sources.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            if text.contains("ImportNote(stored:") && !file.hasSuffix("ImportNotes.swift") { offenders.append(file) }
            if text.contains("ImportNote(code:") { offenders.append(file) }
        }
        XCTAssertEqual(offenders, [])
    }
}
