import Foundation
import XCTest

/// Hostile Instruments exports, through the binary under HostileInputTests' caps: each is
/// refused with its place, in bounded memory and time, and nothing is stored.
extension HostileInputTests {
    private func writeExport(_ name: String, _ body: (FileHandle) throws -> Void) throws -> String {
        let path = dir.appendingPathComponent(name).path
        FileManager.default.createFile(atPath: path, contents: nil)
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
}
