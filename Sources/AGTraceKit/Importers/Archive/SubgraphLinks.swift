/// Collects subgraph parent/child references from the whole archive and resolves them once every
/// graph's subgraph table is known: a subgraph's `children` and the other end's `parents`
/// describe the same link, so links are deduplicated.
///
/// References are kept deduplicated from the start, as they are read: an archive that repeats
/// one reference a million times costs one entry, so memory follows the distinct links (8 bytes
/// for a link between two subgraphs of one graph named by index, the usual case), never the
/// number of entries. Range checks keep only the largest index referred to, and where.
struct LinkCollector {
    enum End: Hashable {
        case index(graph: Int, subgraph: Int)
        case id(graph: Int, subgraphId: Int64?)
    }

    /// Links between two subgraphs of one graph, both named by index: parent << 32 | child.
    private var indexLinks: [Int: Set<UInt64>] = [:]
    /// Links with an end named `{graph, subgraph_id}`.
    private var otherLinks = Set<Pair>()
    /// Per graph: the largest subgraph index referred to, and where.
    private var largestIndex: [Int: (index: Int, offset: Int)] = [:]
    /// The largest graph index a `{graph, subgraph_id}` end names, and where.
    private var largestGraph: (index: Int, offset: Int) = (-1, 0)
    /// Per graph: subgraph index -> id.
    private var subgraphIds: [Int: [Int64?]] = [:]

    struct Pair: Hashable {
        var parent: End
        var child: End
    }

    mutating func add(parent: End, child: End, at offset: Int) {
        for end in [parent, child] {
            switch end {
            case let .index(graph, subgraph):
                if subgraph > largestIndex[graph]?.index ?? -1 { largestIndex[graph] = (subgraph, offset) }
            case let .id(graph, _):
                if graph > largestGraph.index { largestGraph = (graph, offset) }
            }
        }
        if case let .index(g1, p) = parent, case let .index(g2, c) = child, g1 == g2 {
            indexLinks[g1, default: []].insert(UInt64(p) << 32 | UInt64(c))
        } else {
            otherLinks.insert(Pair(parent: parent, child: child))
        }
    }

    mutating func setSubgraphIds(graph: Int, _ ids: [Int64?]) {
        subgraphIds[graph] = ids
    }

    /// The links, in a fixed order (by graph, then parent and child index; then the links
    /// between graphs), each once.
    func resolve(graphCount: Int, reader: ArchiveReader) throws -> [SubgraphLinkRecord] {
        for (graph, largest) in largestIndex.sorted(by: { $0.key < $1.key }) {
            let count = subgraphIds[graph]?.count ?? 0
            guard largest.index < count else {
                throw reader.shapeError("subgraph index \(largest.index) is out of range: graph \(graph) has \(count) subgraphs", at: largest.offset)
            }
        }
        if largestGraph.index >= graphCount {
            throw reader.shapeError("graph index \(largestGraph.index) is out of range: the archive has \(graphCount) graphs", at: largestGraph.offset)
        }
        var seen = Set<SubgraphLinkRecord>()
        var out: [SubgraphLinkRecord] = []
        func emit(_ link: SubgraphLinkRecord) {
            if seen.insert(link).inserted { out.append(link) }
        }
        for (graph, pairs) in indexLinks.sorted(by: { $0.key < $1.key }) {
            let ids = subgraphIds[graph] ?? []
            for pair in pairs.sorted() {
                emit(SubgraphLinkRecord(parentGraphIndex: graph, parentSubgraphId: ids[Int(pair >> 32)],
                                        childGraphIndex: graph, childSubgraphId: ids[Int(pair & 0xFFFF_FFFF)]))
            }
        }
        let others = otherLinks.map { (resolve($0.parent), resolve($0.child)) }
            .sorted { a, b in
                (a.0.graph, a.0.id ?? Int64.min, a.1.graph, a.1.id ?? Int64.min) < (b.0.graph, b.0.id ?? Int64.min, b.1.graph, b.1.id ?? Int64.min)
            }
        for (p, c) in others {
            emit(SubgraphLinkRecord(parentGraphIndex: p.graph, parentSubgraphId: p.id, childGraphIndex: c.graph, childSubgraphId: c.id))
        }
        return out
    }

    /// An end's graph and subgraph id (index ends were range-checked above).
    private func resolve(_ end: End) -> (graph: Int, id: Int64?) {
        switch end {
        case let .index(graph, subgraph): return (graph, subgraphIds[graph]?[subgraph] ?? nil)
        case let .id(graph, subgraphId): return (graph, subgraphId)
        }
    }
}
