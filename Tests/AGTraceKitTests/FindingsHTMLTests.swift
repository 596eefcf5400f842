import Foundation
import XCTest
@testable import AGTraceKit

/// `export html` opens with "What to fix": the findings of the recordings the page shows.
final class FindingsHTMLTests: DatabaseTestCase {
    func page(_ inputs: HTMLReport.Inputs) throws -> String {
        let sink = StringSink()
        try HTMLReport.write(inputs, options: HTMLReport.Options(generator: "agtrace test", madeAt: "now", graphviz: nil), in: db, to: sink)
        return sink.text
    }

    func testWhatToFixComesFirst() throws {
        var options = ImportOptions(label: "broad")
        _ = try Importer(database: db).importItem(TestPaths.sample("findings/traces/broad-write.ag-trace"), options: options)
        options = ImportOptions(label: "lean")
        _ = try Importer(database: db).importItem(TestPaths.sample("findings/traces/broad-write-lean.ag-trace"), options: options)
        let html = try page(HTMLReport.Inputs(["trace": "broad"]))
        let fix = try XCTUnwrap(html.range(of: "<section id=\"fix\"><h2>What to fix</h2>"))
        let inputs = try XCTUnwrap(html.range(of: "<section id=\"inputs\">"))
        XCTAssertLessThan(fix.lowerBound, inputs.lowerBound)
        XCTAssertTrue(html.contains("<a href=\"#fix\">What to fix</a>"))
        XCTAssertTrue(html.contains("Broad invalidation"))
        XCTAssertTrue(html.contains("Wasted body runs</strong> — <code>FeedRow</code>"))
        XCTAssertTrue(html.contains("(docs/findings.md, broad-invalidation)"))
        XCTAssertFalse(html.contains("https://"), "the page makes no network reference")
        let lean = try page(HTMLReport.Inputs(["trace": "lean"]))
        XCTAssertTrue(lean.contains("No findings: none of the kinds"))
    }

    /// The findings, and a run's replay, are worked out on a second connection while the
    /// sections are, and put in their place: the page is the one a single connection makes (an
    /// in-memory copy of the database, which has no second one).
    func testThePageIsTheSameWhenTheFindingsAreWorkedOutMeanwhile() throws {
        let f = try ReportFixture()
        _ = try Importer(database: f.db).importItem(TestPaths.sample("findings/traces/broad-write.ag-trace"), options: ImportOptions(label: "broad"))
        _ = try Importer(database: f.db).importItem(TestPaths.sample("transcripts/trip-frame-info.lldb.log"), options: ImportOptions(label: "taps"))
        let inputs = HTMLReport.Inputs(["trace": "broad", "run": "taps", "snapshot": "trip-3-after-invalidate"],
                                       compare: ("trip-1-before", "trip-4-after-body"))
        func page(_ db: Database) throws -> String {
            let sink = StringSink()
            try HTMLReport.write(inputs, options: HTMLReport.Options(generator: "agtrace test", madeAt: "now", graphviz: nil), in: db, to: sink)
            return sink.text
        }
        let html = try page(f.db)
        XCTAssertEqual(try page(f.memoryCopy()), html)
        XCTAssertFalse(html.contains("<!--slot:"))
        let fix = try XCTUnwrap(html.range(of: "<section id=\"fix\"><h2>What to fix</h2>"))
        XCTAssertLessThan(fix.lowerBound, try XCTUnwrap(html.range(of: "<section id=\"inputs\">")).lowerBound)
        XCTAssertTrue(html.contains("Broad invalidation"))
        XCTAssertTrue(html.contains("<section id=\"writes\">"))
    }

    func testASlotKeepsItsPlace() {
        let page = HTMLPage()
        page.html("<a>")
        let first = page.slot()
        page.text("<b>")
        let second = page.slot()
        page.fill(slot: second, with: "<i>2</i>")
        page.fill(slot: first, with: "<i>1</i>")
        XCTAssertEqual(page.body, "<a><i>1</i>&lt;b&gt;<i>2</i>")
    }
}
