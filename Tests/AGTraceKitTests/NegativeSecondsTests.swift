import XCTest
@testable import AGTraceKit

/// Seconds below zero (a recording whose clock went backwards) are not counted by the gate,
/// whatever the kind: compared they would read as time saved, and `baseline` would write a
/// file it then refuses to read.
final class NegativeSecondsTests: XCTestCase {
    func counts(_ entries: [String: UpdateEntry]) -> UpdateCounts {
        UpdateCounts(source: MeasuredSource(kind: .trace, label: "backwards"), key: .rule, entries: entries, time: .selfTime)
    }

    func testNegativeSecondsAreNotCounted() throws {
        XCTAssertNoThrow(try RecordingGate.refuseUnknownAttributes(counts(["A": UpdateEntry(updates: 2, seconds: 0.001)])))
        for entry in [UpdateEntry(updates: 2, seconds: -0.001),
                      UpdateEntry(updates: 2, seconds: 0.001, secondsEach: [0.002, -0.001, 0.001])] {
            XCTAssertThrowsError(try RecordingGate.refuseUnknownAttributes(counts(["A": UpdateEntry(updates: 1, seconds: 0), "B": entry]))) { error in
                let problem = error as? CheckProblem
                XCTAssertNotNil(problem, "\(error)")
                XCTAssertTrue("\(error)".contains("\"B\" negative seconds: its clock went backwards"), "\(error)")
            }
        }
    }
}
