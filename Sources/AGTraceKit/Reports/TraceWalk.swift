/// `agtrace walk ATTR --trace T`: the push walk a write of ATTR would make over the edges
/// live at the end of the trace, breadth-first (`PushWalk.breadthFirst`), each node named by
/// its rule and view from the trace's own types.
public enum TraceWalk {
    public static let columns = ["attribute", "depth", "rule", "view", "via"]

    public static func rows(in db: Database, trace: Int64, label: String, from root: Int64,
                            maxDepth: Int? = nil) throws -> [[SQLValue]] {
        try rows(in: db, trace: trace, label: label, from: .attribute(root), maxDepth: maxDepth)
    }

    /// Where a walk over a trace starts: one attribute, or every node whose rule is a view's body.
    public enum Start: Sendable {
        case attribute(Int64)
        case view(String)
    }

    public static func rows(in db: Database, trace: Int64, label: String, from start: Start,
                            maxDepth: Int? = nil) throws -> [[SQLValue]] {
        let ids: [String: SQLValue] = ["trace": .integer(trace)]
        var readers: [Int64: [Int64]] = [:]
        let edges = try ReportRegistry.query("trace-walk-edges").prepare(in: db, ids)
        try edges.forEachRow { edges in readers[edges.int64(0), default: []].append(edges.int64(1)) }
        let names = try TraceNames(in: db, trace: trace)
        let roots: [Int64]
        switch start {
        case .attribute(let root):
            if readers[root] == nil && names.node(root) == nil {
                throw ReportError("no node \(root) in trace '\(label)' (it adds, lists or reads no such attribute)")
            }
            roots = [root]
        case .view(let view):
            roots = try names.attributes(ofView: view, trace: label)
        }
        return PushWalk.breadthFirst(from: roots, maxDepth: maxDepth) { readers[$0] ?? [] }.map { r in
            let n = names.node(r.attribute)
            return [.integer(r.attribute), .integer(Int64(r.depth)), n?.rule.map(SQLValue.text) ?? .null,
                    n?.view.map(SQLValue.text) ?? .null, .integer(r.via)]
        }
    }
}

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
