import XCTest

/// `why --view V --by cause`: a recording's why rows summed per cause, most first.
final class WhyCausesCLITests: CLITestCase {
    func testInstrumentsCausesAreSummedPerSource() throws {
        try runAgtrace(["import", "--db", db, CLI.samples + "/xctrace/feed-after"], status: 0)
        let r = try runAgtrace(["why", "--db", db, "--view", "FeedRow", "--xctrace", "feed-after", "--by", "cause", "--format", "csv"], status: 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "cause,rows,seconds,first")
        // csv guards a cell a spreadsheet would run as a formula (`@…`) with a quote.
        XCTAssertTrue(lines.dropFirst().first?.hasPrefix("\"'@AppStorage FeedModel.rowHeight\",60,") ?? false, r.stdout)
        XCTAssertTrue(lines.dropFirst(2).first?.hasPrefix("EnvironmentWriter: ColorScheme,60,") ?? false, r.stdout)
        XCTAssertEqual(lines.count, 3, r.stdout)
    }

    func testATraceSumsPerWriteAndADumpIsRefused() throws {
        try runAgtrace(["import", "--db", db, CLI.samples + "/traces/trip-taps.ag-trace", CLI.samples + "/trip-3-after-invalidate.ag-json"], status: 0)
        let r = try runAgtrace(["why", "--db", db, "--view", "TripView", "--trace", "trip-taps", "--by", "cause", "--format", "csv"], status: 0)
        XCTAssertEqual(r.stdout.split(separator: "\n").map { $0.split(separator: ",").prefix(2).joined(separator: ",") },
                       ["cause,rows", "_External,2", "(no cause),1"])
        let dump = try runAgtrace(["why", "--db", db, "--view", "Trip", "--snapshot", "trip-3-after-invalidate", "--by", "cause"], status: 2)
        XCTAssertTrue(dump.stderr.contains("--by cause sums the rows of a recording"), dump.stderr)
    }
}
