import XCTest

/// `compare` through the binary: two files, groups given with --a/--b (several values each),
/// labels, the markdown comment, --writes, --limit keeping the totals row, and usage errors.
final class CompareCLITests: CLITestCase {
    let trip = CLI.samples + "/traces/trip-taps.ag-trace"
    let feed = CLI.samples + "/traces/feed-select.ag-trace"

    func testTwoFilesAndGroups() throws {
        let same = try runAgtrace(["compare", trip, trip, "--format", "csv"], status: 0)
        XCTAssertTrue(same.stdout.hasPrefix("view,a_evaluations,b_evaluations,delta,delta_pct,a_unchanged,b_unchanged,evaluations_verdict,a_self_seconds,b_self_seconds,self_delta_seconds,a_total_seconds,b_total_seconds,ratio,time_verdict\n"), same.stdout)
        XCTAssertTrue(same.stdout.contains("\nTripView,3,3,0,0,1,1,same,0.013671875,0.013671875,0,0.013671875,0.013671875,1,\n"), same.stdout)
        XCTAssertTrue(same.stdout.hasSuffix("\n(total),9,9,0,0,2,2,same,0.0263671875,0.0263671875,0,,,1,\n"), same.stdout)
        XCTAssertTrue(same.stderr.contains("agtrace compare: note: one recording each: times are shown without a verdict"), same.stderr)
        // Groups: --a and --b each take several values; statistics columns come with them.
        let groups = try runAgtrace(["compare", "--a", trip, trip, "--b", trip, trip, "--format", "json"], status: 0)
        XCTAssertTrue(groups.stdout.contains("\"p_value\": "), groups.stdout)
        XCTAssertTrue(groups.stdout.contains("\"time_verdict\": \"exact\""), groups.stdout)
        XCTAssertFalse(groups.stderr.contains("one recording"), groups.stderr)
        // --limit keeps the totals row, and says rows were left out.
        let cut = try runAgtrace(["compare", feed, feed, "--by", "rule", "--limit", "1", "--format", "csv"], status: 0)
        XCTAssertEqual(cut.stdout.split(separator: "\n").count, 3, cut.stdout)
        XCTAssertTrue(cut.stdout.contains("\n(total),"), cut.stdout)
        XCTAssertTrue(cut.stderr.contains("more rows exist than the 1 shown (--limit)"), cut.stderr)
    }

    func testLabelsWritesAndTheComment() throws {
        try importFiles([trip, feed])
        let writes = try runAgtrace(["compare", "trip-taps", "trip-taps", "--writes", "--db", db, "--format", "csv"], status: 0)
        XCTAssertEqual(writes.stdout, """
            rule,view,position,a_seq,b_seq,a_reran,b_reran,delta,a_changed,b_changed,a_views,b_views,only_in_a,only_in_b,match
            _External,,1,33,33,3,3,0,3,3,TripView,TripView,,,matched
            _External,,2,48,48,3,3,0,1,1,TripView,TripView,,,matched

            """)
        let comment = try runAgtrace(["compare", "trip-taps", "trip-taps", "--db", db, "--format", "markdown"], status: 0)
        XCTAssertTrue(comment.stdout.hasPrefix("**agtrace compare**: no view changed\n"), comment.stdout)
        XCTAssertTrue(comment.stdout.contains("### Total"), comment.stdout)
        // Other apps: flagged.
        let other = try runAgtrace(["compare", "trip-taps", "feed-select", "--db", db], status: 0)
        XCTAssertTrue(other.stderr.contains("warning: A and B share 0 of their 3 view names"), other.stderr)
    }

    func testUsageErrors() throws {
        let one = try runAgtrace(["compare", trip], status: 2)
        XCTAssertTrue(one.stderr.contains("compare takes two recordings, A and B"), one.stderr)
        let half = try runAgtrace(["compare", "--a", trip], status: 2)
        XCTAssertTrue(half.stderr.contains("give both --a and --b"), half.stderr)
        let mixed = try runAgtrace(["compare", trip, "trip-taps"], status: 2)
        XCTAssertTrue(mixed.stderr.contains("give labels or files, not both"), mixed.stderr)
        let effect = try runAgtrace(["compare", trip, trip, "--min-effect", "lots"], status: 2)
        XCTAssertTrue(effect.stderr.contains("--min-effect takes a percentage"), effect.stderr)
        let kinds = try runAgtrace(["compare", trip, CLI.samples + "/transcripts/trip-frame-info.lldb.log"], status: 1)
        XCTAssertTrue(kinds.stderr.contains("compare recordings of one kind"), kinds.stderr)
    }
}
