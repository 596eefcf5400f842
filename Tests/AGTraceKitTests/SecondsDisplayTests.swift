import Foundation
import XCTest
@testable import AGTraceKit

/// Seconds read one way for people, as `rule-cost` shows them (27.5 µs, 3.91 ms), in every
/// human format: `updates --snapshot` tables and markdown, and the HTML page's tables; csv
/// and json keep the exact value.
final class SecondsDisplayTests: XCTestCase {
    func run(_ f: ReportFixture, _ format: OutputFormat, by: String? = nil) throws -> String {
        let sink = StringSink()
        _ = try ReportRunner.run(ReportRequest(name: "updates", options: ["snapshot": "planner-profiled"], by: by),
                                 in: f.db, writer: RowWriter(format: format, out: sink))
        return sink.text
    }

    func testUpdatesOverASnapshotShowSecondsForPeople() throws {
        let f = try ReportFixture()
        // The Editors' 12.5 and 15 µs, per attribute and summed per rule and view.
        for (by, shown, exact) in [(nil, "12.5 µs", "1.25e-05"), ("rule", "27.5 µs", "2.75e-05"), ("view", "27.5 µs", "2.75e-05")] {
            let table = try run(f, .table, by: by)
            XCTAssertTrue(table.contains(shown), "\(by ?? "attribute"):\n\(table)")
            XCTAssertFalse(table.contains("e-0"), table)
            XCTAssertTrue(try run(f, .markdown, by: by).contains(" \(shown) |"), by ?? "attribute")
            XCTAssertTrue(try run(f, .csv, by: by).contains(exact), by ?? "attribute")
            XCTAssertTrue(try run(f, .json, by: by).contains("\"total_seconds\": \(exact)"), by ?? "attribute")
        }
        XCTAssertTrue(try run(f, .table, by: "view").contains("Editor     6        3        2      27.5 µs\n"))
    }

    /// The page's tables: a seconds cell holds the exact number (sorted by it) and the text
    /// the reports show.
    func testHTMLTablesShowSecondsForPeople() throws {
        let f = try ReportFixture()
        _ = try Importer(database: f.db).importFile(ReportFixture.sampleArchives.appendingPathComponent("traces/trip-taps.ag-trace").path)
        let options = HTMLReport.Options(generator: "agtrace test", madeAt: "2026-01-01T00:00:00Z", graphviz: nil)
        let sink = StringSink()
        try HTMLReport.write(HTMLReport.Inputs(["snapshot": "planner-profiled", "trace": "trip-taps"]), options: options, in: f.db, to: sink)
        let html = sink.text
        XCTAssertTrue(html.contains("[\"RootDisplayList\",4,{\"v\": 0.0002, \"s\": \"200 µs\"}]"), "snapshot's updates per rule")
        XCTAssertTrue(html.contains("[\"TripView\",3,{\"v\": 0.013671875, \"s\": \"13.7 ms\"},{\"v\": 0.013671875, \"s\": \"13.7 ms\"}]"), "trace's evaluations")
        XCTAssertTrue(html.contains("else if (typeof v === 'object') { td.className = 'num'; td.textContent = v.s; td.title = String(v.v); }"))
        XCTAssertFalse(html.contains(",2.75e-05"), "no bare seconds in a table")
        // The bar charts' values too.
        XCTAssertTrue(html.contains("<title>TripView: 13.7 ms</title>"), "self time by view")
        XCTAssertTrue(html.contains("<title>RootDisplayList: 200 µs</title>"), "time by rule")
    }

    /// One evaluation the trace cannot time (no end): the page's seconds for that attribute
    /// and its view are unknown, not the sum of the others.
    func testHTMLSecondsOfAPartlyTimedAttributeAreUnknown() throws {
        let f = try ReportFixture(samples: false)
        _ = try Importer(database: f.db).importFile(ReportFixture.sampleArchives.appendingPathComponent("traces/trip-taps.ag-trace").path)
        try f.db.execute("""
            UPDATE trace_update_rows SET duration = NULL, self_duration = NULL
            WHERE attribute = 1048 AND begin_seq = (SELECT min(begin_seq) FROM trace_update_rows WHERE attribute = 1048)
            """)
        let options = HTMLReport.Options(generator: "agtrace test", madeAt: "2026-01-01T00:00:00Z", graphviz: nil)
        let sink = StringSink()
        try HTMLReport.write(HTMLReport.Inputs(["trace": "trip-taps"]), options: options, in: f.db, to: sink)
        XCTAssertTrue(sink.text.contains("[\"TripView\",3,null,null]"), "per view")
        XCTAssertTrue(sink.text.contains("[1048,\"TripView\",\"StaticBody\\u003cViewBodyAccessor\\u003cTripView\\u003e, MainThreadFlags\\u003e\",3,null,null]"), "per attribute")
        XCTAssertTrue(sink.text.contains("[\"TextRule\",3,{\"v\": 0.0205078125, \"s\": \"20.5 ms\"},"), "the others are timed")
    }
}
