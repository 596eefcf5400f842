/// One side's values of a key over its recordings (seconds or counts, one value a recording).
public struct SampleSummary: Equatable, Sendable {
    /// How many recordings.
    public let count: Int
    public let median: Double
    /// The smallest and the largest value.
    public let low: Double
    public let high: Double
    /// The interquartile range: the third quartile minus the first.
    public let spread: Double

    public init(count: Int, median: Double, low: Double, high: Double, spread: Double) {
        self.count = count
        self.median = median
        self.low = low
        self.high = high
        self.spread = spread
    }
}

extension SampleStatistics {
    /// The summary of `values`; nil when there is none or one is not a finite number (unknown
    /// stays unknown, never 0).
    public static func summary(_ values: [Double]) -> SampleSummary? {
        guard !values.isEmpty, values.allSatisfy(\.isFinite) else { return nil }
        let sorted = values.sorted()
        return SampleSummary(count: sorted.count, median: quantile(sorted, 0.5), low: sorted[0],
                             high: sorted[sorted.count - 1],
                             spread: quantile(sorted, 0.75) - quantile(sorted, 0.25))
    }

    /// The `p` quantile of sorted values, interpolated between the two nearest (the usual
    /// definition: R's type 7, numpy's default), so the median of an even count is the mean of
    /// the middle two.
    static func quantile(_ sorted: [Double], _ p: Double) -> Double {
        let position = p * Double(sorted.count - 1)
        let below = Int(position.rounded(.down))
        let fraction = position - Double(below)
        guard fraction > 0, below + 1 < sorted.count else { return sorted[below] }
        return sorted[below] + (sorted[below + 1] - sorted[below]) * fraction
    }
}
