/// A tolerance in percent, kept as the decimal it was written as: `units / 10^scale` percent
/// (`18.4` is 184 / 10^1). Comparisons with it are done in integers, so exactly the tolerance
/// passes whatever the digits (in floating point, 375 * 18.4 / 100 is 68.99999999999999 and
/// 375 -> 444 failed at `--tolerance 18.4`).
public struct Tolerance: Equatable, Sendable, CustomStringConvertible {
    public var units: Int64
    public var scale: Int

    /// Digits after the point that a tolerance may have.
    public static let maxScale = 6
    /// The largest tolerance: a million percent (growth by a factor of 10,001).
    public static let maxPercent: Int64 = 1_000_000

    public static let zero = Tolerance(units: 0, scale: 0)

    init(units: Int64, scale: Int) {
        self.units = units
        self.scale = scale
    }

    /// `10`, `10%`, `18.4`, `0.125`, `.5`: a decimal 0 ... 1,000,000 with at most 6 digits after
    /// the point. Nil for anything else (negative, exponent, more digits, not a number).
    public init?(_ text: String) {
        var t = Substring(text)
        if t.hasSuffix("%") { t = t.dropLast() }
        let parts = t.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count > 1 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty), !(parts.count > 1 && fraction.isEmpty && whole.isEmpty),
              whole.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), fraction.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              whole.count <= 7, fraction.count <= Self.maxScale else { return nil }
        var digits = String(whole) + String(fraction)
        var scale = fraction.count
        // Trailing zeros after the point say nothing: 10.50 is 10.5.
        while scale > 0, digits.hasSuffix("0") { digits.removeLast(); scale -= 1 }
        guard let units = Int64(digits.isEmpty ? "0" : digits) else { return nil }
        self.init(units: units, scale: scale)
        guard units <= Self.maxPercent * power(scale) else { return nil }
    }

    /// The nearest decimal to a Double (its shortest text): `CheckLimits(tolerancePercent: 18.4)`.
    init(percent: Double) {
        if percent.isFinite, percent >= 0, let t = Tolerance(String(percent)) ?? Tolerance(String(format: "%.6f", percent)) {
            self = t
        } else {
            self = percent > 0 ? Tolerance(units: Self.maxPercent, scale: 0) : .zero
        }
    }

    /// 10^scale.
    var denominator: UInt64 { UInt64(power(scale)) }

    public var percent: Double { Double(units) / Double(power(scale)) }

    /// As written back: `18.4`, `10`, `0.125`.
    public var description: String {
        if scale == 0 { return String(units) }
        let p = power(scale)
        let fraction = String(units % p)
        return "\(units / p)." + String(repeating: "0", count: scale - fraction.count) + fraction
    }
}

private func power(_ scale: Int) -> Int64 {
    var p: Int64 = 1
    for _ in 0..<scale { p *= 10 }
    return p
}

/// The limits a check applies to every key and to the total.
///
/// A key (or the total) **regresses** when its count grows by at least `minCount` AND by more
/// than `tolerance` percent of its baseline count:
///
///     delta = current - baseline
///     regressed  <=>  delta >= minCount  &&  delta > baseline * tolerance / 100
///
/// computed in integers: with the tolerance `T / 10^k` percent,
/// `current * 10^k * 100 > baseline * (10^k * 100 + T)`, in 128 bits (counts are at most
/// 2^53, so nothing overflows). A new key has baseline 0, so it regresses when its whole count
/// is at least `minCount`. Anything that dropped (including keys that vanished) is an
/// improvement.
public struct CheckLimits: Equatable, Sendable {
    public var tolerance: Tolerance
    public var minCount: Int64
    /// A drop of the total by more than this many percent fails the check as suspicious: a
    /// recording that lost work (cut, crashed, a breakpoint that did not resolve) looks like an
    /// improvement. nil: no limit. Default 50.
    public var maxDrop: Tolerance?

    public static let defaultMaxDrop = Tolerance(units: 50, scale: 0)

    /// `check --max-cycles N`: more cycle reports than this fail the check; nil: not counted.
    public var maxCycles: Int?
    /// `check --max-warnings N`: more SwiftUI warnings in the console log than this fail the
    /// check; nil: not counted.
    public var maxWarnings: Int?

    /// Whether a limit other than the counts' is set (`--max-cycles`, `--max-warnings`): the
    /// check can run on them alone, with no baseline.
    public var limitsRecording: Bool { maxCycles != nil || maxWarnings != nil }

    /// With `check --time` (traces): the growth of a key's total seconds allowed, in percent.
    /// A key's time regresses when it grows by more than this; nil: times are not compared.
    public var timeTolerance: Tolerance?

    /// Whether `current` seconds exceed `baseline` by more than `timeTolerance` percent.
    public func isTimeRegression(baseline: Double?, current: Double?) -> Bool {
        guard let timeTolerance, let baseline, let current else { return false }
        return current > baseline * (1 + timeTolerance.percent / 100)
    }

    public init(tolerance: Tolerance = .zero, minCount: Int64 = 1, maxDrop: Tolerance? = CheckLimits.defaultMaxDrop) {
        self.tolerance = tolerance
        self.minCount = minCount
        self.maxDrop = maxDrop
    }

    public init(tolerancePercent: Double, minCount: Int64 = 1, maxDrop: Tolerance? = CheckLimits.defaultMaxDrop) {
        self.init(tolerance: Tolerance(percent: tolerancePercent), minCount: minCount, maxDrop: maxDrop)
    }

    /// Whether the total fell by more than `maxDrop` percent: `current * 10^k * 100 <
    /// baseline * (10^k * 100 - D)`, in integers like the tolerance.
    public func isSuspiciousDrop(baseline: Int64, current: Int64) -> Bool {
        guard let maxDrop, baseline > 0, current < baseline else { return false }
        let scaled = 100 * maxDrop.denominator
        guard UInt64(maxDrop.units) < scaled else { return false }  // 100% or more: never
        let left = UInt64(max(current, 0)).multipliedFullWidth(by: scaled)
        let right = UInt64(baseline).multipliedFullWidth(by: scaled - UInt64(maxDrop.units))
        return left.high < right.high || (left.high == right.high && left.low < right.low)
    }

    public var tolerancePercent: Double { tolerance.percent }

    public func isRegression(baseline: Int64, current: Int64) -> Bool {
        let (delta, overflow) = current.subtractingReportingOverflow(baseline)
        guard !overflow, delta >= minCount, delta > 0 else { return false }
        let b = UInt64(max(baseline, 0)), c = UInt64(max(current, 0))
        let scaled = 100 * tolerance.denominator
        let left = c.multipliedFullWidth(by: scaled)
        let right = b.multipliedFullWidth(by: scaled + UInt64(tolerance.units))
        return left.high > right.high || (left.high == right.high && left.low > right.low)
    }

    /// The largest count that does not regress.
    public func allowedCount(baseline: Int64) -> Int64 {
        let b = UInt64(max(baseline, 0))
        let scaled = 100 * tolerance.denominator
        let product = b.multipliedFullWidth(by: UInt64(tolerance.units))
        let byTolerance: Int64
        if product.high >= scaled {
            byTolerance = Int64.max
        } else {
            let q = scaled.dividingFullWidth(product).quotient
            byTolerance = q > UInt64(Int64.max) ? Int64.max : Int64(q)
        }
        let growth = max(minCount - 1, byTolerance, 0)
        let (sum, overflow) = baseline.addingReportingOverflow(growth)
        return overflow ? Int64.max : sum
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
    /// Its total seconds grew beyond `CheckLimits.timeTolerance` (`check --time`): the key is
    /// then `regressed` whatever its count did.
    public var timeRegressed = false
    /// With repeated recordings on both sides (`check --time --trace t1 t2 t3` against a
    /// baseline of several): the statistics of the key's seconds that decided `timeRegressed`
    /// (when they could: else the tolerance did, on the medians, and the verdict says why).
    public var timeStatistics: SampleComparison?

    public var delta: Int64 { current - baseline }
    /// How many seconds it grew by (negative: faster); nil unless both sides are timed.
    public var secondsDelta: Double? {
        guard let b = baselineSeconds, let c = currentSeconds else { return nil }
        return c - b
    }
    /// Growth of its seconds in percent of the baseline's; nil unless both are timed and the
    /// baseline's is above 0.
    public var secondsPercent: Double? {
        guard let b = baselineSeconds, let c = currentSeconds, b > 0 else { return nil }
        return (c - b) * 100 / b
    }
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
    /// Worst first: largest delta, then largest percent (new keys first), then key order;
    /// with times compared (`limits.timeTolerance`), the largest growth in seconds first.
    public var regressions: [KeyComparison]
    /// Largest drop first, then key order.
    public var improvements: [KeyComparison]
    /// Grew, but not beyond the limits; largest delta first.
    public var withinLimits: [KeyComparison]

    /// The total fell by more than `limits.maxDrop`: lost work, not an improvement.
    public var suspiciousDrop: Bool { limits.isSuspiciousDrop(baseline: total.baseline, current: total.current) }

    /// The cycle reports of the recording, with `--max-cycles` (nil without).
    public var cycles: CycleTally?
    /// The SwiftUI warnings of the console log, with `--max-warnings` (nil without).
    public var warnings: WarningTally?

    /// True when neither the total nor any key regressed and the total did not drop suspiciously.
    public var countsPassed: Bool { total.status != .regressed && regressions.isEmpty && !suspiciousDrop }
    /// The counts passed, and the recording holds no more cycle reports than `--max-cycles`.
    public var passed: Bool { countsPassed && !(cycles?.exceeded ?? false) && !(warnings?.exceeded ?? false) }

    public init(baseline: Baseline, current: UpdateCounts, limits: CheckLimits = CheckLimits()) {
        self.baseline = baseline
        self.current = current
        self.limits = limits

        func compare(_ key: String, _ b: UpdateEntry?, _ c: UpdateEntry?) -> KeyComparison {
            let bc = b?.updates ?? 0, cc = c?.updates ?? 0
            let status: KeyComparison.Status
            let statistics = RepeatedRecordings.timeComparison(key, baseline: b, current: c, tolerance: limits.timeTolerance)
            let slower = RepeatedRecordings.slower(statistics)
                ?? limits.isTimeRegression(baseline: b?.seconds, current: c?.seconds)
            if limits.isRegression(baseline: bc, current: cc) || slower {
                status = .regressed
            } else if cc > bc {
                status = .withinLimits
            } else if cc < bc {
                status = .improved
            } else {
                status = .unchanged
            }
            return KeyComparison(key: key, baseline: bc, current: cc, baselineSeconds: b?.seconds,
                                 currentSeconds: c?.seconds, status: status, timeRegressed: slower, timeStatistics: statistics)
        }

        let old = baseline.counts
        total = compare("total", old.total, current.total)
        let allKeys = UpdateCounts.sorted(Array(Set(old.entries.keys).union(current.entries.keys)))
        keys = allKeys.map { compare($0, old.entries[$0], current.entries[$0]) }
        let order = Dictionary(uniqueKeysWithValues: allKeys.enumerated().map { ($1, $0) })

        let timed = limits.timeTolerance != nil
        regressions = keys.filter { $0.status == .regressed }.sorted { a, b in
            // The time regression's size, in seconds: how much longer the key now takes.
            if timed {
                let ga = a.secondsDelta ?? -.infinity, gb = b.secondsDelta ?? -.infinity
                if ga != gb { return ga > gb }
            }
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
