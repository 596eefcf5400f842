import Foundation

/// `generate archive`: streams `{"version":2,"graphs":[…]}` to a file (gzip if asked), one
/// graph at a time; memory stays at a few bytes per node whatever the size.
enum ArchiveGenerator {
    static func run(_ options: ArchiveOptions) throws -> ArchiveCounts {
        let started = Date()
        let sink: ByteSink = options.gzip ? try GzipSink(path: options.output) : try FileSink(path: options.output)
        let out = OutputBuffer(sink: sink)
        var counts = ArchiveCounts()
        let values = ValueWriter()
        let gap = GraphPlan.meanIdGap(totalNodes: options.nodes, idBits: options.idBits)
        var idCursor: UInt64 = 512  // the first page holds the graph's own records
        var nextSubgraphId = 1
        var graph0Root: Int?

        out.raw("{\"version\":2,\"graphs\":[")
        if options.flatTrees {
            try FlatArchive.writeGraph(nodes: options.nodes, seed: options.seed, out: out, counts: &counts)
        }
        for (g, nodeCount) in split(options.nodes, into: options.graphs, seed: options.seed).enumerated() where !options.flatTrees {
            if g > 0 { out.raw(",") }
            let plan = GraphPlan(index: g, id: 1 + 2 * g, nodeCount: nodeCount, options: options,
                                 firstSubgraphId: nextSubgraphId, graph0Root: g == 0 ? nil : graph0Root)
            if g == 0 { graph0Root = plan.subgraphs.first?.id }
            nextSubgraphId += plan.subgraphs.count
            let writer = GraphWriter(plan: plan, out: out, options: options, values: values, meanIdGap: gap,
                                     counts: counts, idCursor: idCursor)
            try writer.write()
            counts = writer.counts
            idCursor = writer.idCursor
        }
        out.raw("]}\n")
        counts.fileBytes = try out.finish()
        counts.jsonBytes = out.totalBytes
        counts.seconds = Date().timeIntervalSince(started)
        if let manifest = options.manifest {
            do {
                try counts.json.write(toFile: manifest, atomically: true, encoding: .utf8)
            } catch {
                throw GeneratorError("cannot write manifest \(manifest): \(error)")
            }
        }
        return counts
    }

    /// Graph sizes: the first window is the big one, the others smaller, as in a real app.
    static func split(_ nodes: Int, into graphs: Int, seed: UInt64) -> [Int] {
        let g = max(1, min(graphs, max(1, nodes / 40)))
        if g == 1 { return [nodes] }
        var r = SeededRandom(keys: seed, 0xC0)
        var weights = (0..<g).map { i in i == 0 ? 2.0 : 0.5 + r.unit() }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        var sizes = weights.map { max(40, Int(Double(nodes) * $0)) }
        sizes[0] += nodes - sizes.reduce(0, +)
        return sizes
    }
}
