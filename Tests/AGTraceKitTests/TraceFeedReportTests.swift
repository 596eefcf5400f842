import XCTest
@testable import AGTraceKit

/// Walks over the feed sample (`SampleArchives/traces/README.md`): through the indirect node
/// between the selection and the rows, over the graph as each write found it.
final class TraceFeedReportTests: DatabaseTestCase {
    var feed: Int64 = 0
    var cut: Int64 = 0

    override func setUpWithError() throws {
        try super.setUpWithError()
        let importer = Importer(database: db)
        _ = try importer.importItem(TestPaths.sample("traces/feed-select.ag-trace"))
        _ = try importer.importItem(TestPaths.sample("traces/feed-select-cut.ag-trace"))
        feed = try LabelLookup.traceId("feed-select", in: db)
        cut = try LabelLookup.traceId("feed-select-cut", in: db)
    }

    func walked(_ root: Int64, at: Int64?) throws -> [Int64] {
        try TraceWalk.rows(in: db, trace: feed, label: "feed-select", from: root, at: at).map { $0[0].intValue! }
    }

    func marked(_ write: Int64) throws -> [Int64] {
        try db.rows("SELECT attribute FROM trace_marks WHERE trace_id = ?1 AND write_seq = ?2", [.integer(feed), .integer(write)])
            .map { $0[0].intValue! }
    }

    func testWalkFollowsTheIndirectNodeToTheRowsItFeeds() throws {
        // The rows read 1089, an indirect node whose source is the selection (536): the walk
        // passes through it (it is not marked, so it is no row) and reaches what the write marked.
        let rows = try TraceWalk.rows(in: db, trace: feed, label: "feed-select", from: 536, at: 71)
        XCTAssertEqual(rows.map { $0.map(\.description) }, [
            ["1552", "1", "DynamicBody<ViewBodyAccessor<FeedRow>>", "FeedRow", "536"],
            ["2064", "1", "DynamicBody<ViewBodyAccessor<FeedRow>>", "FeedRow", "536"],
            ["2576", "1", "DynamicBody<ViewBodyAccessor<FeedRow>>", "FeedRow", "536"],
            ["3088", "1", "DynamicBody<ViewBodyAccessor<FeedRow>>", "FeedRow", "536"],
            ["1592", "2", "TextRule", "", "1552"], ["2104", "2", "TextRule", "", "2064"],
            ["2616", "2", "TextRule", "", "2576"], ["3128", "2", "TextRule", "", "3088"],
            ["1120", "3", "DisplayListRule", "", "1592"],
        ])
        XCTAssertEqual(Set(rows.map { $0[0].intValue! }), Set(try marked(71)), "the walk predicts what the write marked")
        // Starting at the indirect node itself walks its readers.
        XCTAssertEqual(try walked(1089, at: 71).prefix(4), [1552, 2064, 2576, 3088])
    }

    func testWalkUsesTheGraphAsTheWriteFoundIt() throws {
        // By the second write of the selection, row 2576 stopped reading it (an edge removed) and
        // row 3088's subgraph was destroyed (its edges went with it): five nodes, as marked.
        XCTAssertEqual(try walked(536, at: 139), [1552, 2064, 1592, 2104, 1120])
        XCTAssertEqual(Set(try walked(536, at: 139)), Set(try marked(139)))
        // The write of items, before the removal: everything below the feed.
        XCTAssertEqual(Set(try walked(576, at: 103)), Set(try marked(103)))
        // The default moment is the attribute's last write, said in a sentence.
        let chosen = try TraceWalk.defaultMoment(in: db, trace: feed, from: .attribute(536))
        XCTAssertEqual(chosen.at, 139)
        XCTAssertEqual(chosen.note, "the graph as the write of 536 at seq 139 found it (the last of its 2 writes, seq 71, 139; --at SEQ walks another)")
        XCTAssertNil(try TraceWalk.defaultMoment(in: db, trace: feed, from: .attribute(1552)).at, "never written: the end")
        XCTAssertNil(try TraceWalk.defaultMoment(in: db, trace: feed, from: .view("FeedRow")).at)
    }

    /// An id reused after its subgraph was destroyed names a new node: the links made after the
    /// destroy are the new node's, and stay.
    func testAReusedIdAfterADestroyKeepsItsNewLinks() throws {
        // As if a new row body took 3088 after subgraph 6 went (seq 121), reading the selection again.
        try db.execute("INSERT INTO trace_edges(trace_id, reader, input, added_seq, removed_seq) VALUES (\(feed), 3088, 1089, 125, NULL)")
        XCTAssertEqual(try walked(536, at: 139), [1552, 2064, 3088, 1592, 2104, 1120])
        XCTAssertEqual(try walked(536, at: 123), [1552, 2064, 2576, 1592, 2104, 2616, 1120], "before the new link (2576 still reads it)")
    }

    func testAnIndirectNodeWithNoKnownSourceIsSaid() throws {
        // The cut copy ends before the record that names 1089's source.
        XCTAssertEqual(try TraceWalk.rows(in: db, trace: cut, label: "feed-select-cut", from: 536, at: 139).count, 0)
        XCTAssertEqual(try TraceNotes.unknownIndirectSources(in: db, trace: cut, label: "feed-select-cut"),
                       "1 indirect node of trace 'feed-select-cut' (1089) points at no known source (no IndirectNodeSetSource, and no subgraph record names one): what reads through it is not reached from the source")
        XCTAssertNil(try TraceNotes.unknownIndirectSources(in: db, trace: feed, label: "feed-select"))
    }

    func testDirtyWalksDetailsNameEachMarkedNodeByViewWithItsRerun() throws {
        let details = try ReportRunner.rows(ReportRequest(name: "dirty-walks", options: ["trace": "feed-select"], details: true), in: db)
        XCTAssertEqual(details.columns, ["seq", "root", "attribute", "rule", "view", "marked_seq", "rerun_seq", "changed"])
        let first = details.rows.filter { $0[0] == .integer(71) }.map { [$0[2], $0[4], $0[6], $0[7]].map(\.description) }
        XCTAssertEqual(first, [
            ["1552", "FeedRow", "85", "1"], ["2064", "FeedRow", "89", "1"], ["2576", "FeedRow", "93", "0"], ["3088", "FeedRow", "97", "0"],
            ["1120", "", "83", "1"], ["1592", "", "84", "1"], ["2104", "", "88", "1"], ["2616", "", "92", "0"], ["3128", "", "96", "0"],
        ])
        // As many rows per write as dirty-walks counts marked.
        let walks = try ReportRunner.rows(ReportRequest(name: "dirty-walks", options: ["trace": "feed-select"]), in: db)
        for w in walks.rows {
            XCTAssertEqual(details.rows.filter { $0[0] == w[0] }.count, Int(w[5].intValue!), "write \(w[0])")
        }
        // Row 3088's subgraph was destroyed before it could rerun: marked, no rerun, changed unknown.
        XCTAssertEqual(details.rows.first { $0[0] == .integer(103) && $0[2] == .integer(3088) }?[6...].map(\.description), ["", ""])
        XCTAssertThrowsError(try ReportRunner.variant(for: ReportRequest(name: "updates", options: ["trace": "feed-select"], details: true))) { error in
            XCTAssertEqual("\(error)", "report 'updates' takes no --details")
        }
    }

    func testDetailsOfATraceImportedBeforeMarksWereKeptSaySo() throws {
        try db.execute("DELETE FROM trace_marks WHERE trace_id = \(feed)")
        let outcome = try ReportRunner.run(ReportRequest(name: "dirty-walks", options: ["trace": "feed-select"], details: true),
                                           in: db, writer: RowCollector())
        XCTAssertEqual(outcome.notes, ["trace 'feed-select' was imported by an agtrace that did not keep which nodes each write marked (24 marks counted): import it again (agtrace import --replace) to list them"])
        XCTAssertEqual(try ReportRunner.run(ReportRequest(name: "dirty-walks", options: ["trace": "feed-select-cut"], details: true),
                                            in: db, writer: RowCollector()).notes, [])
    }

    func testWhySaysWhenTheCauseMarkedTheNode() throws {
        let rows = try TraceWhy.rows(in: db, trace: feed, label: "feed-select", attribute: 2576)
        XCTAssertEqual(rows.columns.suffix(3), ["cause_view", "marked_seq", "cause_marked"])
        // First build (no cause), the selection's first write (marked at 77, of 9), the items write (at 110, of 10).
        XCTAssertEqual(rows.rows.map { [$0[6], $0[7], $0[10], $0[11]].map(\.description) },
                       [["", "", "", ""], ["71", "536", "77", "9"], ["103", "576", "110", "10"]])
    }
}
