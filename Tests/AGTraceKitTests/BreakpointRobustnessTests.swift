import Foundation
import XCTest
@testable import AGTraceKit

/// Arbitrary input must never trap, and every event must stay within the record's rules.
final class BreakpointRobustnessTests: XCTestCase {
    private func read(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws {
        let parsed = try ParsedTranscript(bytes: bytes)
        XCTAssertEqual(parsed.summary.events, parsed.events.count, file: file, line: line)
        XCTAssertLessThanOrEqual(parsed.summary.incompleteHits, parsed.summary.events, file: file, line: line)
        for (index, event) in parsed.events.enumerated() {
            XCTAssertEqual(event.seq, index + 1, file: file, line: line)
            XCTAssertGreaterThanOrEqual(event.line, 1, file: file, line: line)
            XCTAssertLessThanOrEqual(event.frames.count, OpenHit.maxFrames, file: file, line: line)
        }
        _ = TranscriptReader.looksLikeTranscript(Array(bytes.prefix(64 * 1024)))
    }

    private var samples: [[UInt8]] {
        get throws {
            try BreakpointFixtures.sampleNames.map(BreakpointFixtures.sampleBytes)
        }
    }

    func testRandomBytes() throws {
        var random = SeededRandom(state: 1)
        for round in 0..<200 {
            let count = Int(random.next() % 4096)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            // Sprinkle newlines and the characters the parser looks for.
            let alphabet = Array("\n\n(lldb) frame #0: `*thread #1 stop reason = breakpoint 1.1 = 0x( )<>,'\"\\$esi".utf8)
            for i in bytes.indices where random.next() % 3 == 0 {
                bytes[i] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            try read(bytes)
            _ = round
        }
    }

    func testMutatedSamples() throws {
        var random = SeededRandom(state: 42)
        for sample in try samples {
            for _ in 0..<60 {
                var bytes = sample
                switch random.next() % 4 {
                case 0: // flip bytes
                    for _ in 0..<(1 + random.next() % 20) where !bytes.isEmpty {
                        bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                    }
                case 1: // truncate anywhere
                    bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1))))
                case 2: // shuffle lines
                    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                    lines.shuffle(using: &random)
                    bytes = Array(lines.joined(separator: [0x0A]))
                default: // duplicate and drop lines
                    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                    bytes = Array(lines.flatMap { line -> [ArraySlice<UInt8>] in
                        switch random.next() % 5 {
                        case 0: return []
                        case 1: return [line, line]
                        default: return [line]
                        }
                    }.joined(separator: [0x0A]))
                }
                try read(bytes)
            }
        }
    }

    func testHugeNumbersGiveNilAttributes() throws {
        let parsed = try ParsedTranscript(BreakpointFixtures.appleBreakpoint(1, "AGGraphInvalidateValue", #"-C "p/d $edi""#)
            + BreakpointFixtures.appleBreakpoint(2, "AG::Graph::update_attribute", #"-C "frame info""#) + """
        (lldb)  p/d $edi
        (unsigned long) 4294967296
        (lldb)  p/d $edi
        (unsigned long) 123456789012345678901234567890
        (lldb)  p/d $edi
        (int) -1
        (lldb)  frame info
        frame #0: 0x0000000000002000 AttributeGraph`AG::Graph::update_attribute(this=0x1, node=(_offset = 0xfffffffffffffffffffff), options=0)
        AGGraphInvalidateValue 0x100000000
        * thread #18446744073709551616, stop reason = breakpoint 99999999999999999999.1
        frame #99999999999999999999: 0x1 a`b
        """)
        XCTAssertEqual(parsed.events.prefix(5).map(\.kind), [.invalidate, .invalidate, .invalidate, .update, .invalidate])
        XCTAssertTrue(parsed.events.allSatisfy { $0.attribute == nil })
        XCTAssertEqual(parsed.summary.incompleteHits, 5)
    }

    func testPathologicalLinesStayFast() throws {
        let oneMB = 1 << 20
        let inputs: [[UInt8]] = [
            [UInt8](repeating: UInt8(ascii: "("), count: oneMB),                       // one long unbalanced line
            Array(String(repeating: "frame #0: 0x1 m`f(((((((((\n", count: oneMB / 28).utf8),
            Array(String(repeating: "(lldb)  p/d $esi\n(unsigned int) 1\n", count: oneMB / 34).utf8),
            Array(String(repeating: "* thread #1, stop reason = breakpoint 1.1\n  * frame #0: 0x1 m`f\n", count: oneMB / 64).utf8),
            Array(String(repeating: "(lldb) breakpoint set -n f\(0) -C \"bt\"\n", count: oneMB / 40).utf8),
            Array(String(repeating: "  * frame #7: 0x1 m`f + 1\n", count: oneMB / 26).utf8),
            [UInt8](repeating: 0x0A, count: oneMB),
        ]
        for input in inputs {
            let start = Date()
            try read(input)
            XCTAssertLessThan(Date().timeIntervalSince(start), 20, "1 MB must not take long even in debug builds")
        }
    }

    func testVeryLongLinesAreCut() throws {
        let long = "AGGraphInvalidateValue " + String(repeating: "7", count: 200_000) + "\nAGGraphInvalidateValue 3032\n"
        let parsed = try ParsedTranscript(long)
        XCTAssertEqual(parsed.events.map(\.attribute), [nil, 3032])
    }
}
