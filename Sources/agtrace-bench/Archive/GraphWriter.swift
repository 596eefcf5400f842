/// Streams one graph object in the key order Apple's writer uses (update_count, change_count,
/// id, types, transaction_count, trees, edges, nodes, subgraphs). Sections live in extensions,
/// one file each.
final class GraphWriter {
    let plan: GraphPlan
    let out: OutputBuffer
    let options: ArchiveOptions
    let values: ValueWriter
    let meanIdGap: Int
    var counts: ArchiveCounts
    /// Next free attribute offset; attribute ids are unique in the process, across graphs.
    var idCursor: UInt64
    var seed: UInt64 { options.seed }
    var graph: UInt64 { UInt64(plan.index) }
    var variant: UInt64 { UInt64(options.variant) }

    init(plan: GraphPlan, out: OutputBuffer, options: ArchiveOptions, values: ValueWriter, meanIdGap: Int,
         counts: ArchiveCounts, idCursor: UInt64) {
        self.plan = plan
        self.out = out
        self.options = options
        self.values = values
        self.meanIdGap = meanIdGap
        self.counts = counts
        self.idCursor = idCursor
    }

    func write() throws {
        var r = SeededRandom(keys: seed, graph, 200, variant)
        let n = plan.nodeCount
        // A variant is "later": more updates and transactions than the base.
        let updates = n / 3 + r.below(n / 10 + 1) + options.variant * (n / 50)
        out.raw("{\"update_count\":"); out.int(updates)
        out.raw(",\"change_count\":"); out.int(updates * 3 + r.below(100))
        out.raw(",\"id\":"); out.int(plan.id)
        out.raw(",\"types\":[")
        try writeTypes()
        out.raw("],\"transaction_count\":"); out.int(updates / 7 + options.variant * 3 + 1)
        if options.profile {
            out.raw(",\"update_total\":"); ProfileWriter.seconds(Double(updates) * 2.1e-5 * (0.5 + r.unit()), out)
            out.raw(",\"changed_total\":"); ProfileWriter.seconds(Double(updates) * 1.3e-5 * (0.5 + r.unit()), out)
        }
        out.raw(",\"trees\":[")
        try writeTrees()
        out.raw("],\"edges\":[")
        try writeEdges()
        out.raw("],\"nodes\":[")
        try writeNodes()
        out.raw("],\"subgraphs\":[")
        try writeSubgraphs()
        out.raw("]}")
        counts.graphs += 1
    }

    /// `[1,2,3]` of plain integers.
    func intList(_ items: some Sequence<Int>) {
        out.byte(UInt8(ascii: "["))
        var first = true
        for i in items {
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            out.int(i)
        }
        out.byte(UInt8(ascii: "]"))
    }

    @inline(__always) func comma(_ index: Int) {
        if index > 0 { out.byte(UInt8(ascii: ",")) }
    }
}
