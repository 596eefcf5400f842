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
        columns?.mapUnlessUnknown { column in
            let value = column.at(row)
            return value.isNaN ? nil : value
        }
    }

    /// The sums over every key, per recording (the totals row); total seconds, which count
    /// nested evaluations in their parents, do not sum. A key one recording holds without the
    /// measure (NaN) makes that recording's sum unknown.
    /// Summed in the keys' sorted order (`rowsInKeyOrder`): a dictionary's own order changes
    /// from process to process, and so would the seconds' last digits.
    init(totalOf recordings: [RecordingColumns], rowsInKeyOrder: [Int]) {
        evaluations = recordings.map { r in Double(r.evaluationsTotal) }
        changed = recordings.mapUnlessUnknown { r in
            // Held keys none of which tells: unknown, as when one key does not.
            guard let column = r.changed else { return r.holdsNoKey ? 0 : nil }
            return Self.sum(column, rowsInKeyOrder)
        }
        selfSeconds = recordings.mapUnlessUnknown { r in r.selfSeconds.flatMap { Self.sum($0, rowsInKeyOrder) } }
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

    /// What one recording shows, or the median of several.
    static func shown(_ values: [Double]?) -> Double? {
        guard let values, !values.isEmpty else { return nil }
        return SampleStatistics.summary(values)?.median
    }
}

fileprivate extension Array where Element == Double {
    /// The value of `row`, 0 past the end (a row added by a later recording).
    func at(_ row: Int) -> Double { row < count ? self[row] : 0 }
}

extension Array {
    /// Each element transformed, or nil as soon as one is nil: one recording that cannot tell
    /// makes its side's values unknown, never a shorter list.
    func mapUnlessUnknown<T>(_ transform: (Element) -> T?) -> [T]? {
        var values: [T] = []
        values.reserveCapacity(count)
        for element in self {
            guard let value = transform(element) else { return nil }
            values.append(value)
        }
        return values
    }
}
