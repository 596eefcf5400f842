import XCTest

/// Instruments exports through the built binary: the samples (a folder is one recording), the
/// real exports' README counts through `agtrace query`, list and delete.
final class XctraceCLITests: CLITestCase {
    let samples = CLI.samples + "/xctrace"

    func query(_ sql: String) throws -> String {
        let r = try CLI.run(["query", "--db", db, "--format", "csv", sql])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout
    }

    func testTheSamplesImportAsFourRecordings() throws {
        try importFiles([samples], says: [
            "imported feed-after (xctrace): tables 6, rows 537, toc tables 8, files 7",
            "imported feed-before (xctrace): tables 6, rows 537, toc tables 8, files 7",
            "imported updates-xcode26 (xctrace): tables 1, rows 364",
            "imported updates-xcode27 (xctrace, gzip): tables 1, rows 364",
            "skipped \(samples)/expected.json",
            "imported 4, skipped 1, failed 0",
        ])
        let list = try CLI.run(["list", "--db", db, "--format", "csv"])
        // Its own columns (tables, rows, template), and how it ended as every kind's.
        XCTAssertTrue(list.stdout.contains("recording,feed-before,,,,,,,,,,6,537,SwiftUI,Target app exited,"), list.stdout)
        XCTAssertEqual(try query("""
            SELECT r.label, u.view, count(*) AS n, sum(u.duration_ns) AS ns FROM xctrace_updates u JOIN xctrace_recordings r ON r.id = u.recording_id
            WHERE u.update_type = 'View Body Updates' AND u.view = 'FeedRow' GROUP BY 1, 2 ORDER BY 1
            """), "label,view,n,ns\nfeed-after,FeedRow,120,207000000\nfeed-before,FeedRow,120,69000000\nupdates-xcode26,FeedRow,120,69000000\nupdates-xcode27,FeedRow,120,69000000\n")
        let deleted = try CLI.run(["delete", "--db", db, "feed-after"])
        XCTAssertEqual(deleted.stdout, "deleted feed-after\n", deleted.stderr)
        XCTAssertEqual(try query("SELECT count(DISTINCT recording_id) AS n FROM xctrace_updates"), "n\n3\n")
        // Imported again: its label is taken; under another label the same bytes become an alias.
        let again = try CLI.run(["import", "--db", db, samples + "/feed-before"])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("is taken by recording 'feed-before'"), again.stderr)
        let alias = try CLI.run(["import", "--db", db, "--label", "fb", samples + "/feed-before"])
        XCTAssertEqual(alias.status, 0, alias.stderr)
        XCTAssertTrue(alias.stdout.contains("fb"), alias.stdout)
        XCTAssertEqual(try query("SELECT count(*) AS n FROM xctrace_recordings"), "n\n3\n")
    }

    func testTheRealExportsGiveTheirREADMECounts() throws {
        let real = CLI.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/real-xctrace").path
        guard FileManager.default.fileExists(atPath: real) else { throw XCTSkip("../shared/real-xctrace is not here") }
        // README.md beside them: the folder is walked file by file, each export a recording.
        try importFiles([real], says: ["imported 11, skipped 1, failed 0"])
        XCTAssertEqual(try query("""
            SELECT r.label, t.schema, (SELECT count(*) FROM xctrace_columns c WHERE c.table_id = t.id) AS columns, t.row_count, t.sentinel_count,
                   (SELECT sum(number) FROM xctrace_cells c WHERE c.table_id = t.id AND c.mnemonic IN ('duration', 'weight')) AS sum
            FROM xctrace_tables t JOIN xctrace_recordings r ON r.id = t.recording_id ORDER BY r.label
            """), """
            label,schema,columns,row_count,sentinel_count,sum
            cpu-profile-xcode26,cpu-profile,7,322,0,321197972
            hitches-xcode27,hitches,8,11,0,616666828
            potential-hangs-one,potential-hangs,5,1,0,2075111540
            potential-hangs-xcode27,potential-hangs,5,23,0,2201722876
            runloop-intervals-xcode27,runloop-intervals,18,12,40,219169292
            signpost-intervals,os-signpost-interval,18,50,136,680534832
            time-profile-xcode26,time-profile,7,85,0,85000000
            time-sample-macos26,time-sample,7,39,41,

            """)
        XCTAssertEqual(try query("""
            SELECT label, template, instruments_version, (SELECT count(*) FROM xctrace_toc_tables t WHERE t.recording_id = r.id AND t.run = 1) AS tables
            FROM xctrace_recordings r WHERE template IS NOT NULL ORDER BY label
            """), """
            label,template,instruments_version,tables
            hangs-toc,Blank,26.0 (17C529),29
            mixed-toc,MixedProfile,14.3.1 (14E300c),23
            time-profiler-toc-macos26,Time Profiler,16.0 (17E192),40

            """)
        XCTAssertEqual(try query("SELECT hang_type, h.duration_ns FROM xctrace_hangs h JOIN xctrace_recordings r ON r.id = h.recording_id WHERE r.label = 'potential-hangs-one'"),
                       "hang_type,duration_ns\nSevere Hang,2075111540\n")
    }
}
