import Foundation
import XCTest

/// Issue 45 items 10 and 11, issue 46 item 2, through the binaries: a UI test's log stuck in a
/// loop (28,000 cycle reports, written by `agtrace-bench generate console`, the benchmark's
/// cycles row) and one report of 20,000 frames are imported, listed by `cycles` in every
/// format and gated by `check`; the import says each kind of warning once. Nothing here is
/// timed: the benchmark's row 11 shows the speed.
final class CyclesScaleCLITests: XCTestCase {
    private func generate(_ args: [String]) throws -> CLIResult {
        let binary = CLI.binary.deletingLastPathComponent().appendingPathComponent("agtrace-bench")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("no agtrace-bench beside \(CLI.binary.path)") }
        let r = try CLI.run(binary, ["generate", "console"] + args)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r
    }

    func testALogOf28000ReportsIsImportedListedAndGatedWithOneWarningLine() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("loop.log").path, db = dir.appendingPathComponent("t.db").path
        let counts = try generate(["--reports", "28000", "--output", log])
        XCTAssertTrue(counts.stderr.contains("reports 28000\n"), counts.stderr)
        XCTAssertTrue(counts.stderr.contains("cut_reports 2000\n"), counts.stderr)

        let imported = try CLI.run(["import", "--db", db, log])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("cycles 28000, body runs 6000, warnings 2000"), imported.stdout)
        // 2,000 cut reports: one line, with the count and the first positions; every one a row.
        let warnings = imported.stderr.split(separator: "\n")
        XCTAssertEqual(warnings.count, 1, imported.stderr)
        XCTAssertTrue(warnings.first?.hasPrefix("agtrace import: warning: loop: 2000 cycle-report-cut notes (at ") == true, imported.stderr)
        XCTAssertTrue(imported.stderr.contains(", …; all 2000 in import_notes); the first: the cycle report at line "), imported.stderr)
        let stored = try CLI.run(["query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM import_notes WHERE code = 'cycle-report-cut'"])
        XCTAssertEqual(stored.stdout, "n\n2000\n")

        // Every report is counted in every format; the chains repeat every 40 rounds.
        let csv = try CLI.run(["cycles", "--db", db, "--console", "loop", "--format", "csv"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let rows = csv.stdout.split(separator: "\n").dropFirst()
        XCTAssertEqual(Set(rows.map { $0.split(separator: ",", omittingEmptySubsequences: false)[0] }).count, 200, "chains")
        let reports = Dictionary(rows.map { row -> (Substring, Int) in
            let cells = row.split(separator: ",", omittingEmptySubsequences: false)
            return (cells[0], Int(cells[3])!)
        }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(reports.values.reduce(0, +), 28_000)
        for format in ["table", "json", "markdown", "dot"] {
            let r = try CLI.run(["cycles", "--db", db, "--format", format])
            XCTAssertEqual(r.status, 0, "\(format): \(r.stderr)")
            XCTAssertFalse(r.stdout.isEmpty, format)
        }

        // The gate: 28,000 reports fail --max-cycles 0, from the database and from the file.
        let baseline = dir.appendingPathComponent("b.json").path
        XCTAssertEqual(try CLI.run(["baseline", "--db", db, "--console", "loop", "--output", baseline]).status, 0)
        let held = try CLI.run(["check", "--db", db, "--baseline", baseline, "--console", "loop", "--max-cycles", "0"])
        XCTAssertEqual(held.status, 1, held.stderr)
        XCTAssertTrue(held.stdout.hasPrefix("FAIL: 28000 cycle reports (through RowHeightReader, FeedRow)"), held.stdout)
        let file = try CLI.run(["check", "--baseline", baseline, "--console", log, "--max-cycles", "0"])
        XCTAssertEqual(file.status, 1, file.stderr)
        XCTAssertTrue(file.stdout.hasPrefix("FAIL: 28000 cycle reports"), file.stdout)
        XCTAssertEqual(file.stderr.components(separatedBy: "2000 cycle-report-cut notes (at ").count, 2, "one line: \(file.stderr)")
    }

    func testAReportOf20000FramesIsListedWholeInEveryFormat() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("long.log").path, db = dir.appendingPathComponent("t.db").path
        let frames = 20_000
        let counts = try generate(["--reports", "0", "--frames", "\(frames)", "--output", log])
        XCTAssertTrue(counts.stderr.contains("reports 1\nframes \(frames)\nlabels \(frames)\n"), counts.stderr)
        let imported = try CLI.run(["import", "--db", db, log])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stderr, "", "a whole report: no warning")
        let stored = try CLI.run(["query", "--db", db, "--format", "csv",
                                  "SELECT (SELECT count(*) FROM cycle_frames) AS frames, (SELECT count(*) FROM cycle_labels) AS labels"])
        XCTAssertEqual(stored.stdout, "frames,labels\n\(frames),\(frames)\n")

        let csv = try CLI.run(["cycles", "--db", db, "--format", "csv"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let lines = csv.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, frames + 1)
        // The top frame read N (4); the bottom frame is N, so every frame is in the loop; the
        // digraph's labels name the views.
        XCTAssertTrue(lines[1].hasSuffix(",StackRow0,digraph,4,"), String(lines[1]))
        XCTAssertTrue(lines[frames].contains(",0.0,4,1,"), String(lines[frames]))
        XCTAssertTrue(lines[frames - 1].contains(",StackRow\(frames - 2),digraph,"), String(lines[frames - 1]))
        let dot = try CLI.run(["cycles", "--db", db, "--format", "dot"])
        XCTAssertEqual(dot.status, 0, dot.stderr)
        XCTAssertEqual(dot.stdout.components(separatedBy: " -> ").count - 1, frames, "one arrow per frame")
        for format in ["table", "json", "markdown"] {
            let r = try CLI.run(["cycles", "--db", db, "--format", format])
            XCTAssertEqual(r.status, 0, "\(format): \(r.stderr)")
            XCTAssertTrue(r.stdout.contains("StackRow\(frames - 2)"), format)
        }
    }
}
