/// A trace's nodes with their rule and view, read once.
struct TraceNames {
    private var nodes: [Int64: (rule: String?, view: String?)] = [:]

    init(in db: Database, trace: Int64) throws {
        let stmt = try ReportRegistry.query("trace-node-info").prepare(in: db, ["trace": .integer(trace)])
        try stmt.forEachRow { stmt in nodes[stmt.int64(0)] = (stmt.string(1), stmt.string(2)) }
    }

    func node(_ attribute: Int64) -> (rule: String?, view: String?)? { nodes[attribute] }

    /// The nodes whose rule is `view`'s body, in attribute order; an error that says why when
    /// there are none (the trace names no view at all, or the nearest names).
    func attributes(ofView view: String, trace label: String) throws -> [Int64] {
        let found = nodes.filter { $0.value.view == view }.map(\.key).sorted()
        guard found.isEmpty else { return found }
        let views = Set(nodes.values.compactMap(\.view))
        if views.isEmpty {
            throw ReportError("trace '\(label)' names no view: none of its rules is a view's body (such as "
                              + "DynamicBody<ViewBodyAccessor<V>>); give the attribute instead (report updates --trace '\(label)' lists them)")
        }
        let near = views.sorted { (Suggestion.distance($0, view), $0) < (Suggestion.distance($1, view), $1) }.prefix(3)
        throw ReportError("no node of trace '\(label)' is named by the view '\(view)' (nearest: \(near.map { "'\($0)'" }.joined(separator: ", ")))")
    }
}
