import XCTest
@testable import AGTraceKit

final class BreakpointLineReaderTests: XCTestCase {
    private func lines(_ bytes: [UInt8], chunkSize: Int = 256 * 1024, maxLineLength: Int = 64 * 1024) throws -> (lines: [String], reader: LineReader) {
        let reader = LineReader(MemorySource(bytes), chunkSize: chunkSize, maxLineLength: maxLineLength)
        var out: [String] = []
        while let line = try reader.nextLine() { out.append(line) }
        return (out, reader)
    }

    func testSplitsOnNewlineAndCRLF() throws {
        let (out, reader) = try lines(Array("a\r\nbb\n\nccc\r\n".utf8))
        XCTAssertEqual(out, ["a", "bb", "", "ccc"])
        XCTAssertEqual(reader.lineNumber, 4)
    }

    func testLastLineWithoutNewline() throws {
        XCTAssertEqual(try lines(Array("one\ntwo".utf8)).lines, ["one", "two"])
        XCTAssertEqual(try lines([]).lines, [])
        XCTAssertEqual(try lines(Array("\n".utf8)).lines, [""])
    }

    func testLinesAcrossChunkBoundaries() throws {
        let text = (0..<500).map { "line \($0) " + String(repeating: "x", count: $0 % 37) }.joined(separator: "\r\n")
        let expected = text.components(separatedBy: "\r\n")
        for chunk in [16, 17, 31, 64, 1000] {
            XCTAssertEqual(try lines(Array(text.utf8), chunkSize: chunk).lines, expected, "chunk \(chunk)")
        }
    }

    func testCarriageReturnAtChunkEdge() throws {
        // "…\r" fills the 16-byte buffer exactly, "\n" starts the next read.
        let bytes = Array("0123456789abcde\r\nnext\n".utf8)
        XCTAssertEqual(try lines(bytes, chunkSize: 16).lines, ["0123456789abcde", "next"])
    }

    func testLongLinesAreCutButCounted() throws {
        let long = String(repeating: "y", count: 10_000)
        let bytes = Array("short\n\(long)\nafter\n\(long)".utf8)
        for chunk in [16, 100, 4096, 65536] {
            let (out, reader) = try lines(bytes, chunkSize: chunk, maxLineLength: 1000)
            XCTAssertEqual(out, ["short", String(repeating: "y", count: 1000), "after", String(repeating: "y", count: 1000)], "chunk \(chunk)")
            XCTAssertEqual(reader.truncatedLines, 2)
            XCTAssertEqual(reader.lineNumber, 4)
        }
    }

    func testLongLineThroughCarryKeepsCR() throws {
        // A line longer than the buffer but under the cap goes through the carry buffer.
        let line = String(repeating: "z", count: 100)
        XCTAssertEqual(try lines(Array("\(line)\r\n\(line)".utf8), chunkSize: 16).lines, [line, line])
    }

    func testInvalidUTF8IsReplaced() throws {
        let out = try lines([0x61, 0xFF, 0x62, 0x0A, 0xC3, 0x0A]).lines
        XCTAssertEqual(out, ["a\u{FFFD}b", "\u{FFFD}"])
    }

    func testByteViewsWithoutDecoding() throws {
        let reader = LineReader(MemorySource("ab\ncd\n"))
        var seen: [[UInt8]] = []
        while try reader.withNextLine({ seen.append(Array($0)) }) != nil {}
        XCTAssertEqual(seen, [[0x61, 0x62], [0x63, 0x64]])
    }
}
