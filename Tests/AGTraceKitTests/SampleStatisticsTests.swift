import XCTest
@testable import AGTraceKit

/// The statistics of repeated recordings: Mann-Whitney's p against scipy 1.17's
/// `mannwhitneyu` (two-sided, method "auto"), the bootstrap's reproducibility, the verdict's
/// rules, and its error rates on the generator (5 + 5 recordings, ±10% noise).
final class SampleStatisticsTests: XCTestCase {
    // MARK: Mann-Whitney, as scipy computes it

    func testMannWhitneyExactWithoutTies() {
        // scipy.stats.mannwhitneyu(a, b).pvalue
        assertP([1, 2, 3], [4, 5, 6], 0.1)
        assertP([1, 2, 3, 4, 5], [6, 7, 8, 9, 10], 0.007936507936507936)  // 2 / C(10, 5)
        assertP([6, 7, 8, 9, 10], [1, 2, 3, 4, 5], 0.007936507936507936)
        assertP([1.1, 2.2, 3.3, 4.4, 5.5], [2.5, 3.5, 6, 7, 8], 0.15079365079365079)
        assertP([0.91, 1.02, 0.97, 1.08, 0.95, 1.0], [1.21, 1.3, 1.12, 1.26, 1.35, 1.18, 1.01], 0.004662004662004662)
        assertP([0.625, 0.897, 0.776, 0.225],
                [0.6, 1.174, 0.305, 1.121, 1.097, 0.768, 0.603, 0.578, 0.555, 0.745, 0.805, 0.853, 1.296,
                 1.093, 0.922, 1.289, 0.515, 0.46, 0.913, 0.344], 0.47713156408808577)
    }

    func testMannWhitneyNormalApproximation() {
        // Ties: the normal approximation with the tie correction and continuity.
        assertP([1, 2, 2, 3, 4], [2, 3, 5, 6, 7], 0.11161176829829224)
        assertP([3, 1, 2], [2, 5, 4, 6], 0.15357639654998376)
        // Both sides above 8 values.
        assertP([1, 2, 3, 4, 5, 6, 7, 8, 9], [3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5], 0.055013832353979004)
        // Every value tied: nothing tells the sides apart.
        assertP([1, 1], [1, 1], 1)
    }

    func testMannWhitneyWithoutValues() {
        XCTAssertNil(SampleStatistics.mannWhitney(a: [], b: [1]))
        XCTAssertNil(SampleStatistics.mannWhitney(a: [1, .nan], b: [1]))
    }

    private func assertP(_ a: [Double], _ b: [Double], _ expected: Double, line: UInt = #line) {
        guard let p = SampleStatistics.mannWhitney(a: a, b: b) else { return XCTFail("no p", line: line) }
        XCTAssertEqual(p, expected, accuracy: 1e-12, line: line)
    }

    // MARK: Summary and interval

    func testSummaryIsMedianRangeAndInterquartileRange() {
        XCTAssertEqual(SampleStatistics.summary([4, 1, 3, 2]),
                       SampleSummary(count: 4, median: 2.5, low: 1, high: 4, spread: 1.5))
        XCTAssertEqual(SampleStatistics.summary([7]), SampleSummary(count: 1, median: 7, low: 7, high: 7, spread: 0))
        XCTAssertNil(SampleStatistics.summary([]))
        XCTAssertNil(SampleStatistics.summary([1, .infinity]))
    }

    func testBootstrapIsReproducibleForASeed() throws {
        let a = [10.0, 11, 9.5, 10.4, 9.8], b = [12.0, 12.5, 11.6, 13, 12.2]
        let first = try XCTUnwrap(SampleStatistics.ratioOfMedians(a: a, b: b, confidence: 0.95, resamples: 2000, seed: 42))
        let again = try XCTUnwrap(SampleStatistics.ratioOfMedians(a: a, b: b, confidence: 0.95, resamples: 2000, seed: 42))
        XCTAssertEqual(first, again)
        XCTAssertEqual(first.ratio, 12.2 / 10.0, accuracy: 1e-12)
        XCTAssertEqual(first.confidence, 0.95)
        XCTAssertLessThanOrEqual(first.low, first.ratio)
        XCTAssertGreaterThanOrEqual(first.high, first.ratio)
        // Every drawn median is one of the values: the interval's ends are ratios of them.
        XCTAssertGreaterThanOrEqual(first.low, 11.6 / 11)
        XCTAssertLessThanOrEqual(first.high, 13 / 9.5)
        // Another seed draws other resamples (the same values, so a close interval).
        let other = try XCTUnwrap(SampleStatistics.ratioOfMedians(a: a, b: b, confidence: 0.95, resamples: 2000, seed: 43))
        XCTAssertEqual(other.ratio, first.ratio)
    }

    func testSeededRandomIsSplitMix64() {
        // The reference sequence of SplitMix64 from seed 0 (Vigna's splitmix64.c).
        var random = AGTraceKit.SeededRandom(seed: 0)
        let first: UInt64 = random.next(), second: UInt64 = random.next()
        XCTAssertEqual(first, 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(second, 0x6E78_9E6A_A1B9_65F4)
    }

    func testNoRatioWithoutAMedian() {
        XCTAssertNil(SampleStatistics.ratioOfMedians(a: [0, 0, 1], b: [1, 2, 3], confidence: 0.95, resamples: 100, seed: 1))
        XCTAssertNil(SampleStatistics.ratioOfMedians(a: [], b: [1], confidence: 0.95, resamples: 100, seed: 1))
        XCTAssertNil(SampleStatistics.ratioOfMedians(a: [1], b: [1], confidence: 1, resamples: 100, seed: 1))
    }

    // MARK: The verdict

    func testEqualInEveryRecordingIsExact() {
        XCTAssertEqual(verdict([12, 12, 12], [12, 12, 12]), .exact)
        XCTAssertEqual(verdict([12], [12]), .exact)
        // Each side constant, but different: exact too (the counts are the answer).
        XCTAssertEqual(verdict([12, 12], [14, 14, 14]), .exact)
        XCTAssertEqual(verdict([0, 0], [0, 0]), .exact)
    }

    func testTooFewRecordingsHaveNoVerdict() {
        XCTAssertEqual(verdict([0.01], [0.02]), .noVerdict("one recording each: no spread to measure the noise by (take 5 of each)"))
        XCTAssertEqual(verdict([0.01, 0.011], [0.02]), .noVerdict("2 recordings in A, 1 in B: at least 2 a side measure the noise (take 5 of each)"))
        XCTAssertEqual(verdict([1, 1.1, 1.2], [2, 2.1, 2.2]), .noVerdict("3 + 3 recordings cannot reach p < 0.05 in any order (take 5 of each)"))
        XCTAssertEqual(verdict([], [1, 2]), .noVerdict("no recording in A"))
        XCTAssertEqual(verdict([0, 0, 0, 1], [1, 2, 3, 4]), .noVerdict("the median of A is 0: no ratio"))
        // Summaries are kept for what was given.
        let c = SampleStatistics.compare(a: [0.01], b: [0.02], minEffect: 0.05, seed: 1)
        XCTAssertEqual(c.a?.median, 0.01)
        XCTAssertNil(c.interval)
        XCTAssertNil(c.pValue)
    }

    func testSlowerFasterUnchanged() {
        let a = [1.0, 1.02, 0.98, 1.01, 0.99]
        XCTAssertEqual(verdict(a, a.map { $0 * 1.3 }), .slower)
        XCTAssertEqual(verdict(a, a.map { $0 / 1.3 }), .faster)
        XCTAssertEqual(verdict(a, [1.01, 0.99, 1.0, 1.03, 0.97]), .unchanged)
        // A clear change (every B above every A) below the minimum effect stays unchanged.
        XCTAssertEqual(verdict(a, a.map { $0 * 1.08 }, minEffect: 0.2), .unchanged)
        XCTAssertEqual(verdict(a, a.map { $0 * 1.08 }, minEffect: 0.01), .slower)
        let c = SampleStatistics.compare(a: a, b: a.map { $0 * 1.3 }, minEffect: 0.05, seed: 9)
        XCTAssertEqual(c.pValue ?? 1, 0.007936507936507936, accuracy: 1e-12)
        XCTAssertEqual(c.interval?.ratio ?? 0, 1.3, accuracy: 1e-12)
        XCTAssertEqual(c.interval?.confidence, 0.95)
    }

    private func verdict(_ a: [Double], _ b: [Double], minEffect: Double = 0.05) -> ComparisonVerdict {
        SampleStatistics.compare(a: a, b: b, minEffect: minEffect, seed: 7).verdict
    }

    // MARK: Error rates on the generator

    /// 5 + 5 recordings of 8 keys whose times carry ±10% noise and no real change: in 100 seeded
    /// trials, at most 5 flag any key (false positives <= 5%).
    func testNoChangeIsRarelyFlagged() {
        var flagged = 0
        for trial in 0..<100 {
            let (a, b) = recordings(trial: UInt64(trial), change: 1)
            if a.indices.contains(where: { verdictOfKey($0, a, b, trial) != .unchanged }) { flagged += 1 }
        }
        XCTAssertLessThanOrEqual(flagged, 5)
    }

    /// The same with one key 30% slower in B: flagged slower in at least 95 of 100 trials.
    func testARealChangeIsFlagged() {
        var flagged = 0
        for trial in 0..<100 {
            let (a, b) = recordings(trial: UInt64(trial), change: 1.3)
            if verdictOfKey(0, a, b, trial) == .slower { flagged += 1 }
        }
        XCTAssertGreaterThanOrEqual(flagged, 95)
    }

    private func verdictOfKey(_ key: Int, _ a: [[Double]], _ b: [[Double]], _ trial: Int) -> ComparisonVerdict {
        SampleStatistics.compare(a: a[key], b: b[key], minEffect: 0.05, seed: UInt64(trial * 100 + key)).verdict
    }

    /// Per key, 5 recordings of A and 5 of B: each the key's time (50 µs ... 5 ms) times a noise
    /// uniform in [0.9, 1.1]; key 0's B times `change`.
    private func recordings(trial: UInt64, change: Double) -> (a: [[Double]], b: [[Double]]) {
        var random = AGTraceKit.SeededRandom(seed: 1000 + trial)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        var a: [[Double]] = [], b: [[Double]] = []
        for key in 0..<8 {
            let seconds = 50e-6 * pow(100, uniform())
            a.append((0..<5).map { _ in seconds * (0.9 + 0.2 * uniform()) })
            b.append((0..<5).map { _ in seconds * (key == 0 ? change : 1) * (0.9 + 0.2 * uniform()) })
        }
        return (a, b)
    }
}
