import XCTest
@testable import AGTraceKit

/// The tolerance is a decimal and the comparison is done in integers: exactly the tolerance
/// passes whatever its digits.
final class ToleranceTests: XCTestCase {
    func testParsesDecimalsExactly() throws {
        XCTAssertEqual(Tolerance("18.4"), Tolerance(units: 184, scale: 1))
        XCTAssertEqual(Tolerance("10%"), Tolerance(units: 10, scale: 0))
        XCTAssertEqual(Tolerance("10.50"), Tolerance(units: 105, scale: 1))
        XCTAssertEqual(Tolerance(".5"), Tolerance(units: 5, scale: 1))
        XCTAssertEqual(Tolerance("0.000001"), Tolerance(units: 1, scale: 6))
        XCTAssertEqual(Tolerance("1000000"), Tolerance(units: 1_000_000, scale: 0))
        XCTAssertEqual(Tolerance("18.4")?.description, "18.4")
        XCTAssertEqual(Tolerance("0.125")?.description, "0.125")
        XCTAssertEqual(Tolerance("7.05")?.description, "7.05")
        for bad in ["", ".", "-5", "1e2", "ten", "0.0000001", "1000001", "1.2.3", "+5", " 5", "nan", "inf", "5%%"] {
            XCTAssertNil(Tolerance(bad), bad)
        }
        XCTAssertEqual(Tolerance(percent: 18.4), Tolerance(units: 184, scale: 1))
    }

    func testExactlyTheToleranceWithAFraction() {
        let limits = CheckLimits(tolerance: Tolerance("18.4")!)
        XCTAssertFalse(limits.isRegression(baseline: 375, current: 444), "375 * 1.184 = 444 exactly")
        XCTAssertTrue(limits.isRegression(baseline: 375, current: 445))
        XCTAssertEqual(limits.allowedCount(baseline: 375), 444)
        // The float formula got these wrong; integers do not.
        for (b, t, ok) in [(100, "10", Int64(110)), (300, "0.1", 300), (1000, "0.1", 1001), (3, "33.3", 3), (3, "33.4", 4),
                           (1_000_000, "0.000001", 1_000_000), (100_000_000, "0.000001", 100_000_001)] as [(Int64, String, Int64)] {
            let l = CheckLimits(tolerance: Tolerance(t)!)
            XCTAssertFalse(l.isRegression(baseline: b, current: ok), "\(b) at \(t)% allows \(ok)")
            XCTAssertTrue(l.isRegression(baseline: b, current: ok + 1), "\(b) at \(t)% refuses \(ok + 1)")
            XCTAssertEqual(l.allowedCount(baseline: b), ok, "\(b) at \(t)%")
        }
    }

    func testCountsAtTheTopOfTheRangeDoNotOverflow() {
        let max = Baseline.maxCount
        let limits = CheckLimits(tolerance: Tolerance("1000000")!)
        XCTAssertFalse(limits.isRegression(baseline: max, current: max))
        XCTAssertFalse(limits.isRegression(baseline: 1, current: 10_001), "a million percent of 1 is 10,000")
        XCTAssertTrue(limits.isRegression(baseline: 1, current: 10_002))
        XCTAssertEqual(limits.allowedCount(baseline: max), Int64.max, "saturates rather than wraps")
        XCTAssertTrue(CheckLimits().isRegression(baseline: 0, current: max))
        XCTAssertFalse(CheckLimits().isRegression(baseline: max, current: 0))
    }

    func testMaxDrop() {
        let limits = CheckLimits()  // max-drop 50
        XCTAssertFalse(limits.isSuspiciousDrop(baseline: 10, current: 5), "exactly 50% passes")
        XCTAssertTrue(limits.isSuspiciousDrop(baseline: 10, current: 4))
        XCTAssertTrue(limits.isSuspiciousDrop(baseline: 10, current: 0))
        XCTAssertFalse(limits.isSuspiciousDrop(baseline: 0, current: 0))
        XCTAssertFalse(limits.isSuspiciousDrop(baseline: 10, current: 11))
        let fine = CheckLimits(maxDrop: Tolerance("12.5")!)
        XCTAssertFalse(fine.isSuspiciousDrop(baseline: 8, current: 7), "12.5% of 8 is 1")
        XCTAssertTrue(fine.isSuspiciousDrop(baseline: 8, current: 6))
        XCTAssertFalse(CheckLimits(maxDrop: nil).isSuspiciousDrop(baseline: 10, current: 0))
        XCTAssertFalse(CheckLimits(maxDrop: Tolerance("100")!).isSuspiciousDrop(baseline: 10, current: 0))

        // A suspicious drop fails the comparison though every key improved.
        let baseline = BaselineFixtures.baseline(["792": 3, "712": 7])
        let cut = BaselineFixtures.counts(.run, "cut", ["792": 3])
        let c = BaselineComparison(baseline: baseline, current: cut, limits: CheckLimits())
        XCTAssertTrue(c.regressions.isEmpty)
        XCTAssertTrue(c.suspiciousDrop)
        XCTAssertFalse(c.passed)
        XCTAssertTrue(BaselineComparison(baseline: baseline, current: cut, limits: CheckLimits(maxDrop: nil)).passed)
    }
}
