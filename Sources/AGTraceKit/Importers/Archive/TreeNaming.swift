/// Which debug-tree entry names each node (`tree_views`, docs/schema.md), worked out in memory
/// while the archive's tree records pass, then written in one statement: the entry whose own
/// node it is, else the deepest entry listing it in `nodes` or `values` (ties: the smaller tree
/// index). Schema.treeViewsFill is the same rule in SQL, for databases imported before it;
/// NodeViewsTests checks that both agree. Tree indices and node row ids are dense, so arrays
/// index them.
struct TreeNaming {
    private struct Entry {
        var parent = -1
        var description: String?
        /// -1 until known; 0 for an entry no root reaches (in a loop, below a missing parent).
        var depth = -1
        var reachable = true
        var exists = false
    }

    private struct Claim {
        var graph: Int32
        var treeIndex: Int32
        var nodeId: Int64
        var own: Bool
    }

    /// Entries by graph index, then tree index.
    private var entries: [[Entry]] = []
    private var claims: [Claim] = []
    /// Node row ids claimed so far, and what the nodes among them that came after their
    /// claims (Apple writes `trees` before `nodes`) are: so that naming them needs no lookup.
    /// Claimed node indices, a bit each, per graph.
    private var claimed: [[UInt64]] = []
    private var anyClaimed = false
    /// In arrival order, which is node row id order (`rows` sorts them if not).
    private var nodes: [SeenNode] = []

    private struct SeenNode {
        var id: Int64
        var attribute: Int64
        var graph: Int32
        var typeIndex: Int32
    }
    /// Types whose rule names a view (`graph << 32 | type index`): their nodes are named by it.
    private var bodyTypes: Set<Int64> = []

    var isEmpty: Bool { claims.isEmpty }

    mutating func type(graph: Int, typeIndex: Int, namesView: Bool) {
        if namesView { bodyTypes.insert(Int64(graph) << 32 | Int64(typeIndex)) }
    }

    /// Called for every node: remembers a claimed one. One set lookup when trees came first.
    @inline(__always)
    mutating func node(id: Int64, graph: Int, nodeIndex: Int, attribute: Int64, typeIndex: Int) {
        guard anyClaimed, graph < claimed.count, nodeIndex >> 6 < claimed[graph].count,
              claimed[graph][nodeIndex >> 6] & (1 << UInt64(nodeIndex & 63)) != 0 else { return }
        nodes.append(SeenNode(id: id, attribute: attribute, graph: Int32(graph), typeIndex: Int32(typeIndex)))
    }

    private mutating func touch(_ graph: Int, _ treeIndex: Int) {
        while entries.count <= graph { entries.append([]) }
        if entries[graph].count <= treeIndex {
            entries[graph].append(contentsOf: repeatElement(Entry(), count: treeIndex + 1 - entries[graph].count))
        }
    }

    mutating func entry(graph: Int, treeIndex: Int, parent: Int?, description: String?) {
        touch(graph, treeIndex)
        entries[graph][treeIndex].exists = true
        entries[graph][treeIndex].description = description
        if let parent { entries[graph][treeIndex].parent = parent }
    }

    mutating func parent(graph: Int, treeIndex: Int, parent: Int) {
        touch(graph, treeIndex)
        entries[graph][treeIndex].parent = parent
    }

    mutating func claim(graph: Int, treeIndex: Int, nodeIndex: Int, nodeId: Int64, own: Bool) {
        claims.append(Claim(graph: Int32(graph), treeIndex: Int32(treeIndex), nodeId: nodeId, own: own))
        while claimed.count <= graph { claimed.append([]) }
        let word = nodeIndex >> 6
        if claimed[graph].count <= word { claimed[graph].append(contentsOf: repeatElement(0, count: word + 1 - claimed[graph].count)) }
        claimed[graph][word] |= 1 << UInt64(nodeIndex & 63)
        anyClaimed = true
    }

    /// The rows of `tree_views` for the named nodes this knows (those not named by a body
    /// rule; one per graph and attribute, the smaller name when two nodes share both), and the
    /// names of node rows it has not seen, for the caller to look up.
    mutating func rows() -> (known: [(graph: Int, attribute: Int64, view: String)], unseen: [(nodeId: Int64, view: String)]) {
        var all: [(graph: Int, attribute: Int64, view: String)] = []
        var unseen: [(nodeId: Int64, view: String)] = []
        if zip(nodes, nodes.dropFirst()).contains(where: { $0.id >= $1.id }) { nodes.sort { $0.id < $1.id } }
        // Both in id order: one walk matches each name with its node.
        var k = 0
        for (id, view) in names() {
            while k < nodes.count && nodes[k].id < id { k += 1 }
            guard k < nodes.count, nodes[k].id == id else { unseen.append((id, view)); continue }
            let n = nodes[k]
            if bodyTypes.contains(Int64(n.graph) << 32 | Int64(n.typeIndex)) { continue }
            all.append((Int(n.graph), n.attribute, view))
        }
        // In the table's key order; of two nodes sharing graph and attribute, the smaller name.
        all.sort { ($0.attribute, $0.graph, $0.view) < ($1.attribute, $1.graph, $1.view) }
        var known: [(graph: Int, attribute: Int64, view: String)] = []
        known.reserveCapacity(all.count)
        for r in all where known.last.map({ $0.attribute != r.attribute || $0.graph != r.graph }) ?? true {
            known.append(r)
        }
        return (known, unseen)
    }

    /// Ancestors of every entry of one graph, each counted once. An entry no root reaches (in a
    /// loop of a damaged tree, or below a missing parent) counts 0, as in the SQL.
    private static func depths(_ list: inout [Entry]) {
        var path: [Int] = []
        for start in list.indices where list[start].depth < 0 {
            path.removeAll(keepingCapacity: true)
            var at = start
            var base = -1
            var reachable = true
            while true {
                guard at >= 0, at < list.count, list[at].exists else { reachable = false; break }
                if list[at].depth >= 0 { base = list[at].depth; reachable = list[at].reachable; break }
                if list[at].depth == -2 { reachable = false; break }  // on this path already: a loop
                list[at].depth = -2
                path.append(at)
                guard list[at].parent >= 0 else { break }
                at = list[at].parent
            }
            // `path` runs from `start` up to a root, or to just below an entry of known depth.
            for (i, k) in path.enumerated() {
                list[k].depth = reachable ? base + (path.count - i) : 0
                list[k].reachable = reachable
            }
        }
    }

    /// The name chosen for each claimed node row id, in id order.
    mutating func names() -> [(nodeId: Int64, view: String)] {
        guard var low = claims.first?.nodeId else { return [] }
        var high = low
        for c in claims {
            low = min(low, c.nodeId)
            high = max(high, c.nodeId)
        }
        for g in entries.indices { Self.depths(&entries[g]) }
        // Per node row: the winning claim's index, ranked own, then deeper, then smaller index.
        var best = [Int32](repeating: -1, count: Int(high - low) + 1)
        for i in claims.indices {
            let c = claims[i]
            let g = Int(c.graph), t = Int(c.treeIndex)
            guard g < entries.count, t < entries[g].count, entries[g][t].exists, entries[g][t].description != nil else { continue }
            let slot = Int(c.nodeId - low)
            let held = Int(best[slot])
            if held >= 0 {
                let h = claims[held]
                let heldDepth = entries[Int(h.graph)][Int(h.treeIndex)].depth
                if h.own != c.own { if h.own { continue } }
                else if heldDepth != entries[g][t].depth { if heldDepth > entries[g][t].depth { continue } }
                else if h.treeIndex <= c.treeIndex { continue }
            }
            best[slot] = Int32(i)
        }
        var out: [(nodeId: Int64, view: String)] = []
        for slot in best.indices where best[slot] >= 0 {
            let c = claims[Int(best[slot])]
            out.append((low + Int64(slot), entries[Int(c.graph)][Int(c.treeIndex)].description!))
        }
        return out
    }
}
