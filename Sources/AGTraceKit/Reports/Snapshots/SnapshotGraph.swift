/// A snapshot's nodes and read-by edges in memory as arrays (node numbers, not attribute ids):
/// what the HTML report's node finder and pictures walk. Read in two ordered passes.
struct SnapshotGraph {
    /// Per node, in attribute order: attribute, rule (index into `ruleNames`, -1 none), flags.
    var attributes: [Int64] = [], rules: [Int32] = [], flags: [Int64] = []
    var ruleNames: [String] = []
    /// Per node, the view its rule runs the body of (index into `viewNames`, -1 none): the
    /// 'body' names of `node_views`, without its debug-tree names.
    var bodyViews: [Int32] = []
    var viewNames: [String] = []
    /// Per edge: source and reader node numbers, edge flags.
    var edgeSources: [Int32] = [], edgeReaders: [Int32] = [], edgeFlags: [Int64] = []

    init(in db: Database, snapshot: Int64) throws {
        let ids: [String: SQLValue] = ["snapshot": .integer(snapshot)]
        /// Each type (graph index << 32 | type index) -> the number of its name, from a query's
        /// rows (graph_index, type_index, name); the names in number order.
        func namesOfTypes(_ query: String) throws -> (ofType: [Int64: Int32], names: [String]) {
            var ofType: [Int64: Int32] = [:]
            var names = InternedNames()
            try ReportRegistry.query(query).prepare(in: db, ids).forEachRow { row in
                guard let name = row.string(2) else { return }
                ofType[row.int64(0) << 32 | row.int64(1)] = names.number(name)
            }
            return (ofType, names.names)
        }
        let (ruleOfType, ruleNames) = try namesOfTypes("walk-types")
        let (viewOfType, viewNames) = try namesOfTypes("snapshot-type-views")
        self.ruleNames = ruleNames
        self.viewNames = viewNames
        // The same attribute in two graphs is one node here (its lowest graph's).
        for node in try SnapshotNodeList(in: db, snapshot: snapshot).nodes where attributes.last != node.attribute {
            attributes.append(node.attribute)
            rules.append(ruleOfType[node.typeKey] ?? -1)
            bodyViews.append(viewOfType[node.typeKey] ?? -1)
            // Unknown flags draw as clean: a picture has no third state for the dirty fill.
            flags.append(node.flags ?? 0)
        }
        indexBuckets()
        // Edges come in source order (the table's key): the source's number is found by
        // moving forward, only the reader's by a search.
        var source = 0
        let edges = try ReportRegistry.query("export-edges").prepare(in: db, ids)
        try edges.forEachRow { edges in
            let src = edges.int64(1)
            if source >= attributes.count || attributes[source] > src { source = 0 }
            while source < attributes.count && attributes[source] < src { source += 1 }
            guard source < attributes.count, attributes[source] == src, let d = number(edges.int64(2)) else { return }
            edgeSources.append(Int32(source))
            edgeReaders.append(Int32(d))
            edgeFlags.append(edges.int64(4))
        }
    }

    /// Where each bucket of attributes (`attribute >> bucketShift`) starts among `attributes`,
    /// about one node a bucket: `number` searches one bucket, not the whole list (a million
    /// binary searches over a million nodes were a twentieth of `export html`).
    private var bucketShift = 0
    private var bucketStarts: [Int32] = []

    private mutating func indexBuckets() {
        guard let last = attributes.last, let first = attributes.first, first >= 0 else { return }
        let bits = 64 - last.leadingZeroBitCount, countBits = 64 - attributes.count.leadingZeroBitCount
        bucketShift = max(0, bits - countBits)
        bucketStarts = [Int32](repeating: 0, count: Int(last >> bucketShift) + 2)
        var b = 0
        for (i, a) in attributes.enumerated() {
            while b <= Int(a >> bucketShift) { bucketStarts[b] = Int32(i); b += 1 }
        }
        while b < bucketStarts.count { bucketStarts[b] = Int32(attributes.count); b += 1 }
    }

    /// The node number of an attribute.
    func number(_ attribute: Int64) -> Int? {
        var lo = 0, hi = attributes.count
        if attribute >= 0, !bucketStarts.isEmpty {
            let b = Int(attribute >> bucketShift)
            guard b + 1 < bucketStarts.count else { return nil }
            lo = Int(bucketStarts[b])
            hi = Int(bucketStarts[b + 1])
        }
        while lo < hi {
            let mid = (lo + hi) / 2
            if attributes[mid] < attribute { lo = mid + 1 } else { hi = mid }
        }
        return lo < attributes.count && attributes[lo] == attribute ? lo : nil
    }

    func rule(_ node: Int) -> String? { rules[node] < 0 ? nil : ruleNames[Int(rules[node])] }
    func bodyView(_ node: Int) -> String? { bodyViews[node] < 0 ? nil : viewNames[Int(bodyViews[node])] }

    /// Edge numbers by node, in both directions (compressed rows).
    struct Adjacency {
        var starts: [Int32]
        var edges: [Int32]
        func of(_ node: Int) -> ArraySlice<Int32> { edges[Int(starts[node])..<Int(starts[node + 1])] }
    }

    /// `byReader` false: the edges leaving each node (its readers); true: the edges into it (its inputs).
    func adjacency(byReader: Bool) -> Adjacency {
        let keys = byReader ? edgeReaders : edgeSources
        var starts = [Int32](repeating: 0, count: attributes.count + 1)
        for k in keys { starts[Int(k) + 1] += 1 }
        for i in 0..<attributes.count { starts[i + 1] += starts[i] }
        var fill = starts
        var edges = [Int32](repeating: 0, count: keys.count)
        for (e, k) in keys.enumerated() {
            edges[Int(fill[Int(k)])] = Int32(e)
            fill[Int(k)] += 1
        }
        return Adjacency(starts: starts, edges: edges)
    }
}
