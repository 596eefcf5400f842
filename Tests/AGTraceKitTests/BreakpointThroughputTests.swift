import Foundation
import XCTest
@testable import AGTraceKit

/// Reads a generated transcript of every auto-continue shape and reports the throughput.
/// The target is well under a second for 10 MB in release builds; debug builds read 1 MB and
/// only report.
final class BreakpointThroughputTests: XCTestCase {
    #if DEBUG
    static let size = 1 << 20
    #else
    static let size = 10 << 20
    #endif

    /// About `targetBytes` of transcript, its hits cycling through shapes 1, 3, 4 and 5 (x86-64, IAG).
    static func generatedTranscript(targetBytes: Int) -> [UInt8] {
        var text = BreakpointFixtures.agdriverSession(invalidate: #"-C "p/d $edi""#, propagateDirty: #"-C "bt 1" -C "register read esi""#,
                                                      update: #"-C "frame info""#, addInput: #"-C "p/d $esi" -C "p/d $edx""#)
        var bytes = Array(text.utf8)
        bytes.reserveCapacity(targetBytes + 4096)
        var i = 0
        while bytes.count < targetBytes {
            let node = 512 + (i % 4000) * 4
            switch i % 5 {
            case 0:
                text = """
                (lldb)  frame info
                frame #0: 0x00005555555a8090 agdriver`IAG::Graph::update_attribute(this=0x0000555555655a50, node=(_offset = \(node)), options=0) at Graph.cpp:1150:11

                """
            case 1:
                text = """
                (lldb)  p/d $esi
                (unsigned int) \(node)
                (lldb)  p/d $edx
                (unsigned int) \(node + 40)

                """
            case 2:
                text = """
                (lldb)  p/d $edi
                (unsigned int) \(node)
                trip write \(i)

                """
            case 3:
                text = """
                (lldb)  bt 1
                * thread #1, name = 'agdriver', stop reason = breakpoint 2.1
                  * frame #0: 0x00005555555a5c0d agdriver`IAG::Graph::propagate_dirty(IAG::AttributeID) + 29
                (lldb)  register read esi
                     esi = 0x\(String(node, radix: 16))

                """
            default:
                text = "IAG::Graph::update_attribute 0x\(String(node, radix: 16))\n"
            }
            bytes.append(contentsOf: text.utf8)
            i += 1
        }
        return bytes
    }

    func testThroughput() throws {
        let bytes = Self.generatedTranscript(targetBytes: Self.size)
        let summary = try measure("generated", bytes: bytes, source: MemorySource(bytes))
        XCTAssertEqual(summary.incompleteHits, 0)
        XCTAssertGreaterThan(summary.events, 0)
    }

    /// Reads `source` (holding `bytes`), prints the throughput, checks the sink saw every event.
    private func measure(_ label: String, bytes: [UInt8], source: ByteSource) throws -> TranscriptSummary {
        var sink = CountingSink()
        let start = DispatchTime.now().uptimeNanoseconds
        let summary = try TranscriptReader(source: source, path: label).read(into: &sink)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let megabytes = Double(bytes.count) / 1e6
        print(String(format: "%@ throughput: %.1f MB in %.3f s = %.1f MB/s, %d events", label, megabytes, seconds, megabytes / seconds, summary.events))
        XCTAssertEqual(sink.count, summary.events)
        return summary
    }

    /// The six sample transcripts over and over, from a file: every shape, listings and noise.
    func testThroughputOfRepeatedSamplesFromAFile() throws {
        let unit = try BreakpointFixtures.sampleNames.flatMap(BreakpointFixtures.sampleBytes)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.size + unit.count)
        while bytes.count < Self.size { bytes += unit }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("agtrace-throughput-\(getpid()).lldb.log")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let summary = try measure("sample-mix", bytes: bytes, source: FileSource(path: url.path))
        let copies = bytes.count / unit.count
        XCTAssertEqual(summary.events, copies * (25 + 16 + 25 + 25 + 28 + 37))
    }

    private struct CountingSink: TranscriptSink {
        var count = 0
        mutating func event(_ event: BreakpointEvent) throws { count += 1 }
    }
}
