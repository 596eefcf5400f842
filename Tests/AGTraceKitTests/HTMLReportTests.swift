import Foundation
import XCTest
@testable import AGTraceKit

/// `export html`: the page is self-contained, small, and every input string is inert text.
/// (The page is also loaded in a real browser: Tests/AGTraceCLITests/BrowserTests.swift.)
final class HTMLReportTests: XCTestCase {
    func page(_ f: ReportFixture, _ inputs: HTMLReport.Inputs, graphviz: Graphviz? = Graphviz.find(),
              configure: (inout HTMLReport.Options) -> Void = { _ in }) throws -> String {
        var options = HTMLReport.Options(generator: "agtrace test", madeAt: "2026-01-01T00:00:00Z", graphviz: graphviz)
        configure(&options)
        let sink = StringSink()
        try HTMLReport.write(inputs, options: options, in: f.db, to: sink)
        return sink.text
    }

    func testEscaping() {
        XCTAssertEqual(HTMLText.escape("<img src=x onerror='a(\"1\")'>&amp;"),
                       "&lt;img src=x onerror=&apos;a(&quot;1&quot;)&apos;&gt;&amp;amp;")
        XCTAssertEqual(HTMLText.escape("a\u{1}b\u{1B}c\nd"), "a\\u0001b\\u001Bc&#10;d")
        XCTAssertEqual(HTMLText.scriptJSON(JSONText.quote("</script><!--\u{2028}\u{2029}&")),
                       "\"\\u003c/script\\u003e\\u003c!--\\u2028\\u2029\\u0026\"")
    }

    /// What the issue lists, on the samples: sections, names, counts; no network reference.
    func testSamplesPage() throws {
        let f = try ReportFixture()
        _ = try Importer(database: f.db).importFile(ReportFixture.sampleArchives.appendingPathComponent("transcripts/trip-frame-info.lldb.log").path)
        let html = try page(f, HTMLReport.Inputs(["snapshot": "trip-3-after-invalidate", "run": "trip-frame-info"], compare: ("trip-1-before", "trip-3-after-invalidate")))
        for id in ["inputs", "work", "writes", "finder-section", "compare"] { XCTAssertTrue(html.contains("<section id=\"\(id)\">"), id) }
        XCTAssertTrue(html.contains("DynamicBody&lt;ViewBodyAccessor&lt;Trip&gt;&gt;"))
        XCTAssertTrue(html.contains("Made by agtrace test at 2026-01-01T00:00:00Z"))
        // Cause -> effect: the first write (3032, nights) marked five nodes and caused the
        // Trip body (3152, named by its view) and its Text (3216) to rerun.
        XCTAssertTrue(html.contains("write 1: 3032 Trip — hit 13, line 40"))
        XCTAssertTrue(html.contains("<b>reran (caused by this write) (2): </b><span class=\"chip\">3152 Trip</span><span class=\"chip\">3216 Text</span>"))
        XCTAssertTrue(html.contains("<b>marked (5): </b>"))
        try assertSelfContained(html)
        let data = try dataBlock(html)
        let tables = data["tables"] as! [String: [String: Any]]
        let updates = tables.values.first { ($0["columns"] as? [String]) == ["attribute", "view", "rule", "updates"] }
        XCTAssertEqual((updates?["rows"] as? [[Any]])?.first?[0] as? Int, 3152)
        XCTAssertEqual((updates?["rows"] as? [[Any]])?.first?[3] as? Int, 4)
        let finder = data["finder"] as! [String: Any]
        XCTAssertEqual((finder["nodes"] as? [Any])?.count, 16)
        XCTAssertEqual((finder["edges"] as? [Any])?.count, 22)
        XCTAssertEqual(finder["start"] as? Int, 3152)  // the body node is pictured first
        let changed = tables.values.first { ($0["columns"] as? [String]) == SnapshotDiff.detailColumns }
        XCTAssertEqual((changed?["rows"] as? [[Any]])?.count, 5)  // five nodes turned dirty
        XCTAssertEqual((changed?["rows"] as? [[Any]])?.first?[3] as? String, "Trip")  // named by view
        if Graphviz.find() != nil { XCTAssertTrue(html.contains("<div class=\"picture\"><svg")) }
    }

    /// A trace: its own timings per rule and its writes with the evaluations they caused.
    func testTracePage() throws {
        let f = try ReportFixture(samples: false)
        _ = try Importer(database: f.db).importFile(ReportFixture.sampleArchives.appendingPathComponent("traces/trip-taps.ag-trace").path)
        let html = try page(f, HTMLReport.Inputs(["trace": "trip-taps"]))
        try assertSelfContained(html)
        XCTAssertTrue(html.contains("<section id=\"writes\">"))
        XCTAssertTrue(html.contains("self time by view (else rule)"))
        let writes = try f.db.scalar("SELECT count(*) FROM trace_writes")?.intValue ?? -1
        XCTAssertEqual(html.components(separatedBy: "<div class=\"write\">").count - 1, Int(writes))
        XCTAssertTrue(html.contains("write 1: 536 _External — event 33"))
        XCTAssertTrue(html.contains("<b>reran and changed (caused by this write) (3): </b>"))
        XCTAssertTrue(html.contains("<b>reran, unchanged (2): </b>"), "favorite's write: the body and text rerun unchanged")
    }

    /// The feed trace: each write lists the nodes its NodeSetDirty events name, by view, and its
    /// picture reaches the rows from the selection through the indirect node between them.
    func testTracePageListsTheMarkedNodesAndFollowsIndirectNodes() throws {
        let f = try ReportFixture(samples: false)
        _ = try Importer(database: f.db).importFile(ReportFixture.sampleArchives.appendingPathComponent("traces/feed-select.ag-trace").path)
        let page = HTMLPage()
        try HTMLSections.writes(page, db: f.db, trace: try LabelLookup.traceId("feed-select", in: f.db),
                                options: HTMLReport.Options(generator: "t", madeAt: "now", graphviz: nil))
        let html = page.body
        XCTAssertTrue(html.contains("<b>marked (9): </b>"), html)
        XCTAssertTrue(html.contains("<b>marked (9): </b><span class=\"chip reran\">1552 FeedRow</span><span class=\"chip reran\">2064 FeedRow</span>"),
                      "grouped by view: the rows first")
        XCTAssertTrue(html.contains("marked by view: FeedRow 4, (no view) 5"), html)
        XCTAssertTrue(html.contains("<b>reran and changed (caused by this write) (5): </b>"), html)
        XCTAssertTrue(html.contains("<b>reran, unchanged (4): </b>"), html)
        XCTAssertTrue(html.contains("marked by view: FeedRow 4, FeedView 1, (no view) 5"), html)
        // The first write's picture: the selection 536 -> each row (the indirect node 1089 passed through).
        let first = try XCTUnwrap(page.pictures.first)
        for row in [1552, 2064, 2576, 3088] { XCTAssertTrue(first.contains("n536 -> n\(row)"), first) }
        XCTAssertFalse(first.contains("1089"), first)
        // A cut trace's header says how it ended.
        _ = try Importer(database: f.db).importFile(ReportFixture.sampleArchives.appendingPathComponent("traces/feed-select-cut.ag-trace").path)
        let cutPage = try self.page(f, HTMLReport.Inputs(["trace": "feed-select-cut"]), graphviz: nil)
        XCTAssertTrue(cutPage.contains("no EndTrace"), "the header's facts")
    }

    /// A run named through a snapshot that lacks some of its attributes: said in the page and returned for stderr.
    func testRunWithAPartlyMatchingSnapshotWarns() throws {
        let f = try ReportFixture()
        try f.run("r", [(.update, 3152, nil), (.update, 999_996, nil)])
        var options = HTMLReport.Options(generator: "t", madeAt: "now", graphviz: nil)
        options.tableRows = 10
        let sink = StringSink()
        let warnings = try HTMLReport.write(HTMLReport.Inputs(["snapshot": "trip-1-before", "run": "r"]), options: options, in: f.db, to: sink)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("1 of 2 attributes"), warnings[0])
        XCTAssertTrue(sink.text.contains("Warning: 1 of 2 attributes"))
    }

    func testWithoutGraphvizListsAndSaysHowToGetPictures() throws {
        let f = try ReportFixture()
        let html = try page(f, HTMLReport.Inputs(["snapshot": "planner-profiled"]), graphviz: nil)
        XCTAssertFalse(html.contains("<div class=\"picture\">"))
        XCTAssertTrue(html.contains("apt-get install graphviz"))
        XCTAssertTrue(html.contains("time by rule"))  // a profiled snapshot: time per rule
        let tables = try dataBlock(html)["tables"] as! [String: [String: Any]]
        let byView = tables.values.first { ($0["columns"] as? [String])?.first == "view" }
        XCTAssertEqual((byView?["rows"] as? [[Any]])?.first?[0] as? String, "Editor")  // report updates --by view
        XCTAssertEqual((byView?["rows"] as? [[Any]])?.first?[1] as? Int, 6)
        try assertSelfContained(html)
    }

    /// Labels, rules, values, descriptions full of markup: none of it becomes markup.
    func testHostileStringsStayText() throws {
        let f = try ReportFixture(samples: false)
        let hostile = HTMLReportTests.hostile
        try archive(f, hostile, ArchiveJSON.document([
            ArchiveJSON.Graph(id: 1, types: [hostile, "B<" + hostile + ">"], nodes: [(4, hostile, 1, hostile), (8, "B<" + hostile + ">", 0, hostile)],
                              edges: [(4, 8, nil, 8)]),
        ]))
        try f.archive("other", ArchiveJSON.document([
            ArchiveJSON.Graph(id: 1, types: [hostile], nodes: [(4, hostile, 0, "x")], edges: []),
        ]))
        try f.run("r" + hostile, [(.update, 4, nil), (.invalidate, 8, nil), (.update, 8, nil)])
        let html = try page(f, HTMLReport.Inputs(["snapshot": hostile, "run": "r" + hostile], compare: (hostile, "other")))
        try assertSelfContained(html)
        XCTAssertFalse(html.contains("<img"))
        XCTAssertFalse(html.contains("<script>document"))
        XCTAssertEqual(html.components(separatedBy: "</script>").count - 1, 3)  // the page's own three scripts
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 3)
        let scripts = html.components(separatedBy: "<script").dropFirst().map { $0.components(separatedBy: "</script>")[0] }
        XCTAssertFalse(scripts.contains { $0.contains("\u{2028}") || $0.contains("\u{2029}") || $0.contains("<!--") })
        // The data block gives the strings back exactly.
        let data = try dataBlock(html)
        XCTAssertTrue(((data["finder"] as? [String: Any])?["rules"] as? [String])?.contains(hostile) ?? false)
    }

    /// A 10k-node snapshot stays well under 5 MB; past the finder's bounds the page says what
    /// it left out.
    func testSizeBoundsAndLeftOutNotes() throws {
        let f = try ReportFixture(samples: false)
        let n = 10_000
        let types = (0..<50).map { "DynamicBody<ViewBodyAccessor<View\($0)>>" } + ["External<()>"]
        let nodes = (0..<n).map { i in (attribute: 4 * (i + 1), rule: types[i % types.count], flags: i % 7 == 0 ? 1 : 0,
                                        value: Optional("Text(\"value \(i) " + String(repeating: "x", count: 40) + "\")")) }
        var edges: [(src: Int, dst: Int, offset: Int?, flags: Int)] = []
        for i in 1..<n { edges.append((4 * ((i - 1) / 2 + 1), 4 * (i + 1), nil, i % 5 == 0 ? 8 : 0)) }
        try f.archive("big", ArchiveJSON.document([ArchiveJSON.Graph(id: 1, types: types, nodes: nodes, edges: edges)]))
        try f.archive("big2", ArchiveJSON.document([ArchiveJSON.Graph(id: 1, types: types, nodes: nodes.map { var m = $0; m.flags = 0; return m }, edges: edges)]))
        let html = try page(f, HTMLReport.Inputs(["snapshot": "big"], compare: ("big", "big2")))
        XCTAssertLessThan(html.utf8.count, 5_000_000)
        try assertSelfContained(html)
        XCTAssertEqual(((try dataBlock(html)["finder"] as? [String: Any])?["nodes"] as? [Any])?.count, n)
        let small = try page(f, HTMLReport.Inputs(["snapshot": "big"]), graphviz: nil) { $0.finderNodes = 500; $0.tableRows = 10 }
        XCTAssertTrue(small.contains("to keep the page small the finder holds"))
        XCTAssertLessThanOrEqual(((try dataBlock(small)["finder"] as? [String: Any])?["nodes"] as? [Any])?.count ?? 0, 500 + 24)
        let cut = try page(f, HTMLReport.Inputs(compare: ("big", "big2")), graphviz: nil) { $0.tableRows = 10 }
        XCTAssertTrue(cut.contains("10 of 1429 rows are in this page"))  // every 7th node lost its dirty bit (diff --details)
    }

    /// Imports an archive under a label that may hold any character (the file gets a plain name).
    func archive(_ f: ReportFixture, _ label: String, _ json: String) throws {
        let url = f.directory.appendingPathComponent("hostile-\(UUID().uuidString).ag-json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        _ = try Importer(database: f.db).importFile(url.path, options: ImportOptions(label: label))
    }

    static let hostile = "</script><script>document.documentElement.setAttribute('data-pwned','1')</script>"
        + "<img src=x onerror=alert(1)>\"'&amp;<!--\u{2028}\u{2029}\u{1}\u{1B}[31m]]>`${x}`"

    /// No http(s) reference except XML namespaces, no external resource of any kind.
    func assertSelfContained(_ html: String, file: StaticString = #filePath, line: UInt = #line) throws {
        var rest = html
        for ns in ["xmlns=\"http://www.w3.org/2000/svg\"", "xmlns:xlink=\"http://www.w3.org/1999/xlink\""] {
            rest = rest.replacingOccurrences(of: ns, with: "")
        }
        XCTAssertFalse(rest.lowercased().contains("http:"), "http reference", file: file, line: line)
        XCTAssertFalse(rest.lowercased().contains("https:"), "https reference", file: file, line: line)
        XCTAssertNil(rest.range(of: "<[a-zA-Z]+[^<>]*\\s(src|href)=\"(?!#)", options: .regularExpression), "external source", file: file, line: line)
        XCTAssertFalse(rest.contains("<link"), "linked resource", file: file, line: line)
    }

    func dataBlock(_ html: String) throws -> [String: Any] {
        let open = "<script type=\"application/json\" id=\"agtrace-data\">"
        guard let start = html.range(of: open), let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex) else {
            throw ReportError("no data block")
        }
        let json = String(html[start.upperBound..<end.lowerBound])
        return try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    }
}
