/// `agtrace why ATTR --trace T` (or `--view NAME`): each evaluation of ATTR, or of every node
/// the view names, and the write that caused it (`trace_updates.cause_seq`: the write whose
/// dirty marks included the node since its previous evaluation), with the written root
/// named; a first build has a NULL cause.
public enum TraceWhy {
    /// The columns' units, for table and markdown output (`seconds` reads as "3.91 ms").
    public static var units: [String: ColumnUnit] { ReportRegistry.query("why-trace").units }

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
        let result = try ReportRegistry.query("why-trace").rows(in: db, ["trace": .integer(trace), "view": .text(view)])
        if result.rows.isEmpty {
            // Why none: no such view in the trace (this throws), or its nodes never ran.
            _ = try TraceNames(in: db, trace: trace).attributes(ofView: view, trace: label)
            throw ReportError("no node of view '\(view)' was evaluated in trace '\(label)' (nothing pulled its body while tracing)")
        }
        return result
    }
}
