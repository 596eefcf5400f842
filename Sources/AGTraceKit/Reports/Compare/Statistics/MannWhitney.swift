import Foundation

extension SampleStatistics {
    /// The two-sided p-value of the Mann-Whitney U test: how likely values as far apart in rank
    /// as A's and B's are when both sides come from one distribution. It asks only about order,
    /// so one wild recording moves it no more than a slightly slow one.
    ///
    /// As scipy's `mannwhitneyu` (method "auto", with continuity): the exact distribution of U
    /// when a side has at most 8 values and no value is tied; otherwise the normal
    /// approximation with the tie correction. Nil when a side is empty or a value is not finite.
    public static func mannWhitney(a: [Double], b: [Double]) -> Double? {
        guard !a.isEmpty, !b.isEmpty, a.allSatisfy(\.isFinite), b.allSatisfy(\.isFinite) else { return nil }
        let ranked = ranks(a + b)
        let m = a.count, n = b.count
        let rankSumA = ranked.ranks[0..<m].reduce(0, +)
        let uA = rankSumA - Double(m * (m + 1)) / 2
        // The larger of U(A) and U(B): the distance from the middle either way.
        let u = max(uA, Double(m * n) - uA)
        if min(m, n) <= 8 && !ranked.tied {
            return min(1, 2 * exactUpperTail(atLeast: Int(u.rounded()), m, n))
        }
        let mean = Double(m * n) / 2
        let total = Double(m + n)
        let variance = Double(m * n) / 12 * ((total + 1) - ranked.tieTerm / (total * (total - 1)))
        guard variance > 0 else { return 1 }  // every value tied: nothing to tell them apart
        let z = (u - mean - 0.5) / variance.squareRoot()
        return min(1, erfc(z / 2.0.squareRoot()))
    }

    /// Midranks (1-based; tied values share the mean of their ranks), whether any were tied, and
    /// Σ(t³ - t) over the groups of t tied values.
    static func ranks(_ values: [Double]) -> (ranks: [Double], tied: Bool, tieTerm: Double) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var tieTerm = 0.0
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count && values[order[end]] == values[order[start]] { end += 1 }
            let midrank = Double(start + end + 1) / 2
            for i in start..<end { ranks[order[i]] = midrank }
            let t = Double(end - start)
            tieTerm += t * t * t - t
            start = end
        }
        return (ranks, tieTerm > 0, tieTerm)
    }

    /// P(U >= u) for samples of m and n values without ties, all orders equally likely. The
    /// number of orders giving each U are the coefficients of the Gaussian binomial
    /// [m+n choose m] in q, built one factor (1 - q^(n+i)) / (1 - q^i) at a time.
    static func exactUpperTail(atLeast u: Int, _ m: Int, _ n: Int) -> Double {
        let small = min(m, n), large = max(m, n)
        let degree = small * large
        guard u > 0 else { return 1 }
        guard u <= degree else { return 0 }
        var ways = [Double](repeating: 0, count: degree + 1)
        ways[0] = 1
        for i in 1...small {
            // times (1 - q^(large + i)), from the top so each coefficient is read before it changes
            let shift = large + i
            if shift <= degree {
                for k in stride(from: degree, through: shift, by: -1) { ways[k] -= ways[k - shift] }
            }
            // divided by (1 - q^i): a running sum with step i
            for k in i...degree { ways[k] += ways[k - i] }
        }
        let all = ways.reduce(0, +)
        return ways[u...].reduce(0, +) / all
    }
}
