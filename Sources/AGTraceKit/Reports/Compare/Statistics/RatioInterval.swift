/// How many times B's median is A's, with the range that holds the true ratio at `confidence`.
public struct RatioInterval: Equatable, Sendable {
    /// median(B) / median(A): above 1, B takes longer (or counts more).
    public let ratio: Double
    public let low: Double
    public let high: Double
    /// 0.95 for a 95% interval.
    public let confidence: Double

    public init(ratio: Double, low: Double, high: Double, confidence: Double) {
        self.ratio = ratio
        self.low = low
        self.high = high
        self.confidence = confidence
    }
}

extension SampleStatistics {
    /// The ratio of medians and its percentile bootstrap interval: `resamples` times, A's and B's
    /// recordings are each drawn again with replacement (as many as there are), and the ratio of
    /// the drawn medians noted; the interval is the middle `confidence` of those ratios.
    /// Recordings are the unit resampled, so the interval holds the noise between recordings.
    /// Seeded: the same values and seed give the same interval.
    ///
    /// Nil when a side is empty, a value is negative or not finite, either median is 0 (no
    /// ratio to speak of), `confidence` is not strictly between 0 and 1, or `resamples` < 1.
    public static func ratioOfMedians(a: [Double], b: [Double], confidence: Double, resamples: Int, seed: UInt64) -> RatioInterval? {
        guard confidence > 0, confidence < 1, resamples >= 1,
              let sa = summary(a), let sb = summary(b), sa.low >= 0, sb.low >= 0,
              sa.median > 0, sb.median > 0 else { return nil }
        var random = SeededRandom(seed: seed)
        let sortedA = a.sorted(), sortedB = b.sorted()
        var drawsA = [Int](repeating: 0, count: a.count), drawsB = [Int](repeating: 0, count: b.count)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            let medianA = drawnMedian(sortedA, &drawsA, &random)
            ratios.append(ratio(drawnMedian(sortedB, &drawsB, &random), medianA))
        }
        ratios.sort()
        // Nearest rank: no interpolation towards an infinite ratio (a draw whose A median is 0).
        func rank(_ p: Double) -> Double { ratios[Int((p * Double(resamples - 1)).rounded())] }
        let tail = (1 - confidence) / 2
        return RatioInterval(ratio: sb.median / sa.median, low: rank(tail), high: rank(1 - tail), confidence: confidence)
    }

    /// The median of `sorted.count` values drawn with replacement from `sorted`: how often each
    /// is drawn (`draws`, reused), then the middle ones found walking up the counts, without
    /// sorting the draw (the bootstrap's inner loop).
    private static func drawnMedian(_ sorted: [Double], _ draws: inout [Int], _ random: inout SeededRandom) -> Double {
        let n = sorted.count
        for i in 0..<n { draws[i] = 0 }
        for _ in 0..<n { draws[random.index(below: n)] += 1 }
        // The values at positions (n-1)/2 and n/2 of the draw, in order: one value when n is odd.
        let lowMiddle = (n - 1) / 2, highMiddle = n / 2
        var seen = 0, low = sorted[0]
        for i in 0..<n {
            let next = seen + draws[i]
            if lowMiddle >= seen && lowMiddle < next { low = sorted[i] }
            if highMiddle < next { return low + (sorted[i] - low) * 0.5 }  // as `quantile` interpolates
            seen = next
        }
        return low
    }

    /// b / a for a drawn pair of medians; a draw of zeros on both sides is no change.
    private static func ratio(_ b: Double, _ a: Double) -> Double {
        if a > 0 { return b / a }
        return b > 0 ? .infinity : 1
    }
}
