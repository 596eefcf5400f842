import Foundation
import XCTest

/// `export html` shows the cycles of the recordings it was given, never the rest of the
/// database's (issue 45 item 12: a page of two traces listed a third recording's cycles, and
/// checked them against its unrelated snapshot, "names 0 of 3 frames of chain 1").
final class HTMLCyclesCLITests: XCTestCase {
    func testAPageShowsOnlyItsOwnRecordingsCycles() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("t.db").path
        let traces = CLI.samples + "/traces/"
        let r = try CLI.run(["import", "--db", db, traces + "feed-select.ag-trace", traces + "feed-select-cut.ag-trace",
                             traces + "sheet-cycle.ag-trace", CLI.samples + "/trip-1-before.ag-json"])
        XCTAssertEqual(r.status, 0, r.stderr)

        // Two recordings without cycles, beside a third with them, and an unrelated dump.
        let pair = try CLI.run(["export", "html", "--db", db, "--compare", "feed-select", "feed-select-cut", "--snapshot", "trip-1-before"])
        XCTAssertEqual(pair.status, 0, pair.stderr)
        XCTAssertFalse(pair.stdout.contains("<section id=\"cycles\">"), "sheet-cycle's cycles are not this page's")
        XCTAssertFalse(pair.stdout.contains("names 0 of"), "no chain is checked against the page's dump")
        XCTAssertFalse(pair.stderr.contains("chain"), pair.stderr)
        let one = try CLI.run(["export", "html", "--db", db, "--trace", "feed-select"])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertFalse(one.stdout.contains("<section id=\"cycles\">"))
        XCTAssertFalse(one.stdout.contains("href=\"#cycles\""), "nor in the page's contents")

        // The recording that has them shows them, its own only.
        let own = try CLI.run(["export", "html", "--db", db, "--trace", "sheet-cycle", "--snapshot", "trip-1-before"])
        XCTAssertEqual(own.status, 0, own.stderr)
        XCTAssertTrue(own.stdout.contains("<section id=\"cycles\">"))
        XCTAssertTrue(own.stdout.contains("href=\"#cycles\""))
        XCTAssertTrue(own.stdout.contains("sheet-cycle"))
        XCTAssertFalse(own.stdout.contains("\"feed-select\""), "no other recording's rows")
        // Compared with it, its cycles are the page's too.
        let compared = try CLI.run(["export", "html", "--db", db, "--compare", "feed-select", "sheet-cycle"])
        XCTAssertEqual(compared.status, 0, compared.stderr)
        XCTAssertTrue(compared.stdout.contains("<section id=\"cycles\">"))
    }

    func testThePagesRefusalNamesEveryInput() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["export", "html", "--db", dir.appendingPathComponent("t.db").path])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("--snapshot S, --run R, --trace T, --xctrace R and/or --compare A B"), r.stderr)
        XCTAssertTrue(r.stderr.contains("[--xctrace R]"), r.stderr)
    }
}
