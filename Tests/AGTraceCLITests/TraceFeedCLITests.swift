import XCTest

/// The feed sample and its cut copy through the built binary: import and list say a cut trace
/// is incomplete; walk names the moment it walks at and goes through the indirect node;
/// dirty-walks --details lists what each write marked.
final class TraceFeedCLITests: CLITestCase {

    func testImportAndListSayACutTraceIsIncomplete() throws {
        try importFiles([SampleTraces.feed, SampleTraces.feedCut], says: [
            "imported feed-select (trace): events 160, evaluations 32, writes 3 in",
            "imported feed-select-cut (trace): events 149, evaluations 30, writes 3, incomplete (no EndTrace) in",
        ], warns: ["feed-select-cut: no EndTrace event: the trace is incomplete"])
        let list = try CLI.run(["list", "--db", db, "--format", "csv"])
        let cells = list.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let end = try XCTUnwrap(cells.first?.firstIndex(of: "end_reason"))
        let rows = cells.map { ($0.prefix(8) + [$0[end]]).joined(separator: ",") }
        XCTAssertEqual(rows.prefix(3), [
            "kind,label,graphs,nodes,edges,events,skipped_lines,incomplete_hits,end_reason",
            "trace,feed-select,,13,12,160,,,EndTrace",
            "trace,feed-select-cut,,13,12,149,,,no EndTrace",
        ])
    }

    /// At the end, row 4's subgraph 6 is destroyed (seq 121): its nodes' edges (1048 -> 3088,
    /// 1089 -> 3088, 3088 -> 3128) went with it though no NodeRemoveEdge says so: list counts
    /// 12 edges live at the end, not 15.
    func testListLeavesOutTheEdgesOfDestroyedSubgraphs() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, SampleTraces.feed]).status, 0)
        let list = try CLI.run(["list", "--db", db, "--format", "csv"])
        XCTAssertTrue(list.stdout.contains("\ntrace,feed-select,,13,12,160,"), list.stdout)
    }

    func testWalkAtTheWriteThroughTheIndirectNode() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, SampleTraces.feed, SampleTraces.feedCut]).status, 0)
        let walk = try CLI.run(["walk", "536", "--db", db, "--trace", "feed-select", "--format", "csv"])
        XCTAssertEqual(walk.status, 0, walk.stderr)
        XCTAssertEqual(walk.stdout, """
            attribute,depth,rule,view,via
            1552,1,DynamicBody<ViewBodyAccessor<FeedRow>>,FeedRow,536
            2064,1,DynamicBody<ViewBodyAccessor<FeedRow>>,FeedRow,536
            1592,2,TextRule,,1552
            2104,2,TextRule,,2064
            1120,3,DisplayListRule,,1592

            """)
        XCTAssertEqual(walk.stderr, "agtrace walk: the graph as the write of 536 at seq 139 found it (the last of its 2 writes, seq 71, 139; --at SEQ walks another)\n")
        let first = try CLI.run(["walk", "536", "--db", db, "--trace", "feed-select", "--at", "71", "--format", "csv"])
        XCTAssertEqual(first.stdout.split(separator: "\n").count, 10, first.stdout)
        XCTAssertEqual(first.stderr, "")
        XCTAssertEqual(try CLI.run(["walk", "536", "--db", db, "--trace", "feed-select", "--at", "0"]).status, 2)
        XCTAssertEqual(try CLI.run(["walk", "536", "--db", db, "--snapshot", "x", "--at", "5"]).status, 2)
        let cutWalk = try CLI.run(["walk", "536", "--db", db, "--trace", "feed-select-cut"])
        XCTAssertEqual(cutWalk.status, 0)
        XCTAssertTrue(cutWalk.stderr.contains("1 indirect node of trace 'feed-select-cut' (1089) points at no known source"), cutWalk.stderr)
    }

    func testDirtyWalksDetails() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, SampleTraces.feed]).status, 0)
        let details = try CLI.run(["report", "dirty-walks", "--db", db, "--trace", "feed-select", "--details", "--format", "csv"])
        XCTAssertEqual(details.status, 0, details.stderr)
        let lines = details.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "seq,root,attribute,rule,view,marked_seq,rerun_seq,changed")
        XCTAssertEqual(lines.count, 1 + 9 + 10 + 5)
        XCTAssertTrue(lines.contains("139,536,2064,DynamicBody<ViewBodyAccessor<FeedRow>>,FeedRow,143,153,1"), details.stdout)
        XCTAssertEqual(try CLI.run(["report", "updates", "--db", db, "--trace", "feed-select", "--details"]).status, 2)
    }
}
