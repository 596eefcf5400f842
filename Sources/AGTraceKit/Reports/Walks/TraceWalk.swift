/// `agtrace walk ATTR --trace T`: the push walk a write of ATTR makes over the trace's graph
/// as it was at one moment (`at`, an event's seq: edges added before it and not yet removed,
/// without subgraphs destroyed before it; nil: the edges live at the end), breadth-first
/// (`PushWalk.breadthFirst`), each node named by its rule and view from the trace's own types.
/// Indirect nodes are passed through to their readers, as AG's propagate_dirty passes them: they
/// are not marked, so they are no rows, and a node reading ATTR through one reads ATTR.
public enum TraceWalk {
    public static let columns = ["attribute", "depth", "rule", "view", "via"]

    public static func rows(in db: Database, trace: Int64, label: String, from root: Int64,
                            maxDepth: Int? = nil, at: Int64? = nil) throws -> [[SQLValue]] {
        try rows(in: db, trace: trace, label: label, from: .attribute(root), maxDepth: maxDepth, at: at)
    }

    /// Where a walk over a trace starts: one attribute, or every node whose rule is a view's body.
    public enum Start: Sendable {
        case attribute(Int64)
        case view(String)
    }

    /// The moment a walk of `start` is made at when none is asked for: the last write of the
    /// attribute (the graph as that write found it), else the end of the trace; with the
    /// sentence that says which (nil for the end).
    public static func defaultMoment(in db: Database, trace: Int64, from start: Start) throws -> (at: Int64?, note: String?) {
        guard case .attribute(let root) = start else { return (nil, nil) }
        let stmt = try ReportRegistry.query("trace-write-seqs").prepare(in: db, ["trace": .integer(trace), "attribute": .integer(root)])
        var seqs: [Int64] = []
        try stmt.forEachRow { stmt in seqs.append(stmt.int64(0)) }
        guard let last = seqs.last else { return (nil, nil) }
        let others = seqs.count > 1 ? " (the last of its \(seqs.count) writes, seq \(seqs.map(String.init).joined(separator: ", ")); --at SEQ walks another)" : ""
        return (last, "the graph as the write of \(root) at seq \(last) found it\(others)")
    }

    public static func rows(in db: Database, trace: Int64, label: String, from start: Start,
                            maxDepth: Int? = nil, at: Int64? = nil) throws -> [[SQLValue]] {
        let graph = try TraceReadBy(in: db, trace: trace, at: at)
        let names = try TraceNames(in: db, trace: trace)
        let roots: [Int64]
        switch start {
        case .attribute(let root):
            if !graph.knows(root) && names.node(root) == nil {
                throw ReportError("no node \(root) in trace '\(label)' (it adds, lists or reads no such attribute)")
            }
            roots = [root]
        case .view(let view):
            roots = try names.attributes(ofView: view, trace: label)
        }
        return PushWalk.breadthFirst(from: roots, maxDepth: maxDepth) { graph.readers($0) }.map { r in
            let n = names.node(r.attribute)
            return [.integer(r.attribute), .integer(Int64(r.depth)), n?.rule.map(SQLValue.text) ?? .null,
                    n?.view.map(SQLValue.text) ?? .null, .integer(r.via)]
        }
    }
}
