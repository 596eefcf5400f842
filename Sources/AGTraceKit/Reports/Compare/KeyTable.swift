/// Every recording's measures per key, merged as each recording is read: one row per key any
/// of them holds, one column per recording and measure. Each recording's own dictionary of
/// measures is let go once merged: ten recordings of 200k attributes each held ten of them
/// (280 MB), and asked every key of every one.
struct KeyTable {
    /// Row -> key, and key -> row.
    private(set) var keys: [String] = []
    private var rows: [String: Int] = [:]
    /// Row -> the view of the first recording (A's in order, then B's) that gives its key one.
    private(set) var views: [String?] = []
    /// Row -> which sides hold its key: `Side.a.bit`, `Side.b.bit`.
    private(set) var held: [UInt8] = []
    private(set) var a: [RecordingColumns] = []
    private(set) var b: [RecordingColumns] = []

    enum Side {
        case a, b
        var bit: UInt8 { self == .a ? 1 : 2 }
    }

    /// Every recording of both sides.
    var recordings: [RecordingColumns] { a + b }

    /// A side's columns by measure, as each key reads them.
    func columns(_ side: Side) -> SideColumns { SideColumns(side == .a ? a : b) }

    /// Merges one recording's measures by key into `side`'s columns.
    mutating func add(_ recording: ComparedRecording, keys measures: [String: KeyMeasure], to side: Side) {
        precondition(rows.count == keys.count, "a recording added after doneReading()")
        // Each key's row, in the dictionary's order, which the columns are then filled in (a
        // dictionary left unchanged iterates in one order): not a copy of every measure.
        var measureRows: [Int] = []
        measureRows.reserveCapacity(measures.count)
        for (key, measure) in measures {
            let row: Int
            if let known = rows[key] {
                row = known
            } else {
                row = keys.count
                rows[key] = row
                keys.append(key)
                views.append(nil)
                held.append(0)
            }
            if views[row] == nil { views[row] = measure.view }
            held[row] |= side.bit
            measureRows.append(row)
        }
        let columns = RecordingColumns(recording: recording, rowCount: keys.count, rows: measureRows, measures: measures.values)
        switch side {
        case .a: a.append(columns)
        case .b: b.append(columns)
        }
    }

    /// Lets the key -> row index go once every recording is read: the differences, made next,
    /// read the rows in order (the index of 261k keys was 13 MB of the peak).
    mutating func doneReading() { rows = [:] }

    /// The rows in their keys' sorted order (`String`'s), as the totals are summed.
    var rowsInKeyOrder: [Int] { keys.indices.sorted { keys[$0] < keys[$1] } }

    /// The same, every recording's self or total seconds left out (unknown) unless kept.
    mutating func keepSeconds(self keepSelf: Bool, total keepTotal: Bool) {
        for i in a.indices { a[i].keepSeconds(self: keepSelf, total: keepTotal) }
        for i in b.indices { b[i].keepSeconds(self: keepSelf, total: keepTotal) }
    }
}

/// One side's columns by measure: a measure some recording of the side has none of is nil for
/// the whole side (unknown for every key, as `KeySamples` says). Read by index, not through
/// copies of each recording's columns, which cost more than the key's statistics.
struct SideColumns {
    let evaluations: [[Double]]
    let changed: [[Double]]?
    let selfSeconds: [[Double]]?
    let totalSeconds: [[Double]]?

    init(_ recordings: [RecordingColumns]) {
        evaluations = recordings.map(\.evaluations)
        changed = recordings.mapUnlessUnknown(\.changed)
        selfSeconds = recordings.mapUnlessUnknown(\.selfSeconds)
        totalSeconds = recordings.mapUnlessUnknown(\.totalSeconds)
    }
}

/// One recording's measures as columns of a `KeyTable`: a row past a column's end, or of a
/// key the recording does not hold, is 0 (it did none of that work); NaN is a key it holds
/// without that measure. A whole column is nil when the recording has none of it (a run
/// tells no change; a trace with whole-second timestamps times nothing: unknown, never 0).
struct RecordingColumns {
    let recording: ComparedRecording
    private(set) var evaluations: [Double]
    private(set) var changed: [Double]?
    private(set) var selfSeconds: [Double]?
    private(set) var totalSeconds: [Double]?
    /// Its evaluations, and those a cut left unfinished (counted, not timed), over every key.
    let evaluationsTotal: Int64
    let unfinished: Int64
    let holdsNoKey: Bool

    var timesSelf: Bool { selfSeconds != nil }
    /// Whether it tells changed evaluations from unchanged ones (a run cannot).
    var tellsChanged: Bool { changed != nil }
    var timesTotal: Bool { totalSeconds != nil }

    /// `measures` in the order of `rows`, their rows in a table of `rowCount`.
    init(recording: ComparedRecording, rowCount: Int, rows: [Int], measures: Dictionary<String, KeyMeasure>.Values) {
        self.recording = recording
        holdsNoKey = measures.isEmpty
        func column(_ value: (KeyMeasure) -> Double?) -> [Double]? {
            guard measures.contains(where: { value($0) != nil }) else { return nil }
            var column = [Double](repeating: 0, count: rowCount)
            for (row, measure) in zip(rows, measures) { column[row] = value(measure) ?? .nan }
            return column
        }
        var evaluations = [Double](repeating: 0, count: rowCount)
        var total: Int64 = 0, unfinished: Int64 = 0
        for (row, measure) in zip(rows, measures) {
            evaluations[row] = Double(measure.evaluations)
            total += measure.evaluations
            unfinished += measure.unfinished
        }
        self.evaluations = evaluations
        evaluationsTotal = total
        self.unfinished = unfinished
        changed = column { $0.changed.map(Double.init) }
        selfSeconds = column(\.selfSeconds)
        totalSeconds = column(\.totalSeconds)
    }

    mutating func keepSeconds(self keepSelf: Bool, total keepTotal: Bool) {
        if !keepSelf { selfSeconds = nil }
        if !keepTotal { totalSeconds = nil }
    }
}
