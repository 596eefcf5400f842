import Foundation
import XCTest

/// `agtrace baseline`: the file it writes.
final class CheckBaselineCLITests: CLITestCase {
    override class var databaseName: String { "agtrace.db" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try CheckCLI.makeWorkspace(in: dir, db: db)
    }

    func run(_ args: String...) throws -> CLIResult { try CheckCLI.run(args, db: db, in: dir) }

    func testRunBaselineFileIsSmallSortedAndStable() throws {
        let file = dir.appendingPathComponent("Baselines/tap.json").path
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Baselines"), withIntermediateDirectories: true)
        let w = try run("baseline", "--run", "tap", "-o", file)
        XCTAssertEqual(w.status, 0, w.stderr)
        XCTAssertEqual(w.stdout, "wrote \(file): run 'tap' keyed by attribute, 7 attributes, 10 updates\n")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertEqual(text, """
            {
              "format": "agtrace-baseline",
              "version": 2,
              "source": {"kind": "run", "label": "tap", "sha256": "\(String(repeating: "ab", count: 32))", "imported_at": "2026-05-01T09:30:00Z"},
              "key": "attribute",
              "total": {"updates": 10},
              "entries": {
                "712": {"updates": 1},
                "760": {"updates": 1},
                "792": {"updates": 3},
                "1620": {"updates": 1},
                "1664": {"updates": 1},
                "1712": {"updates": 1},
                "1760": {"updates": 2}
              }
            }

            """)
        // Writing again gives the same bytes; "-" prints the same text.
        XCTAssertEqual(try run("baseline", "--run", "tap", "-o", file).status, 0)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), text)
        let printed = try run("baseline", "--output", "-", "--run", "tap")
        XCTAssertEqual(printed.status, 0)
        XCTAssertEqual(printed.stdout, text)
    }

    func testSnapshotKeyedByAttributeUsesNodeProfiles() throws {
        let r = try run("baseline", "--snapshot", "planner", "--key", "attribute", "--output", "-")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("\"key\": \"attribute\""))
        XCTAssertTrue(r.stdout.contains("  \"total\": {\"updates\": 14},\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("    \"4052\": {\"updates\": 2, \"seconds\": 9e-06}\n"), r.stdout)
    }

    func testUnwritableOutputIsAnError() throws {
        let r = try run("baseline", "--run", "tap", "--output", dir.appendingPathComponent("no/such/dir/b.json").path)
        // Refused before any work (exit 2), as every output path it cannot write.
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("refusing to write the baseline there: the folder"), r.stderr)
    }
}
