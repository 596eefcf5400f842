/// Collects subgraph parent/child references from the whole archive and resolves them once every
/// graph's subgraph table is known: a subgraph's `children` and the other end's `parents`
/// describe the same link, so links are deduplicated after resolution.
struct LinkCollector {
    enum End {
        case index(graph: Int, subgraph: Int, offset: Int)
        case id(graph: Int, subgraphId: Int64?, offset: Int)
    }

    private var pending: [(parent: End, child: End)] = []
    /// Per graph: subgraph index -> id.
    private var subgraphIds: [Int: [Int64?]] = [:]

    mutating func add(parent: End, child: End) {
        pending.append((parent, child))
    }

    mutating func setSubgraphIds(graph: Int, _ ids: [Int64?]) {
        subgraphIds[graph] = ids
    }

    func resolve(graphCount: Int, reader: ArchiveReader) throws -> [SubgraphLinkRecord] {
        var seen = Set<SubgraphLinkRecord>()
        var out: [SubgraphLinkRecord] = []
        for (parent, child) in pending {
            let p = try resolve(parent, graphCount: graphCount, reader: reader)
            let c = try resolve(child, graphCount: graphCount, reader: reader)
            let link = SubgraphLinkRecord(parentGraphIndex: p.graph, parentSubgraphId: p.id,
                                          childGraphIndex: c.graph, childSubgraphId: c.id)
            if seen.insert(link).inserted { out.append(link) }
        }
        return out
    }

    private func resolve(_ end: End, graphCount: Int, reader: ArchiveReader) throws -> (graph: Int, id: Int64?) {
        switch end {
        case let .index(graph, subgraph, offset):
            let ids = subgraphIds[graph] ?? []
            guard subgraph < ids.count else {
                throw reader.shapeError("subgraph index \(subgraph) is out of range: graph \(graph) has \(ids.count) subgraphs", at: offset)
            }
            return (graph, ids[subgraph])
        case let .id(graph, subgraphId, offset):
            guard graph < graphCount else {
                throw reader.shapeError("graph index \(graph) is out of range: the archive has \(graphCount) graphs", at: offset)
            }
            return (graph, subgraphId)
        }
    }
}
