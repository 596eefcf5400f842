import XCTest
@testable import AGTraceKit

final class JSONTokenizerTests: XCTestCase {
    func tokens(_ json: String, bufferSize: Int = 4) throws -> [String] {
        let t = JSONTokenizer(source: MemorySource(json), bufferSize: bufferSize)
        var out: [String] = []
        while true {
            let token = try t.next()
            switch token {
            case .end: return out
            case .key: out.append("k:" + t.string)
            case .string: out.append("s:" + t.string)
            case .number: out.append(t.integer.map { "i:\($0)" } ?? "d:\(t.double)")
            case .bool(let b): out.append("b:\(b)")
            case .null: out.append("null")
            case .objectStart: out.append("{")
            case .objectEnd: out.append("}")
            case .arrayStart: out.append("[")
            case .arrayEnd: out.append("]")
            }
        }
    }

    func testTokensAcrossTinyBuffers() throws {
        let json = #"{"a":[1,-2,3.5,1e3,-0.25E-2,true,false,null,"x\"y"],"b":{}, "c":[]}"#
        let expected = ["{", "k:a", "[", "i:1", "i:-2", "d:3.5", "d:1000.0", "d:-0.0025", "b:true", "b:false", "null",
                        "s:x\"y", "]", "k:b", "{", "}", "k:c", "[", "]", "}"]
        for size in [1, 2, 3, 7, 64, 1 << 16] {
            XCTAssertEqual(try tokens(json, bufferSize: size), expected, "buffer \(size)")
        }
    }

    func testIntegerLimits() throws {
        XCTAssertEqual(try tokens("[9223372036854775807,-9223372036854775808,9223372036854775808]"),
                       ["[", "i:9223372036854775807", "i:-9223372036854775808", "d:9.223372036854776e+18", "]"])
    }

    func testNestingLimitWithoutRecursion() {
        let t = JSONTokenizer(source: MemorySource(String(repeating: "[", count: 300_000)))
        XCTAssertThrowsError(try { while try t.next() != .end {} }()) { error in
            XCTAssertTrue("\(error)".contains("nesting deeper than 512"), "\(error)")
        }
    }

    func testSkipLeavesTheNextSiblingReady() throws {
        let t = JSONTokenizer(source: MemorySource(#"{"skip":{"a":[1,{"b":[]}]},"keep":7}"#), bufferSize: 3)
        XCTAssertEqual(try t.next(), .objectStart)
        XCTAssertEqual(try t.next(), .key)
        try t.skip(after: t.next())
        XCTAssertEqual(try t.next(), .key)
        XCTAssertTrue(t.textEquals("keep"))
        XCTAssertEqual(try t.next(), .number)
        XCTAssertEqual(t.integer, 7)
    }

    func testLinesAndColumnsOfErrors() {
        let t = JSONTokenizer(source: MemorySource("{\n  \"a\": 1,\n  \"b\": @\n}"), bufferSize: 2)
        XCTAssertThrowsError(try { while try t.next() != .end {} }()) { error in
            let e = error as! JSONSyntaxError
            XCTAssertEqual([e.line, e.column, e.offset], [3, 8, 19])
        }
    }

    func testInvalidUTF8IsRepairedNotTrapped() throws {
        let bytes: [UInt8] = Array(#"{"a":""#.utf8) + [0xFF, 0xC3] + Array(#""}"#.utf8)
        let t = JSONTokenizer(source: MemorySource(bytes))
        _ = try t.next(); _ = try t.next()
        XCTAssertEqual(try t.next(), .string)
        XCTAssertEqual(t.string, "\u{FFFD}\u{FFFD}")
    }
}

/// Found by the fuzz harness (the same archive read differently with a 64-byte buffer): a
/// `\u` escape whose hex digits arrive in the next read was decoded from the wrong bytes,
/// since the digits' index was taken before the buffer shifted.
final class JSONTokenizerEscapeBoundaryTests: XCTestCase {
    func testUnicodeEscapesAcrossEveryBufferBoundary() throws {
        for pad in 0..<200 {
            let json = #"{"k":""# + String(repeating: "x", count: pad) + #"\u00e9\ud83d\ude00\u0041"}"#
            let t = JSONTokenizer(source: MemorySource(json), bufferSize: 64)
            XCTAssertEqual(try t.next(), .objectStart)
            XCTAssertEqual(try t.next(), .key)
            XCTAssertEqual(try t.next(), .string, "pad \(pad)")
            XCTAssertEqual(t.string, String(repeating: "x", count: pad) + "é😀A", "pad \(pad)")
        }
    }
}
