import Foundation
import XCTest
@testable import AGTraceKit

/// The two real lldb transcripts beside the project (`../shared/real-logs`), checked against
/// the exact counts of their README. Skipped when the folder is absent.
final class BreakpointRealLogTests: XCTestCase {
    /// Reads a real log and checks what both sessions share (README): 10 updates, 4 invalidations
    /// and 4 propagate_dirty hits on the same attributes, every hit complete, `events` in all.
    private func parseRealLog(_ name: String, events: Int, file: StaticString = #filePath, line: UInt = #line) throws -> ParsedTranscript {
        let parsed = try ParsedTranscript(file: URL(fileURLWithPath: try TestPaths.sharedFile("real-logs/\(name)")))
        let invalidations: [UInt32: Int] = [628: 1, 656: 2, 1592: 1]
        XCTAssertEqual(parsed.count(.update), 10, file: file, line: line)
        XCTAssertEqual(parsed.count(.invalidate), 4, file: file, line: line)
        XCTAssertEqual(parsed.count(.propagateDirty), 4, file: file, line: line)
        XCTAssertEqual(parsed.events.count, events, file: file, line: line)
        XCTAssertEqual(parsed.perAttribute(.update), [792: 3, 760: 1, 712: 1, 1760: 2, 1712: 1, 1664: 1, 1620: 1], file: file, line: line)
        XCTAssertEqual(parsed.perAttribute(.invalidate), invalidations, file: file, line: line)
        XCTAssertEqual(parsed.perAttribute(.propagateDirty), invalidations, file: file, line: line)
        XCTAssertEqual(parsed.summary.incompleteHits, 0, file: file, line: line)
        return parsed
    }

    func testFrameInfoLog() throws {
        let parsed = try parseRealLog("frame-info.lldb.log", events: 34)
        XCTAssertEqual(parsed.count(.addInput), 16)
        XCTAssertEqual(parsed.edges, [
            "536->792", "760->792", "712->760", "628->712", "656->712", "684->712", "536->712", "568->712",
            "1664->1760", "1592->1664", "1620->1664", "1592->1620", "1560->1620", "1712->1760", "1592->1712", "1620->1712",
        ])
    }

    func testInteractiveStopsLog() throws {
        let parsed = try parseRealLog("interactive-stops.lldb.log", events: 18)
        XCTAssertTrue(parsed.events.allSatisfy { $0.thread == 1 && $0.breakpoint?.hasSuffix(".1") == true })
    }
}
