extension GraphWriter {
    /// The debug view tree: one entry per view/modifier, with `node` (+`offset`) naming its
    /// node, `children` tree indices, and now and then `values` and the `nodes` it created.
    func writeTrees() throws {
        let count = plan.treeCount
        let n = plan.nodeCount
        var r = SeededRandom(keys: seed, graph, 400)
        // Parents first (always an earlier tree), then children lists from them.
        var parent = [Int32](repeating: -1, count: count)
        var childCount = [Int32](repeating: 0, count: count + 1)
        for i in 1..<max(1, count) where !r.chance(0.5) {
            let p = r.chance(70) ? i - 1 : i - 1 - r.below(min(i, 20))
            parent[i] = Int32(p)
            childCount[p + 1] += 1
        }
        for i in 0..<count { childCount[i + 1] += childCount[i] }  // prefix sums: CSR offsets
        var children = [Int32](repeating: 0, count: Int(childCount[count]))
        var fill = childCount
        for i in 0..<count where parent[i] >= 0 {
            let p = Int(parent[i])
            children[Int(fill[p])] = Int32(i)
            fill[p] += 1
        }
        let descs = treeDescriptions(&r)
        let names = Vocabulary.treeValueNames.map { Array($0.utf8) }
        // Tree-heavy: every entry is a view entry with exactly one named value.
        let heavy = options.treeHeavy

        for i in 0..<count {
            comma(i)
            let anchor = min(n - 1, i * n / count + r.below(3))
            let childList = children[Int(childCount[i])..<Int(childCount[i + 1])]
            out.raw("{")
            var fields = 0
            func key(_ k: StaticString) {
                if fields > 0 { out.byte(UInt8(ascii: ",")) }
                fields += 1
                out.raw(k)
            }
            if !heavy && r.chance(0.5) {
                // A tree made by a rule rather than a view: `creator` instead of node/desc.
                key("\"creator\":"); out.int(anchor)
                let refs = nearby(anchor, r.within(1...4), &r)
                key("\"nodes\":"); intList(refs)
                counts.treeNodeRefs += refs.count
            } else {
                if r.chance(80) { key("\"flags\":1") }
                if r.chance(25) {
                    let refs = nearby(anchor, r.within(1...8), &r)
                    key("\"nodes\":"); intList(refs)
                    counts.treeNodeRefs += refs.count
                }
                if heavy || r.chance(12) {
                    key("\"values\":{")
                    let valueCount = heavy ? 1 : r.within(1...5)
                    for v in 0..<valueCount {
                        comma(v)
                        out.raw("\""); out.bytes(names[(i + v) % names.count]); out.raw("\":{\"node\":")
                        out.int(nearby(anchor, 1, &r)[0])
                        if r.chance(20) { out.raw(",\"offset\":"); out.int(8 * r.below(12)) }
                        out.raw("}")
                    }
                    out.raw("}")
                    counts.treeValues += valueCount
                }
                key("\"node\":"); out.int(anchor)
                if i == 0 || parent[i] < 0 { key("\"root\":true") }
                if r.chance(75) { key("\"offset\":"); out.int(r.chance(60) ? 0 : 8 * r.below(20)) }
                key("\"desc\":\""); out.bytes(descs[r.below(descs.count)]); out.raw("\"")
            }
            if !childList.isEmpty {
                key("\"children\":"); intList(childList.lazy.map { Int($0) })
            }
            out.raw("}")
            try out.flushIfNeeded()
        }
        counts.trees += count
    }

    /// Node indices around `anchor` (views create their nodes together).
    private func nearby(_ anchor: Int, _ k: Int, _ r: inout SeededRandom) -> [Int] {
        let n = plan.nodeCount
        return (0..<k).map { _ in max(0, min(n - 1, anchor + r.within(-12...12))) }
    }

    /// View and modifier names as the tree's `desc` shows them.
    private func treeDescriptions(_ r: inout SeededRandom) -> [[UInt8]] {
        var result: [[UInt8]] = Vocabulary.modifiers.map { Array($0.utf8) }
        for stem in Vocabulary.viewStems {
            for role in Vocabulary.viewRoles {
                result.append(Array((stem + role).utf8))
                if r.chance(20) {
                    result.append(Array("ModifiedContent<\(stem + role), \(r.pick(Vocabulary.modifiers))>".utf8))
                }
            }
        }
        result.append(contentsOf: ["Text", "EmptyModifier", "_ViewModifier_Content<NavigationColumnModifier>",
                                   "StaticIf<IsSearchAllowedPredicate, _OverlayModifier<SearchOverlayView>, EmptyModifier>"]
            .map { Array($0.utf8) })
        return result
    }
}
