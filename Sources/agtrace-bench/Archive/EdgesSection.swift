extension GraphWriter {
    /// ~1.5 input edges per node, grouped by reader as AG stores them. Inputs come mostly from
    /// the reader's own subgraph, then the window's root inputs (environment, phase…, so those
    /// have huge read-by lists), the parent subgraph, and anywhere. A node reading the same
    /// input directly and through an offset makes the repeated (src, dst) pairs real dumps have.
    func writeEdges() throws {
        let types = plan.catalog.types
        let root = min(TypeCatalog.rootCount, plan.nodeCount)
        var written = 0
        var sources: [Int] = []
        sources.reserveCapacity(16)
        for subgraph in plan.subgraphs {
            let parentRange: Range<Int>? = subgraph.parents.first.map {
                plan.subgraphs[$0].start..<(plan.subgraphs[$0].start + plan.subgraphs[$0].count)
            }
            for dst in subgraph.start..<(subgraph.start + subgraph.count) {
                let type = types[Int(plan.nodeTypes[dst])]
                if type.isExternal { continue }
                var r = SeededRandom(keys: seed, graph, 500, UInt64(dst))
                var inputs = r.weighted([17, 36, 23, 12, 6, 3, 1, 1, 1])
                let extra = variant > 0 ? SeededRandom.percent(seed, variant, graph | 0x500, UInt64(dst)) : 100
                if extra < 1 { inputs += 1 } else if extra < 2, inputs > 0 { inputs -= 1 }
                let changed = subgraph.dirty
                sources.removeAll(keepingCapacity: true)
                for _ in 0..<inputs {
                    let src: Int
                    let u = r.unit()
                    if u < 0.20 || dst == subgraph.start {
                        // Skewed towards the first root inputs (time, phase, environment).
                        let x = r.unit()
                        src = Int(Double(root) * x * x)
                    } else if u < 0.35, let p = parentRange, !p.isEmpty {
                        src = p.lowerBound + r.below(p.count)
                    } else if u < 0.95 {
                        src = dst - 1 - r.below(min(dst - subgraph.start, 16))
                    } else {
                        src = r.below(plan.nodeCount)
                    }
                    if src == dst { continue }
                    let indirect = r.chance(8)
                    // Direct read, then (sometimes) the same input again through an offset.
                    edge(src: src, dst: dst, offset: nil, random: &r, changed: changed, sources: &sources, index: &written)
                    if indirect {
                        edge(src: src, dst: dst, offset: 8 * r.within(1...33), random: &r, changed: changed,
                             sources: &sources, index: &written)
                    } else if r.chance(4) {
                        let other = dst - 1 - r.below(max(1, min(dst, 40)))
                        if other >= 0 {
                            edge(src: other, dst: dst, offset: 8 * r.within(1...33), random: &r, changed: changed,
                                 sources: &sources, index: &written)
                        }
                    }
                }
                try out.flushIfNeeded()
            }
        }
        counts.edges += written
    }

    private func edge(src: Int, dst: Int, offset: Int?, random r: inout SeededRandom, changed: Bool,
                      sources: inout [Int], index: inout Int) {
        comma(index)
        index += 1
        var flags = 0
        if offset != nil || r.chance(30) { flags = 1 }
        if r.chance(2) { flags = [16, 24, 25][r.below(3)] }
        if changed && r.chance(50) { flags |= 8 }
        if flags & 8 != 0 { counts.edgesChanged += 1 }
        if sources.contains(src) { counts.repeatedPairs += 1 } else { sources.append(src) }
        if let offset {
            // Real dumps put flags and offset first on indirect edges.
            out.raw("{")
            if flags != 0 { out.raw("\"flags\":"); out.int(flags); out.raw(",") }
            out.raw("\"offset\":"); out.int(offset)
            out.raw(",\"src\":"); out.int(src)
            out.raw(",\"dst\":"); out.int(dst); out.raw("}")
            counts.edgesWithOffset += 1
        } else {
            out.raw("{\"src\":"); out.int(src)
            out.raw(",\"dst\":"); out.int(dst)
            if flags != 0 { out.raw(",\"flags\":"); out.int(flags) }
            out.raw("}")
        }
        if flags != 0 { counts.edgesWithFlags += 1 }
    }
}
