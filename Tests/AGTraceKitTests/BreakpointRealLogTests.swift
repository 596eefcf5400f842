import Foundation
import XCTest
@testable import AGTraceKit

/// The two real lldb transcripts beside the project (`../shared/real-logs`), checked against
/// the exact counts of their README. Skipped when the folder is absent.
final class BreakpointRealLogTests: XCTestCase {
    private func realLog(_ name: String) throws -> URL {
        let url = BreakpointFixtures.realLogs.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("\(url.path) is not on this machine")
        }
        return url
    }

    private let updates: [UInt32: Int] = [792: 3, 760: 1, 712: 1, 1760: 2, 1712: 1, 1664: 1, 1620: 1]
    private let invalidations: [UInt32: Int] = [628: 1, 656: 2, 1592: 1]

    func testFrameInfoLog() throws {
        let parsed = try ParsedTranscript(file: try realLog("frame-info.lldb.log"))
        XCTAssertEqual(parsed.count(.update), 10)
        XCTAssertEqual(parsed.count(.invalidate), 4)
        XCTAssertEqual(parsed.count(.propagateDirty), 4)
        XCTAssertEqual(parsed.count(.addInput), 16)
        XCTAssertEqual(parsed.events.count, 34)
        XCTAssertEqual(parsed.perAttribute(.update), updates)
        XCTAssertEqual(parsed.perAttribute(.invalidate), invalidations)
        XCTAssertEqual(parsed.perAttribute(.propagateDirty), invalidations)
        XCTAssertEqual(parsed.edges, [
            "536->792", "760->792", "712->760", "628->712", "656->712", "684->712", "536->712", "568->712",
            "1664->1760", "1592->1664", "1620->1664", "1592->1620", "1560->1620", "1712->1760", "1592->1712", "1620->1712",
        ])
        XCTAssertEqual(parsed.summary.incompleteHits, 0)
    }

    func testInteractiveStopsLog() throws {
        let parsed = try ParsedTranscript(file: try realLog("interactive-stops.lldb.log"))
        XCTAssertEqual(parsed.count(.update), 10)
        XCTAssertEqual(parsed.count(.invalidate), 4)
        XCTAssertEqual(parsed.count(.propagateDirty), 4)
        XCTAssertEqual(parsed.events.count, 18)
        XCTAssertEqual(parsed.perAttribute(.update), updates)
        XCTAssertEqual(parsed.perAttribute(.invalidate), invalidations)
        XCTAssertEqual(parsed.perAttribute(.propagateDirty), invalidations)
        XCTAssertEqual(parsed.summary.incompleteHits, 0)
        XCTAssertTrue(parsed.events.allSatisfy { $0.thread == 1 && $0.breakpoint?.hasSuffix(".1") == true })
    }
}
