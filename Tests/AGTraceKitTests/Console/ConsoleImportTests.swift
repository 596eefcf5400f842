import XCTest
@testable import AGTraceKit

/// A console log through the importer: sniffed, its records stored as rows of migration 13's
/// tables, listed, re-imported, replaced and deleted; and the body runs a gate reads.
final class ConsoleImportTests: TemporaryDirectoryTestCase {
    let log = """
        Loading
        === AttributeGraph: cycle detected through attribute 40 ===
        digraph {
          _40[label="40: Sheet" style=dashed];
        }
        === Evaluation stack ===
        frame 1.0: attribute 41; count=1, index=0/2 PD
        frame 0.0: attribute 40; count=1, index=1/1 PDV
        ===
        AttributeGraph precondition failure: cyclic graph: 40.
        ContentModel: @self, _counter changed.
        ContentModel: unchanged.
        Sheet: @16 changed.

        """

    func count(_ db: Database, _ sql: String) throws -> Int64 { try db.scalar(sql)?.intValue ?? -1 }

    func testImportStoresEveryRecord() throws {
        let path = write("sheet.log", log)
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(path)))
        XCTAssertEqual(item.kind, .console)
        XCTAssertEqual(item.label, "sheet")
        XCTAssertEqual(InputKind.console.format.counts(of: item), "cycles 1, body runs 3, warnings 1")
        let db = imp.db
        XCTAssertEqual(try db.rows("SELECT label, line_count, size_bytes FROM consoles").map { $0.map(\.description) },
                       [["sheet", "13", "\(log.utf8.count)"]])
        XCTAssertEqual(try db.rows("SELECT kind, position, attribute, level, form, complete FROM cycles").map { $0.map(\.description) },
                       [["console", "2", "40", "3", "header", "1"]])
        XCTAssertEqual(try db.rows("SELECT ordinal, stack_index, frame_index, attribute, count, input_index, input_count, flags FROM cycle_frames ORDER BY ordinal").map { $0.map(\.description) },
                       [["0", "1", "0", "41", "1", "0", "2", "PD"], ["1", "0", "0", "40", "1", "1", "1", "PDV"]])
        XCTAssertEqual(try db.rows("SELECT attribute, label FROM cycle_labels").map { $0.map(\.description) }, [["40", "Sheet"]])
        XCTAssertEqual(try db.rows("SELECT position, view, unchanged FROM body_changes ORDER BY id").map { $0.map(\.description) },
                       [["11", "ContentModel", "0"], ["12", "ContentModel", "1"], ["13", "Sheet", "0"]])
        XCTAssertEqual(try db.rows("SELECT ordinal, kind, name FROM body_change_tokens ORDER BY body_change_id, ordinal").map { $0.map(\.description) },
                       [["0", "self", "@self"], ["1", "property", "_counter"], ["0", "offset", "@16"]])
        XCTAssertEqual(try db.rows("SELECT position, code, subject FROM console_warnings").map { $0.map(\.description) },
                       [["10", "cycle-trap", "40"]])
        XCTAssertEqual(try BodyRuns.perView(consoleLabelled: "sheet", in: db), [
            BodyRunCount(view: "ContentModel", runs: 2, changed: 1, unchanged: 1),
            BodyRunCount(view: "Sheet", runs: 1, changed: 1, unchanged: 0),
        ])
        let list = try Catalog.list(db)
        // Its own columns, and how it ended in end_reason as every kind's.
        let columns = ["cycles", "body_runs", "warnings", "end_reason"].map { list.columns.firstIndex(of: $0)! }
        XCTAssertEqual(list.rows.map { row in columns.map { row[$0].description } },
                       [["1", "3", "1", "crashed: AttributeGraph precondition failure: cyclic graph: 40."]])
    }

    /// An app may print far more than the sniffer's head before its first cycle report: the
    /// log is still a console (looked into further), its report found at its line.
    func testAppOutputLongerThanTheHeadBeforeTheFirstReport() throws {
        let noise = String(repeating: "Planner: loading item 0123456789 of the catalogue\n", count: 5 * InputSniffer.headSize / 50)
        XCTAssertGreaterThan(noise.utf8.count, 4 * InputSniffer.headSize, "past the first look further too")
        let path = write("late.log", noise + log)
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(path)))
        XCTAssertEqual(item.kind, .console)
        XCTAssertEqual(InputKind.console.format.counts(of: item), "cycles 1, body runs 3, warnings 1")
        let lines = noise.split(separator: "\n").count
        XCTAssertEqual(try imp.db.rows("SELECT position, attribute FROM cycles").map { $0.map(\.description) },
                       [["\(lines + 2)", "40"]])
    }

    func testReimportReplaceAndDelete() throws {
        let path = write("sheet.log", log)
        let imp = try importer()
        _ = try imp.importItem(path)
        XCTAssertEqual(try imp.importItem(path), .duplicate(path: path, kind: .console, existingLabel: "sheet"))
        XCTAssertNotNil(imported(try imp.importItem(path, options: ImportOptions(replace: true))))
        XCTAssertEqual(try count(imp.db, "SELECT count(*) FROM cycles"), 1, "--replace leaves one import's rows")
        XCTAssertEqual(try count(imp.db, "SELECT count(*) FROM body_change_tokens"), 3)
        _ = try Catalog.delete(labels: ["sheet"], in: imp.db)
        for table in ["consoles", "cycles", "cycle_frames", "cycle_labels", "body_changes", "body_change_tokens", "console_warnings"] {
            XCTAssertEqual(try count(imp.db, "SELECT count(*) FROM \(table)"), 0, table)
        }
    }

    func testDeletingOneConsoleLeavesAnother() throws {
        let imp = try importer()
        _ = try imp.importItem(write("a.log", log))
        _ = try imp.importItem(write("b.log", log + "Other: @self changed.\n"))
        _ = try Catalog.delete(labels: ["a"], in: imp.db)
        XCTAssertEqual(try count(imp.db, "SELECT count(*) FROM cycle_frames"), 2)
        XCTAssertEqual(try count(imp.db, "SELECT count(*) FROM body_changes"), 4)
        XCTAssertEqual(try BodyRuns.perView(consoleLabelled: "b", in: imp.db).map(\.view), ["ContentModel", "Other", "Sheet"])
    }

    func testACutReportImportsWithANote() throws {
        let path = write("cut.log", "=== AttributeGraph: cycle detected through attribute 1 ===\nframe 0.0: attribute 2; cou")
        let item = try XCTUnwrap(imported(try importer().importItem(path)))
        XCTAssertEqual(item.notes.map(\.code), ["cycle-report-cut"])
        XCTAssertEqual(item.notes.map(\.position), [2])
    }

    func testTextWithNoConsoleLineIsNoInput() throws {
        let path = write("notes.log", "Saved 3 trips\nError: value changed.\n() $R6 = {}\n")
        XCTAssertThrowsError(try importer().importItem(path)) { error in
            XCTAssertTrue(Importer.isNotAnInput(error), "\(error)")
        }
    }

    /// A transcript stays a transcript: `_printChanges` lines a breakpoint action printed are
    /// skipped lines of its run, as before consoles were read.
    func testATranscriptWithBodyChangeLinesStaysATranscript() throws {
        let sample = try String(contentsOfFile: TestPaths.sample("transcripts/trip-frame-info.lldb.log"), encoding: .utf8)
        let path = write("mixed.lldb.log", "ContentView: @self changed.\n" + sample + "ContentView: unchanged.\n")
        let item = try XCTUnwrap(imported(try importer().importItem(path)))
        XCTAssertEqual(item.kind, .transcript)
    }

    /// What a gate on a console does: a private import, then the body runs per view.
    func testAGateReadsBodyRunsFromAPrivateDatabase() throws {
        let privately = try PrivateDatabase()
        defer { privately.close() }
        let path = TestPaths.sample("console/ci-changes.log")
        let item = try privately.importFile(path, as: .console)
        XCTAssertEqual(try BodyRuns.perView(consoleLabelled: item.label, in: privately.db).map(\.runs), [3, 3, 3, 2])
        XCTAssertThrowsError(try PrivateDatabase().importFile(path, as: .transcript)) { error in
            XCTAssertTrue("\(error)".contains("holds a console log, not an lldb transcript: give it with --console"), "\(error)")
        }
    }

    func testEverySampleOutsideConsoleIsReadAsBefore() throws {
        // No file of SampleArchives but console/ (and the console log of cycles/' sample pair,
        // and findings/console/'s samples) is a console (the capture check compares every
        // import's output with the version before).
        let root = TestPaths.sampleArchives.path
        let files = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }
            .filter { !$0.hasPrefix("console/") && !$0.hasPrefix("findings/console/") && $0 != "cycles/sheet-height.log" && !$0.hasSuffix(".md") }
        XCTAssertGreaterThan(files.count, 10)
        for file in files {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + file, isDirectory: &isDir), !isDir.boolValue else { continue }
            let kind = try? InputSniffer.sniff(PeekingSource(FileSource(path: root + "/" + file)), path: file).kind
            XCTAssertNotEqual(kind, .console, file)
        }
    }
}
