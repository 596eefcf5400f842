/// Small DOT pictures for the HTML report (Graphviz lays them out). Labels are quoted by
/// `DotExport.quote`, so nothing from the input can break out of them.
enum PictureDOT {
    enum Emphasis { case none, focus, written, reran }
    struct Node {
        var id: Int64
        var label: String
        var dirty: Bool
        var emphasis: Emphasis
    }
    struct Edge {
        var src: Int64
        var dst: Int64
        var changed: Bool
    }

    static func make(nodes: [Node], edges: [Edge]) -> String {
        var out = "digraph g {\n  graph [rankdir=LR, fontname=\"Helvetica\"];\n"
        out += "  node [shape=box, style=\"rounded\", fontname=\"Helvetica\", fontsize=10];\n  edge [color=\"#777777\"];\n"
        for n in nodes {
            var attributes = ["label=\(DotExport.quote(n.label))"]
            var style = ["rounded"]
            if n.dirty { style.append("filled"); attributes.append("fillcolor=\"#ffe4e4\"") }
            switch n.emphasis {
            case .none: break
            case .focus: attributes.append("penwidth=2.5")
            case .written: style.append("filled"); attributes += ["fillcolor=\"#ffd27f\"", "penwidth=2"]
            case .reran: style.append("filled"); attributes += ["fillcolor=\"#f4a0a0\"", "color=\"#aa0000\""]
            }
            attributes.append("style=\(DotExport.quote(Array(Set(style)).sorted().joined(separator: ",")))")
            out += "  n\(n.id) [\(attributes.joined(separator: ", "))];\n"
        }
        for e in edges {
            out += "  n\(e.src) -> n\(e.dst)" + (e.changed ? " [color=\"#cc0000\", penwidth=2]" : "") + ";\n"
        }
        return out + "}\n"
    }
}
