/// One subgraph: a contiguous run of node indices, as real dumps list them.
struct SubgraphPlan {
    var start: Int
    var count: Int
    var id: Int
    var contextId: Int
    var parents: [Int] = []
    var children: [Int] = []
    /// Set on a graph's first subgraph when it hangs below a subgraph of graph 0.
    var crossGraphParent: (graph: Int, subgraphId: Int)?
    var invalid = false
    /// Variant snapshots: every node of a dirty subgraph carries the dirty bit.
    var dirty = false
}

/// Everything about one graph that more than one section needs, decided before writing:
/// node types (edges skip externals, nodes print them), subgraph ranges (edges stay mostly
/// local, nodes need ids per subgraph). Per-node text is not stored: it is regenerated from
/// keyed random streams while writing.
struct GraphPlan {
    let index, id, nodeCount: Int
    let catalog: TypeCatalog
    var nodeTypes: [Int32]
    var subgraphs: [SubgraphPlan]
    let treeCount: Int

    init(index: Int, id: Int, nodeCount: Int, options: ArchiveOptions, firstSubgraphId: Int, graph0Root: Int?) {
        self.index = index
        self.id = id
        self.nodeCount = nodeCount
        let seed = options.seed
        var random = SeededRandom(keys: seed, UInt64(index), 100)
        // Real windows: ~1 type per 2 nodes when small; big apps saturate at a few thousand.
        let typeCount = options.treeHeavy ? max(TypeCatalog.rootCount + 4, min(nodeCount / 2, 400))
            : max(TypeCatalog.rootCount + 4, min(nodeCount / 2, 3000 + nodeCount / 200))
        catalog = TypeCatalog(count: typeCount, random: &random)

        subgraphs = GraphPlan.layoutSubgraphs(nodeCount: nodeCount, random: &random, firstId: firstSubgraphId)
        if let root = graph0Root, !subgraphs.isEmpty { subgraphs[0].crossGraphParent = (0, root) }
        if options.variant > 0 {
            for k in subgraphs.indices where SeededRandom.percent(seed, UInt64(options.variant), UInt64(index), UInt64(k)) < 3 {
                subgraphs[k].dirty = true
            }
        }

        nodeTypes = GraphPlan.assignTypes(nodeCount: nodeCount, catalog: catalog, seed: seed, graph: index,
                                          variant: options.variant)
        treeCount = max(1, nodeCount / (options.treeHeavy ? 3 : 12))
    }

    /// Root inputs first (one node per root type), then rule and external nodes with a skewed
    /// type popularity, a share of them @State signals.
    private static func assignTypes(nodeCount: Int, catalog: TypeCatalog, seed: UInt64, graph: Int, variant: Int) -> [Int32] {
        let types = catalog.types.count
        let rest = types - TypeCatalog.rootCount
        var random = SeededRandom(keys: seed, UInt64(graph), 101)
        var result = [Int32](repeating: 0, count: nodeCount)
        for i in 0..<nodeCount {
            if i < TypeCatalog.rootCount {
                result[i] = Int32(i)
            } else if random.chance(14) {
                result[i] = Int32(TypeCatalog.signalType)
            } else {
                let u = random.unit()
                result[i] = Int32(TypeCatalog.rootCount + Int(Double(rest) * u * u))
            }
        }
        if variant > 0 {
            // An id reused by a new node of another type: identity is (attribute, type).
            for i in TypeCatalog.rootCount..<nodeCount where SeededRandom.percent(seed, UInt64(variant), UInt64(graph) | 0x100, UInt64(i)) < 0.2 {
                result[i] = Int32(TypeCatalog.rootCount + (Int(result[i]) + 1 - TypeCatalog.rootCount) % rest)
            }
        }
        return result
    }

    /// Sizes like real windows (5 to a few hundred nodes), a few empty ones; a tree of parents.
    private static func layoutSubgraphs(nodeCount: Int, random: inout SeededRandom, firstId: Int) -> [SubgraphPlan] {
        var result: [SubgraphPlan] = []
        var start = 0
        var context = 3
        while start < nodeCount {
            var count: Int
            if result.isEmpty {
                count = TypeCatalog.rootCount + random.within(8...30)
            } else if random.chance(1) {
                count = 0
            } else {
                switch random.weighted([30, 35, 25, 10]) {
                case 0: count = random.within(5...15)
                case 1: count = random.within(16...40)
                case 2: count = random.within(41...90)
                default: count = random.within(91...400)
                }
            }
            count = min(count, nodeCount - start)
            if random.chance(25) { context += 2 * random.within(1...60) }
            var plan = SubgraphPlan(start: start, count: count, id: firstId + result.count, contextId: context)
            plan.invalid = random.chance(0.5)
            result.append(plan)
            start += count
        }
        // Real ids are not in array order: swap neighbours now and then.
        for k in stride(from: 1, to: result.count - 1, by: 2) where random.chance(30) {
            let id = result[k].id
            result[k].id = result[k + 1].id
            result[k + 1].id = id
        }
        for k in 1..<max(1, result.count) {
            let parent = random.chance(50) ? k - 1 : k - 1 - random.below(min(k, 8))
            result[k].parents.append(parent)
            if random.chance(3), parent > 0 {
                let second = random.below(parent)
                result[k].parents.append(second)
            }
            for p in result[k].parents { result[p].children.append(k) }
        }
        return result
    }

    /// Mean gap between consecutive attribute ids so the last id lands just under 2^idBits;
    /// at the default 26 bits it is also kept within what real pages show (8…160 bytes).
    static func meanIdGap(totalNodes: Int, idBits: Int) -> Int {
        let space = Double(UInt64(1) << UInt64(idBits)) * 0.98 - 4096
        // Less 16: subgraphs often start on a fresh 512-byte page (1 page per ~35 nodes on average).
        var gap = Int(space / Double(totalNodes + 1)) - 16
        if idBits <= 26 { gap = min(gap, 160) }
        return max(8, gap / 4 * 4)
    }
}
