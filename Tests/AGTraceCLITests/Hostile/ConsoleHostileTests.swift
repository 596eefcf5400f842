import AGTraceKit
import Foundation
import XCTest

/// Hostile console logs, through the binary under HostileInputTests' caps.
extension HostileInputTests {
    /// 8,000 digraph label lines of 60 KB in one cycle report (15,000 in a 1.1 MB gzip took 937 MB and
    /// 45 s): each label keeps its first 4 KiB, the report at most 4 MB of them, notes say so.
    func testConsoleHugeDigraphLabelsAreBounded() throws {
        let path = dir.appendingPathComponent("labels.console.log.gz").path
        try HostileInputs.gzipShell("""
            printf '=== AttributeGraph: cycle detected through attribute 1 ===\\ndigraph {\\n'; \
            awk 'BEGIN { s = "aaaaaaaaaa"; while (length(s) < 60000) s = s s; s = substr(s, 1, 60000); for (i = 1; i <= 8000; i++) printf "_%d[label=\\"%d: %s\\"];\\n", i, i, s }'; \
            printf '}\\n=== Evaluation stack ===\\nframe 0.0: attribute 1; count=1, index=0/1 \\n===\\n'
            """, to: path)
        let r = try capped(["import", "--db", db, path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let q = try CLI.run(["query", "--db", db, "--format", "csv", "SELECT count(*) AS n, max(length(label)) AS longest FROM cycle_labels"])
        XCTAssertEqual(q.stdout, "n,longest\n1016,4096\n", q.stderr)
        let notes = try CLI.run(["query", "--db", db, "--format", "csv", "SELECT code FROM import_notes ORDER BY code"])
        XCTAssertEqual(notes.stdout, "code\ncycle-label-cut\ncycle-labels-dropped\n", notes.stderr)
    }

    /// A console log whose first line holds a bell and a backspace (bytes below tab) is still a
    /// console log; what is binary is refused naming every format the registry has.
    func testControlBytesInAConsoleLogAndTheBinaryMessage() throws {
        let log = dir.appendingPathComponent("bell.console.log").path
        let text = "progress \u{07}\u{08}\u{08} done\n=== AttributeGraph: cycle detected through attribute 12 ===\n"
        FileManager.default.createTestFile(atPath: log, contents: Data(text.utf8))
        let ok = try capped(["import", "--db", db, log])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("(console"), ok.stdout)
        let binary = dir.appendingPathComponent("noise.bin").path
        FileManager.default.createTestFile(atPath: binary, contents: Data([0x01, 0x02, 0x03] + Array("hello".utf8)))
        let r = try capped(["import", "--db", db, binary])
        XCTAssertEqual(r.status, 1, r.stdout)
        for noun in InputFormats.all.map(\.noun) {
            XCTAssertTrue(r.stderr.contains(noun), "names \(noun): \(r.stderr)")
        }
    }
}
