extension GraphWriter {
    /// Subgraphs with contiguous node-index lists and parent/child links by subgraph index,
    /// in the key orders real dumps show: roots lead with `nodes`, leaves with `id`.
    func writeSubgraphs() throws {
        for (k, subgraph) in plan.subgraphs.enumerated() {
            comma(k)
            let hasParents = !subgraph.parents.isEmpty || subgraph.crossGraphParent != nil
            let hasChildren = !subgraph.children.isEmpty
            let nodesFirst = !hasParents || hasChildren
            out.raw("{")
            if nodesFirst && subgraph.count > 0 { writeNodeList(subgraph); out.raw(",") }
            out.raw("\"id\":"); out.int(subgraph.id)
            if hasParents {
                out.raw(",\"parents\":[")
                var first = true
                if let cross = subgraph.crossGraphParent {
                    out.raw("{\"graph\":"); out.int(cross.graph)
                    out.raw(",\"subgraph_id\":"); out.int(cross.subgraphId); out.raw("}")
                    first = false
                }
                for p in subgraph.parents {
                    if !first { out.raw(",") }
                    first = false
                    out.int(p)
                }
                out.raw("]")
            }
            out.raw(",\"context_id\":"); out.int(subgraph.contextId)
            if subgraph.invalid { out.raw(",\"invalid\":true") }
            if !nodesFirst && subgraph.count > 0 { out.raw(","); writeNodeList(subgraph) }
            if hasChildren { out.raw(",\"children\":"); intList(subgraph.children) }
            out.raw("}")
            try out.flushIfNeeded()
        }
        counts.subgraphs += plan.subgraphs.count
    }

    private func writeNodeList(_ subgraph: SubgraphPlan) {
        out.raw("\"nodes\":")
        intList(subgraph.start..<(subgraph.start + subgraph.count))
    }
}
