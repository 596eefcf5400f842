extension GraphWriter {
    /// `{"flags":8,"id":1592,"value":"…","type":0,"desc":"RootGeometry","subgraph_flags":2}`.
    /// Ids are laid out per subgraph (a subgraph's nodes share pages) and, as in real dumps,
    /// listed from the highest offset down within a subgraph.
    func writeNodes() throws {
        let types = plan.catalog.types
        var ids: [UInt64] = []
        let quarter = meanIdGap / 4
        let signalFrom = plan.nodeCount / 3
        let limit = UInt64(UInt32.max - 3)
        for (k, subgraph) in plan.subgraphs.enumerated() {
            // Ids depend only on (seed, graph, subgraph): every variant keeps them.
            var gaps = SeededRandom(keys: seed, graph, 600, UInt64(k))
            ids.removeAll(keepingCapacity: true)
            for _ in 0..<subgraph.count {
                idCursor += UInt64(4 * (1 + gaps.below(max(1, 2 * quarter - 1))))
                ids.append(idCursor)
            }
            if let last = ids.last, last > limit {
                throw GeneratorError("attribute ids overflow 32 bits at node \(subgraph.start); use fewer nodes or --id-bits 26")
            }
            idCursor += UInt64(512 * gaps.below(3))  // a subgraph often starts on a fresh page
            for j in 0..<subgraph.count {
                let index = subgraph.start + j
                let id = ids[subgraph.count - 1 - j]
                let type = types[Int(plan.nodeTypes[index])]
                try writeNode(index: index, id: id, type: type, dirty: subgraph.dirty)
                if id > counts.maxAttribute { counts.maxAttribute = id }
                if plan.index == 0 {
                    if index == 2 { counts.hubAttribute = id }
                    if index >= signalFrom && counts.signalAttribute == 0 && plan.nodeTypes[index] == Int32(TypeCatalog.signalType) {
                        counts.signalAttribute = id
                    }
                }
            }
        }
        counts.nodes += plan.nodeCount
    }

    private func writeNode(index: Int, id: UInt64, type: TypeInfo, dirty: Bool) throws {
        var r = SeededRandom(keys: seed, graph, 700, UInt64(index))
        let hasValue = r.chance(type.kind == .unit ? 85 : 41)
        var flags: Int
        if hasValue {
            flags = [8, 120, 40, 88, 121, 57][r.weighted([60, 25, 6, 3, 2, 1])]
        } else {
            flags = [115, 3, 119, 83, 7, 167, 39, 131, 139, 0][r.weighted([55, 25, 4, 4, 2, 1, 1, 1, 1, 6])]
        }
        if dirty { flags |= 1 }
        if index > 0 { out.byte(UInt8(ascii: ",")) }
        out.raw("{")
        if flags != 0 { out.raw("\"flags\":"); out.int(flags); out.raw(",") }
        out.raw("\"id\":"); out.uint(id)
        if hasValue {
            // A variant rewrites a few values (a write landed); the rest stay identical.
            let rewritten = variant > 0 && SeededRandom.percent(seed, variant, graph | 0x700, UInt64(index)) < 2
            var valueRandom = SeededRandom(keys: seed, graph, 701, UInt64(index), rewritten ? variant : 0)
            out.raw(",\"value\":\"")
            let start = out.position
            values.write(type.kind, valueType: type.valueType, to: out, random: &valueRandom)
            if out.position - start > ValueWriter.cutLength { counts.truncatedValues += 1 }
            out.raw("\"")
            counts.nodesWithValue += 1
        }
        out.raw(",\"type\":"); out.int(Int(plan.nodeTypes[index]))
        out.raw(",\"desc\":\""); out.bytes(type.description); out.raw("\"")
        if r.chance(8) {
            out.raw(",\"subgraph_flags\":"); out.int([2, 1, 7][r.weighted([13, 6, 2])])
        }
        if options.profile && !type.isExternal {
            // Only rules that ran since profiling started carry a profile: about a third.
            let updates = r.chance(65) ? 0 : 1 + r.below(r.chance(10) ? 400 : 12) + Int(variant) * r.below(3)
            if updates > 0 {
                out.raw(",\"profile\":")
                ProfileWriter.write(updates: updates, changes: r.below(updates + 1), meanCost: 1e-6 + r.unit() * 3e-5,
                                    to: out, random: &r)
            }
        }
        out.raw("}")
        if flags & 1 != 0 { counts.dirtyNodes += 1 }
        try out.flushIfNeeded()
    }
}

struct GeneratorError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
