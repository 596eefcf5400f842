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
        var nodeCount = 0
        for row in try ReportRegistry.query("export-graphs").rows(in: db, ids).rows {
            graphIds[row[0].intValue ?? 0] = row[1].intValue
            nodeCount += Int(row[2].intValue ?? 0)
        }
        guard let focus = options.focus else {
            try whole(in: db, snapshot: snapshot, label: label, graphIds: graphIds, nodeCount: nodeCount, to: out)
            return
        }
        var nodes: [Node] = []
        var edges: [Edge] = []
        try neighbourhood(in: db, snapshot: snapshot, label: label, focus: focus, depth: options.depth,
                          nodes: &nodes, edges: &edges)
        render(label: label, graphIds: graphIds, nodes: nodes, edges: edges, focus: focus, to: out)
    }

    /// The whole snapshot, written as its rows are read (graph by graph, in node order, as
    /// `render` orders them): only the nodes' keys are held, to check each edge's ends. A
    /// snapshot's few thousand types are read and their part of the label escaped once, not
    /// joined to and escaped for each of its hundreds of thousands of nodes; the text is made
    /// as UTF-8 bytes and written in chunks of about 64 KB.
    private static func whole(in db: Database, snapshot: Int64, label: String, graphIds: [Int64: Int64?], nodeCount: Int,
                              to out: TextSink) throws {
        let ids: [String: SQLValue] = ["snapshot": .integer(snapshot)]
        let graphsWithNodes = try db.scalar("SELECT count(DISTINCT graph_index) FROM node_rows WHERE snapshot_id = ?1",
                                            [.integer(snapshot)])?.intValue ?? 0
        let clustered = graphsWithNodes > 1 || graphIds.count > 1
        let indent: StaticString = clustered ? "    " : "  "
        // Each graph's types by index: the label's text after the attribute, escaped.
        var types: [Int64: [Int64: [UInt8]]] = [:]
        let ts = try ReportRegistry.query("export-types").prepare(in: db, ids)
        try ts.forEachRow { ts in
            types[ts.int64(0), default: [:]][ts.int64(1)] = labelTail(rule: ts.bytes(2), valueType: ts.bytes(3))
        }
        let untyped = labelTail(rule: nil, valueType: nil)
        var text: [UInt8] = Array(header(label: label, focus: nil).utf8)
        text.reserveCapacity(1 << 16 + 4096)
        var known = Set<NodeKey>(minimumCapacity: nodeCount)
        var open: Int64?
        var graphTypes: [Int64: [UInt8]] = [:]
        func flush() {
            if text.count >= 1 << 16 { out.write(draining: &text) }
        }
        let ns = try ReportRegistry.query("export-nodes").prepare(in: db, ids)
        try ns.forEachRow { ns in
            let attribute = ns.int64(0), graph = ns.int64(1)
            if graph != open {
                if clustered {
                    if open != nil { text.appendASCII("  }\n") }
                    text.append(contentsOf: clusterHeader(graph, graphIds: graphIds).utf8)
                }
                open = graph
                graphTypes = types[graph] ?? [:]
            }
            known.insert(key(graph, attribute))
            let tail = ns.isNull(2) ? untyped : graphTypes[ns.int64(2)] ?? untyped
            nodeLine(graph: graph, attribute: attribute, labelTail: tail, value: ns.bytes(4), flags: ns.int64(3),
                     indent: indent, focus: nil, to: &text)
            flush()
        }
        if clustered && open != nil { text.appendASCII("  }\n") }
        let es = try ReportRegistry.query("export-edges").prepare(in: db, ids)
        try es.forEachRow { es in
            let e = Edge(graph: es.int64(0), src: es.int64(1), dst: es.int64(2), offset: es.int64(3), flags: es.int64(4))
            guard known.contains(key(e.graph, e.src)), known.contains(key(e.graph, e.dst)) else { return }
            edgeLine(e, to: &text)
            flush()
        }
        text.appendASCII("}\n")
        out.write(draining: &text)
    }

    private struct NodeKey: Hashable {
        var graph: Int64
        var attribute: Int64
    }

    private static func key(_ graph: Int64, _ attribute: Int64) -> NodeKey { NodeKey(graph: graph, attribute: attribute) }

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
            try info.forEachRow { info in
                nodes.append(Node(graph: info.int64(1), attribute: info.int64(0), rule: info.string(2), valueType: info.string(3),
                                  flags: info.int64(4), value: info.string(6)))
            }
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
        var text: [UInt8] = Array(header(label: label, focus: focus).utf8)
        let byGraph = Dictionary(grouping: nodes, by: \.graph)
        let graphsWithNodes = Set(byGraph.keys)
        let clustered = graphsWithNodes.count > 1 || graphIds.count > 1
        for graph in graphsWithNodes.sorted() {
            if clustered { text.append(contentsOf: clusterHeader(graph, graphIds: graphIds).utf8) }
            for n in byGraph[graph]! {
                let tail = withBytes(n.rule) { rule in withBytes(n.valueType) { labelTail(rule: rule, valueType: $0) } }
                withBytes(n.value) { value in
                    nodeLine(graph: n.graph, attribute: n.attribute, labelTail: tail, value: value, flags: n.flags,
                             indent: clustered ? "    " : "  ", focus: focus, to: &text)
                }
            }
            if clustered { text.appendASCII("  }\n") }
        }
        let known = Set(nodes.map { key($0.graph, $0.attribute) })
        // An edge to a node the file does not declare would make Graphviz invent a bare one;
        // edges always join nodes of their own graph, but be safe.
        for e in edges where known.contains(key(e.graph, e.src)) && known.contains(key(e.graph, e.dst)) {
            edgeLine(e, to: &text)
        }
        text.appendASCII("}\n")
        out.write(draining: &text)
    }

    /// `body` given a string's UTF-8 bytes, or nil.
    private static func withBytes<T>(_ s: String?, _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> T {
        guard var s else { return body(nil) }
        return s.withUTF8 { body($0) }
    }

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

    /// The escaped text of a node's label after its attribute: its rule ("?" when unknown) and,
    /// unless the rule is an `External<…>` (whose value type is in its name), `→ ` its value type,
    /// each on its own line (DOT's `\n`).
    private static func labelTail(rule: UnsafeBufferPointer<UInt8>?, valueType: UnsafeBufferPointer<UInt8>?) -> [UInt8] {
        var tail: [UInt8] = []
        tail.appendASCII("\\n")
        if let rule { escaper.append(utf8: rule, to: &tail) } else { tail.appendASCII("?") }
        let external = rule.map { isExternal($0) } ?? false
        if let valueType, !valueType.isEmpty, !external {
            tail.appendASCII("\\n→ ")
            escaper.append(utf8: valueType, to: &tail)
        }
        return tail
    }

    /// `String(rule).hasPrefix("External<")`, on the bytes: a byte past ASCII after the `<` may
    /// be a combining mark, which makes `<` another character for Swift, so that case asks it.
    static func isExternal(_ rule: UnsafeBufferPointer<UInt8>) -> Bool {
        let prefix = "External<".utf8
        guard rule.starts(with: prefix) else { return false }
        guard rule.count > prefix.count, rule[prefix.count] >= 0x80 else { return true }
        return String(decoding: rule, as: UTF8.self).hasPrefix("External<")
    }

    private static func appendID(_ graph: Int64, _ attribute: Int64, to text: inout [UInt8]) {
        text.appendASCII("\"g")
        text.appendDecimal(graph)
        text.append(UInt8(ascii: "_"))
        text.appendDecimal(attribute)
        text.append(UInt8(ascii: "\""))
    }

    private static func nodeLine(graph: Int64, attribute: Int64, labelTail: [UInt8], value: UnsafeBufferPointer<UInt8>?,
                                 flags: Int64, indent: StaticString, focus: Int64?, to text: inout [UInt8]) {
        text.appendASCII(indent)
        appendID(graph, attribute, to: &text)
        text.appendASCII(" [label=\"")
        text.appendDecimal(attribute)
        text.append(contentsOf: labelTail)
        text.append(UInt8(ascii: "\""))
        if let value {
            text.appendASCII(", tooltip=\"")
            escaper.append(utf8: value, to: &text)
            text.append(UInt8(ascii: "\""))
        }
        let dirty = flags & 1 == 1, focused = attribute == focus
        if dirty { text.appendASCII(", fillcolor=\"#ffd0d0\", color=\"#cc0000\"") }
        if focused { text.appendASCII(", penwidth=2") }
        switch (dirty, focused) {
        case (false, false): text.appendASCII(", style=\"rounded\"];\n")
        case (true, false): text.appendASCII(", style=\"rounded,filled\"];\n")
        case (false, true): text.appendASCII(", style=\"rounded,bold\"];\n")
        case (true, true): text.appendASCII(", style=\"rounded,filled,bold\"];\n")
        }
    }

    private static func edgeLine(_ e: Edge, to text: inout [UInt8]) {
        text.appendASCII("  ")
        appendID(e.graph, e.src, to: &text)
        text.appendASCII(" -> ")
        appendID(e.graph, e.dst, to: &text)
        let changed = e.flags & 8 == 8
        if e.offset != 0 || changed {
            text.appendASCII(" [")
            if e.offset != 0 {
                text.appendASCII("label=\"+")
                text.appendDecimal(e.offset)
                text.append(UInt8(ascii: "\""))
                if changed { text.appendASCII(", ") }
            }
            if changed { text.appendASCII("color=\"#cc0000\", penwidth=2, style=bold") }
            text.append(UInt8(ascii: "]"))
        }
        text.appendASCII(";\n")
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

    static let escaper = TextEscaper(["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "", "&": "&amp;", "<": "&lt;", ">": "&gt;"]) { scalar in
        let v = scalar.value
        let control = v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || scalar == "\u{2028}" || scalar == "\u{2029}"
        return control ? TextEscaper.hex(scalar, prefix: "\\\\x", digits: 2) : nil
    }
}
