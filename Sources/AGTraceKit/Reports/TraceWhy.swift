/// `agtrace why ATTR --trace T` (or `--view NAME`): each evaluation of ATTR, or of every node
/// the view names, and the write that caused it (`trace_updates.cause_seq`: the write whose
/// dirty marks included the node since its previous evaluation), with the written root
/// named; a first build has a NULL cause.
public enum TraceWhy {
    public static func rows(in db: Database, trace: Int64, label: String, attribute: Int64) throws -> (columns: [String], rows: [[SQLValue]]) {
        let result = try ReportRegistry.query("why-trace").rows(in: db, ["trace": .integer(trace), "attribute": .integer(attribute)])
        if result.rows.isEmpty {
            let names = try TraceNames(in: db, trace: trace)
            throw ReportError(names.node(attribute) == nil
                ? "no node \(attribute) in trace '\(label)'"
                : "\(attribute) never evaluated in trace '\(label)' (a signal, or a rule nothing pulled while tracing)")
        }
        return result
    }

    /// Every evaluation of the nodes whose rule is `view`'s body, in trace order.
    public static func rows(in db: Database, trace: Int64, label: String, view: String) throws -> (columns: [String], rows: [[SQLValue]]) {
        _ = try TraceNames(in: db, trace: trace).attributes(ofView: view, trace: label)
        let result = try ReportRegistry.query("why-trace").rows(in: db, ["trace": .integer(trace), "view": .text(view)])
        if result.rows.isEmpty {
            throw ReportError("no node of view '\(view)' was evaluated in trace '\(label)' (nothing pulled its body while tracing)")
        }
        return result
    }
}

/// What a trace's evaluations can say, for notes beside the reports over it.
public enum TraceTiming {
    /// A sentence when some evaluations of the trace cannot be timed (their seconds are NULL), nil
    /// when all can.
    public static func untimedNote(in db: Database, trace label: String) throws -> String? {
        try untimedNote(in: db, trace: try LabelLookup.traceId(label, in: db), label: label)
    }

    static func untimedNote(in db: Database, trace id: Int64, label: String) throws -> String? {
        guard let row = try db.rows("SELECT count(*), count(duration) FROM trace_update_rows WHERE trace_id = ?1", [.integer(id)]).first,
              let all = row[0].intValue, let timed = row[1].intValue, timed < all else { return nil }
        return "\(all - timed) of \(all) evaluations of trace '\(label)' cannot be timed (whole-second or missing timestamps, or no end): their seconds are empty, not 0"
    }

    /// A sentence when `--by view` leaves evaluations out because their rules name no SwiftUI
    /// view (a view is read from a body rule's type, such as `DynamicBody<ViewBodyAccessor<V>>`),
    /// naming the busiest of those rules; nil when every evaluation has a view.
    static func viewlessNote(in db: Database, trace id: Int64, label: String) throws -> String? {
        let rows = try db.rows("""
            SELECT coalesce(rule, '#' || attribute) AS rule, count(*) AS evaluations,
                   (SELECT count(*) FROM trace_updates WHERE trace_id = ?1) AS total
            FROM trace_updates WHERE trace_id = ?1 AND view IS NULL
            GROUP BY 1 ORDER BY evaluations DESC, rule
            """, [.integer(id)])
        guard let first = rows.first, let total = first[2].intValue else { return nil }
        let left = rows.compactMap { $0[1].intValue }.reduce(0, +)
        let shown = rows.prefix(3).compactMap { $0[0].stringValue }
        let rules = shown.joined(separator: ", ") + (rows.count > shown.count ? " and \(rows.count - shown.count) more" : "")
        return "\(left) of \(total) evaluations of trace '\(label)' are of rules that name no SwiftUI view (\(rules)) and are not in these rows: --by rule counts them"
    }
}
