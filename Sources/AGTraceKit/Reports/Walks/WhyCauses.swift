/// `why --view V --by cause`: a recording's why rows summed per cause, the question most
/// investigations ask first ("60 from @AppStorage rowHeight, 60 from ColorScheme") without SQL.
/// The cause of a row is the write behind it as the recording names it: an Instruments cause
/// edge's `source`, a trace write's view or rule (or its attribute), a transcript's
/// invalidated root. Rows with no cause (a first build) are summed as `(no cause)`.
public enum WhyCauses {
    public static let noCause = "(no cause)"

    /// The grouping `--by` takes.
    public static let choices = WhyGrouping.allCases.map(\.rawValue)

    /// `rows` (a why result of a run, a trace or an Instruments recording) summed per cause,
    /// most rows first (then first seen): cause, rows, seconds (the updates' own time, when
    /// the rows carry it), first (the first row's position or seq).
    public static func grouped(_ result: ComputedRows) throws -> ComputedRows {
        let names = result.columns
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        let keyColumns: [Int]
        if let source = column("source") {
            keyColumns = [source]
        } else if let root = column("cause_root") {
            keyColumns = [column("cause_view"), column("cause_rule")].compactMap { $0 } + [root]
        } else {
            throw ReportUsageError("--by cause sums the rows of a recording (--run, --trace, --xctrace) per write; a dump's rows are the paths to their causes already")
        }
        let secondsColumn = column("update_seconds") ?? column("seconds")
        let firstColumn = column("update_seq") ?? column("cause_position")
        var order: [String] = []
        var sums: [String: (rows: Int64, seconds: Double?, first: SQLValue)] = [:]
        for row in result.rows {
            let key = cause(row, keyColumns, root: keyColumns.last!, source: column("source") != nil)
            let seconds = secondsColumn.flatMap { row[$0].doubleValue }
            if var sum = sums[key] {
                sum.rows += 1
                sum.seconds = seconds.map { ($0) + (sum.seconds ?? 0) } ?? sum.seconds
                sums[key] = sum
            } else {
                order.append(key)
                sums[key] = (1, seconds, firstColumn.map { row[$0] } ?? .null)
            }
        }
        let ranked = order.enumerated().sorted { a, b in
            let x = sums[a.element]!.rows, y = sums[b.element]!.rows
            return x != y ? x > y : a.offset < b.offset
        }.map(\.element)
        let rows = ranked.map { key -> [SQLValue] in
            let sum = sums[key]!
            return [.text(key), .integer(sum.rows), sum.seconds.map(SQLValue.real) ?? .null, sum.first]
        }
        return ComputedRows(columns: ["cause", "rows", "seconds", "first"], rows: rows, units: ["seconds": .seconds])
    }

    /// A row's cause in words: the source; or the view, rule or `(attribute N)` of the root.
    static func cause(_ row: [SQLValue], _ columns: [Int], root: Int, source: Bool) -> String {
        for i in columns where i != root || source {
            if let text = row[i].stringValue, !text.isEmpty { return text }
        }
        if let attribute = row[root].intValue { return "(attribute \(attribute))" }
        return noCause
    }
}

/// What `why --by` sums the rows per.
public enum WhyGrouping: String, CaseIterable, Sendable, ArgumentChoice {
    case cause
}
