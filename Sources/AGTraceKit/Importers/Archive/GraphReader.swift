/// Reads one graph object. Keys come in any order (the writer iterates a hashed dictionary), so
/// every cross-reference that may point forward is either held as numbers until its target is
/// known or checked when the graph ends.
struct GraphReader {
    let archive: ArchiveReader
    let graphIndex: Int
    /// Held directly (not through `archive`) so the hot loops touch no reference counts.
    let tokenizer: JSONTokenizer

    var record: GraphRecord
    /// Node index -> attribute; nil until the `nodes` array was read. (Paged: 4 bytes a node,
    /// never twice that while it grows.)
    var nodeAttributes: PagedArray<UInt32>?
    var typeCount: Int?
    var treeCount: Int?

    var typeRefs = ArchiveReader.DeferredIndexCheck()
    var nodeRefs = ArchiveReader.DeferredIndexCheck()
    var treeRefs = ArchiveReader.DeferredIndexCheck()

    /// Whether this graph's edges in the archive's edge buffer still name nodes by index (read
    /// before the nodes); `edgeRefs` is the largest index they use and where, so that an
    /// out-of-range one is reported at its position.
    var edgesUnresolved = false
    var edgeRefs = ArchiveReader.DeferredIndexCheck()
    var subgraphIds: [Int64?] = []

    /// Tree index -> parent tree index, for children named before their parents were read.
    /// (UInt32: half the memory of Int for a list of a million forward children.)
    var treeParents: [UInt32: UInt32] = [:]

    init(archive: ArchiveReader, graphIndex: Int) {
        self.archive = archive
        self.graphIndex = graphIndex
        tokenizer = archive.tokenizer
        record = GraphRecord(graphIndex: graphIndex)
    }

    func error(_ message: String, at offset: Int? = nil) -> ArchiveFormatError {
        archive.shapeError("graph \(graphIndex): " + message, at: offset)
    }

    func error(_ message: String, at check: ArchiveReader.DeferredIndexCheck) -> ArchiveFormatError {
        archive.shapeError("graph \(graphIndex): " + message, at: check)
    }

    mutating func read<Sink: ArchiveSink>(into sink: inout Sink, links: inout LinkCollector, edges: inout EdgeBuffer) throws {
        var seen = Set<String>()
        try archive.readObjectBody {
            let key = tokenizer.string
            guard seen.insert(key).inserted else { throw error("duplicate key '\(key)'") }
            switch key {
            case "id": record.graphId = try archive.integerValue("id")
            case "types": try readTypes(into: &sink)
            case "nodes": try readNodes(into: &sink, edges: &edges)
            case "edges": try readEdges(into: &edges)
            case "subgraphs": try readSubgraphs(into: &sink, links: &links)
            case "trees": try readTrees(into: &sink)
            case "update_count": record.updateCount = try archive.integerValue("update_count")
            case "change_count": record.changeCount = try archive.integerValue("change_count")
            case "transaction_count": record.transactionCount = try archive.integerValue("transaction_count")
            case "update_total": record.updateTotal = try archive.doubleValue("update_total")
            case "changed_total": record.changedTotal = try archive.doubleValue("changed_total")
            case "counters":
                try archive.readObject("counters") {
                    let name = tokenizer.string
                    if let v = try archive.integerValue("counters.\(name)") { record.counters[name] = v }
                }
            case "marks":
                let template = ProfileMarkRecord(graphIndex: graphIndex, scope: .graph, scopeKey: nil, category: nil,
                                                 name: nil, timestamp: nil, counts: ProfileCounts())
                try archive.readMarks("graph", template: template) { try sink.profileMark($0) }
            case "events":
                try archive.readEvents("graph", graphIndex: graphIndex, scope: .graph, scopeKey: nil, into: &sink)
            default:
                try archive.skipValue()
            }
        }
        try finish(into: &sink, links: &links, edges: &edges)
    }

    // MARK: Types

    mutating func readTypes<Sink: ArchiveSink>(into sink: inout Sink) throws {
        var typeIndex = 0
        try archive.readArray("types") { t in
            guard t == .objectStart else { throw error("type \(typeIndex) must be an object") }
            var type = TypeRecord(graphIndex: graphIndex, typeIndex: typeIndex)
            try archive.readObjectBody {
                if tokenizer.textEquals("name") {
                    type.name = try archive.stringValue("type name")
                } else if tokenizer.textEquals("value") {
                    type.valueType = try archive.stringValue("type value")
                } else if tokenizer.textEquals("id") {
                    type.typeId = try archive.integerValue("type id")
                } else if tokenizer.textEquals("size") {
                    type.size = try archive.integerValue("type size")
                } else if tokenizer.textEquals("flags") {
                    type.flags = try archive.integerValue("type flags")
                } else if tokenizer.textEquals("profile") {
                    let template = ProfileMarkRecord(graphIndex: graphIndex, scope: .type, scopeKey: Int64(typeIndex),
                                                     category: nil, name: nil, timestamp: nil, counts: ProfileCounts())
                    type.profile = try archive.readProfile("type profile", onMark: { try sink.profileMark($0) }, template: template)
                } else if tokenizer.textEquals("events") {
                    try archive.readEvents("type", graphIndex: graphIndex, scope: .type, scopeKey: Int64(typeIndex), into: &sink)
                } else {
                    try archive.skipValue()
                }
            }
            try sink.type(type)
            typeIndex += 1
        }
        typeCount = typeIndex
        record.typeCount = typeIndex
    }

    // MARK: Nodes

    mutating func readNodes<Sink: ArchiveSink>(into sink: inout Sink, edges: inout EdgeBuffer) throws {
        var attributes = PagedArray<UInt32>()
        let tokenizer = self.tokenizer
        let first = try tokenizer.next()
        guard first != .null else { nodeAttributes = PagedArray(); return }
        guard first == .arrayStart else { throw archive.shapeError("'nodes' must be an array") }
        // Explicit loops rather than the closure helpers: this runs once per node.
        while true {
            let t = try tokenizer.next()
            if t == .arrayEnd { break }
            let nodeIndex = attributes.count
            let at = tokenizer.tokenOffset
            guard t == .objectStart else { throw error("node \(nodeIndex) must be an object") }
            var attribute: UInt32?
            var typeIndex: Int?
            var typeAt = at
            var node = NodeRecord(graphIndex: graphIndex, nodeIndex: nodeIndex, attribute: 0, typeIndex: 0)
            while try tokenizer.next() != .objectEnd {
                let k = tokenizer.text
                if k.count == 2 && k[0] == UInt8(ascii: "i") && k[1] == UInt8(ascii: "d") {
                    let v = try archive.integerValue("node id")
                    guard let v, v >= 0, v <= Int64(UInt32.max) else {
                        throw error("node \(nodeIndex): attribute id \(v.map(String.init) ?? "null") is not a 32-bit attribute")
                    }
                    attribute = UInt32(v)
                } else if tokenizer.textEquals("type") {
                    let tt = try tokenizer.next()
                    typeAt = tokenizer.tokenOffset
                    typeIndex = try archive.index(tt, "node type")
                } else if tokenizer.textEquals("desc") {
                    node.description = try archive.stringValue("node desc")
                } else if tokenizer.textEquals("value") {
                    node.value = try archive.stringValue("node value")
                } else if tokenizer.textEquals("flags") {
                    node.flags = try archive.integerValue("node flags")
                } else if tokenizer.textEquals("subgraph_flags") {
                    node.subgraphFlags = try archive.integerValue("node subgraph_flags")
                } else if tokenizer.textEquals("profile") {
                    let template = ProfileMarkRecord(graphIndex: graphIndex, scope: .node, scopeKey: nil,
                                                     category: nil, name: nil, timestamp: nil, counts: ProfileCounts())
                    // The mark's scope key is the attribute, which may follow the profile.
                    var marks: [ProfileMarkRecord] = []
                    node.profile = try archive.readProfile("node profile", onMark: { marks.append($0) }, template: template)
                    pendingNodeMarks = marks
                } else if tokenizer.textEquals("events") {
                    // Same: buffer this node's (few) event rows until its id is known.
                    var collector = EventCollector()
                    try archive.readEvents("node", graphIndex: graphIndex, scope: .node, scopeKey: nil, into: &collector)
                    pendingNodeEvents = collector
                } else {
                    try archive.skipValue()
                }
            }
            guard let attribute else { throw error("node \(nodeIndex) has no 'id'", at: at) }
            guard let typeIndex else { throw error("node \(nodeIndex) has no 'type'", at: at) }
            if let typeCount {
                guard typeIndex < typeCount else {
                    throw error("node \(nodeIndex): type index \(typeIndex) is out of range (\(typeCount) types)", at: typeAt)
                }
            } else {
                typeRefs.note(typeIndex, at: typeAt, in: tokenizer, "node \(nodeIndex)")
            }
            node.attribute = attribute
            node.typeIndex = typeIndex
            try sink.node(node)
            if !pendingNodeMarks.isEmpty || !pendingNodeEvents.isEmpty {
                try flushNodeProfile(attribute: attribute, into: &sink)
            }
            attributes.append(attribute)
        }
        nodeAttributes = attributes
        record.nodeCount = attributes.count
        try nodesKnown(edges: &edges)
    }

    var pendingNodeMarks: [ProfileMarkRecord] = []
    var pendingNodeEvents = EventCollector()

    mutating func flushNodeProfile<Sink: ArchiveSink>(attribute: UInt32, into sink: inout Sink) throws {
        for var mark in pendingNodeMarks + pendingNodeEvents.marks {
            mark.scopeKey = Int64(attribute)
            try sink.profileMark(mark)
        }
        for var event in pendingNodeEvents.events {
            event.scopeKey = Int64(attribute)
            try sink.profileEvent(event)
        }
        pendingNodeMarks = []
        pendingNodeEvents = EventCollector()
    }

    /// Once the node table is known: check deferred node references and resolve held edges.
    mutating func nodesKnown(edges: inout EdgeBuffer) throws {
        guard let nodes = nodeAttributes else { return }
        if nodeRefs.index >= nodes.count {
            throw error("\(nodeRefs.what) refers to node index \(nodeRefs.index), but the graph has \(nodes.count) nodes", at: nodeRefs)
        }
        if edgeRefs.index >= nodes.count {
            throw error("\(edgeRefs.what) refers to node index \(edgeRefs.index), but the graph has \(nodes.count) nodes", at: edgeRefs)
        }
        guard edgesUnresolved else { return }
        try edges.resolve(attributes: nodes)
        edgesUnresolved = false
    }

    /// An edge's keys, in the order of `JSONTokenizer.smallIntegerObject`'s values.
    static let edgeKeys: [StaticString] = ["src", "dst", "offset", "flags"]

    /// Reads the edges into the archive's buffer: resolved to attribute ids as they are read if
    /// the nodes came first, else naming nodes by index until the nodes are known.
    mutating func readEdges(into edges: inout EdgeBuffer) throws {
        let tokenizer = self.tokenizer
        let first = try tokenizer.next()
        guard first != .null else { return }
        guard first == .arrayStart else { throw archive.shapeError("'edges' must be an array") }
        let attributes = nodeAttributes ?? PagedArray()
        let resolving = nodeAttributes != nil
        if !resolving {
            edgesUnresolved = true
            edges.holdUnresolved()
        }
        var count = 0
        let graph = UInt32(graphIndex)
        // Explicit loops rather than the closure helpers: this runs once per edge.
        while true {
            var src = -1
            var dst = -1
            // The engine leaves out zeros: an absent offset or flags value is 0.
            var offset: UInt32 = 0
            var flags: UInt32 = 0
            var compact = SIMD4<Int64>(-1, -1, 0, 0)
            let at: Int
            if tokenizer.smallIntegerObject(keys: Self.edgeKeys, into: &compact) {
                at = tokenizer.tokenOffset
                // At most 9 digits each: in range for an index, an offset and flags alike.
                src = Int(compact[0])
                dst = Int(compact[1])
                offset = UInt32(compact[2])
                flags = UInt32(compact[3])
            } else {
                let t = try tokenizer.next()
                if t == .arrayEnd { break }
                at = tokenizer.tokenOffset
                guard t == .objectStart else { throw error("edge \(count) must be an object") }
                while try tokenizer.next() != .objectEnd {
                    if tokenizer.textEquals("src") {
                        src = try archive.index(tokenizer.next(), "edge src")
                    } else if tokenizer.textEquals("dst") {
                        dst = try archive.index(tokenizer.next(), "edge dst")
                    } else if tokenizer.textEquals("offset") {
                        offset = try smallValue("edge offset")
                    } else if tokenizer.textEquals("flags") {
                        flags = try smallValue("edge flags")
                    } else {
                        try archive.skipValue()
                    }
                }
            }
            guard src >= 0, dst >= 0 else { throw error("edge \(count) needs both 'src' and 'dst'", at: at) }
            edgeRefs.note(max(src, dst), at: at, in: tokenizer, "edge \(count)")
            var edge = ResolvedEdge(src: UInt32(src), dst: UInt32(dst), graph: graph, index: UInt32(count),
                                    offset: offset, flags: flags)
            // Out of range, it stays as read: `nodesKnown` below refuses the archive.
            if resolving && src < attributes.count && dst < attributes.count {
                edge.src = attributes[src]
                edge.dst = attributes[dst]
            }
            try edges.append(edge)
            count += 1
        }
        record.edgeCount = count
        if nodeAttributes != nil { try nodesKnown(edges: &edges) }
    }

    /// An edge offset or flags value: small non-negative numbers, stored compactly.
    func smallValue(_ what: String) throws -> UInt32 {
        guard let v = try archive.integerValue(what) else { return 0 }
        guard v >= 0 && v <= Int64(UInt32.max) else { throw error("\(what) \(v) is out of range") }
        return UInt32(v)
    }

    // MARK: Subgraphs

    mutating func readSubgraphs<Sink: ArchiveSink>(into sink: inout Sink, links: inout LinkCollector) throws {
        var subgraphIndex = 0
        try archive.readArray("subgraphs") { t in
            guard t == .objectStart else { throw error("subgraph \(subgraphIndex) must be an object") }
            var sg = SubgraphRecord(graphIndex: graphIndex, subgraphIndex: subgraphIndex, subgraphId: nil, contextId: nil, invalid: false)
            // Membership as runs of consecutive indices, built as the list is read: memory grows
            // with the runs, not with every entry (a list can repeat one index a million times).
            var runs: [MemberRun] = []
            try archive.readObjectBody {
                if tokenizer.textEquals("id") {
                    sg.subgraphId = try archive.integerValue("subgraph id")
                } else if tokenizer.textEquals("context_id") {
                    sg.contextId = try archive.integerValue("subgraph context_id")
                } else if tokenizer.textEquals("invalid") {
                    sg.invalid = try archive.boolValue("subgraph invalid")
                } else if tokenizer.textEquals("nodes") {
                    try archive.readArray("subgraph nodes") { e in
                        let index = try archive.index(e, "subgraph node")
                        try noteMember(index, at: tokenizer.tokenOffset, subgraphIndex: subgraphIndex)
                        MemberRun.add(UInt32(index), to: &runs)
                    }
                } else if tokenizer.textEquals("parents") || tokenizer.textEquals("children") {
                    let isChild = tokenizer.textEquals("children")
                    let me = LinkCollector.End.index(graph: graphIndex, subgraph: subgraphIndex)
                    try archive.readArray(isChild ? "children" : "parents") { e in
                        let at = tokenizer.tokenOffset
                        let other = try readSubgraphRef(e)
                        if isChild { links.add(parent: me, child: other, at: at) } else { links.add(parent: other, child: me, at: at) }
                    }
                } else {
                    try archive.skipValue()
                }
            }
            try sink.subgraph(sg)
            subgraphIds.append(sg.subgraphId)
            for run in runs {
                try sink.subgraphMembers(graphIndex: graphIndex, subgraphId: sg.subgraphId, nodeIndices: Int(run.lower)...Int(run.upper))
            }
            subgraphIndex += 1
        }
        record.subgraphCount = subgraphIndex
        links.setSubgraphIds(graph: graphIndex, subgraphIds)
    }

    /// Checks a subgraph's node index now if the nodes are known, else notes it for the end.
    mutating func noteMember(_ index: Int, at offset: Int, subgraphIndex: Int) throws {
        if let nodes = nodeAttributes {
            guard index < nodes.count else {
                throw error("subgraph \(subgraphIndex) lists node index \(index), but the graph has \(nodes.count) nodes", at: offset)
            }
        } else {
            nodeRefs.note(index, at: offset, in: tokenizer, "subgraph \(subgraphIndex)")
        }
    }

    /// A parent/child entry: a subgraph index in this graph, or `{graph, subgraph_id}`.
    func readSubgraphRef(_ t: JSONToken) throws -> LinkCollector.End {
        let at = tokenizer.tokenOffset
        if t == .number {
            return .index(graph: graphIndex, subgraph: try archive.index(t, "subgraph reference"))
        }
        guard t == .objectStart else { throw error("a subgraph reference must be an index or {graph, subgraph_id}") }
        var graph: Int?
        var id: Int64?
        try archive.readObjectBody {
            if tokenizer.textEquals("graph") {
                graph = try archive.index(tokenizer.next(), "subgraph reference graph")
            } else if tokenizer.textEquals("subgraph_id") {
                id = try archive.integerValue("subgraph_id")
            } else {
                try archive.skipValue()
            }
        }
        guard let graph else { throw error("a subgraph reference object needs 'graph'", at: at) }
        return .id(graph: graph, subgraphId: id)
    }

    // MARK: Trees

    mutating func readTrees<Sink: ArchiveSink>(into sink: inout Sink) throws {
        var treeIndex = 0
        try archive.readArray("trees") { t in
            let at = tokenizer.tokenOffset
            guard t == .objectStart else { throw error("tree \(treeIndex) must be an object") }
            var tree = TreeRecord(graphIndex: graphIndex, treeIndex: treeIndex, parentTreeIndex: treeParents.removeValue(forKey: UInt32(treeIndex)).map(Int.init),
                                  nodeIndex: nil, offset: nil, description: nil, flags: nil, isRoot: false)
            var values: [TreeValueRecord] = []
            var nodes: [UInt32] = []
            try archive.readObjectBody {
                if tokenizer.textEquals("node") {
                    let nt = try tokenizer.next()
                    let idx = try archive.index(nt, "tree node")
                    try noteNodeRef(idx, at: tokenizer.tokenOffset, "tree \(treeIndex)")
                    tree.nodeIndex = idx
                } else if tokenizer.textEquals("offset") {
                    tree.offset = try archive.integerValue("tree offset")
                } else if tokenizer.textEquals("desc") {
                    tree.description = try archive.stringValue("tree desc")
                } else if tokenizer.textEquals("root") {
                    tree.isRoot = try archive.boolValue("tree root")
                } else if tokenizer.textEquals("flags") {
                    tree.flags = try archive.integerValue("tree flags")
                } else if tokenizer.textEquals("children") {
                    // Handled as read (a child before this tree gets its parent now, a later one
                    // when it arrives), so a long list costs no memory.
                    try archive.readArray("tree children") { e in
                        let child = try archive.index(e, "tree child")
                        treeRefs.note(child, at: tokenizer.tokenOffset, in: tokenizer, "tree \(treeIndex)")
                        if child < treeIndex {
                            try sink.treeParent(graphIndex: graphIndex, treeIndex: child, parentTreeIndex: treeIndex)
                        } else if child > treeIndex {
                            treeParents[UInt32(child)] = UInt32(treeIndex)
                        }
                    }
                } else if tokenizer.textEquals("nodes") {
                    try archive.readArray("tree nodes") { e in
                        let idx = try archive.index(e, "tree nodes entry")
                        try noteNodeRef(idx, at: tokenizer.tokenOffset, "tree \(treeIndex)")
                        nodes.append(UInt32(idx))
                    }
                } else if tokenizer.textEquals("values") {
                    try archive.readObject("tree values") {
                        var value = TreeValueRecord(graphIndex: graphIndex, treeIndex: treeIndex, key: tokenizer.string)
                        try archive.readObject("tree value '\(value.key)'") {
                            if tokenizer.textEquals("node") {
                                let idx = try archive.index(tokenizer.next(), "tree value node")
                                try noteNodeRef(idx, at: tokenizer.tokenOffset, "tree \(treeIndex) value '\(value.key)'")
                                value.nodeIndex = idx
                            } else if tokenizer.textEquals("offset") {
                                value.offset = try archive.integerValue("tree value offset")
                            } else {
                                try archive.skipValue()
                            }
                        }
                        values.append(value)
                    }
                } else if tokenizer.textEquals("creator") {
                    // Last: only one of Apple's dumps writes it (on entries with no node of their own).
                    let idx = try archive.index(tokenizer.next(), "tree creator")
                    try noteNodeRef(idx, at: tokenizer.tokenOffset, "tree \(treeIndex) creator")
                    tree.creatorNodeIndex = idx
                } else {
                    try archive.skipValue()
                }
            }
            try sink.tree(tree)
            for v in values { try sink.treeValue(v) }
            for n in nodes { try sink.treeNode(TreeNodeRecord(graphIndex: graphIndex, treeIndex: treeIndex, nodeIndex: Int(n))) }
            _ = at
            treeIndex += 1
        }
        treeCount = treeIndex
        record.treeCount = treeIndex
        if treeRefs.index >= treeIndex {
            throw error("\(treeRefs.what) names child tree \(treeRefs.index), but the graph has \(treeIndex) trees", at: treeRefs)
        }
    }

    mutating func noteNodeRef(_ index: Int, at offset: Int, _ what: @autoclosure () -> String) throws {
        if let nodes = nodeAttributes {
            guard index < nodes.count else {
                throw error("\(what()) refers to node index \(index), but the graph has \(nodes.count) nodes", at: offset)
            }
        } else {
            nodeRefs.note(index, at: offset, in: tokenizer, what())
        }
    }

    // MARK: End of graph

    mutating func finish<Sink: ArchiveSink>(into sink: inout Sink, links: inout LinkCollector, edges: inout EdgeBuffer) throws {
        let nodeCount = nodeAttributes?.count ?? 0
        if nodeAttributes == nil {
            // A graph without nodes: anything that referred to a node is out of range.
            nodeAttributes = PagedArray()
            try nodesKnown(edges: &edges)
        } else if nodeRefs.index >= nodeCount {
            throw error("\(nodeRefs.what) refers to node index \(nodeRefs.index), but the graph has \(nodeCount) nodes", at: nodeRefs)
        }
        let types = typeCount ?? 0
        if typeRefs.index >= types {
            throw error("\(typeRefs.what): type index \(typeRefs.index) is out of range (\(types) types)", at: typeRefs)
        }
        if treeCount == nil {
            links.setSubgraphIds(graph: graphIndex, subgraphIds)
        }
        try sink.graph(record)
    }
}

/// Collects the few profile rows of one node until the node's attribute id is known.
struct EventCollector: ArchiveSink {
    var events: [ProfileEventRecord] = []
    var marks: [ProfileMarkRecord] = []
    var isEmpty: Bool { events.isEmpty && marks.isEmpty }

    mutating func profileEvent(_ record: ProfileEventRecord) throws { events.append(record) }
    mutating func profileMark(_ record: ProfileMarkRecord) throws { marks.append(record) }
    mutating func type(_ record: TypeRecord) throws {}
    mutating func node(_ record: NodeRecord) throws {}
    mutating func edge(_ record: EdgeRecord) throws {}
    mutating func subgraph(_ record: SubgraphRecord) throws {}
    mutating func subgraphMembers(graphIndex: Int, subgraphId: Int64?, nodeIndices: ClosedRange<Int>) throws {}
    mutating func tree(_ record: TreeRecord) throws {}
    mutating func treeParent(graphIndex: Int, treeIndex: Int, parentTreeIndex: Int) throws {}
    mutating func treeValue(_ record: TreeValueRecord) throws {}
    mutating func treeNode(_ record: TreeNodeRecord) throws {}
    mutating func graph(_ record: GraphRecord) throws {}
    mutating func subgraphLink(_ record: SubgraphLinkRecord) throws {}
    mutating func archive(_ record: ArchiveSummaryRecord) throws {}
}

/// Consecutive node indices of a subgraph, `lower...upper`.
struct MemberRun {
    var lower: UInt32
    var upper: UInt32

    /// Extends the last run by `index` when it follows it, skips an index the last run already
    /// holds, or starts a run.
    static func add(_ index: UInt32, to runs: inout [MemberRun]) {
        if let last = runs.last {
            if index == last.upper &+ 1 && last.upper != UInt32.max {
                runs[runs.count - 1].upper = index
                return
            }
            if index >= last.lower && index <= last.upper { return }
        }
        runs.append(MemberRun(lower: index, upper: index))
    }
}
