import Foundation
import XCTest
@testable import AGTraceKit

/// The reports over an Instruments recording (`--xctrace R`), on a small export written here to
/// the documented layout (../shared/formats/xctrace-export.md: Xcode 27's 18 columns of
/// swiftui-updates, read by mnemonic), whose numbers are worked out by hand below: two
/// FeedRow body updates of 50 and 90 ms, one SwiftUI update of 5 ms, one cause edge from
/// @AppStorage, a 216 ms hitch over them, a 16 ms hitch over nothing, a 300 ms hang.
final class XctraceReportTests: XCTestCase {
    var directory: URL!
    var db: Database!

    override func setUpWithError() throws {
        directory = makeTemporaryDirectory("agtrace-xctrace-tests")
        db = try DatabaseOpener.open(directory.appendingPathComponent("t.db").path, mode: .write)
        let folder = directory.appendingPathComponent("feed")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in XctraceSample.tables {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        _ = try Importer(database: db).importFile(folder.path, options: ImportOptions(label: "feed"))
    }

    override func tearDownWithError() throws {
        db = nil
        try? FileManager.default.removeItem(at: directory)
    }

    func report(_ name: String, by: String? = nil, flags: Set<String> = []) throws -> [[String: SQLValue]] {
        let r = try ReportRunner.rows(ReportRequest(name: name, options: ["xctrace": "feed"], by: by, flags: flags), in: db)
        return r.rows.map { Dictionary(uniqueKeysWithValues: zip(r.columns, $0)) }
    }

    func testUpdatesByViewSumTheOwnTimeOfEachView() throws {
        let rows = try report("updates", by: "view")
        XCTAssertEqual(rows.map { $0["view"]?.stringValue }, ["FeedRow", "DynamicContainerInfo<DynamicLayoutViewAdaptor>"])
        XCTAssertEqual(rows[0]["body_updates"], .integer(2))
        XCTAssertEqual(rows[0]["updates"], .integer(2))
        XCTAssertEqual(try XCTUnwrap(rows[0]["own_seconds"]?.doubleValue), 0.140, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(rows[0]["downstream_seconds"]?.doubleValue), 0.012, accuracy: 1e-12)
        XCTAssertEqual(rows[1]["body_updates"], .integer(0))
        // A sentinel downstream-cost is unknown: the sum is empty, never 0.
        XCTAssertEqual(rows[1]["downstream_seconds"], .null)
        // --app-only leaves SwiftUI's own update out.
        XCTAssertEqual(try report("updates", by: "view", flags: ["app-only"]).map { $0["view"]?.stringValue }, ["FeedRow"])
    }

    /// A table the export left out, or a column its layout has not, is said on stderr beside the rows.
    func testNotesSayWhatTheRecordingLeavesOut() throws {
        let notes = try ReportRunner.run(ReportRequest(name: "updates", options: ["xctrace": "feed"], by: "view"), in: db,
                                         writer: RowCollector()).notes
        XCTAssertEqual(notes, [], "the sample has Xcode 27's 18 columns and every table")
        // The Xcode 26 layout: no downstream-cost column.
        let old = directory.appendingPathComponent("old.xml")
        let columns = XctraceSample.updateColumns.filter { !$0.0.hasPrefix("downstream") }
        try XctraceSample.document("swiftui-updates", columns, [
            "<start-time>5</start-time><duration>7</duration><uint64>1</uint64><string>View Body Updates</string><sentinel/>"
                + "<string>A.body</string><sentinel/><sentinel/><string>App</string><sentinel/><sentinel/><sentinel/><sentinel/>"
                + "<string>Low</string><sentinel/><sentinel/>",
        ]).write(to: old, atomically: true, encoding: .utf8)
        _ = try Importer(database: db).importFile(old.path, options: ImportOptions(label: "old"))
        let r = try ReportRunner.run(ReportRequest(name: "updates", options: ["xctrace": "old"], by: "view"), in: db, writer: RowCollector())
        XCTAssertEqual(r.notes, ["recording 'old''s swiftui-updates has no downstream-cost column (the Xcode 26 layout): downstream seconds are empty, not 0"])
    }

    func testRuleCostHasSelfDownstreamAndP95() throws {
        let rows = try report("rule-cost")
        XCTAssertEqual(rows.map { $0["rule"]?.stringValue }, ["FeedRow.body", "DynamicContainerInfo<DynamicLayoutViewAdaptor>"])
        XCTAssertEqual(try XCTUnwrap(rows[0]["self_seconds"]?.doubleValue), 0.140, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(rows[0]["p95_seconds"]?.doubleValue), 0.090, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(rows[0]["share"]?.doubleValue), 140.0 / 145.0, accuracy: 1e-12)
    }

    func testHitchesSayWhatRanInsideThem() throws {
        let rows = try report("hitches")
        XCTAssertEqual(rows.map { "\($0["kind"]!.description) \($0["position"]!.description) \($0["view"]!.description)" },
                       ["hang 0 FeedRow", "hang 0 DynamicContainerInfo<DynamicLayoutViewAdaptor>",
                        "hitch 0 FeedRow", "hitch 0 DynamicContainerInfo<DynamicLayoutViewAdaptor>", "hitch 1 "])
        XCTAssertEqual(rows[4]["view"], .null)
        let hitch = rows[2]
        // 40..256 ms: the first update (1..51 ms) counts 11 ms of it, the second (60..150 ms) all 90.
        XCTAssertEqual(try XCTUnwrap(hitch["inside_seconds"]?.doubleValue), 0.101, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(hitch["share"]?.doubleValue), 101.0 / 216.0, accuracy: 1e-12)
        XCTAssertEqual(hitch["caused_by"], .text("@AppStorage Settings.showAvatars"))
        XCTAssertEqual(hitch["groups"], .integer(1))
        XCTAssertEqual(hitch["explanation"],
                       .text("216.0 ms hitch at 0.040 s: 101.0 ms in 2 FeedRow body updates caused by @AppStorage Settings.showAvatars"))
        // The recording has updates: nothing inside the late hitch is a known 0.
        XCTAssertEqual(rows[4]["updates"], .integer(0))
        XCTAssertEqual(rows[4]["share"], .real(0))
    }

    func testWhyListsTheCauseEdgesIntoTheView() throws {
        let log = CommandLog()
        let out = try WhyRunner.run(WhyRequest(start: .view("FeedRow"), xctrace: "feed"), database: db.path,
                                    openDatabase: { self.db }, log: log)
        XCTAssertEqual(out.rows.count, 1)
        let row = Dictionary(uniqueKeysWithValues: zip(out.columns, out.rows[0]))
        XCTAssertEqual(row["source"], .text("@AppStorage Settings.showAvatars"))
        XCTAssertEqual(row["update_position"], .integer(1))
        XCTAssertThrowsError(try WhyRunner.run(WhyRequest(start: .view("Nope"), xctrace: "feed"), database: db.path,
                                               openDatabase: { self.db }, log: log)) {
            XCTAssertTrue("\($0)".contains("no update of view 'Nope'"), "\($0)")
        }
    }

    func testTheGateCountsBodyUpdatesPerView() throws {
        let counts = try UpdateCounts.xctrace("feed", key: .view, withSeconds: true, in: db)
        XCTAssertEqual(counts.entries.keys.sorted(), ["FeedRow"])
        XCTAssertEqual(counts.entries["FeedRow"]?.updates, 2)
        XCTAssertEqual(try XCTUnwrap(counts.entries["FeedRow"]?.seconds), 0.140, accuracy: 1e-12)
        let byRule = try UpdateCounts.xctrace("feed", key: .rule, in: db)
        XCTAssertEqual(byRule.entries.keys.sorted(), ["DynamicContainerInfo<DynamicLayoutViewAdaptor>", "FeedRow.body"])
        XCTAssertThrowsError(try UpdateCounts.xctrace("feed", key: .attribute, in: db)) { XCTAssertEqual("\($0)", "an Instruments recording names no attributes (its updates name views and descriptions): use --key view or --key rule") }
    }

    func testPerfettoDrawsUpdatesHitchesAndCauses() throws {
        let spool = try XctraceSlices.make(in: db, recording: 1, label: "feed")
        let out = StringSink()
        try PerfettoExport.write(spool, to: out)
        let json = try JSONSerialization.jsonObject(with: Data(out.text.utf8)) as! [String: Any]
        let events = json["traceEvents"] as! [[String: Any]]
        let slices = events.filter { $0["ph"] as? String == "X" }
        XCTAssertEqual(slices.filter { $0["cat"] as? String == "update" }.count, 3)
        XCTAssertEqual(slices.filter { $0["cat"] as? String == "hitch" }.count, 2)
        XCTAssertEqual(slices.filter { $0["cat"] as? String == "hang" }.count, 1)
        XCTAssertEqual(events.filter { $0["ph"] as? String == "s" }.count, 1)
        XCTAssertEqual(events.filter { $0["ph"] as? String == "f" }.count, 1)
        let hitch = try XCTUnwrap(slices.first { $0["cat"] as? String == "hitch" })
        XCTAssertEqual(hitch["dur"] as? Double, 216000)
    }

    /// ../shared/real-xctrace: real hitches and hangs, no SwiftUI table: every one is listed,
    /// its update counts and shares empty (unknown), not 0.
    func testRealHitchesAndHangsHaveEmptyShares() throws {
        for (file, windows) in [("hitches-xcode27.xml", 11), ("potential-hangs-xcode27.xml", 23), ("potential-hangs-one.xml", 1)] {
            let path = try TestPaths.sharedFile("real-xctrace/\(file)")
            let label = (file as NSString).deletingPathExtension
            _ = try Importer(database: db).importFile(path, options: ImportOptions(label: label))
            let r = try ReportRunner.rows(ReportRequest(name: "hitches", options: ["xctrace": label]), in: db)
            let rows = r.rows.map { Dictionary(uniqueKeysWithValues: zip(r.columns, $0)) }
            XCTAssertEqual(rows.count, windows, file)
            let notes = try ReportRunner.run(ReportRequest(name: "hitches", options: ["xctrace": label]), in: db, writer: RowCollector()).notes
            XCTAssertEqual(notes.first?.hasPrefix("recording '\(label)' holds no swiftui-updates table: its SwiftUI updates are unknown (empty), not none"),
                           true, "\(notes)")
            for row in rows {
                XCTAssertEqual(row["updates"], .null, file)
                XCTAssertEqual(row["share"], .null, file)
                XCTAssertEqual(row["inside_seconds"], .null, file)
                XCTAssertEqual(row["own_seconds"], .null, file)
                XCTAssertNotEqual(row["duration_seconds"], .null, file)
            }
            // The timeline draws each of them on its track.
            let id = try XCTUnwrap(try db.scalar("SELECT id FROM xctrace_recordings WHERE label = ?1", [.text(label)])?.intValue)
            let out = StringSink()
            try PerfettoExport.write(try XctraceSlices.make(in: db, recording: id, label: label), to: out)
            let events = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])?["traceEvents"] as? [[String: Any]])
            XCTAssertEqual(events.filter { $0["ph"] as? String == "X" }.count, windows, file)
        }
    }
}

/// The export the tests above read: one file per table, as `xctrace export --xpath` writes them.
enum XctraceSample {
    static func document(_ schema: String, _ columns: [(String, String)], _ rows: [String]) -> String {
        var s = "<?xml version=\"1.0\"?>\n<trace-query-result>\n<node xpath='//trace-toc[1]/run[1]/data[1]/table[@schema=\"\(schema)\"]'><schema name=\"\(schema)\">"
        for (mnemonic, type) in columns {
            s += "<col><mnemonic>\(mnemonic)</mnemonic><name>\(mnemonic)</name><engineering-type>\(type)</engineering-type></col>"
        }
        s += "</schema>\n" + rows.map { "<row>\($0)</row>" }.joined(separator: "\n") + "\n</node></trace-query-result>\n"
        return s
    }

    static let updateColumns: [(String, String)] = [
        ("start", "start-time"), ("duration", "duration"), ("id", "uint64"), ("update-type", "string"), ("allocations", "uint64"),
        ("description", "string"), ("category", "string"), ("view-hierarchy", "string"), ("module", "string"), ("view-name", "string"),
        ("process", "process"), ("thread", "thread"), ("root-causes", "string"), ("severity", "string"), ("downstream-cost", "duration"),
        ("downstream-events", "uint64"), ("cause-graph-node", "uint64"), ("full-cause-graph-node", "uint64"),
    ]

    static let tables: [(String, String)] = [
        ("swiftui-updates.xml", document("swiftui-updates", updateColumns, [
            "<start-time id=\"1\" fmt=\"00:00.001\">1000000</start-time><duration id=\"2\" fmt=\"50 ms\">50000000</duration><uint64 id=\"3\">1</uint64>"
                + "<string id=\"4\">View Body Updates</string><sentinel/><string id=\"5\">FeedRow.body</string><string id=\"6\">Update</string>"
                + "<string id=\"7\">FeedView ← FeedRow</string><string id=\"8\">Feed</string><string id=\"9\">[unknown view: created before tracing started?]</string>"
                + "<process id=\"10\" fmt=\"Feed (95121)\"><pid id=\"11\">95121</pid></process>"
                + "<thread id=\"12\" fmt=\"Main Thread 0x6458125 (Feed, pid: 95121)\"><tid id=\"13\">105218341</tid><process ref=\"10\"/></thread>"
                + "<sentinel/><string id=\"14\">High</string><duration id=\"15\">4000000</duration><uint64 id=\"16\">3</uint64><sentinel/><sentinel/>",
            "<start-time id=\"17\">60000000</start-time><duration id=\"18\">90000000</duration><uint64 id=\"19\">2</uint64>"
                + "<string ref=\"4\"/><sentinel/><string ref=\"5\"/><string ref=\"6\"/><string ref=\"7\"/><string ref=\"8\"/><string ref=\"9\"/>"
                + "<process ref=\"10\"/><thread ref=\"12\"/><sentinel/><string ref=\"14\"/><duration id=\"20\">8000000</duration><uint64 ref=\"16\"/><sentinel/><sentinel/>",
            "<start-time id=\"21\">70000000</start-time><duration id=\"22\">5000000</duration><uint64 id=\"23\">3</uint64>"
                + "<string id=\"24\">Other Updates</string><sentinel/><string id=\"25\">DynamicContainerInfo&lt;DynamicLayoutViewAdaptor&gt;</string>"
                + "<string ref=\"6\"/><sentinel/><string id=\"26\">SwiftUI</string><sentinel/>"
                + "<process ref=\"10\"/><thread ref=\"12\"/><sentinel/><string id=\"27\">Low</string><sentinel/><sentinel/><sentinel/><sentinel/>",
        ])),
        ("swiftui-causes.xml", document("swiftui-causes", [
            ("timestamp", "start-time"), ("source-node-event-id", "uint64"), ("source-node", "metadata"), ("destination-node-event-id", "uint64"),
            ("destination-node", "metadata"), ("label", "string"), ("value-type", "string"), ("changed-properties", "string"),
            ("layout-info", "string"), ("process", "process"),
        ], [
            "<start-time id=\"1\">55000000</start-time><uint64 id=\"2\">9</uint64><metadata id=\"3\" fmt=\"@AppStorage Settings.showAvatars\">0</metadata>"
                + "<uint64 id=\"4\">2</uint64><metadata id=\"5\" fmt=\"FeedRow.body\">1</metadata><string id=\"6\">value</string>"
                + "<string id=\"7\">Bool</string><sentinel/><sentinel/><process id=\"8\" fmt=\"Feed (95121)\"><pid id=\"9\">95121</pid></process>",
        ])),
        ("swiftui-update-groups.xml", document("swiftui-update-groups", [
            ("start", "start-time"), ("duration", "duration"), ("label", "string"), ("cause-backtrace", "backtrace"), ("backtrace", "backtrace"),
            ("process", "process"), ("thread", "thread"),
        ], [
            "<start-time id=\"1\">0</start-time><duration id=\"2\">200000000</duration><string id=\"3\">Transaction</string><sentinel/><sentinel/>"
                + "<process id=\"4\" fmt=\"Feed (95121)\"><pid id=\"5\">95121</pid></process><sentinel/>",
        ])),
        ("hitches.xml", document("hitches", [
            ("start", "start-time"), ("duration", "duration"), ("process", "process"), ("is-system", "boolean"), ("swap-id", "uint64"),
            ("label", "string"), ("display", "string"), ("narrative-description", "string"),
        ], [
            "<start-time id=\"1\">40000000</start-time><duration id=\"2\">216000000</duration><process id=\"3\" fmt=\"Feed (95121)\"><pid id=\"4\">95121</pid></process>"
                + "<boolean id=\"5\">0</boolean><uint64 id=\"6\">7</uint64><string id=\"7\">Hitch</string><string id=\"8\">Display 1</string><sentinel/>",
            "<start-time id=\"9\">900000000</start-time><duration id=\"10\">16000000</duration><process ref=\"3\"/>"
                + "<boolean ref=\"5\"/><uint64 id=\"11\">8</uint64><string ref=\"7\"/><string ref=\"8\"/><sentinel/>",
        ])),
        ("potential-hangs.xml", document("potential-hangs", [
            ("start", "start-time"), ("duration", "duration"), ("hang-type", "string"), ("thread", "thread"), ("process", "process"),
        ], [
            "<start-time id=\"1\">0</start-time><duration id=\"2\">300000000</duration><string id=\"3\">Hang</string>"
                + "<thread id=\"4\" fmt=\"Main Thread 0x6458125 (Feed, pid: 95121)\"><tid id=\"5\">105218341</tid><process id=\"6\" fmt=\"Feed (95121)\"><pid id=\"7\">95121</pid></process></thread><process ref=\"6\"/>",
        ])),
    ]
}
