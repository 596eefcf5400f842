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

/// A trace's read-by links at one moment (`trace-walk-edges`): edges, and indirect nodes read
/// through to their source. `readers` answers as AG's push walk goes: an indirect node among a
/// node's readers is replaced by its own readers (an indirect node is not marked dirty; the
/// nodes reading it are).
struct TraceReadBy {
    private var direct: [Int64: [Int64]] = [:]
    private var mentioned: Set<Int64> = []

    init(in db: Database, trace: Int64, at: Int64?) throws {
        try self.init(in: db, query: "trace-walk-edges", ["trace": .integer(trace), "at": at.map(SQLValue.integer) ?? .null])
    }

    /// From any query whose rows are (input, reader) links.
    init(in db: Database, query: String, _ values: [String: SQLValue]) throws {
        let edges = try ReportRegistry.query(query).prepare(in: db, values)
        try edges.forEachRow { edges in
            direct[edges.int64(0), default: []].append(edges.int64(1))
            mentioned.insert(edges.int64(0))
            mentioned.insert(edges.int64(1))
        }
    }

    /// An indirect node's attribute: the tag bits 01 (the domain's attribute kinds).
    static func isIndirect(_ a: Int64) -> Bool { a & 3 == 1 }

    func knows(_ a: Int64) -> Bool { mentioned.contains(a) }

    /// The direct nodes reading `a`, through any indirect nodes between (each visited once).
    func readers(_ a: Int64) -> [Int64] {
        var out: [Int64] = []
        var seen: Set<Int64> = [a]
        var pending = direct[a] ?? []
        while let r = pending.popLast() {
            guard seen.insert(r).inserted else { continue }
            if Self.isIndirect(r) { pending += direct[r] ?? [] } else { out.append(r) }
        }
        return out
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
