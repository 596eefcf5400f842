/// Which debug-tree entry names each node (`tree_views`, docs/schema.md), worked out in memory
/// while the archive's tree records pass, then written in one statement: the entry whose own
/// node it is, else the deepest entry listing it in `nodes` or `values` (ties: the smaller tree
/// index). Databases imported before the table are named by it too, from their rows
/// (`nameStoredSnapshots`, a step of migration 6). Tree indices and node row ids are dense, so
/// arrays index them.
///
/// Held for the whole import and growing with its trees, so kept small: node row ids as
/// 32-bit offsets from the import's first, descriptions interned (a debug tree repeats a few
/// hundred view type names), everything in `PagedArray`s. At 3M nodes and 250k tree entries
/// this is about 13 MB; with Swift dictionaries, optional strings per entry and doubling
/// arrays it was 70 MB at its peak.
struct TreeNaming {
    private struct Entry {
        var parent: Int32 = -1
        /// -1 until known; -2 while on the path being measured; 0 for an entry no root reaches
        /// (in a loop, below a missing parent).
        var depth: Int32 = -1
        /// Index into `texts`; -1 for none.
        var description: Int32 = -1
        var exists = false
        var reachable = true
    }

    /// 12 bytes: whether the entry claims its own node is the low bit of `graphAndOwn`.
    private struct Claim {
        /// Node row id minus `firstNodeId`.
        var node: UInt32
        var treeIndex: UInt32
        var graphAndOwn: UInt32

        init(node: UInt32, treeIndex: UInt32, graph: Int, own: Bool) {
            self.node = node
            self.treeIndex = treeIndex
            graphAndOwn = UInt32(graph) << 1 | (own ? 1 : 0)
        }

        var graph: UInt32 { graphAndOwn >> 1 }
        var own: Bool { graphAndOwn & 1 != 0 }
    }

    /// What the store saw of a claimed node that came after its claims (Apple writes `trees`
    /// before `nodes`), so that naming it needs no lookup. Appended in node row id order.
    private struct SeenNode {
        var node: UInt32
        var attribute: UInt32
        var typeIndex: UInt32
        var graph: UInt32
    }

    /// The import's first node row id: claims and seen nodes hold ids as offsets from it.
    private let firstNodeId: Int64
    /// Entries by graph index, then tree index.
    private var entries: [PagedArray<Entry>] = []
    private var claims = PagedArray<Claim>()
    /// Claimed node rows, a bit each, by offset from `firstNodeId`.
    private var claimed: [UInt64] = []
    private var seen = PagedArray<SeenNode>()
    /// Distinct descriptions, and the index of each.
    private var texts: [String] = []
    private var textIndex: [String: Int32] = [:]
    /// Types whose rule names a view, a bit per type index, by graph: their nodes are named by
    /// it. (A bit test per named node; a set of integers hashed each.)
    private var bodyTypes: [[UInt64]] = []

    init(firstNodeId: Int64) {
        self.firstNodeId = firstNodeId
    }

    var isEmpty: Bool { claims.isEmpty }

    mutating func type(graph: Int, typeIndex: Int, namesView: Bool) {
        guard namesView, graph >= 0, typeIndex >= 0 else { return }
        while bodyTypes.count <= graph { bodyTypes.append([]) }
        let word = typeIndex >> 6
        if bodyTypes[graph].count <= word {
            bodyTypes[graph].append(contentsOf: repeatElement(0, count: word + 1 - bodyTypes[graph].count))
        }
        bodyTypes[graph][word] |= 1 << UInt64(typeIndex & 63)
    }

    @inline(__always)
    private func namesView(graph: UInt32, typeIndex: UInt32) -> Bool {
        let g = Int(graph), word = Int(typeIndex >> 6)
        return g < bodyTypes.count && word < bodyTypes[g].count && bodyTypes[g][word] & (1 << UInt64(typeIndex & 63)) != 0
    }

    /// A node row id as an offset from the first, or nil for one out of range (only an archive
    /// that names a node index it does not have, which the reader refuses, gets one).
    @inline(__always)
    private func offset(_ nodeId: Int64) -> UInt32? {
        let d = nodeId - firstNodeId
        return d >= 0 && d <= Int64(UInt32.max) ? UInt32(d) : nil
    }

    @inline(__always)
    private func isClaimed(_ node: UInt32) -> Bool {
        let word = Int(node >> 6)
        return word < claimed.count && claimed[word] & (1 << UInt64(node & 63)) != 0
    }

    /// Called for every node: remembers a claimed one. One bit test when trees came first.
    @inline(__always)
    mutating func node(id: Int64, graph: Int, nodeIndex: Int, attribute: Int64, typeIndex: Int) {
        guard !claimed.isEmpty, let node = offset(id), isClaimed(node) else { return }
        // Node row ids only grow during an import; were one not to, leaving it out is safe: an
        // unseen node is looked up among the rows.
        if let last = seen.last, last.node >= node { return }
        seen.append(SeenNode(node: node, attribute: UInt32(truncatingIfNeeded: attribute),
                             typeIndex: UInt32(truncatingIfNeeded: typeIndex), graph: UInt32(graph)))
    }

    private mutating func touch(_ graph: Int, _ treeIndex: Int) {
        while entries.count <= graph { entries.append(PagedArray()) }
        if entries[graph].count <= treeIndex {
            entries[graph].append(Entry(), count: treeIndex + 1 - entries[graph].count)
        }
    }

    mutating func entry(graph: Int, treeIndex: Int, parent: Int?, description: String?) {
        touch(graph, treeIndex)
        entries[graph][treeIndex].exists = true
        entries[graph][treeIndex].description = description.map { intern($0) } ?? -1
        if let parent { entries[graph][treeIndex].parent = Int32(parent) }
    }

    private mutating func intern(_ text: String) -> Int32 {
        if let i = textIndex[text] { return i }
        let i = Int32(texts.count)
        texts.append(text)
        textIndex[text] = i
        return i
    }

    mutating func parent(graph: Int, treeIndex: Int, parent: Int) {
        touch(graph, treeIndex)
        entries[graph][treeIndex].parent = Int32(parent)
    }

    mutating func claim(graph: Int, treeIndex: Int, nodeIndex: Int, nodeId: Int64, own: Bool) {
        guard let node = offset(nodeId) else { return }
        claims.append(Claim(node: node, treeIndex: UInt32(treeIndex), graph: graph, own: own))
        let word = Int(node >> 6)
        if claimed.count <= word { claimed.append(contentsOf: repeatElement(0, count: word + 1 - claimed.count)) }
        claimed[word] |= 1 << UInt64(node & 63)
    }

    /// A row of `tree_views` for a node this saw: `view` indexes `views`.
    struct KnownRow {
        var graph: UInt32
        var attribute: UInt32
        var view: Int32
    }

    /// The rows of `tree_views` for the named nodes this saw (those not named by a body rule;
    /// one per graph and attribute, the smaller name when two nodes share both), in the table's
    /// key order; the names of node rows it has not seen, for the caller to look up; and the
    /// names both refer to.
    typealias Rows = (known: [KnownRow], unseen: [(nodeId: Int64, view: String)], views: [String])

    mutating func rows() -> Rows {
        // Names ranked in string order, so that rows sort by integers.
        let order = texts.indices.sorted { texts[$0] < texts[$1] }
        var rank = [Int32](repeating: 0, count: texts.count)
        for (r, i) in order.enumerated() { rank[i] = Int32(r) }
        // This runs beside the connection's index build, at the import's peak of memory: the
        // rows are made in one array of the size needed (at most one per node seen), sorted and
        // thinned in place. Grown by doubling, sorted by Swift's sort (stable, with a buffer as
        // large as its input) into a second array, and with a copy of the entries (see
        // `ArchiveStore.nameViewsInBackground`), they put 8 MB on the 3M-node import's peak.
        var all: [KnownRow] = []
        all.reserveCapacity(seen.count)
        var unseen: [(nodeId: Int64, view: String)] = []
        var cursor = 0
        for g in entries.indices { Self.depths(&entries[g]) }
        names { node, view in
            while cursor < seen.count && seen[cursor].node < node { cursor += 1 }
            guard cursor < seen.count, seen[cursor].node == node else {
                unseen.append((firstNodeId + Int64(node), texts[Int(view)]))
                return
            }
            let n = seen[cursor]
            if namesView(graph: n.graph, typeIndex: n.typeIndex) { return }
            // The name's rank for now, its index again below.
            all.append(KnownRow(graph: n.graph, attribute: n.attribute, view: rank[Int(view)]))
        }
        // Of two nodes sharing graph and attribute, the smaller name: rows sorted by attribute,
        // graph and name, the first of each attribute and graph kept. Rows equal in all three
        // are the same row, so the sort need not be stable. Nodes usually come in attribute
        // order, and then so do the rows: sorted already, checked in one pass.
        all.withUnsafeMutableBufferPointer { rows in
            guard rows.count > 1, (1..<rows.count).contains(where: { Self.precedes(rows[$0], rows[$0 - 1]) }) else { return }
            Heapsort.sort(rows, 0, rows.count - 1, by: Self.precedes)
        }
        var kept = 0
        for i in all.indices {
            if kept > 0 && all[kept - 1].attribute == all[i].attribute && all[kept - 1].graph == all[i].graph { continue }
            all[kept] = all[i]
            all[kept].view = Int32(order[Int(all[i].view)])
            kept += 1
        }
        all.removeLast(all.count - kept)
        return (all, unseen, texts)
    }

    @inline(__always)
    private static func precedes(_ a: KnownRow, _ b: KnownRow) -> Bool {
        (a.attribute, a.graph, a.view) < (b.attribute, b.graph, b.view)
    }

    /// Ancestors of every entry of one graph, each counted once. An entry no root reaches (in a
    /// loop of a damaged tree, or below a missing parent) counts 0, as in the SQL.
    private static func depths(_ list: inout PagedArray<Entry>) {
        var path: [Int] = []
        for start in 0..<list.count where list[start].depth == -1 {
            path.removeAll(keepingCapacity: true)
            var at = start
            var base: Int32 = -1
            var reachable = true
            while true {
                guard at >= 0, at < list.count, list[at].exists else { reachable = false; break }
                if list[at].depth >= 0 { base = list[at].depth; reachable = list[at].reachable; break }
                if list[at].depth == -2 { reachable = false; break }  // on this path already: a loop
                list[at].depth = -2
                path.append(at)
                guard list[at].parent >= 0 else { break }
                at = Int(list[at].parent)
            }
            // `path` runs from `start` up to a root, or to just below an entry of known depth.
            for (i, k) in path.enumerated() {
                list[k].depth = reachable ? base + Int32(path.count - i) : 0
                list[k].reachable = reachable
            }
        }
    }

    /// Calls `body` with the name chosen for each claimed node row (its offset from
    /// `firstNodeId`, an index into `texts`), in node order. After `depths`.
    private func names(_ body: (UInt32, Int32) -> Void) {
        guard !claims.isEmpty else { return }
        // Claimed nodes numbered in order: the count of claimed bits before each word.
        var before = [UInt32](repeating: 0, count: claimed.count)
        var total: UInt32 = 0
        for w in claimed.indices {
            before[w] = total
            total += UInt32(claimed[w].nonzeroBitCount)
        }
        func slot(_ node: UInt32) -> Int {
            let w = Int(node >> 6), bit = UInt64(node & 63)
            return Int(before[w]) + (claimed[w] & ((1 << bit) - 1)).nonzeroBitCount
        }
        // Per claimed node: the winning claim's index, ranked own, then deeper, then smaller index.
        var best = [Int32](repeating: -1, count: Int(total))
        for i in 0..<claims.count {
            let c = claims[i]
            let g = Int(c.graph), t = Int(c.treeIndex)
            guard g < entries.count, t < entries[g].count, entries[g][t].exists, entries[g][t].description >= 0 else { continue }
            let s = slot(c.node)
            let held = Int(best[s])
            if held >= 0 {
                let h = claims[held]
                let heldDepth = entries[Int(h.graph)][Int(h.treeIndex)].depth
                if h.own != c.own { if h.own { continue } }
                else if heldDepth != entries[g][t].depth { if heldDepth > entries[g][t].depth { continue } }
                else if h.treeIndex <= c.treeIndex { continue }
            }
            best[s] = Int32(i)
        }
        var s = 0
        for w in claimed.indices {
            var bits = claimed[w]
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                bits &= bits - 1
                if best[s] >= 0 {
                    let c = claims[Int(best[s])]
                    body(UInt32(w << 6 + bit), entries[Int(c.graph)][Int(c.treeIndex)].description)
                }
                s += 1
            }
        }
    }
}
