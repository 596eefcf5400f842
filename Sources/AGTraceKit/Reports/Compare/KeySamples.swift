/// One key's values in each recording of one side: evaluations, changed ones, self and
/// total seconds. A recording that does not hold the key did none of its work: 0 (counted,
/// known). Changed is nil when some recording cannot tell; seconds are nil unless every
/// recording of the side times that key.
struct KeySamples: Equatable {
    var evaluations: [Double]
    var changed: [Double]?
    var selfSeconds: [Double]?
    var totalSeconds: [Double]?

    /// Row `row` of one side's columns.
    init(row: Int, in side: SideColumns) {
        evaluations = side.evaluations.map { $0.at(row) }
        changed = Self.values(side.changed, row)
        selfSeconds = Self.values(side.selfSeconds, row)
        totalSeconds = Self.values(side.totalSeconds, row)
    }

    /// The row's value in each column; nil when there are no columns or one holds the key
    /// without the measure (NaN).
    private static func values(_ columns: [[Double]]?, _ row: Int) -> [Double]? {
        guard let columns else { return nil }
        var values: [Double] = []
        values.reserveCapacity(columns.count)
        for column in columns {
            let value = column.at(row)
            if value.isNaN { return nil }
            values.append(value)
        }
        return values
    }

    /// The sums over every key, per recording (the totals row); total seconds, which count
    /// nested evaluations in their parents, do not sum. A key one recording holds without the
    /// measure (NaN) makes that recording's sum unknown.
    /// Summed in the keys' sorted order (`rowsInKeyOrder`): a dictionary's own order changes
    /// from process to process, and so would the seconds' last digits.
    init(totalOf recordings: [RecordingColumns], rowsInKeyOrder: [Int]) {
        evaluations = recordings.map { r in Double(r.evaluationsTotal) }
        changed = Self.all(recordings) { r in
            // Held keys none of which tells: unknown, as when one key does not.
            guard let column = r.changed else { return r.holdsNoKey ? 0 : nil }
            return Self.sum(column, rowsInKeyOrder)
        }
        selfSeconds = Self.all(recordings) { r in r.selfSeconds.flatMap { Self.sum($0, rowsInKeyOrder) } }
        totalSeconds = nil
    }

    private static func sum(_ column: [Double], _ rows: [Int]) -> Double? {
        var sum = 0.0
        for row in rows {
            let value = column.at(row)
            if value.isNaN { return nil }
            sum += value
        }
        return sum
    }

    private static func all(_ recordings: [RecordingColumns], _ value: (RecordingColumns) -> Double?) -> [Double]? {
        var values: [Double] = []
        values.reserveCapacity(recordings.count)
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
}

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
        func all(_ column: (RecordingColumns) -> [Double]?) -> [[Double]]? {
            var columns: [[Double]] = []
            for r in recordings {
                guard let c = column(r) else { return nil }
                columns.append(c)
            }
            return columns
        }
        evaluations = recordings.map(\.evaluations)
        changed = all(\.changed)
        selfSeconds = all(\.selfSeconds)
        totalSeconds = all(\.totalSeconds)
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

fileprivate extension Array where Element == Double {
    /// The value of `row`, 0 past the end (a row added by a later recording).
    func at(_ row: Int) -> Double { row < count ? self[row] : 0 }
}
