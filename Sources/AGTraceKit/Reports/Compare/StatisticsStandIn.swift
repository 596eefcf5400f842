// STAND-IN for helper S's statistics engine (Reports/Compare/Statistics/, branch h-s), written
// against its announced API so that `compare` builds before it lands. Delete this file when
// merging h-s: S's types replace these one for one.
import Foundation

public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

public struct SampleSummary: Equatable {
    public let count: Int
    public let median: Double
    public let low: Double
    public let high: Double
    public let spread: Double
}

public struct RatioInterval: Equatable {
    public let ratio: Double
    public let low: Double
    public let high: Double
    public let confidence: Double
}

public enum ComparisonVerdict: Equatable {
    case slower, faster, unchanged, exact
    case noVerdict(String)
}

public struct SampleComparison: Equatable {
    public let a: SampleSummary?
    public let b: SampleSummary?
    public let interval: RatioInterval?
    public let pValue: Double?
    public let verdict: ComparisonVerdict
}

public enum SampleStatistics {
    static func median(_ sorted: [Double]) -> Double {
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let below = Int(position.rounded(.down)), above = Int(position.rounded(.up))
        return sorted[below] + (sorted[above] - sorted[below]) * (position - Double(below))
    }

    public static func summary(_ values: [Double]) -> SampleSummary? {
        guard !values.isEmpty else { return nil }
        let s = values.sorted()
        return SampleSummary(count: s.count, median: median(s), low: s[0], high: s[s.count - 1],
                             spread: quantile(s, 0.75) - quantile(s, 0.25))
    }

    public static func ratioOfMedians(a: [Double], b: [Double], confidence: Double, resamples: Int, seed: UInt64) -> RatioInterval? {
        guard !a.isEmpty, !b.isEmpty else { return nil }
        let ma = median(a.sorted()), mb = median(b.sorted())
        guard ma > 0 else { return nil }
        var rng = SeededRandom(seed: seed)
        var ratios: [Double] = []
        for _ in 0..<resamples {
            let ra = (0..<a.count).map { _ in a[Int.random(in: 0..<a.count, using: &rng)] }.sorted()
            let rb = (0..<b.count).map { _ in b[Int.random(in: 0..<b.count, using: &rng)] }.sorted()
            let m = median(ra)
            if m > 0 { ratios.append(median(rb) / m) }
        }
        guard !ratios.isEmpty else { return nil }
        ratios.sort()
        let tail = (1 - confidence) / 2
        return RatioInterval(ratio: mb / ma, low: quantile(ratios, tail), high: quantile(ratios, 1 - tail), confidence: confidence)
    }

    public static func mannWhitney(a: [Double], b: [Double]) -> Double? {
        guard !a.isEmpty, !b.isEmpty else { return nil }
        var u = 0.0
        for x in a { for y in b { u += x < y ? 1 : x == y ? 0.5 : 0 } }
        let n1 = Double(a.count), n2 = Double(b.count)
        let mean = n1 * n2 / 2
        let sd = (n1 * n2 * (n1 + n2 + 1) / 12).squareRoot()
        guard sd > 0 else { return nil }
        let z = (abs(u - mean) - 0.5) / sd
        return min(1, erfc(max(z, 0) / 2.0.squareRoot()))
    }

    public static func compare(a: [Double], b: [Double], minEffect: Double, seed: UInt64) -> SampleComparison {
        let sa = summary(a), sb = summary(b)
        if !a.isEmpty, Set(a + b).count == 1 {
            return SampleComparison(a: sa, b: sb, interval: nil, pValue: nil, verdict: .exact)
        }
        guard a.count >= 2, b.count >= 2 else {
            return SampleComparison(a: sa, b: sb, interval: nil, pValue: nil, verdict: .noVerdict("one recording: no spread to judge by"))
        }
        guard let interval = ratioOfMedians(a: a, b: b, confidence: 0.95, resamples: 2000, seed: seed) else {
            return SampleComparison(a: sa, b: sb, interval: nil, pValue: nil, verdict: .noVerdict("A's median is 0"))
        }
        let p = mannWhitney(a: a, b: b)
        let verdict: ComparisonVerdict = interval.low > 1 + minEffect ? .slower : interval.high < 1 - minEffect ? .faster : .unchanged
        return SampleComparison(a: sa, b: sb, interval: interval, pValue: p, verdict: verdict)
    }
}
