/// The flat-tree shape (issue #33's third archive): one graph; 400 types whose names repeat
/// as node descriptions; 1-2 edges into each node from any of the 200 nodes before it; one
/// subgraph per 40 nodes, each below an earlier one; a flat debug tree (one entry per 3
/// nodes, no children, each with a single `size` value); escapes in some nodes' values. The
/// shape a dump measured beside a lean Python import (Benchmarks/python_import_lean.py) had.
enum FlatArchive {
    static let typeCount = 400
    static let nodesPerSubgraph = 40
    static let nodesPerTree = 3
    static let edgeWindow = 200

    /// Writes the archive's one graph into `out` (after `{"version":2,"graphs":[`), its
    /// sections in the order real dumps have them: types, trees, edges, nodes, subgraphs.
    static func writeGraph(nodes n: Int, seed: UInt64, out: OutputBuffer, counts: inout ArchiveCounts) throws {
        var r = SeededRandom(keys: seed, 0xF1A7)
        let names = (0..<typeCount).map { Array(typeName($0).utf8) }
        let types = (0..<n).map { _ in r.below(typeCount) }
        var ids = [Int](repeating: 0, count: n)
        var id = 512
        for i in 0..<n {
            id += 8 + 4 * r.below(8)
            ids[i] = id
        }
        out.raw("{\"id\":1,\"types\":[")
        for (k, name) in names.enumerated() {
            if k > 0 { out.byte(UInt8(ascii: ",")) }
            out.raw("{\"id\":"); out.int(k + 1); out.raw(",\"name\":\""); out.bytes(name)
            out.raw("\",\"value\":\"ViewList\",\"size\":"); out.int(8 * (1 + k % 6)); out.raw(",\"flags\":2}")
        }
        out.raw("],\"trees\":[")
        let trees = n / nodesPerTree
        for t in 0..<trees {
            if t > 0 { out.byte(UInt8(ascii: ",")) }
            let node = t * nodesPerTree
            out.raw("{\"node\":"); out.int(node); out.raw(",\"desc\":\""); out.bytes(names[types[node]])
            out.raw("\",\"values\":{\"size\":{\"node\":"); out.int(min(n - 1, node + 1)); out.raw("}}}")
            try out.flushIfNeeded()
        }
        out.raw("],\"edges\":[")
        var edges = 0
        for dst in 1..<max(1, n) {
            for _ in 0..<(r.chance(50) ? 2 : 1) {
                if edges > 0 { out.byte(UInt8(ascii: ",")) }
                out.raw("{\"src\":"); out.int(dst - 1 - r.below(min(dst, edgeWindow))); out.raw(",\"dst\":"); out.int(dst); out.raw("}")
                edges += 1
            }
            try out.flushIfNeeded()
        }
        out.raw("],\"nodes\":[")
        for i in 0..<n {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.raw("{\"id\":"); out.int(ids[i]); out.raw(",\"type\":"); out.int(types[i])
            out.raw(",\"desc\":\""); out.bytes(names[types[i]]); out.raw("\"")
            if i % 10 == 0 {
                // Escapes a reader must decode: a quote, a backslash, a newline, a \u sequence.
                out.raw(",\"value\":\"Text(\\\"caf\\u00e9 \\\\ "); out.int(i); out.raw("\\\")\\n\"")
                counts.nodesWithValue += 1
            }
            out.raw("}")
            try out.flushIfNeeded()
        }
        out.raw("],\"subgraphs\":[")
        let subgraphs = (n + nodesPerSubgraph - 1) / nodesPerSubgraph
        for s in 0..<subgraphs {
            if s > 0 { out.byte(UInt8(ascii: ",")) }
            out.raw("{\"id\":"); out.int(s + 1); out.raw(",\"context_id\":3")
            if s > 0 { out.raw(",\"parents\":["); out.int(s - 1 - r.below(min(s, 8))); out.raw("]") }
            out.raw(",\"nodes\":[")
            for i in s * nodesPerSubgraph..<min(n, (s + 1) * nodesPerSubgraph) {
                if i > s * nodesPerSubgraph { out.byte(UInt8(ascii: ",")) }
                out.int(i)
            }
            out.raw("]}")
            try out.flushIfNeeded()
        }
        out.raw("]}")
        counts.graphs += 1
        counts.types += typeCount
        counts.nodes += n
        counts.edges += edges
        counts.subgraphs += subgraphs
        counts.trees += trees
        counts.treeValues += trees
        counts.maxAttribute = UInt64(ids.last ?? 0)
    }

    /// A view's type name, as SwiftUI spells its rules (each of the 400 distinct).
    static func typeName(_ k: Int) -> String {
        let views = ["Row", "Card", "Label", "Badge", "Cell", "Header", "Footer", "Thumbnail"]
        let view = views[k % views.count] + String(k / views.count)
        switch k % 4 {
        case 0: return "DynamicBody<ViewBodyAccessor<\(view)>>"
        case 1: return "ViewLeafView<\(view)>"
        case 2: return "LeafLayoutComputer<\(view)>"
        default: return "ModifiedContent<\(view), _PaddingLayout>"
        }
    }
}
