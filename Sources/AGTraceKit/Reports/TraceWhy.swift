/// `agtrace why ATTR --trace T`: each evaluation of ATTR and the write that caused it
/// (`trace_updates.cause_seq`: the write whose dirty marks included ATTR since its previous
/// evaluation), with the written root named; a first build has a NULL cause.
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
}

/// What a trace's timestamps can say about durations, for a note beside timed reports.
public enum TraceTiming {
    /// A sentence when some evaluations of the trace cannot be timed (their seconds are NULL), nil
    /// when all can.
    public static func untimedNote(in db: Database, trace label: String) throws -> String? {
        let id = try LabelLookup.traceId(label, in: db)
        guard let row = try db.rows("SELECT count(*), count(duration) FROM trace_update_rows WHERE trace_id = ?1", [.integer(id)]).first,
              let all = row[0].intValue, let timed = row[1].intValue, timed < all else { return nil }
        return "\(all - timed) of \(all) evaluations of trace '\(label)' cannot be timed (whole-second or missing timestamps, or no end): their seconds are empty, not 0"
    }
}
