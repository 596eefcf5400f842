import Foundation
import XCTest

/// Hostile Instruments exports, through the binary under HostileInputTests' caps: each is
/// refused with its place, in bounded memory and time, and nothing is stored.
extension HostileInputTests {
    private func writeExport(_ name: String, _ body: (FileHandle) throws -> Void) throws -> String {
        let path = dir.appendingPathComponent(name).path
        FileManager.default.createTestFile(atPath: path, contents: nil)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try body(handle)
        return path
    }

    private static let head = "<?xml version=\"1.0\"?>\n<trace-query-result>\n<node><schema name=\"potential-hangs\"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>hang-type</mnemonic></col></schema>\n"

    func testXctraceDeepNestingIsRefusedAtItsDepth() throws {
        let path = try writeExport("deep.xml") { h in
            h.write(Data((Self.head + "<row>").utf8))
            let open = Data(String(repeating: "<thread id=\"1\">", count: 10_000).utf8)
            for _ in 0..<100 { h.write(open) }  // a million open tags
        }
        let r = try capped(["import", "--db", db, path])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("nested deeper than 64"), r.stderr)
        XCTAssertTrue(r.stderr.contains("deep.xml: byte "), r.stderr)
    }

    func testXctraceHugeAttributeIsRefused() throws {
        let path = try writeExport("huge.xml") { h in
            h.write(Data((Self.head + "<row><start-time id=\"1\" fmt=\"").utf8))
            let chunk = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
            for _ in 0..<40 { h.write(chunk) }
            h.write(Data("\">1</start-time></row></node></trace-query-result>\n".utf8))
        }
        let r = try capped(["import", "--db", db, path])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("a token longer than 16 MB"), r.stderr)
    }

    func testXctraceRefLoopsAndEntityBombsAreRefused() throws {
        // A ref to the element it is inside of: no complete element has that id yet.
        let loop = try writeExport("loop.xml") { h in
            h.write(Data((Self.head + "<row><thread id=\"1\"><thread ref=\"1\"/></thread></row></node></trace-query-result>\n").utf8))
        }
        let r = try capped(["import", "--db", db, loop])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("names an id no complete element before it has"), r.stderr)
        // Entities a DOCTYPE declares are never expanded: the first use is refused.
        let bomb = try writeExport("bomb.xml") { h in
            var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;&lol;\">]>\n"
            text += Self.head.split(separator: "\n", maxSplits: 1).dropFirst().joined() + "<row><start-time id=\"1\">&lol2;</start-time></row></node></trace-query-result>\n"
            h.write(Data(text.utf8))
        }
        let b = try capped(["import", "--db", db, bomb])
        XCTAssertEqual(b.status, 1, b.stderr)
        XCTAssertTrue(b.stderr.contains("unknown entity '&lol2;'"), b.stderr)
        let count = try CLI.run(["query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM xctrace_values"])
        XCTAssertEqual(count.stdout, "n\n0\n", count.stderr)
    }

    // MARK: Issue 46: bounded by meaning

    /// The shell's words for `count` bytes of `byte` (octal escape for tr).
    private static func bytes(_ count: Int, _ tr: String = "a") -> String { "head -c \(count) /dev/zero | tr '\\0' '\(tr)'" }

    /// An export whose first row's start cell is made by `cell` (shell words printing it), gzip'd.
    private func gzipExport(_ name: String, cell: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        let head = Self.head.replacingOccurrences(of: "'", with: "'\\''")
        try HostileInputs.gzipShell("printf '%s' '\(head)<row>'; \(cell); printf '</row></node></trace-query-result>\\n'", to: path)
        return path
    }

    /// 60 pieces of 10 MB split by comments (a 612 KB gzip stored one 629 MB value, and with
    /// 100 pieces NULL with no note), the same with CDATA: refused at the piece that crosses
    /// 16 MB, with its position; nothing stored.
    func testXctraceTextInPiecesIsRefusedAtTheValueLimit() throws {
        for (name, separator) in [("comments", "printf '<!-- a -->'"), ("cdata", "printf '<![CDATA[b]]>'")] {
            let path = try gzipExport("pieces-\(name).xml.gz",
                                      cell: "printf '<start-time id=\"1\">'; for i in $(seq 60); do \(Self.bytes(10_000_000)); \(separator); done; printf '</start-time>'")
            let r = try capped(["import", "--db", db, path])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.contains("more than 16 MB of text and attributes in the values open here"), r.stderr)
            XCTAssertTrue(r.stderr.contains("pieces-\(name).xml.gz: byte "), r.stderr)
        }
        try assertNothingStored()
    }

    /// A value under the limit in pieces is stored whole (never cut, never NULL).
    func testXctraceTextInPiecesUnderTheLimitIsStoredWhole() throws {
        let path = try gzipExport("pieces-ok.xml.gz",
                                  cell: "printf '<start-time id=\"1\">'; for i in $(seq 10); do \(Self.bytes(1_000_000)); printf '<!-- a --><![CDATA[]]>'; done; printf '</start-time>'")
        let r = try capped(["import", "--db", db, path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let q = try CLI.run(["query", "--db", db, "--format", "csv", "SELECT length(raw) AS n FROM xctrace_values WHERE tag = 'start-time'"])
        XCTAssertEqual(q.stdout, "n\n10000000\n", q.stderr)
    }

    /// Nested values each holding a 15 MB `fmt` or other attribute (58 nested: 1.11 GB), or 15 MB
    /// of \x01 bytes (six bytes each as JSON: was ~1.35 µs a byte): refused where what they hold
    /// together passes 16 MB, at once.
    func testXctraceNestedHugeAttributesAreRefused() throws {
        for (name, attribute, byte) in [("fmt", "fmt", "a"), ("other", "a", "a"), ("controls", "a", "\\001")] {
            let path = try gzipExport("nested-\(name).xml.gz",
                                      cell: "for i in $(seq 58); do printf '<thread id=\"%d\" \(attribute)=\"' $i; \(Self.bytes(15_000_000, byte)); printf '\">'; done")
            let r = try capped(["import", "--db", db, path])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.contains("more than 16 MB of text and attributes"), r.stderr)
            XCTAssertTrue(r.stderr.contains("nested-\(name).xml.gz: byte "), r.stderr)
            XCTAssertLessThan(r.seconds, 20, "linear: \(r.seconds) s")
        }
        try assertNothingStored()
    }

    /// A million `<col/>` then 10^5 empty rows (70 s before), and 20 rows of a million cells.
    func testXctraceWideTablesAreRefusedAtTheColumnLimit() throws {
        let wide = dir.appendingPathComponent("wide.xml.gz").path
        try HostileInputs.gzipShell("printf '<trace-query-result><node><schema name=\"x\">'; yes '<col/>' | head -n 1000000; printf '</schema>'; yes '<row/>' | head -n 100000; printf '</node></trace-query-result>'", to: wide)
        let r = try capped(["import", "--db", db, wide])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("has more than 1024 columns"), r.stderr)
        let cells = try gzipExport("cells.xml.gz", cell: "yes '<sentinel/>' | head -n 1000000 | tr -d '\\n'")
        let c = try capped(["import", "--db", db, cells])
        XCTAssertEqual(c.status, 1, c.stderr)
        XCTAssertTrue(c.stderr.contains("has more cells than its 3 columns"), c.stderr)
        try assertNothingStored()
    }

    /// 600,000 values with ids from 2^26 up cost what ids from 1 cost (a set of the large ids
    /// took 434 MB for twenty million, where ids from 1 peaked at 36 MB).
    func testXctraceHighIdsCostWhatLowIdsCost() throws {
        var peaks: [Double] = []
        for first in [1, 1 << 26] {
            let path = try gzipExport("ids-\(first).xml.gz",
                cell: "printf '<sentinel/><sentinel/><sentinel/></row>'; seq \(first) \(first + 599_999) | sed 's|.*|<row><start-time id=\"&\">1</start-time><sentinel/><sentinel/></row>|'; printf '<row>'")
            let r = try capped(["import", "--db", dir.appendingPathComponent("ids-\(first).db").path, path])
            XCTAssertEqual(r.status, 0, r.stderr)
            peaks.append(r.peakMegabytes)
        }
        XCTAssertLessThan(peaks[1], peaks[0] + 6, "ids from 2^26 peaked at \(peaks[1]) MB, from 1 at \(peaks[0]) MB")
    }

    private func assertNothingStored(file: StaticString = #filePath, line: UInt = #line) throws {
        guard FileManager.default.fileExists(atPath: db) else { return }
        let count = try CLI.run(["query", "--db", db, "--format", "csv", "SELECT (SELECT count(*) FROM xctrace_values) + (SELECT count(*) FROM xctrace_recordings) AS n"])
        XCTAssertEqual(count.stdout, "n\n0\n", count.stderr, file: file, line: line)
    }

    private static let updatesHead = "<?xml version=\"1.0\"?>\n<trace-query-result>\n<node><schema name=\"swiftui-updates\"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>update-type</mnemonic></col><col><mnemonic>description</mnemonic></col><col><mnemonic>module</mnemonic></col></schema>\n"

    private func updates(_ name: String, _ rows: String) throws -> String {
        try writeExport(name) { h in
            h.write(Data((Self.updatesHead + rows + "</node></trace-query-result>\n").utf8))
        }
    }

    private static func update(_ start: String, _ duration: String, id: Int) -> String {
        "<row><start-time id=\"\(id)\">\(start)</start-time>\(duration)<string id=\"\(id + 2)\">body</string><string id=\"\(id + 3)\">V.body</string><string id=\"\(id + 4)\">M</string></row>\n"
    }

    /// Start 0 and duration 2^63 - 1 (export perfetto died with SIGILL and left an empty
    /// temporary file), and three other crafted overflows of start + duration: each refused at
    /// import with its file, byte and row; nothing stored.
    func testXctraceOverflowingTimesAreRefusedAtImport() throws {
        let cases: [(String, String)] = [
            ("max-duration", Self.update("0", "<duration id=\"2\">9223372036854775807</duration>", id: 1)),
            ("halves", Self.update("4611686018427387904", "<duration id=\"2\">4611686018427387904</duration>", id: 1)),
            ("negative", Self.update("-9223372036854775808", "<duration id=\"2\">-1</duration>", id: 1)),
            // The big duration defined inside another cell's value, then named by a ref.
            ("by-ref", "<row><start-time id=\"1\">0</start-time><duration id=\"2\">1</duration><string id=\"3\">body<uint64 id=\"9\">9223372036854775000</uint64></string><string id=\"4\">V.body</string><string id=\"5\">M</string></row>\n"
                + Self.update("5", "<duration ref=\"9\"/>", id: 10)),
        ]
        for (name, rows) in cases {
            let path = try updates("\(name).xml", rows)
            let r = try capped(["import", "--db", db, path])
            XCTAssertEqual(r.status, 1, "\(name): \(r.stdout)")
            XCTAssertTrue(r.stderr.contains("\(name).xml: byte "), r.stderr)
            XCTAssertTrue(r.stderr.contains("is beyond 2^53 ns"), r.stderr)
            XCTAssertTrue(r.stderr.contains(name == "by-ref" ? "row 2 of swiftui-updates" : "row 1 of swiftui-updates"), r.stderr)
        }
        try assertNothingStored()
    }

    /// Such times stored by an older agtrace: `export perfetto` is an error naming the event
    /// (no trap) and leaves no temporary file; `report updates` names the file and the row.
    func testXctraceOverflowingTimesStoredBeforeAreNamed() throws {
        let path = try updates("legacy.xml", Self.update("0", "<duration id=\"2\">5</duration>", id: 1)
                                             + Self.update("10", "<duration id=\"7\">6</duration>", id: 6))
        XCTAssertEqual(try CLI.run(["import", "--db", db, path]).status, 0)
        try HostileInputs.execute("UPDATE xctrace_values SET number = 9223372036854775807 WHERE tag = 'duration' AND number = 5; UPDATE xctrace_values SET number = 4611686018427387904 WHERE tag = 'duration' AND number = 6", on: db)
        let out = dir.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let e = try capped(["export", "perfetto", "--db", db, "--xctrace", "legacy", "-o", out + "/legacy.json"])
        XCTAssertEqual(e.status, 1, e.stderr)
        XCTAssertNil(e.signal, "no trap")
        XCTAssertTrue(e.stderr.contains("beyond what 64-bit nanoseconds hold"), e.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), [], "no temporary file left")
        let r = try capped(["report", "updates", "--db", db, "--xctrace", "legacy"])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stderr.contains("legacy.xml): row 1 of swiftui-updates holds a duration of 9223372036854775807 ns"), r.stderr)
        XCTAssertFalse(r.stderr.contains("SELECT"), "no SQL: \(r.stderr)")
    }
}
