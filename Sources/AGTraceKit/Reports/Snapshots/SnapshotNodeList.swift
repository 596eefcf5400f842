/// A snapshot's nodes in attribute order (the same attribute in two graphs: lowest graph
/// first), with their type keys and flags: read in storage order by `walk-nodes` and sorted
/// here, which is several times faster than SQLite's ORDER BY through the attribute index.
struct SnapshotNodeList {
    struct Node {
        var attribute: Int64
        var graphIndex: Int64
        var typeIndex: Int64
        /// nil when the dump leaves the node's flags out (unknown).
        var flags: Int64?
        var typeKey: Int64 { graphIndex << 32 | typeIndex }
    }

    var nodes: [Node] = []

    init(in db: Database, snapshot: Int64) throws {
        let rows = try ReportRegistry.query("walk-nodes").prepare(in: db, ["snapshot": .integer(snapshot)])
        try rows.forEachRow { r in
            nodes.append(Node(attribute: r.int64(0), graphIndex: r.int64(1), typeIndex: r.int64(2), flags: r.isNull(3) ? nil : r.int64(3)))
        }
        // Usually sorted already (dumps list nodes in attribute order), which the standard
        // sort notices. One integer key when attribute and graph fit, else both compared.
        if nodes.allSatisfy({ $0.attribute >= 0 && $0.attribute < 1 << 47 && $0.graphIndex >= 0 && $0.graphIndex < 1 << 16 }) {
            nodes.sort { $0.attribute << 16 | $0.graphIndex < $1.attribute << 16 | $1.graphIndex }
        } else {
            nodes.sort { ($0.attribute, $0.graphIndex) < ($1.attribute, $1.graphIndex) }
        }
    }
}
