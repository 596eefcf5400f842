import XCTest
@testable import AGTraceKit

final class BaselineComparisonTests: XCTestCase {
    private func compare(_ old: [String: Int64], _ new: [String: Int64], tolerance: Double = 0,
                         minCount: Int64 = 1) -> BaselineComparison {
        BaselineComparison(baseline: BaselineFixtures.baseline(old),
                           current: BaselineFixtures.counts(.run, "after", new),
                           limits: CheckLimits(tolerancePercent: tolerance, minCount: minCount))
    }

    private func status(_ old: Int64, _ new: Int64, tolerance: Double = 0, minCount: Int64 = 1) -> KeyComparison.Status {
        compare(["k": old], ["k": new], tolerance: tolerance, minCount: minCount).keys[0].status
    }

    func testIdenticalCountsPass() {
        let c = compare(["792": 3, "712": 1], ["792": 3, "712": 1])
        XCTAssertTrue(c.passed)
        XCTAssertEqual(c.total.status, .unchanged)
        XCTAssertEqual(c.keys.map(\.status), [.unchanged, .unchanged])
        XCTAssertTrue(c.regressions.isEmpty && c.improvements.isEmpty && c.withinLimits.isEmpty)
    }

    func testDefaultLimitsFailOnAnyGrowth() {
        XCTAssertEqual(status(100, 101), .regressed)
        XCTAssertEqual(status(100, 100), .unchanged)
        XCTAssertFalse(compare(["k": 100], ["k": 101]).passed)
    }

    func testToleranceEdges() {
        // delta > baseline * tolerance / 100: exactly the tolerance passes, one more fails.
        XCTAssertEqual(status(100, 110, tolerance: 10), .withinLimits)
        XCTAssertEqual(status(100, 111, tolerance: 10), .regressed)
        // Fractional allowances round down: 8 * 12.5% = 1.
        XCTAssertEqual(status(8, 9, tolerance: 12.5), .withinLimits)
        XCTAssertEqual(status(8, 10, tolerance: 12.5), .regressed)
        // 3 * 10% = 0.3: any growth of a small count exceeds it.
        XCTAssertEqual(status(3, 4, tolerance: 10), .regressed)
        // 30x the updates is +2900%: that tolerance passes it, a hair less fails it.
        XCTAssertEqual(status(3, 90, tolerance: 2900), .withinLimits)
        XCTAssertEqual(status(3, 90, tolerance: 2899.9), .regressed)
    }

    func testMinCountEdges() {
        XCTAssertEqual(status(10, 14, minCount: 5), .withinLimits)
        XCTAssertEqual(status(10, 15, minCount: 5), .regressed)
        // Both conditions must hold.
        XCTAssertEqual(status(100, 115, tolerance: 10, minCount: 20), .withinLimits)  // > 10% but < 20
        XCTAssertEqual(status(100, 120, tolerance: 10, minCount: 20), .regressed)
        XCTAssertEqual(status(1000, 1100, tolerance: 10, minCount: 20), .withinLimits)  // >= 20 but not > 10%
        XCTAssertEqual(status(1000, 1101, tolerance: 10, minCount: 20), .regressed)
        // min-count 0 with tolerance 0 still needs growth.
        XCTAssertEqual(status(5, 5, minCount: 0), .unchanged)
        XCTAssertEqual(status(5, 6, minCount: 0), .regressed)
    }

    func testAllowedCountMatchesTheRule() {
        for (tolerance, minCount) in [(0.0, Int64(1)), (10, 1), (12.5, 3), (33.3, 0), (2900, 1), (0, 5)] {
            let limits = CheckLimits(tolerancePercent: tolerance, minCount: minCount)
            for base in Int64(0)...40 {
                let allowed = limits.allowedCount(baseline: base)
                XCTAssertFalse(limits.isRegression(baseline: base, current: allowed), "\(tolerance) \(minCount) \(base)")
                XCTAssertTrue(limits.isRegression(baseline: base, current: allowed + 1), "\(tolerance) \(minCount) \(base)")
            }
        }
    }

    func testNewKeysRegressWithTheirWholeCount() {
        let c = compare(["1": 5], ["1": 5, "2": 1])
        XCTAssertEqual(c.regressions.map(\.key), ["2"])
        XCTAssertTrue(c.regressions[0].isNew)
        XCTAssertNil(c.regressions[0].percent)
        XCTAssertEqual(c.regressions[0].delta, 1)
        // A new key below min-count does not regress; at min-count it does, whatever the tolerance.
        XCTAssertEqual(status(0, 2, minCount: 3), .withinLimits)
        XCTAssertEqual(status(0, 3, tolerance: 1000, minCount: 3), .regressed)
    }

    func testDropsAndVanishedKeysAreImprovementsLargestFirst() {
        let c = compare(["a": 10, "b": 4, "c": 3, "d": 7], ["a": 9, "b": 0, "d": 7])
        XCTAssertTrue(c.passed)
        XCTAssertEqual(c.improvements.map(\.key), ["b", "c", "a"])  // -4, -3 (tie order: key), -1
        XCTAssertEqual(c.improvements.map(\.vanished), [true, true, false])
        XCTAssertEqual(c.improvements[0].percent, -100)
        XCTAssertEqual(c.total.status, .improved)
    }

    func testRegressionsWorstFirstByDeltaThenPercentThenKey() {
        let c = compare(["792": 3, "1760": 2, "712": 1, "10": 100, "20": 1, "30": 1],
                        ["792": 90, "1760": 60, "712": 30, "10": 130, "20": 31, "30": 31, "40": 30])
        // +30s: 40 is new (percent infinite), then 20 and 30 at +3000% (key order), then 10 at +30%;
        // 712 grew by 29 only, so it comes last even at +2900%.
        XCTAssertEqual(c.regressions.map(\.key), ["792", "1760", "40", "20", "30", "10", "712"])
        XCTAssertEqual(c.regressions.map(\.delta), [87, 58, 30, 30, 30, 30, 29])
    }

    func testTotalAloneCanFail() {
        // Ten keys each +1, within min-count 2, but the total grows by 10.
        var old: [String: Int64] = [:], new: [String: Int64] = [:]
        for k in 0..<10 { old["\(k)"] = 5; new["\(k)"] = 6 }
        let c = compare(old, new, minCount: 2)
        XCTAssertTrue(c.regressions.isEmpty)
        XCTAssertEqual(c.withinLimits.count, 10)
        XCTAssertEqual(c.total.status, .regressed)
        XCTAssertFalse(c.passed)
        XCTAssertTrue(compare(old, new, tolerance: 20, minCount: 2).passed)
    }

    func testKeysListsBothSidesInBaselineOrder() {
        let c = compare(["1760": 1, "792": 1, "(unknown)": 1], ["800": 1, "792": 1])
        XCTAssertEqual(c.keys.map(\.key), ["792", "800", "1760", "(unknown)"])
    }
}
