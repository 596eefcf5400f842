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
        XCTAssertEqual(try walked(536, at: 127), [1552, 2064, 1592, 2104, 1120])
        XCTAssertEqual(Set(try walked(536, at: 127)), Set(try marked(127)))
        // The write of items, before the removal: everything below the feed.
        XCTAssertEqual(Set(try walked(576, at: 103)), Set(try marked(103)))
        // The default moment is the attribute's last write, said in a sentence.
        let chosen = try TraceWalk.defaultMoment(in: db, trace: feed, from: .attribute(536))
        XCTAssertEqual(chosen.at, 127)
        XCTAssertEqual(chosen.note, "the graph as the write of 536 at seq 127 found it (the last of its 2 writes, seq 71, 127; --at SEQ walks another)")
        XCTAssertNil(try TraceWalk.defaultMoment(in: db, trace: feed, from: .attribute(1552)).at, "never written: the end")
        XCTAssertNil(try TraceWalk.defaultMoment(in: db, trace: feed, from: .view("FeedRow")).at)
    }

    func testAnIndirectNodeWithNoKnownSourceIsSaid() throws {
        // The cut copy ends before the record that names 1089's source.
        XCTAssertEqual(try TraceWalk.rows(in: db, trace: cut, label: "feed-select-cut", from: 536, at: 127).count, 0)
        XCTAssertEqual(try TraceNotes.unknownIndirectSources(in: db, trace: cut, label: "feed-select-cut"),
                       "1 indirect node of trace 'feed-select-cut' (1089) points at no known source (no IndirectNodeSetSource, and no subgraph record names one): what reads through it is not reached from the source")
        XCTAssertNil(try TraceNotes.unknownIndirectSources(in: db, trace: feed, label: "feed-select"))
    }
}
