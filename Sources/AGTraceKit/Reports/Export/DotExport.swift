/// `agtrace export dot`: a snapshot (or the neighbourhood of one node) as Graphviz DOT.
/// Arrows follow "src is read by dst" (input -> reader). Dirty nodes (flag bit 0) are filled
/// red; edges flagged "changed" (bit 3, value 8) are red and bold; the focus node is bold.
/// Every label is escaped (see `DotExport.quote`), so no type name or value breaks the file.
public enum DotExport {
    public struct Options: Sendable {
        public var focus: Int64?
        /// Neighbourhood radius around `focus`: inputs up to N edges upstream and readers up to
        /// N edges downstream.
        public var depth: Int
        public init(focus: Int64? = nil, depth: Int = 2) {
            self.focus = focus
            self.depth = depth
        }
    }

    struct Node {
        var graph: Int64
        var attribute: Int64
        var rule: String?
        var valueType: String?
        var flags: Int64
        var description: String?
        var value: String?
    }

    struct Edge {
        var graph: Int64
        var src: Int64
        var dst: Int64
        var offset: Int64
        var flags: Int64
    }

    public static func write(in db: Database, snapshot: Int64, label: String, options: Options = Options(),
                             to out: TextSink) throws {
        let ids: [String: SQLValue] = ["snapshot": .integer(snapshot)]
        var graphIds: [Int64: Int64?] = [:]
        for row in try ReportRegistry.query("export-graphs").rows(in: db, ids).rows {
            graphIds[row[0].intValue ?? 0] = row[1].intValue
        }
        var nodes: [Node] = []
        var edges: [Edge] = []
        if let focus = options.focus {
            try neighbourhood(in: db, snapshot: snapshot, label: label, focus: focus, depth: options.depth,
                              nodes: &nodes, edges: &edges)
        } else {
            let ns = try ReportRegistry.query("export-nodes").prepare(in: db, ids)
            try ns.forEachRow { ns in nodes.append(node(ns)) }
            let es = try ReportRegistry.query("export-edges").prepare(in: db, ids)
            try es.forEachRow { es in
                edges.append(Edge(graph: es.int64(0), src: es.int64(1), dst: es.int64(2), offset: es.int64(3), flags: es.int64(4)))
            }
        }
        render(label: label, graphIds: graphIds, nodes: nodes, edges: edges, focus: options.focus, to: out)
    }

    private static func node(_ s: Statement) -> Node {
        Node(graph: s.int64(1), attribute: s.int64(0), rule: s.string(2), valueType: s.string(3), flags: s.int64(4),
             description: s.string(5), value: s.string(6))
    }

    /// Nodes up to `depth` edges upstream and downstream of `focus`, and the edges among them.
    private static func neighbourhood(in db: Database, snapshot: Int64, label: String, focus: Int64, depth: Int,
                                      nodes: inout [Node], edges: inout [Edge]) throws {
        let readersQuery = ReportRegistry.query("walk-readers")
        let infoQuery = ReportRegistry.query("node-info")
        let values: (Int64) -> [String: SQLValue] = { ["snapshot": .integer(snapshot), "attribute": .integer($0)] }
        let readers = try readersQuery.prepare(in: db, values(focus))
        let info = try infoQuery.prepare(in: db, values(focus))

        var included: Set<Int64> = [focus]
        // Downstream: the readers of each frontier node, a range of the edges table each.
        var frontier = [focus]
        var seen: Set<Int64> = [focus]
        for _ in 0..<depth where !frontier.isEmpty {
            var next: [Int64] = []
            for a in frontier {
                try readersQuery.bind(readers, values(a))
                try readers.forEachRow { readers in
                    if seen.insert(readers.int64(0)).inserted { next.append(readers.int64(0)) }
                }
            }
            included.formUnion(next)
            frontier = next
        }
        // Upstream: edges are ordered by source only (an index by reader would cost every import
        // as much again), so each level is one pass over the snapshot's edges.
        frontier = [focus]
        seen = [focus]
        let allEdges = ReportRegistry.query("walk-edges")
        for _ in 0..<depth where !frontier.isEmpty {
            let targets = Set(frontier)
            var next: [Int64] = []
            let scan = try allEdges.prepare(in: db, ["snapshot": .integer(snapshot)])
            try scan.forEachRow { scan in
                if targets.contains(scan.int64(1)) && seen.insert(scan.int64(0)).inserted { next.append(scan.int64(0)) }
            }
            included.formUnion(next)
            frontier = next
        }
        for a in included.sorted() {
            try infoQuery.bind(info, values(a))
            try info.forEachRow { info in nodes.append(node(info)) }
        }
        if nodes.isEmpty {
            throw ReportError(IndirectAttribute.notInSnapshot(focus, label: label))
        }
        // Every edge out of an included node whose reader is included too.
        for a in included.sorted() {
            try readersQuery.bind(readers, values(a))
            try readers.forEachRow { readers in
                guard included.contains(readers.int64(0)) else { return }
                edges.append(Edge(graph: readers.int64(1), src: a, dst: readers.int64(0), offset: readers.int64(2),
                                  flags: readers.int64(3)))
            }
        }
    }

    private static func render(label: String, graphIds: [Int64: Int64?], nodes: [Node], edges: [Edge], focus: Int64?,
                               to out: TextSink) {
        func id(_ graph: Int64, _ attribute: Int64) -> String { "\"g\(graph)_\(attribute)\"" }
        out.write("// agtrace export dot: arrows point from an input to the node that reads it.\n")
        out.write("// Red fill: dirty node (flags bit 0). Red bold edge: input changed since the reader ran (edge flag 8).\n")
        out.write("digraph \(quote(label)) {\n")
        out.write("  graph [fontname=\"Helvetica\", label=\(quote(focus.map { "\(label): around \($0)" } ?? label)), labelloc=t];\n")
        out.write("  node [shape=box, style=\"rounded\", fontname=\"Helvetica\", fontsize=10];\n")
        out.write("  edge [color=\"#555555\", fontname=\"Helvetica\", fontsize=8];\n")
        let byGraph = Dictionary(grouping: nodes, by: \.graph)
        let graphsWithNodes = Set(byGraph.keys)
        let clustered = graphsWithNodes.count > 1 || graphIds.count > 1
        for graph in graphsWithNodes.sorted() {
            var indent = "  "
            if clustered {
                let name = (graphIds[graph] ?? nil).map { "graph \($0)" } ?? "graph #\(graph)"
                out.write("  subgraph \"cluster_g\(graph)\" {\n    label=\(quote(name));\n")
                indent = "    "
            }
            for n in byGraph[graph]! {
                var text = "\(n.attribute)\n\(n.rule ?? "?")"
                if let v = n.valueType, !v.isEmpty, n.rule?.hasPrefix("External<") != true { text += "\n→ \(v)" }
                var attributes = ["label=\(quote(text))"]
                if let value = n.value { attributes.append("tooltip=\(quote(value))") }
                var style = ["rounded"]
                if n.flags & 1 == 1 {
                    style.append("filled")
                    attributes.append("fillcolor=\"#ffd0d0\"")
                    attributes.append("color=\"#cc0000\"")
                }
                if n.attribute == focus {
                    style.append("bold")
                    attributes.append("penwidth=2")
                }
                attributes.append("style=\(quote(style.joined(separator: ",")))")
                out.write("\(indent)\(id(n.graph, n.attribute)) [\(attributes.joined(separator: ", "))];\n")
            }
            if clustered { out.write("  }\n") }
        }
        let known = Set(nodes.map { "\($0.graph)_\($0.attribute)" })
        for e in edges {
            var attributes: [String] = []
            if e.offset != 0 { attributes.append("label=\(quote("+\(e.offset)"))") }
            if e.flags & 8 == 8 {
                attributes.append("color=\"#cc0000\"")
                attributes.append("penwidth=2")
                attributes.append("style=bold")
            }
            // An edge to a node the file does not declare would make Graphviz invent a bare one;
            // edges always join nodes of their own graph, but be safe.
            guard known.contains("\(e.graph)_\(e.src)"), known.contains("\(e.graph)_\(e.dst)") else { continue }
            let tail = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            out.write("  \(id(e.graph, e.src)) -> \(id(e.graph, e.dst))\(tail);\n")
        }
        out.write("}\n")
    }

    /// A DOT double-quoted string. Inside one, DOT gives meaning to `"` and `\` (escapes such
    /// as `\n`, `\l`, `\N`, `\G`), and Graphviz decodes `&…;` entities; `<` `>` are escaped too
    /// so the text stays inert if it ever lands in an HTML-like label or SVG. Newlines become
    /// DOT line breaks; other control characters are shown as `\xNN` text.
    public static func quote(_ s: String) -> String {
        var out = "\""
        escaper.append(s, to: &out)
        return out + "\""
    }

    private static let escaper = TextEscaper(["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "", "&": "&amp;", "<": "&lt;", ">": "&gt;"]) { scalar in
        let v = scalar.value
        let control = v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || scalar == "\u{2028}" || scalar == "\u{2029}"
        return control ? TextEscaper.hex(scalar, prefix: "\\\\x", digits: 2) : nil
    }
}
