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
    public var time: SampleComparison? {
        get { timeStatistics?.comparison }
        set { timeStatistics = newValue.map(TimeStatistics.init) }
    }
    /// `time`, held by reference: most keys have none, and 200k key differences each held
    /// room for one inline (half their size).
    fileprivate var timeStatistics: TimeStatistics?
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

/// A key difference's statistics, boxed (`KeyDifference.time`).
private final class TimeStatistics: Equatable {
    let comparison: SampleComparison
    init(_ comparison: SampleComparison) { self.comparison = comparison }
    static func == (x: TimeStatistics, y: TimeStatistics) -> Bool { x.comparison == y.comparison }
}

enum KeyDifferences {
    /// Every key either side holds, compared, ordered by `sort`, the totals row last.
    static func compare(_ table: KeyTable, minEffect: Double, seed: UInt64, sort: CompareSort) -> [KeyDifference] {
        // Made in place, in an array the size of the result, and put in order in place: a
        // grown array, a sorted copy and the copy with the totals row each held the keys again.
        var differences: [KeyDifference] = []
        differences.reserveCapacity(table.keys.count + 1)
        let a = table.columns(.a), b = table.columns(.b)
        for (row, key) in table.keys.enumerated() {
            differences.append(difference(key: key, view: table.views[row], a: KeySamples(row: row, in: a),
                                          b: KeySamples(row: row, in: b), minEffect: minEffect, seed: seed))
        }
        differences.permute(to: order(differences, sort))
        let rows = table.rowsInKeyOrder
        var total = difference(key: "(total)", view: nil, a: KeySamples(totalOf: table.a, rowsInKeyOrder: rows),
                               b: KeySamples(totalOf: table.b, rowsInKeyOrder: rows), minEffect: minEffect, seed: seed)
        total.isTotal = true
        differences.append(total)
        return differences
    }

    /// The positions of `differences` in `sort`'s order, each one's sort key (its key's number
    /// above all) worked out once rather than at every comparison.
    private static func order(_ differences: [KeyDifference], _ sort: CompareSort) -> [Int] {
        let keys = differences.map(SortKey.init)
        return differences.indices.sorted { keys[$0].precedes(keys[$1], sort) }
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
                             aTotal: KeySamples.shown(a.totalSeconds), bTotal: KeySamples.shown(b.totalSeconds),
                             timeStatistics: time.map(TimeStatistics.init))
    }

    /// Counts equal in every recording of each side are exact: same, more or fewer. Counts that
    /// vary are judged like times (the interval of the ratio of medians).
    static func countVerdict(_ a: [Double], _ b: [Double], minEffect: Double, seed: UInt64) -> String {
        if a.allSatisfy({ $0 == a[0] }), b.allSatisfy({ $0 == b[0] }) {
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

    /// The order of `sort`: the larger change first, then the key as the gate lists keys.
    static func order(_ x: KeyDifference, _ y: KeyDifference, _ sort: CompareSort) -> Bool {
        SortKey(x).precedes(SortKey(y), sort)
    }
}

/// What `--sort` orders a key difference by.
private struct SortKey {
    let key: String
    /// The key as a number (attribute ids), read once: the gate's order puts numbers first.
    let number: UInt64?
    let bySelf: Double, byCount: Double

    init(_ d: KeyDifference) {
        key = d.key
        number = UInt64(d.key)
        bySelf = abs(d.selfDelta ?? 0)
        byCount = abs(d.delta)
    }

    func precedes(_ other: SortKey, _ sort: CompareSort) -> Bool {
        switch sort {
        case .change:
            if bySelf != other.bySelf { return bySelf > other.bySelf }
            if byCount != other.byCount { return byCount > other.byCount }
        case .evaluations:
            if byCount != other.byCount { return byCount > other.byCount }
            if bySelf != other.bySelf { return bySelf > other.bySelf }
        case .key:
            break
        }
        return UpdateCounts.keyPrecedes(key, number, other.key, other.number)
    }
}

extension Array {
    /// Puts the element at `order[i]` at `i`, for every `i`, in place (one cycle at a time): a
    /// sorted copy of 200k key differences held them twice.
    mutating func permute(to order: [Int]) {
        precondition(order.count == count)
        var placed = [Bool](repeating: false, count: count)
        for start in indices where !placed[start] {
            var slot = start
            let first = self[start]
            while true {
                placed[slot] = true
                let next = order[slot]
                if next == start {
                    self[slot] = first
                    break
                }
                self[slot] = self[next]
                slot = next
            }
        }
    }
}
