import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `query @FILE` of what is no SQL file, names that would read as options, characters a
/// terminal shows as nothing: through the binary under HostileInputTests' caps.
extension HostileInputTests {
    /// `query @FIFO` waited for a writer for ever: only a regular file is read.
    func testQueryFromAFIFOIsRefusedAtOnce() throws {
        try importSample()
        let fifo = dir.appendingPathComponent("sql.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let r = try capped(["query", "--db", db, "@" + fifo])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stderr.contains("not a regular file"), r.stderr)
        XCTAssertLessThan(r.seconds, 5)
    }

    /// `query @/etc/shadow` printed the file's first word in SQLite's `near "root"`: a file
    /// SQLite stops at its first word is quoted not at all.
    func testQueryFromAFileThatIsNoSQLQuotesNothing() throws {
        try importSample()
        let secret = dir.appendingPathComponent("shadow").path
        FileManager.default.createTestFile(atPath: secret, contents: Data("rootsecret:$6$hash:19000:0:99999:7:::\n".utf8))
        let r = try capped(["query", "--db", db, "@" + secret])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertFalse(r.stderr.contains("rootsecret"), r.stderr)
        XCTAssertTrue(r.stderr.contains("not an SQL file (nothing of it is quoted) (in \(secret), line 1)"), r.stderr)
        // An SQL file's own error still names SQLite's token and the line.
        let sql = dir.appendingPathComponent("q.sql").path
        FileManager.default.createTestFile(atPath: sql, contents: Data("SELECT 1\nFROM nodez".utf8))
        let q = try capped(["query", "--db", db, "@" + sql])
        XCTAssertTrue(q.stderr.contains("no such table: nodez"), q.stderr)
    }

    /// A file named `-rf.ag-json` made the label `-rf`, which every command reads as an option.
    func testALabelFromAFileNameNeverStartsWithADash() throws {
        let path = dir.appendingPathComponent("--rf.ag-json").path
        let sample = try XCTUnwrap(FileManager.default.contents(atPath: CLI.samples + "/trip-1-before.ag-json"))
        FileManager.default.createTestFile(atPath: path, contents: sample + Data(" ".utf8))
        let r = try capped(["import", "--db", db, "--", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("imported rf "), r.stdout)
        let q = try CLI.run(["query", "--db", db, "--format", "csv", "SELECT label FROM snapshots"])
        XCTAssertEqual(q.stdout, "label\nrf\n", q.stderr)
    }

    /// Zero-width characters, bidirectional marks and the byte order mark printed raw in a
    /// table (two names looked the same); escaped as controls are.
    func testZeroWidthAndBidiMarksAreEscapedInTables() throws {
        try importSample()
        let r = try capped(["query", "--db", db, "SELECT 'a' || char(0x200B) || 'b' || char(0x200F) || char(0x2066) || char(0xFEFF) || char(0x061C) AS x"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("a\\u{200b}b\\u{200f}\\u{2066}\\u{feff}\\u{61c}"), r.stdout)
        for invisible in ["\u{200B}", "\u{200F}", "\u{FEFF}", "\u{061C}"] {
            XCTAssertFalse(r.stdout.contains(invisible), r.stdout)
        }
    }
}
