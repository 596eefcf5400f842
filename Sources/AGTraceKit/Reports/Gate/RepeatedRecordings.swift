/// Repeated recordings of one interaction (`baseline --trace t1 t2 t3`, `check --baseline F
/// --trace t1 t2 t3`) counted as one: per key the median count and the median seconds, and
/// each recording's seconds kept, which `check --time` compares by the interval of
/// `SampleStatistics` instead of a bare tolerance (docs/statistics.md).
enum RepeatedRecordings {
    /// The recordings' counts as one (the first recording's source names them). One recording
    /// is returned as it is. A key absent from a recording counts 0 there, with 0 seconds.
    static func combined(_ recordings: [UpdateCounts]) -> UpdateCounts {
        guard let first = recordings.first, recordings.count > 1 else { return recordings[0] }
        let keys = Set(recordings.flatMap(\.entries.keys))
        // Asked once: whether a recording is timed is a search of its entries.
        let timed = recordings.contains { $0.time != nil }
        var entries: [String: UpdateEntry] = [:]
        for key in keys {
            let present = recordings.map { $0.entries[key] }
            // The middle count a recording had (the lower of the two middle ones for an even number).
            let counts = present.map { $0?.updates ?? 0 }.sorted()
            let updates = counts[(counts.count - 1) / 2]
            // Seconds unknown in one recording (a key counted without them) are unknown for all.
            let each: [Double]? = present.allSatisfy({ $0 == nil || $0?.seconds != nil })
                ? present.map { $0?.seconds ?? 0 } : nil
            let seconds = timed ? each.map { SampleStatistics.summary($0)?.median ?? 0 } : nil
            entries[key] = UpdateEntry(updates: updates, seconds: seconds, secondsEach: timed ? each : nil)
        }
        var source = first.source
        source.moreRecordings = recordings.count - 1
        return UpdateCounts(source: source, key: first.key, entries: entries, time: recordings.compactMap(\.time).first)
    }

    /// " and 2 more recordings" after a source's phrase; "" for one recording.
    static func more(_ source: MeasuredSource) -> String {
        let n = source.moreRecordings
        return n == 0 ? "" : " and \(n) more recording\(n == 1 ? "" : "s")"
    }

    /// The total's seconds in each recording: the sum of the entries' seconds there; nil
    /// unless every entry holds as many recordings' seconds.
    static func totalSecondsEach<S: Sequence>(_ entries: S) -> [Double]? where S.Element == UpdateEntry {
        var sum: [Double]?
        for e in entries {
            guard let each = e.secondsEach, sum == nil || sum!.count == each.count else { return nil }
            sum = zip(sum ?? [Double](repeating: 0, count: each.count), each).map(+)
        }
        return sum
    }

    /// `check --time`'s statistics for a key: nil unless both sides hold 2 or more recordings'
    /// seconds; else the comparison of the two, the minimum effect the time tolerance.
    static func timeComparison(_ key: String, baseline: UpdateEntry?, current: UpdateEntry?, tolerance: Tolerance?) -> SampleComparison? {
        guard let tolerance, let a = baseline?.secondsEach, let b = current?.secondsEach, a.count > 1, b.count > 1 else { return nil }
        return SampleStatistics.compare(a: a, b: b, minEffect: tolerance.percent / 100, seed: SampleStatistics.seed(for: key))
    }

    /// Whether a key's time regressed by its statistics: nil when they cannot say (one
    /// recording a side, no verdict, equal in every recording): then the tolerance decides,
    /// on the medians.
    static func slower(_ comparison: SampleComparison?) -> Bool? {
        switch comparison?.verdict {
        case .slower?: return true
        case .faster?, .unchanged?: return false
        case .exact?, .noVerdict?, nil: return nil
        }
    }
}
