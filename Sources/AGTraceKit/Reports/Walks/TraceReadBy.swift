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
