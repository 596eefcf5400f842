/// How `compare`'s keys are ordered (the totals row stays last).
public enum CompareSort: String, CaseIterable, Sendable, ArgumentChoice {
    /// By the size of the change: self seconds grown or shrunk when timed, then evaluations.
    case change
    /// By evaluations added or removed.
    case evaluations
    /// By key, in the gate's order.
    case key

    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}

/// One key compared: what A's and B's recordings hold of it, and the verdicts.
public struct KeyDifference: Equatable {
    public var key: String
    public var view: String?
    /// Evaluations (the median over a side's recordings), the unchanged ones (nil: unknown).
    public var a: Double, b: Double
    public var aUnchanged: Double?, bUnchanged: Double?
    /// "same", "more" or "fewer": exact when every recording of each side counts the same,
    /// else by the statistics over the recordings ("no verdict" when they cannot tell).
    public var countVerdict: String
    /// Self and total seconds (medians); nil when untimed.
    public var aSelf: Double?, bSelf: Double?
    public var aTotal: Double?, bTotal: Double?
    /// The statistics of self seconds (repeated recordings, timed), else nil.
    public var time: SampleComparison?
    public var isTotal = false

    public var delta: Double { b - a }
    public var selfDelta: Double? { aSelf.flatMap { a in bSelf.map { $0 - a } } }
    /// B's self seconds over A's: the interval's ratio with repeated recordings, else the ratio
    /// of the two (nil when A spent none, or untimed).
    public var ratio: Double? {
        if let interval = time?.interval { return interval.ratio }
        guard let aSelf, let bSelf, aSelf > 0 else { return nil }
        return bSelf / aSelf
    }

    /// "slower", "faster", "unchanged", "exact", "no verdict (…)"; nil without repeated timed recordings.
    public var timeVerdict: String? { time.map { Self.words($0.verdict) } }

    static func words(_ verdict: ComparisonVerdict) -> String {
        switch verdict {
        case .slower: return "slower"
        case .faster: return "faster"
        case .unchanged: return "unchanged"
        case .exact: return "exact"
        case .noVerdict(let why): return "no verdict (\(why))"
        }
    }

    /// Worse in B: slower by the statistics, or (no time verdict) more evaluations.
    public var isRegression: Bool { time.map { $0.verdict == .slower } ?? (countVerdict == "more") }
    public var isImprovement: Bool { time.map { $0.verdict == .faster } ?? (countVerdict == "fewer") }
}

enum KeyDifferences {
    /// Every key either side holds, compared, ordered by `sort`, the totals row last.
    static func compare(a: [RecordingMeasures], b: [RecordingMeasures], minEffect: Double, seed: UInt64,
                        sort: CompareSort) -> [KeyDifference] {
        var keys = Set<String>()
        for r in a + b { keys.formUnion(r.keys.keys) }
        let all = a + b
        // Made in place, in an array the size of the result: a grown array and the copy with
        // the totals row each held the keys again (a key difference is ~340 bytes).
        var differences: [KeyDifference] = []
        differences.reserveCapacity(keys.count + 1)
        for key in keys {
            let view = all.lazy.compactMap { $0.keys[key]?.view }.first
            differences.append(difference(key: key, view: view, a: KeySamples(key: key, in: a), b: KeySamples(key: key, in: b),
                                          minEffect: minEffect, seed: seed))
        }
        differences.sort { order($0, $1, sort) }
        var total = difference(key: "(total)", view: nil, a: KeySamples(totalOf: a), b: KeySamples(totalOf: b),
                               minEffect: minEffect, seed: seed)
        total.isTotal = true
        differences.append(total)
        return differences
    }

    static func difference(key: String, view: String?, a: KeySamples, b: KeySamples, minEffect: Double, seed: UInt64) -> KeyDifference {
        let shownA = KeySamples.shown(a.evaluations) ?? 0, shownB = KeySamples.shown(b.evaluations) ?? 0
        func unchanged(_ s: KeySamples) -> Double? {
            s.changed.map { changed in zip(s.evaluations, changed).map { $0 - $1 } }.flatMap(KeySamples.shown)
        }
        var time: SampleComparison?
        if let selfA = a.selfSeconds, let selfB = b.selfSeconds, selfA.count >= 2, selfB.count >= 2 {
            // The key's own seed, as `check --time` draws it (`RepeatedRecordings`), shifted by
            // --seed: the same recordings give the same interval in both commands.
            let keySeed = SampleStatistics.seed(for: key == "(total)" ? "total" : key) &+ (seed &- CompareRequest.defaultSeed)
            time = SampleStatistics.compare(a: selfA, b: selfB, minEffect: minEffect, seed: keySeed)
        }
        return KeyDifference(key: key, view: view, a: shownA, b: shownB, aUnchanged: unchanged(a), bUnchanged: unchanged(b),
                             countVerdict: countVerdict(a.evaluations, b.evaluations, minEffect: minEffect, seed: seed),
                             aSelf: KeySamples.shown(a.selfSeconds), bSelf: KeySamples.shown(b.selfSeconds),
                             aTotal: KeySamples.shown(a.totalSeconds), bTotal: KeySamples.shown(b.totalSeconds), time: time)
    }

    /// Counts equal in every recording of each side are exact: same, more or fewer. Counts that
    /// vary are judged like times (the interval of the ratio of medians).
    static func countVerdict(_ a: [Double], _ b: [Double], minEffect: Double, seed: UInt64) -> String {
        if Set(a).count <= 1, Set(b).count <= 1 {
            let x = a.first ?? 0, y = b.first ?? 0
            return x == y ? "same" : y > x ? "more" : "fewer"
        }
        switch SampleStatistics.compare(a: a, b: b, minEffect: minEffect, seed: seed).verdict {
        case .slower: return "more"
        case .faster: return "fewer"
        case .unchanged, .exact: return "same"
        case .noVerdict: return "no verdict"
        }
    }

    static func order(_ x: KeyDifference, _ y: KeyDifference, _ sort: CompareSort) -> Bool {
        func bySelf() -> Bool? {
            let dx = abs(x.selfDelta ?? 0), dy = abs(y.selfDelta ?? 0)
            return dx == dy ? nil : dx > dy
        }
        func byCount() -> Bool? {
            let dx = abs(x.delta), dy = abs(y.delta)
            return dx == dy ? nil : dx > dy
        }
        let byKey = UpdateCounts.keyPrecedes(x.key, y.key)
        switch sort {
        case .change: return bySelf() ?? byCount() ?? byKey
        case .evaluations: return byCount() ?? bySelf() ?? byKey
        case .key: return byKey
        }
    }
}
