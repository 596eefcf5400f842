/// What the recordings say about a key: B slower, faster, not distinguishable from A, equal in
/// every recording, or no verdict and why.
public enum ComparisonVerdict: Equatable, Sendable {
    /// The whole interval lies above 1 + the minimum effect, and the ranks agree (p < 0.05).
    case slower
    /// The whole interval lies below 1 / (1 + the minimum effect), and the ranks agree.
    case faster
    /// Any difference is within the noise or below the minimum effect.
    case unchanged
    /// Every recording of A holds one value and every recording of B one value: no statistics
    /// (counts usually are); A's and B's medians then are the values.
    case exact
    /// Why the recordings cannot say (one recording each, a median of 0, ...).
    case noVerdict(String)
}

/// A key's values in A's and B's recordings compared.
public struct SampleComparison: Equatable, Sendable {
    /// Nil when the side has no value (or an unknown one).
    public let a: SampleSummary?
    public let b: SampleSummary?
    /// The ratio of medians B / A and its interval; nil when not computed (exact, no verdict).
    public let interval: RatioInterval?
    /// Mann-Whitney's two-sided p; nil when not computed.
    public let pValue: Double?
    public let verdict: ComparisonVerdict

    public init(a: SampleSummary?, b: SampleSummary?, interval: RatioInterval?, pValue: Double?, verdict: ComparisonVerdict) {
        self.a = a
        self.b = b
        self.interval = interval
        self.pValue = pValue
        self.verdict = verdict
    }
}

/// The statistics of repeated recordings (docs/statistics.md): summaries, the bootstrap interval
/// of the ratio of medians, Mann-Whitney's p, and the verdict made of them.
public enum SampleStatistics {
    /// The interval's confidence and the bootstrap's draws `compare` uses.
    public static let confidence = 0.95
    public static let resamples = 2000
    /// The p below which the ranks are taken to agree with the interval.
    public static let significance = 0.05

    /// The verdict on one key, its rule in docs/statistics.md: `.exact` when each side holds
    /// one value in every recording (at least 2 recordings a side, or A's value equal to B's);
    /// no verdict with fewer than 2 recordings on a side, too few for any order of them to
    /// reach p < 0.05, or a median of 0; else `.slower` when the whole 95% interval of
    /// median(B) / median(A) lies above 1 + `minEffect` (0.05: 5%) and p < 0.05, `.faster`
    /// when it lies below 1 / (1 + `minEffect`) and p < 0.05, `.unchanged` otherwise.
    public static func compare(a: [Double], b: [Double], minEffect: Double, seed: UInt64) -> SampleComparison {
        let sa = summary(a), sb = summary(b)
        func none(_ why: String) -> SampleComparison {
            SampleComparison(a: sa, b: sb, interval: nil, pValue: nil, verdict: .noVerdict(why))
        }
        guard let sa, let sb else {
            let side = summary(a) == nil ? "A" : "B"
            let values = side == "A" ? a : b
            return none(values.isEmpty ? "no recording in \(side)" : "a value of \(side) is unknown")
        }
        let constant = sa.low == sa.high && sb.low == sb.high
        if constant && (sa.low == sb.low || (sa.count >= 2 && sb.count >= 2)) {
            return SampleComparison(a: sa, b: sb, interval: nil, pValue: nil, verdict: .exact)
        }
        if sa.count < 2 || sb.count < 2 {
            if sa.count == 1 && sb.count == 1 {
                return none("one recording each: no spread to measure the noise by (take 5 of each)")
            }
            return none("\(sa.count) recording\(sa.count == 1 ? "" : "s") in A, \(sb.count) in B: at least 2 a side measure the noise (take 5 of each)")
        }
        if 2 * exactUpperTail(atLeast: sa.count * sb.count, sa.count, sb.count) >= significance {
            return none("\(sa.count) + \(sb.count) recordings cannot reach p < \(significance) in any order (take 5 of each)")
        }
        guard sa.median > 0, sb.median > 0 else {
            return none("the median of \(sa.median > 0 ? "B" : "A") is 0: no ratio")
        }
        guard sa.low >= 0, sb.low >= 0 else { return none("a value is negative: no ratio") }
        let interval = ratioOfMedians(a: a, b: b, confidence: confidence, resamples: resamples, seed: seed)
        let p = mannWhitney(a: a, b: b)
        let verdict: ComparisonVerdict
        if let interval, let p, p < significance, interval.low > 1 + minEffect {
            verdict = .slower
        } else if let interval, let p, p < significance, interval.high < 1 / (1 + minEffect) {
            verdict = .faster
        } else {
            verdict = .unchanged
        }
        return SampleComparison(a: sa, b: sb, interval: interval, pValue: p, verdict: verdict)
    }
}

extension SampleStatistics {
    /// A bootstrap seed made of a key's name (FNV-1a): each key draws its own resamples, and
    /// the same key the same ones in every run, so a report prints the same intervals.
    public static func seed(for key: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01B3
        }
        return hash
    }
}
