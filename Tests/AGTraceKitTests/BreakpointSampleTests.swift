import Foundation
import XCTest
@testable import AGTraceKit

/// The sample transcripts of `SampleArchives/transcripts`, against the counts of their README.
final class BreakpointSampleTests: XCTestCase {
    private func sample(_ name: String) throws -> ParsedTranscript {
        try ParsedTranscript(file: BreakpointFixtures.sampleTranscripts.appendingPathComponent(name))
    }

    private let updates: [UInt32: Int] = [3152: 4, 3216: 3, 3256: 1]
    private let invalidations: [UInt32: Int] = [3032: 1, 3096: 2, 3124: 1]
    private let edges = ["3216->3256", "904->3256", "3152->3216", "576->3216", "624->3152", "800->3152",
                         "3032->3152", "3096->3152", "3124->3152"]

    private func assertStory(_ parsed: ParsedTranscript, addInput: Bool, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(parsed.count(.update), 8, file: file, line: line)
        XCTAssertEqual(parsed.count(.invalidate), 4, file: file, line: line)
        XCTAssertEqual(parsed.count(.propagateDirty), 4, file: file, line: line)
        XCTAssertEqual(parsed.perAttribute(.update), updates, file: file, line: line)
        XCTAssertEqual(parsed.perAttribute(.invalidate), invalidations, file: file, line: line)
        XCTAssertEqual(parsed.perAttribute(.propagateDirty), invalidations, file: file, line: line)
        XCTAssertEqual(parsed.edges, addInput ? edges : [], file: file, line: line)
    }

    func testFrameInfo() throws {
        let parsed = try sample("trip-frame-info.lldb.log")
        assertStory(parsed, addInput: true)
        XCTAssertEqual(parsed.summary, TranscriptSummary(events: 25, skippedLines: 14, incompleteHits: 0))
        XCTAssertTrue(parsed.events.allSatisfy { $0.symbol.hasPrefix("OAG") })
    }

    func testInteractive() throws {
        let parsed = try sample("trip-interactive.lldb.log")
        assertStory(parsed, addInput: false)
        XCTAssertEqual(parsed.summary, TranscriptSummary(events: 16, skippedLines: 124, incompleteHits: 0))
        XCTAssertEqual(parsed.events[0].frames.count, 3, "the bt 3 typed at the first stop")
        XCTAssertTrue(parsed.events.allSatisfy { $0.thread == 1 && $0.breakpoint?.hasSuffix(".1") == true })
    }

    func testBacktraceRegisters() throws {
        let parsed = try sample("trip-bt-registers.lldb.log")
        assertStory(parsed, addInput: true)
        XCTAssertEqual(parsed.summary, TranscriptSummary(events: 25, skippedLines: 18, incompleteHits: 0))
        XCTAssertTrue(parsed.events.filter { $0.kind == .update }.allSatisfy { $0.frames.count == 3 })
    }

    func testExpressions() throws {
        let parsed = try sample("trip-expressions.lldb.log")
        assertStory(parsed, addInput: true)
        XCTAssertEqual(parsed.summary, TranscriptSummary(events: 25, skippedLines: 10, incompleteHits: 0))
    }

    func testLogMessage() throws {
        let parsed = try sample("trip-log-message.txt")
        assertStory(parsed, addInput: true)
        XCTAssertEqual(parsed.count(.stateWrite), 3)
        XCTAssertEqual(parsed.summary, TranscriptSummary(events: 28, skippedLines: 7, incompleteHits: 0))
    }

    func testMixed() throws {
        let url = BreakpointFixtures.sampleTranscripts.appendingPathComponent("trip-mixed.lldb.log")
        var sink = CollectingSink()
        let (summary, skipped) = try TranscriptReader(source: FileSource(path: url.path), path: url.path)
            .readRecordingSkippedLines(into: &sink)
        let parsed = ParsedTranscript(events: sink.events, summary: summary)
        XCTAssertEqual(parsed.kindCounts, [.update: 9, .invalidate: 5, .propagateDirty: 5, .addInput: 10, .stateWrite: 3, .read: 1, .call: 4])
        XCTAssertEqual(parsed.perAttribute(.update), [3152: 5, 3216: 3, 3256: 1])
        XCTAssertEqual(parsed.perAttribute(.invalidate), [3032: 2, 3096: 2, 3124: 1])
        XCTAssertEqual(parsed.perAttribute(.propagateDirty), [3032: 2, 3096: 2, 3124: 1])
        XCTAssertEqual(parsed.edges, ["3216->3256", "904->3256", "3152->3216", "576->3216", "nil->3152", "800->3152",
                                      "3032->3152", "3096->3152", "3124->3152", "3032->3152"])
        let read = try XCTUnwrap(parsed.events.first { $0.kind == .read })
        XCTAssertEqual(read.attribute, 3096)
        XCTAssertEqual(read.breakpoint, "8.1")
        XCTAssertTrue(parsed.events.filter { $0.kind == .call }.allSatisfy { $0.symbol == "Trip.body.getter" })
        // Line 57 is lldb's error in place of `p/d $edx`'s value: named, not only counted.
        XCTAssertEqual(summary, TranscriptSummary(events: 37, skippedLines: 34, incompleteHits: 1, unreadableInHits: 1, unreadableLines: [57]))
        XCTAssertEqual(skipped, [1, 2, 3, 4, 24, 25, 26, 27, 42, 57, 74, 92, 93, 94, 95, 96, 97, 98, 101, 102,
                                 125, 128, 129, 130, 132, 135, 136, 137, 138, 141, 157, 158, 160, 165])
    }
}
