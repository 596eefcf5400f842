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
        guard let focus = options.focus else {
            try whole(in: db, snapshot: snapshot, label: label, graphIds: graphIds, to: out)
            return
        }
        var nodes: [Node] = []
        var edges: [Edge] = []
        try neighbourhood(in: db, snapshot: snapshot, label: label, focus: focus, depth: options.depth,
                          nodes: &nodes, edges: &edges)
        render(label: label, graphIds: graphIds, nodes: nodes, edges: edges, focus: focus, to: out)
    }

    /// The whole snapshot, written as its rows are read (graph by graph, in node order, as
    /// `render` orders them): only the nodes' keys are held, to check each edge's ends.
    private static func whole(in db: Database, snapshot: Int64, label: String, graphIds: [Int64: Int64?], to out: TextSink) throws {
        let ids: [String: SQLValue] = ["snapshot": .integer(snapshot)]
        let graphsWithNodes = try db.scalar("SELECT count(DISTINCT graph_index) FROM node_rows WHERE snapshot_id = ?1",
                                            [.integer(snapshot)])?.intValue ?? 0
        let clustered = graphsWithNodes > 1 || graphIds.count > 1
        var text = header(label: label, focus: nil)
        var known: Set<NodeKey> = []
        var open: Int64?
        func flush() {
            if text.utf8.count >= 1 << 16 {
                out.write(text)
                text.removeAll(keepingCapacity: true)
            }
        }
        let ns = try ReportRegistry.query("export-nodes").prepare(in: db, ids)
        try ns.forEachRow { ns in
            let n = node(ns)
            if n.graph != open {
                if clustered {
                    if open != nil { text += "  }\n" }
                    text += clusterHeader(n.graph, graphIds: graphIds)
                }
                open = n.graph
            }
            known.insert(key(n.graph, n.attribute))
            nodeLine(n, indent: clustered ? "    " : "  ", focus: nil, to: &text)
            flush()
        }
        if clustered && open != nil { text += "  }\n" }
        let es = try ReportRegistry.query("export-edges").prepare(in: db, ids)
        try es.forEachRow { es in
            let e = Edge(graph: es.int64(0), src: es.int64(1), dst: es.int64(2), offset: es.int64(3), flags: es.int64(4))
            guard known.contains(key(e.graph, e.src)), known.contains(key(e.graph, e.dst)) else { return }
            edgeLine(e, to: &text)
            flush()
        }
        text += "}\n"
        out.write(text)
    }

    private struct NodeKey: Hashable {
        var graph: Int64
        var attribute: Int64
    }

    private static func key(_ graph: Int64, _ attribute: Int64) -> NodeKey { NodeKey(graph: graph, attribute: attribute) }

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
        var text = header(label: label, focus: focus)
        let byGraph = Dictionary(grouping: nodes, by: \.graph)
        let graphsWithNodes = Set(byGraph.keys)
        let clustered = graphsWithNodes.count > 1 || graphIds.count > 1
        for graph in graphsWithNodes.sorted() {
            if clustered { text += clusterHeader(graph, graphIds: graphIds) }
            for n in byGraph[graph]! { nodeLine(n, indent: clustered ? "    " : "  ", focus: focus, to: &text) }
            if clustered { text += "  }\n" }
        }
        let known = Set(nodes.map { key($0.graph, $0.attribute) })
        // An edge to a node the file does not declare would make Graphviz invent a bare one;
        // edges always join nodes of their own graph, but be safe.
        for e in edges where known.contains(key(e.graph, e.src)) && known.contains(key(e.graph, e.dst)) {
            edgeLine(e, to: &text)
        }
        text += "}\n"
        out.write(text)
    }

    private static func id(_ graph: Int64, _ attribute: Int64) -> String { "\"g\(graph)_\(attribute)\"" }

    private static func header(label: String, focus: Int64?) -> String {
        "// agtrace export dot: arrows point from an input to the node that reads it.\n"
            + "// Red fill: dirty node (flags bit 0). Red bold edge: input changed since the reader ran (edge flag 8).\n"
            + "digraph \(quote(label)) {\n"
            + "  graph [fontname=\"Helvetica\", label=\(quote(focus.map { "\(label): around \($0)" } ?? label)), labelloc=t];\n"
            + "  node [shape=box, style=\"rounded\", fontname=\"Helvetica\", fontsize=10];\n"
            + "  edge [color=\"#555555\", fontname=\"Helvetica\", fontsize=8];\n"
    }

    private static func clusterHeader(_ graph: Int64, graphIds: [Int64: Int64?]) -> String {
        let name = (graphIds[graph] ?? nil).map { "graph \($0)" } ?? "graph #\(graph)"
        return "  subgraph \"cluster_g\(graph)\" {\n    label=\(quote(name));\n"
    }

    private static func nodeLine(_ n: Node, indent: String, focus: Int64?, to text: inout String) {
        var label = "\(n.attribute)\n\(n.rule ?? "?")"
        if let v = n.valueType, !v.isEmpty, n.rule?.hasPrefix("External<") != true { label += "\n→ \(v)" }
        text += indent
        text += id(n.graph, n.attribute)
        text += " [label="
        append(quoted: label, to: &text)
        if let value = n.value {
            text += ", tooltip="
            append(quoted: value, to: &text)
        }
        var style = "rounded"
        if n.flags & 1 == 1 {
            style += ",filled"
            text += ", fillcolor=\"#ffd0d0\", color=\"#cc0000\""
        }
        if n.attribute == focus {
            style += ",bold"
            text += ", penwidth=2"
        }
        text += ", style="
        append(quoted: style, to: &text)
        text += "];\n"
    }

    private static func edgeLine(_ e: Edge, to text: inout String) {
        var attributes: [String] = []
        if e.offset != 0 { attributes.append("label=\(quote("+\(e.offset)"))") }
        if e.flags & 8 == 8 {
            attributes.append("color=\"#cc0000\"")
            attributes.append("penwidth=2")
            attributes.append("style=bold")
        }
        text += "  "
        text += id(e.graph, e.src)
        text += " -> "
        text += id(e.graph, e.dst)
        if !attributes.isEmpty { text += " [" + attributes.joined(separator: ", ") + "]" }
        text += ";\n"
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

    /// `quote(s)` appended to `text`.
    static func append(quoted s: String, to text: inout String) {
        text += "\""
        escaper.append(s, to: &text)
        text += "\""
    }

    private static let escaper = TextEscaper(["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "", "&": "&amp;", "<": "&lt;", ">": "&gt;"]) { scalar in
        let v = scalar.value
        let control = v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || scalar == "\u{2028}" || scalar == "\u{2029}"
        return control ? TextEscaper.hex(scalar, prefix: "\\\\x", digits: 2) : nil
    }
}
