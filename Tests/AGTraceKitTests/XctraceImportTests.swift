import Foundation
import XCTest
@testable import AGTraceKit

/// Instruments exports (`xctrace export` XML): the tokenizer, the reader's id/ref, sentinels,
/// exact numbers, refusals and notes, the samples' numbers (SampleArchives/xctrace/expected.json)
/// from SQL over the views.
final class XctraceImportTests: DatabaseTestCase {
    static let columns = [("start", "start-time"), ("duration", "duration"), ("hang-type", "hang-type"), ("thread", "thread"), ("process", "process")]

    func document(schema: String = "potential-hangs", columns: [(String, String)] = XctraceImportTests.columns,
                  rows: [String], close: Bool = true) -> String {
        let cols = columns.map { "<col><mnemonic>\($0.0)</mnemonic><name>\($0.0)</name><engineering-type>\($0.1)</engineering-type></col>" }.joined()
        var text = "<?xml version='1.0'?>\n<!-- a comment -->\n<trace-query-result>\n<node xpath=\"//trace-toc[1]/run[1]/data[1]/table[1]\"><schema name=\"\(schema)\">\(cols)</schema>\n"
        text += rows.map { "<row>\($0)</row>\n" }.joined()
        if close { text += "</node></trace-query-result>\n" }
        return text
    }

    static let firstRow = """
        <start-time id="1" fmt="00:00.597.113">597113458</start-time><duration id="2" fmt="2.08 s">2075111540</duration>\
        <hang-type id="3" fmt="Severe Hang">Severe Hang</hang-type><thread id="4" fmt="Main Thread 0x1 (App, pid: 7)">\
        <tid id="5" fmt="0x1">1</tid><process id="6" fmt="App (7)"><pid id="7" fmt="7">7</pid></process></thread><process ref="6"/>
        """

    @discardableResult
    func importText(_ text: String, name: String = "hangs.xml") throws -> ImportedItem? {
        let path = write(name, text)
        return imported(try Importer(database: db).importFile(path))
    }

    func testRefsResolveAcrossRowsAndIntoNestedElements() throws {
        let second = #"<start-time id="8" fmt="x">700000000</start-time><duration ref="2"/><hang-type id="9">Hang</hang-type><thread ref="4"/><process ref="6"/>"#
        let item = try XCTUnwrap(try importText(document(rows: [Self.firstRow, second])))
        XCTAssertEqual(item[count: "rows"], 2)
        let rows = try db.rows("SELECT position, start_ns, duration_ns, hang_type, thread, thread_id, process FROM xctrace_hangs ORDER BY position")
        XCTAssertEqual(rows.map { $0.map(\.description) }, [
            ["0", "597113458", "2075111540", "Severe Hang", "Main Thread 0x1 (App, pid: 7)", "1", "App (7)"],
            ["1", "700000000", "2075111540", "Hang", "Main Thread 0x1 (App, pid: 7)", "1", "App (7)"],
        ])
        // The process named inside the thread is one value, stored once.
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM xctrace_values WHERE tag = 'process'")?.intValue, 1)
    }

    func testSentinelsAreNullAndBigNumbersExact() throws {
        let columns = [("start", "start-time"), ("duration", "duration"), ("count", "uint64"), ("name", "string")]
        let rows = [#"<start-time id="1">5</start-time><sentinel/><uint64 id="2" fmt="max">18446744073709551615</uint64><string id="3">007 &amp; &lt;b&gt; &#x41;&#66; <![CDATA[<raw>]]></string>"#]
        try importText(document(schema: "something-new", columns: columns, rows: rows))
        XCTAssertEqual(try db.scalar("SELECT sentinel_count FROM xctrace_tables")?.intValue, 1)
        let cells = try db.rows("SELECT mnemonic, value_id IS NULL, raw, number, fmt FROM xctrace_cells ORDER BY position").map { $0.map(\.description) }
        XCTAssertEqual(cells, [
            ["start", "0", "5", "5", "5"],
            ["duration", "1", "", "", ""],
            ["count", "0", "18446744073709551615", "", "max"],
            ["name", "0", "007 & <b> AB <raw>", "", "007 & <b> AB <raw>"],
        ])
    }

    func testAColumnAReportNeedsMissingIsRefusedByName() throws {
        let columns = Self.columns.filter { $0.0 != "duration" }
        let path = write("no-duration.xml", document(columns: columns, rows: []))
        XCTAssertThrowsError(try Importer(database: db).importFile(path)) { error in
            XCTAssertTrue("\(error)".contains("has no column 'duration'"), "\(error)")
            XCTAssertTrue("\(error)".contains("no-duration.xml"), "\(error)")
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM xctrace_values")?.intValue, 0)
    }

    func testACutFileKeepsItsCompleteRowsAndSaysSo() throws {
        var text = document(rows: [Self.firstRow], close: false)
        text += #"<row><start-time id="8">7000</start-time><duration ref="2"/><hang-"#
        let item = try XCTUnwrap(try importText(text))
        XCTAssertEqual(item[count: "rows"], 1)
        XCTAssertEqual(item.notes.map(\.code), ["xctrace-cut"])
        XCTAssertTrue(item.notes[0].message.contains("1 complete row(s) are kept"), item.notes[0].message)
        XCTAssertEqual(try db.scalar("SELECT complete FROM xctrace_tables")?.intValue, 0)
    }

    func testMalformedInputIsRefusedWithItsPlace() throws {
        let cases: [(String, String)] = [
            (document(rows: [#"<start-time ref="99"/>"#]), "names an id no complete element before it has"),
            (document(rows: [Self.firstRow + "<extra/>"]), "has more cells than its 5 columns"),
            (document(rows: ["<start-time id=\"1\">1</duration>"]), "the tags are not balanced"),
            (document(rows: [#"<start-time id="1">&bogus;</start-time>"#]), "unknown entity"),
            (document(rows: [#"<start-time id="1">1</start-time><duration id="1">2</duration>"#]), "the id 1 is given twice"),
            ("<?xml version=\"1.0\"?>\n<trace-query-result>\n<node><schema name=\"x\"><col>", "cut before any row"),
        ]
        for (i, (text, message)) in cases.enumerated() {
            let path = write("bad-\(i).xml", text)
            XCTAssertThrowsError(try Importer(database: db).importFile(path)) { error in
                XCTAssertTrue("\(error)".contains(message), "\(i): \(error)")
                XCTAssertTrue("\(error)".contains("bad-\(i).xml: byte "), "\(i): \(error)")
                XCTAssertTrue("\(error)".contains("(line "), "\(i): \(error)")
            }
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM xctrace_recordings")?.intValue, 0)
    }

    func testTheTokenizerReadsAcrossItsBufferAndBothQuotes() throws {
        // A few bytes a read (FuzzOracle's TrickleSource) into a tiny buffer: every token crosses a refill.
        let second = #"<start-time id='8' fmt='a "b"'>1</start-time><duration ref="2"/><hang-type ref='3'/><thread ref="4"/><process ref="6"/>"#
        let text = document(rows: [Self.firstRow, second])
        let tokens = XMLTokenizer(source: TrickleSource(Array(text.utf8)), chunk: 64)
        var starts = 0, ends = 0
        var fmt: String?
        while true {
            switch try tokens.next() {
            case .start:
                starts += 1
                if tokens.selfClosing { ends += 1 }
                for a in tokens.attributes where tokens.string(a.name) == "fmt" && tokens.string(tokens.name) == "start-time" { fmt = tokens.string(a.value) }
            case .end: ends += 1
            case .text: break
            case .end_of_input:
                XCTAssertEqual(starts, ends)
                XCTAssertEqual(fmt, "a \"b\"")
                return
            }
        }
    }

    func testAFolderOfExportsIsOneRecording() throws {
        let parent = dir.appendingPathComponent("exports")
        let folder = parent.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try document(rows: [Self.firstRow]).write(to: folder.appendingPathComponent("hangs.xml"), atomically: true, encoding: .utf8)
        try document(schema: "other", rows: [Self.firstRow]).write(to: folder.appendingPathComponent("other.xml"), atomically: true, encoding: .utf8)
        let walk = try DirectoryWalk.walk(parent.path)
        XCTAssertEqual(walk.files, [folder.path])
        let item = try XCTUnwrap(imported(try Importer(database: db).importFile(folder.path)))
        XCTAssertEqual(item.label, "run")
        XCTAssertEqual(item[count: "tables"], 2)
        XCTAssertEqual(item[count: "documents"], 2)
        // Each document's ids are its own: the same ids in both files are two values each.
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM xctrace_values WHERE tag = 'process'")?.intValue, 2)
        // An error names the member file.
        try document(rows: ["<bad"]).write(to: folder.appendingPathComponent("z.xml"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Importer(database: db).importFile(folder.path, options: ImportOptions(label: "again"))) { error in
            XCTAssertTrue("\(error)".contains("z.xml: byte "), "\(error)")
        }
        // A folder with anything else in it is walked as before.
        try "hello".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try DirectoryWalk.walk(parent.path).files.count, 4)
    }

    /// More rows, values, children and toc tables than one batch to the writer thread holds
    /// (`XctraceBatch`'s limits), a table's head and end in other batches than most of its
    /// rows: every record is stored, each in its table.
    func testRecordsSpanningManyBatchesAreAllStored() throws {
        let n = XctraceBatch.maxRows * 2 + 7
        var rows = [Self.firstRow]
        for i in 1..<n {
            // Four new values a row (a start, a hang type, a thread and its tid), refs to the first row's.
            let id = 4 * i + 4
            rows.append(#"<start-time id="\#(id)">\#(1000 + i)</start-time><duration ref="2"/><hang-type id="\#(id + 1)">H\#(i)</hang-type>"#
                        + #"<thread id="\#(id + 2)" fmt="t"><tid id="\#(id + 3)">\#(i)</tid><process ref="6"/></thread><process ref="6"/>"#)
        }
        let tables = XctraceBatch.maxMarks + 5
        let toc = "<?xml version=\"1.0\"?>\n<trace-toc><run number=\"1\"><data>"
            + (0..<tables).map { "<table schema=\"t\($0)\"/>" }.joined() + "</data></run></trace-toc>\n"
        let folder = dir.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try toc.write(to: folder.appendingPathComponent("a-toc.xml"), atomically: true, encoding: .utf8)
        try document(rows: rows).write(to: folder.appendingPathComponent("b-hangs.xml"), atomically: true, encoding: .utf8)
        let item = try XCTUnwrap(imported(try Importer(database: db).importFile(folder.path)))
        XCTAssertEqual(item[count: "rows"], n)
        XCTAssertGreaterThan(4 * n, XctraceBatch.maxValues)
        XCTAssertGreaterThan(2 * n, XctraceBatch.maxChildren)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM xctrace_toc_tables")?.intValue, Int64(tables))
        XCTAssertEqual(try db.scalar("SELECT row_count FROM xctrace_tables WHERE schema = 'potential-hangs'")?.intValue, Int64(n))
        let sums = try db.rows("SELECT count(*), sum(start_ns), count(DISTINCT hang_type), sum(thread_id), count(process) FROM xctrace_hangs")
        let starts = 597113458 + (1..<n).reduce(0) { $0 + 1000 + $1 }
        XCTAssertEqual(sums.first?.map(\.description), ["\(n)", "\(starts)", "\(n)", "\(1 + (1..<n).reduce(0, +))", "\(n)"])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM xctrace_values")?.intValue, Int64(7 + 4 * (n - 1)))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM xctrace_children")?.intValue, Int64(3 + 2 * (n - 1)))
    }

    func testDeleteRemovesEveryRow() throws {
        try importText(document(rows: [Self.firstRow]))
        try importText(document(rows: [Self.firstRow.replacingOccurrences(of: "597113458", with: "1")]), name: "other.xml")
        let before = try db.scalar("SELECT count(*) FROM xctrace_values")!.intValue!
        XCTAssertEqual(try Catalog.delete(labels: ["hangs"], in: db), ["hangs"])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM xctrace_values")?.intValue, before / 2)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM xctrace_hangs")?.intValue, 1)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM xctrace_children c LEFT JOIN xctrace_values v ON v.id = c.parent_id WHERE v.id IS NULL")?.intValue, 0)
    }

    /// The reader puts each known mnemonic in its slot, whatever the column order, and the
    /// views read the slots of their schema's mnemonics (one declaration: a view column
    /// naming a mnemonic its schema lacks would not be written).
    func testTheViewsReadTheSlotsTheReaderWrites() throws {
        for schema in XctraceSchemas.known {
            XCTAssertEqual(Set(schema.slots).count, schema.slots.count, schema.name)
            XCTAssertTrue(Set(schema.required).isSubset(of: schema.slots), schema.name)
            XCTAssertTrue(schema.viewSQL(frameworks: "()").contains("LEFT JOIN xctrace_values v\(schema.slots.count - 1) "), schema.name)
        }
        for (schema, mnemonics) in XctraceSchemas.slots {
            XCTAssertEqual(XctraceSchemas.slots(schema: schema, mnemonics: mnemonics.reversed()), Array(mnemonics.indices).reversed())
        }
        XCTAssertEqual(XctraceSchemas.slots(schema: "hitches", mnemonics: ["new", "start"]), [8, 0])
    }

    // MARK: Samples

    struct Expected: Decodable {
        struct Views: Decodable { var count: Int; var duration_ns: Int; var is_app: Bool }
        struct Window: Decodable { var start_ns: Int; var duration_ns: Int; var body_updates_by_view: [String: Views] }
        struct Recording: Decodable {
            var updates: Int
            var body_updates_by_view: [String: Views]
            var hitches: [Window]?
            var hangs: [Window]?
        }
        var recordings: [String: Recording]
    }

    func testTheSamplesGiveTheScriptsNumbers() throws {
        let folder = TestPaths.sampleArchives.appendingPathComponent("xctrace")
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
        let importer = Importer(database: db)
        for path in try DirectoryWalk.walk(folder.path).files where !path.hasSuffix(".json") { _ = try importer.importFile(path) }
        XCTAssertEqual(Set(try db.rows("SELECT label FROM xctrace_recordings").map(\.[0].description)), Set(expected.recordings.keys))
        for (label, recording) in expected.recordings {
            let id = try XCTUnwrap(db.scalar("SELECT id FROM xctrace_recordings WHERE label = ?1", [.text(label)])?.intValue)
            XCTAssertEqual(try db.scalar("SELECT count(*) FROM xctrace_updates WHERE recording_id = ?1", [.integer(id)])?.intValue, Int64(recording.updates))
            try assertViews(recording.body_updates_by_view, id: id, window: nil, label)
            for w in (recording.hitches ?? []) + (recording.hangs ?? []) {
                try assertViews(w.body_updates_by_view, id: id, window: (w.start_ns, w.duration_ns), label)
            }
            if let hitches = recording.hitches {
                let stored = try db.rows("SELECT start_ns, duration_ns FROM xctrace_hitches WHERE recording_id = ?1 ORDER BY position", [.integer(id)])
                XCTAssertEqual(stored.map { [$0[0].intValue!, $0[1].intValue!] }, hitches.map { [Int64($0.start_ns), Int64($0.duration_ns)] })
            }
        }
        // Xcode 26's layout has no downstream columns: NULL, not 0.
        XCTAssertEqual(try db.scalar("SELECT count(downstream_cost_ns) FROM xctrace_updates u JOIN xctrace_recordings r ON r.id = u.recording_id WHERE r.label = 'updates-xcode26'")?.intValue, 0)
        XCTAssertEqual(try db.scalar("SELECT template FROM xctrace_recordings WHERE label = 'feed-before'")?.description, "SwiftUI")
    }

    private func assertViews(_ views: [String: Expected.Views], id: Int64, window: (Int, Int)?, _ label: String) throws {
        var sql = "SELECT view, count(*), sum(duration_ns), min(is_app) FROM xctrace_updates WHERE recording_id = ?1 AND update_type = 'View Body Updates'"
        var values: [SQLValue] = [.integer(id)]
        if let window {
            sql += " AND start_ns >= ?2 AND start_ns < ?3"
            values += [.integer(Int64(window.0)), .integer(Int64(window.0 + window.1))]
        }
        let rows = try db.rows(sql + " GROUP BY view ORDER BY view", values)
        XCTAssertEqual(rows.map { $0.map(\.description) },
                       views.sorted { $0.key < $1.key }.map { [$0.key, "\($0.value.count)", "\($0.value.duration_ns)", $0.value.is_app ? "1" : "0"] },
                       "\(label) \(window.map { "\($0)" } ?? "")")
    }

    // MARK: Real exports (../shared/real-xctrace)

    func testEveryRealExportImportsWithItsREADMECounts() throws {
        let tables: [(String, String, Int, Int, Int, Int64?)] = [  // file, schema, columns, rows, sentinels, duration/weight sum
            ("time-profile-xcode26.xml", "time-profile", 7, 85, 0, 85000000),
            ("cpu-profile-xcode26.xml", "cpu-profile", 7, 322, 0, 321197972),
            ("time-sample-macos26.xml", "time-sample", 7, 39, 41, nil),
            ("potential-hangs-one.xml", "potential-hangs", 5, 1, 0, 2075111540),
            ("potential-hangs-xcode27.xml", "potential-hangs", 5, 23, 0, 2201722876),
            ("hitches-xcode27.xml", "hitches", 8, 11, 0, 616666828),
            ("runloop-intervals-xcode27.xml", "runloop-intervals", 18, 12, 40, 219169292),
            ("signpost-intervals.xml", "os-signpost-interval", 18, 50, 136, 680534832),
        ]
        for (file, schema, columns, rows, sentinels, sum) in tables {
            let path = try TestPaths.sharedFile("real-xctrace/" + file)
            _ = try Importer(database: db).importFile(path)
            let label = String(file.dropLast(4))
            let row = try XCTUnwrap(db.rows("""
                SELECT t.schema, (SELECT count(*) FROM xctrace_columns c WHERE c.table_id = t.id), t.row_count, t.sentinel_count,
                       (SELECT count(*) FROM xctrace_rows r WHERE r.table_id = t.id),
                       (SELECT sum(number) FROM xctrace_cells c WHERE c.table_id = t.id AND c.mnemonic IN ('duration', 'weight'))
                FROM xctrace_tables t JOIN xctrace_recordings r ON r.id = t.recording_id WHERE r.label = ?1
                """, [.text(label)]).first)
            XCTAssertEqual(row.map(\.description), [schema, "\(columns)", "\(rows)", "\(sentinels)", "\(rows)", sum.map { "\($0)" } ?? ""], file)
        }
        XCTAssertEqual(try db.scalar("SELECT sum(h.duration_ns) FROM xctrace_hangs h JOIN xctrace_recordings r ON r.id = h.recording_id WHERE r.label = 'potential-hangs-one' AND hang_type = 'Severe Hang'")?.intValue, 2075111540)
        XCTAssertEqual(try db.scalar("SELECT sum(weight_ns) FROM xctrace_time_profile")?.intValue, 85000000)
        XCTAssertGreaterThan(try db.scalar("SELECT count(*) FROM xctrace_frames f JOIN xctrace_time_profile p ON p.backtrace_id = f.backtrace_id WHERE f.binary_name IS NOT NULL")?.intValue ?? 0, 85)

        let tocs: [(String, String, String, Int)] = [
            ("time-profiler-toc-macos26.xml", "Time Profiler", "16.0 (17E192)", 40),
            ("hangs-toc.xml", "Blank", "26.0 (17C529)", 29),
            ("mixed-toc.xml", "MixedProfile", "14.3.1 (14E300c)", 23),
        ]
        for (file, template, version, count) in tocs {
            _ = try Importer(database: db).importFile(try TestPaths.sharedFile("real-xctrace/" + file))
            let row = try XCTUnwrap(db.rows("""
                SELECT template, instruments_version, (SELECT count(*) FROM xctrace_toc_tables t WHERE t.recording_id = r.id AND t.run = 1)
                FROM xctrace_recordings r WHERE label = ?1
                """, [.text(String(file.dropLast(4)))]).first)
            XCTAssertEqual(row.map(\.description), [template, version, "\(count)"], file)
        }
        XCTAssertEqual(try db.scalar("SELECT os_version FROM xctrace_recordings WHERE label = 'time-profiler-toc-macos26'")?.description, "26.4 (25E246)")
    }
}
