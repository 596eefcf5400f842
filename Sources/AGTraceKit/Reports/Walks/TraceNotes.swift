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

    /// A sentence when the trace's writes marked nodes but which ones was not kept (imported by
    /// an agtrace before `trace_marks`): nil when they are known.
    static func marksUnknown(in db: Database, trace id: Int64, label: String) throws -> String? {
        let row = try db.rows("""
            SELECT (SELECT coalesce(sum(marked), 0) FROM trace_writes WHERE trace_id = ?1),
                   (SELECT count(*) FROM trace_marks WHERE trace_id = ?1)
            """, [.integer(id)]).first
        guard let marked = row?[0].intValue, let kept = row?[1].intValue, marked > 0, kept == 0 else { return nil }
        return "trace '\(label)' was imported by an agtrace that did not keep which nodes each write marked (\(marked) marks counted): import it again (agtrace import --replace) to list them"
    }
}
