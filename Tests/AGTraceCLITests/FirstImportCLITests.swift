import AGTraceKit
import Foundation
import XCTest

/// The first import into an empty database runs with a rollback journal (`FirstImportJournal`):
/// killed at any moment it must leave a database that readers open and that holds nothing,
/// and once done the database is back in WAL mode with the file alone complete.
extension RobustnessCLITests {
    func testAFirstImportKilledAtAnyMomentLeavesAnEmptyDatabaseThatReadersOpen() throws {
        let big = try writeArchive("first.ag-json", nodes: 100_000, seed: 5)
        var killedMidway = 0
        // Killed where the import reports having read this much of the file. The earliest
        // kill last: the database it leaves is the one imported into again below, and a late
        // kill on a loaded machine can land after the commit (a whole import, which importing
        // again would find already stored).
        for percent in [80, 50, 20] {
            try? FileManager.default.removeItem(atPath: db)
            let (job, reported) = try importKilled(at: percent, [big])
            XCTAssertNotNil(reported, "the import reported \(percent)% read before it ended")
            guard job.wasKilledBySignal, FileManager.default.fileExists(atPath: db) else { continue }
            // Killed after its commit, while switching back to WAL or folding the log: whole.
            if try rows("SELECT count(*) FROM snapshots") == [["1"]] {
                XCTAssertEqual(try rows("SELECT sum(node_count) FROM graphs"), [["100000"]])
                continue
            }
            killedMidway += 1
            // A reader (read-only connection) first: it must roll back what the kill left.
            let list = try CLI.run(["list", "--db", db, "--format", "csv"])
            XCTAssertEqual(list.status, 0, "list after a kill at \(percent)% read: \(list.stderr)")
            XCTAssertEqual(try rows("SELECT count(*) FROM snapshots"), [["0"]], "after a kill at \(percent)% read")
            XCTAssertEqual(try orphans(), [:], "after a kill at \(percent)% read")
            XCTAssertEqual(try integrity(), ["ok"], "after a kill at \(percent)% read")
            XCTAssertFalse(FileManager.default.fileExists(atPath: db + "-journal"), "the hot journal was rolled back")
        }
        XCTAssertGreaterThanOrEqual(killedMidway, 2, "the first import was killed midway \(killedMidway) times of 3")
        // Should even the earliest kill have come after the commit, importing again would find
        // the file stored: start that import from an empty database instead.
        if FileManager.default.fileExists(atPath: db), try rows("SELECT count(*) FROM snapshots") == [["1"]] {
            try FileManager.default.removeItem(atPath: db)
        }
        let again = try CLI.run(["import", "--db", db, big])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.hasPrefix("imported first (archive): graphs 1, nodes 100000"), again.stdout)
        XCTAssertEqual(try rows("PRAGMA journal_mode"), [["wal"]])
        XCTAssertEqual(fileSizeOrZero(db + "-wal"), 0, "the file alone is complete")
        XCTAssertEqual(try integrity(), ["ok"])
    }

    private func fileSizeOrZero(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}
