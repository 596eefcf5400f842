/// The limits a check applies to every key and to the total.
///
/// A key (or the total) **regresses** when its count grows by at least `minCount` AND by more
/// than `tolerancePercent` percent of its baseline count:
///
///     delta = current - baseline
///     regressed  <=>  delta >= minCount  &&  delta > baseline * tolerancePercent / 100
///
/// A new key has baseline 0, so it regresses when its whole count is at least `minCount`.
/// Anything that dropped (including keys that vanished) is an improvement.
public struct CheckLimits: Equatable, Sendable {
    public var tolerancePercent: Double
    public var minCount: Int64

    public init(tolerancePercent: Double = 0, minCount: Int64 = 1) {
        self.tolerancePercent = tolerancePercent
        self.minCount = minCount
    }

    public func isRegression(baseline: Int64, current: Int64) -> Bool {
        let delta = current - baseline
        return delta >= minCount && Double(delta) > Double(baseline) * tolerancePercent / 100
    }

    /// The largest count that does not regress.
    public func allowedCount(baseline: Int64) -> Int64 {
        let byTolerance = Int64((Double(baseline) * tolerancePercent / 100).rounded(.down))
        return baseline + max(minCount - 1, byTolerance, 0)
    }
}

/// How one key (or the total) moved.
public struct KeyComparison: Equatable, Sendable {
    public enum Status: String, Sendable {
        /// Grew beyond the limits.
        case regressed
        /// Grew, but within the tolerance or below the minimum count.
        case withinLimits = "within_limits"
        case unchanged
        /// Dropped, or vanished.
        case improved
    }

    public var key: String
    public var baseline: Int64
    public var current: Int64
    public var baselineSeconds: Double?
    public var currentSeconds: Double?
    public var status: Status

    public var delta: Int64 { current - baseline }
    /// Growth in percent of the baseline; nil for a new key (baseline 0).
    public var percent: Double? { baseline == 0 ? nil : Double(delta) * 100 / Double(baseline) }
    public var isNew: Bool { baseline == 0 && current > 0 }
    public var vanished: Bool { current == 0 && baseline > 0 }
}

/// A baseline against current counts: the verdict, regressions worst first, improvements.
public struct BaselineComparison: Sendable {
    public var baseline: Baseline
    public var current: UpdateCounts
    public var limits: CheckLimits

    public var total: KeyComparison
    /// Every key of either side, in baseline order (attributes numerically, then names).
    public var keys: [KeyComparison]
    /// Worst first: largest delta, then largest percent (new keys first), then key order.
    public var regressions: [KeyComparison]
    /// Largest drop first, then key order.
    public var improvements: [KeyComparison]
    /// Grew, but not beyond the limits; largest delta first.
    public var withinLimits: [KeyComparison]

    /// True when neither the total nor any key regressed.
    public var passed: Bool { total.status != .regressed && regressions.isEmpty }

    public init(baseline: Baseline, current: UpdateCounts, limits: CheckLimits = CheckLimits()) {
        self.baseline = baseline
        self.current = current
        self.limits = limits

        func compare(_ key: String, _ b: UpdateEntry?, _ c: UpdateEntry?) -> KeyComparison {
            let bc = b?.updates ?? 0, cc = c?.updates ?? 0
            let status: KeyComparison.Status
            if limits.isRegression(baseline: bc, current: cc) {
                status = .regressed
            } else if cc > bc {
                status = .withinLimits
            } else if cc < bc {
                status = .improved
            } else {
                status = .unchanged
            }
            return KeyComparison(key: key, baseline: bc, current: cc, baselineSeconds: b?.seconds,
                                 currentSeconds: c?.seconds, status: status)
        }

        let old = baseline.counts
        total = compare("total", old.total, current.total)
        let allKeys = UpdateCounts.sorted(Array(Set(old.entries.keys).union(current.entries.keys)))
        keys = allKeys.map { compare($0, old.entries[$0], current.entries[$0]) }
        let order = Dictionary(uniqueKeysWithValues: allKeys.enumerated().map { ($1, $0) })

        regressions = keys.filter { $0.status == .regressed }.sorted { a, b in
            if a.delta != b.delta { return a.delta > b.delta }
            let pa = a.percent ?? .infinity, pb = b.percent ?? .infinity
            if pa != pb { return pa > pb }
            return order[a.key]! < order[b.key]!
        }
        improvements = keys.filter { $0.status == .improved }.sorted { a, b in
            if a.delta != b.delta { return a.delta < b.delta }
            return order[a.key]! < order[b.key]!
        }
        withinLimits = keys.filter { $0.status == .withinLimits }.sorted { a, b in
            if a.delta != b.delta { return a.delta > b.delta }
            return order[a.key]! < order[b.key]!
        }
    }
}
