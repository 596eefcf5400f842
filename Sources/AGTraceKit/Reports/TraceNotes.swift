/// What the rows of a report over a trace leave empty or out, said beside them on stderr.
public enum TraceNotes {
    /// A sentence when some evaluations of the trace cannot be timed (their seconds are NULL), nil
    /// when all can.
    public static func untimed(in db: Database, trace label: String) throws -> String? {
        try untimed(in: db, trace: try LabelLookup.traceId(label, in: db), label: label)
    }

    static func untimed(in db: Database, trace id: Int64, label: String) throws -> String? {
        guard let row = try ReportRegistry.query("trace-untimed").rows(in: db, ["trace": .integer(id)]).rows.first,
              let all = row[0].intValue, let timed = row[1].intValue, timed < all else { return nil }
        return "\(all - timed) of \(all) evaluations of trace '\(label)' cannot be timed (whole-second or missing timestamps, or no end): their seconds are empty, not 0"
    }

    /// A sentence when `--by view` leaves evaluations out because their rules name no SwiftUI
    /// view (a view is read from a body rule's type, such as `DynamicBody<ViewBodyAccessor<V>>`),
    /// naming the busiest of those rules; nil when every evaluation has a view.
    static func viewless(in db: Database, trace id: Int64, label: String) throws -> String? {
        let rows = try ReportRegistry.query("trace-viewless-rules").rows(in: db, ["trace": .integer(id)]).rows
        guard let first = rows.first, let total = first[2].intValue else { return nil }
        let left = rows.compactMap { $0[1].intValue }.reduce(0, +)
        let shown = rows.prefix(3).compactMap { $0[0].stringValue }
        let rules = shown.joined(separator: ", ") + (rows.count > shown.count ? " and \(rows.count - shown.count) more" : "")
        return "\(left) of \(total) evaluations of trace '\(label)' are of rules that name no SwiftUI view (\(rules)) and are not in these rows: --by rule counts them"
    }

    /// A sentence when some indirect nodes of the trace have no known source (a trace cut before
    /// the records that name it, or an engine that writes none): walks cannot pass through them.
    public static func unknownIndirectSources(in db: Database, trace id: Int64, label: String) throws -> String? {
        let rows = try ReportRegistry.query("trace-indirect-unknown").rows(in: db, ["trace": .integer(id)]).rows
        guard !rows.isEmpty else { return nil }
        let shown = rows.prefix(5).map(\.[0].description).joined(separator: ", ") + (rows.count > 5 ? " and \(rows.count - 5) more" : "")
        return "\(rows.count) indirect node\(rows.count == 1 ? "" : "s") of trace '\(label)' (\(shown)) \(rows.count == 1 ? "points" : "point") at no known source (no IndirectNodeSetSource, and no subgraph record names one): what reads through \(rows.count == 1 ? "it" : "them") is not reached from the source"
    }
}
