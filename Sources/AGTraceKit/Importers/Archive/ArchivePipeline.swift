import Foundation

/// The archive reader's sink during an import: records go through a `RecordPipeline` to an
/// `ArchiveStore` on the writer thread.
final class ArchivePipeline: ArchiveSink, ImportPipeline {
    enum Record: Sendable {
        case type(TypeRecord)
        /// The block the texts of the nodes that follow are in (a new one every
        /// `ArchiveStore.nodesPerStatement` nodes).
        case texts(TextBlock)
        case node(PackedNode)
        case edge(EdgeRecord)
        case subgraph(SubgraphRecord)
        case members(graph: Int, subgraphId: Int64?, nodes: ClosedRange<Int>)
        case tree(TreeRecord)
        case treeParent(graph: Int, tree: Int, parent: Int)
        case treeValue(TreeValueRecord)
        case treeNode(TreeNodeRecord)
        case event(ProfileEventRecord)
        case mark(ProfileMarkRecord)
        case graph(GraphRecord)
        case link(SubgraphLinkRecord)
        case archive(ArchiveSummaryRecord)
    }

    let pipeline: RecordPipeline<Record>
    /// The reader's side only.
    @exclusivity(unchecked) private var texts = NodeTextBlocks()

    /// Starts the writer thread; every record is applied to `store` there, in order.
    init(store: ArchiveStore) {
        let target = UncheckedBox(store)
        pipeline = RecordPipeline(batchSize: 2048, write: { records in
            let sink = target.value
            for r in records { try Self.apply(r, to: sink) }
        }, close: { try target.value.flush() })
    }

    @inline(__always)
    private func add(_ r: Record) throws { try pipeline.add(r) }

    private static func apply(_ r: Record, to s: ArchiveStore) throws {
        switch r {
        case .type(let x): try s.type(x)
        case .texts(let x): s.keep(x)
        case .node(let x): try s.node(x)
        case .edge(let x): try s.edge(x)
        case .subgraph(let x): try s.subgraph(x)
        case let .members(g, id, nodes): try s.subgraphMembers(graphIndex: g, subgraphId: id, nodeIndices: nodes)
        case .tree(let x): try s.tree(x)
        case let .treeParent(g, t, p): try s.treeParent(graphIndex: g, treeIndex: t, parentTreeIndex: p)
        case .treeValue(let x): try s.treeValue(x)
        case .treeNode(let x): try s.treeNode(x)
        case .event(let x): try s.profileEvent(x)
        case .mark(let x): try s.profileMark(x)
        case .graph(let x): try s.graph(x)
        case .link(let x): try s.subgraphLink(x)
        case .archive(let x): try s.archive(x)
        }
    }

    func type(_ r: TypeRecord) throws { try pipeline.add(.type(r), textBytes: bytes(r.name) + bytes(r.valueType)) }
    func node(_ r: NodeRecord) throws {
        // A new block is sent ahead of the nodes whose texts it holds.
        let block = try texts.next { try add(.texts($0)) }
        try pipeline.add(.node(PackedNode(r, texts: block)), textBytes: bytes(r.description) + bytes(r.value))
    }

    @inline(__always)
    private func bytes(_ s: String?) -> Int { s?.utf8.count ?? 0 }
    func edge(_ r: EdgeRecord) throws { try add(.edge(r)) }
    func subgraph(_ r: SubgraphRecord) throws { try add(.subgraph(r)) }
    func subgraphMembers(graphIndex: Int, subgraphId: Int64?, nodeIndices: ClosedRange<Int>) throws {
        try add(.members(graph: graphIndex, subgraphId: subgraphId, nodes: nodeIndices))
    }
    func tree(_ r: TreeRecord) throws { try pipeline.add(.tree(r), textBytes: bytes(r.description)) }
    func treeParent(graphIndex: Int, treeIndex: Int, parentTreeIndex: Int) throws {
        try add(.treeParent(graph: graphIndex, tree: treeIndex, parent: parentTreeIndex))
    }
    func treeValue(_ r: TreeValueRecord) throws { try pipeline.add(.treeValue(r), textBytes: bytes(r.key)) }
    func treeNode(_ r: TreeNodeRecord) throws { try add(.treeNode(r)) }
    func profileEvent(_ r: ProfileEventRecord) throws { try pipeline.add(.event(r), textBytes: bytes(r.category)) }
    func profileMark(_ r: ProfileMarkRecord) throws { try pipeline.add(.mark(r), textBytes: bytes(r.category) + bytes(r.name)) }
    func graph(_ r: GraphRecord) throws { try add(.graph(r)) }
    func subgraphLink(_ r: SubgraphLinkRecord) throws { try add(.link(r)) }
    func archive(_ r: ArchiveSummaryRecord) throws { try add(.archive(r)) }
}
