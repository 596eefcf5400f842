/// One key's values in each recording of one side: evaluations, changed ones, self and
/// total seconds. A recording that does not hold the key did none of its work: 0 (counted,
/// known). Changed is nil when some recording cannot tell; seconds are nil unless every
/// recording of the side times that key.
struct KeySamples: Equatable {
    var evaluations: [Double]
    var changed: [Double]?
    var selfSeconds: [Double]?
    var totalSeconds: [Double]?

    /// `key` in each of `recordings` (per-key measures of one recording each).
    init(key: String, in recordings: [RecordingMeasures]) {
        evaluations = recordings.map { Double($0.keys[key]?.evaluations ?? 0) }
        changed = Self.all(recordings) { r in r.tellsChanged ? (r.keys[key].map { $0.changed.map(Double.init) } ?? 0) : nil }
        selfSeconds = Self.all(recordings) { r in r.timesSelf ? (r.keys[key].map { $0.selfSeconds } ?? 0) : nil }
        totalSeconds = Self.all(recordings) { r in r.timesTotal ? (r.keys[key].map { $0.totalSeconds } ?? 0) : nil }
    }

    /// The sums over every key, per recording (the totals row); total seconds, which count
    /// nested evaluations in their parents, do not sum.
    /// Summed in the keys' order: a dictionary's own order changes from process to process,
    /// and so would the seconds' last digits.
    init(totalOf recordings: [RecordingMeasures]) {
        evaluations = recordings.map { Double($0.inKeyOrder.reduce(0) { $0 + $1.evaluations }) }
        changed = Self.all(recordings) { r in r.inKeyOrder.reduce(Double?(0)) { sum, m in m.changed.flatMap { c in sum.map { $0 + Double(c) } } } }
        selfSeconds = Self.all(recordings) { r in r.timesSelf ? r.inKeyOrder.reduce(Double?(0)) { sum, m in m.selfSeconds.flatMap { s in sum.map { $0 + s } } } : nil }
        totalSeconds = nil
    }

    private static func all(_ recordings: [RecordingMeasures], _ value: (RecordingMeasures) -> Double?) -> [Double]? {
        var values: [Double] = []
        for r in recordings {
            guard let v = value(r) else { return nil }
            values.append(v)
        }
        return values
    }

    /// What one recording shows, or the median of several.
    static func shown(_ values: [Double]?) -> Double? {
        guard let values, !values.isEmpty else { return nil }
        return SampleStatistics.summary(values)?.median
    }

    /// Whether every recording counted the same.
    var countsAreConstant: Bool { Set(evaluations).count <= 1 }
}

/// One recording's measures per key, and whether it times its evaluations at all (a trace
/// with whole-second timestamps does not: its seconds are unknown, never 0).
/// What it tells is worked out once, with its keys: every key asks it of every recording, and
/// a search of all keys per key grew with their square (a run by attribute tells no change).
struct RecordingMeasures {
    let recording: ComparedRecording
    let keys: [String: KeyMeasure]
    let timesSelf: Bool
    /// Whether it tells changed evaluations from unchanged ones (a run cannot).
    let tellsChanged: Bool
    let timesTotal: Bool

    init(recording: ComparedRecording, keys: [String: KeyMeasure]) {
        self.recording = recording
        self.keys = keys
        timesSelf = keys.values.contains { $0.selfSeconds != nil }
        tellsChanged = keys.values.contains { $0.changed != nil }
        timesTotal = keys.values.contains { $0.totalSeconds != nil }
    }

    /// The measures by key, in the keys' sorted order.
    var inKeyOrder: [KeyMeasure] { keys.keys.sorted().map { keys[$0]! } }

    /// The same, its self or total seconds left out (unknown) unless kept.
    func keepingSeconds(self keepSelf: Bool, total keepTotal: Bool) -> RecordingMeasures {
        // Unchanged unless there are seconds to drop: a copy of every key's measures held the
        // recording twice.
        guard (!keepSelf && timesSelf) || (!keepTotal && timesTotal) else { return self }
        return RecordingMeasures(recording: recording, keys: keys.mapValues { m in
            var m = m
            if !keepSelf { m.selfSeconds = nil }
            if !keepTotal { m.totalSeconds = nil }
            return m
        })
    }
}
