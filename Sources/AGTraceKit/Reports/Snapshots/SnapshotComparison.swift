/// Two snapshots compared node by node and edge by edge, by merging ordered streams
/// (NodeRows: nodes in attribute order; compare-edges.sql in the table's (source, reader)
/// order) rather than by joins: on two million-node snapshots SQLite's joins and grouping sorts
/// cost several seconds, a merge costs one pass over each side. `edge-churn` and `diff` are
/// built on it.
///
/// Identity: a node is (attribute, rule name); nodes of the two sides pair by attribute and are
/// the same node when their rules have the same name (both unnamed counts as the same). An
/// attribute present on both sides under different rules is *recycled*: its node counts as
/// removed and added, and every edge touching it as removed with all its old copies and added
/// with all its new ones. Edges are a multiset of (source, reader, offset), an absent offset 0.
struct SnapshotComparison {
    /// Node counts by type key (`graph_index << 32 | type_index`) of the side they belong to.
    struct TypeCounts {
        var added: Int64 = 0
        var removed: Int64 = 0
        var flagsChanged: Int64 = 0
        var valuesChanged: Int64 = 0
    }

    enum Change: String {
        case added, removed
    }

    /// One (source, reader, offset) whose count differs, or that touches a recycled node:
    /// `copies` rows of it were added or removed.
    struct EdgeChange {
        var change: Change
        var src: Int64
        var dst: Int64
        var offset: Int64
        var copies: Int64
    }

    /// Counts of nodes in `to` (added, flags and values changed) by their type key there.
    var toTypes: [Int64: TypeCounts] = [:]
    /// Counts of nodes in `from` (removed) by their type key there.
    var fromTypes: [Int64: TypeCounts] = [:]
    var recycled: Set<Int64> = []
    /// Attributes of both sides whose nodes pair up with the same rule.
    var pairedAttributes = 0
    /// Nodes present on both sides whose flags are not compared: one dump or both leave them
    /// out (unknown), so they are counted neither as changed nor as the same.
    var flagsUnknown: Int64 = 0
    /// Added rows first, then removed, each in (source, reader, offset) order.
    var edgeChanges: [EdgeChange] = []
    let from: Side
    let to: Side

    /// One snapshot's rules: names by type key, and the rule of each attribute (that of its
    /// node in the lowest graph), for naming changed rows.
    struct Side {
        /// Rule by graph and type index: looked up for every node.
        var rules = TypeTable<Int32>()
        var attributes: [Int64] = []
        var attributeRules: [Int32] = []

        func rule(graph: Int64, type: Int64) -> Int32 { rules[graph, type] ?? -1 }
        /// By type key (`typeKey`); its low half is the type index, sign and all.
        func rule(ofType key: Int64) -> Int32 { rule(graph: key >> 32, type: Int64(Int32(truncatingIfNeeded: key))) }

        func rule(ofAttribute attribute: Int64) -> Int32 {
            var lo = 0, hi = attributes.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if attributes[mid] < attribute { lo = mid + 1 } else { hi = mid }
            }
            return lo < attributes.count && attributes[lo] == attribute ? attributeRules[lo] : -1
        }
    }

    /// Rule names, interned: both sides' ids index this (`-1` is no name).
    private(set) var ruleNames: [String] = []

    func name(_ rule: Int32) -> String? { rule < 0 ? nil : ruleNames[Int(rule)] }

    static func typeKey(_ graph: Int64, _ type: Int64) -> Int64 { graph << 32 | (type & 0xFFFF_FFFF) }

    /// `values`: whether nodes' values are compared (`valuesChanged`); edge-churn needs only
    /// the rules, and reading a million values took a fifth of it.
    init(in db: Database, from fromId: Int64, to toId: Int64, values: Bool = true) throws {
        var ruleTable = InternedNames()
        func side(_ id: Int64) throws -> Side {
            var s = Side()
            let stmt = try ReportRegistry.query("compare-types").prepare(in: db, ["snapshot": .integer(id)])
            try stmt.forEachRow { stmt in
                s.rules[stmt.int64(0), stmt.int64(1)] = stmt.string(2).map { ruleTable.number($0) } ?? -1
            }
            return s
        }
        // The `to` side's edges are read meanwhile on another core (EdgeRows).
        let toEdges = BackgroundRead.start(path: db.path) { try EdgeRows.read($0, snapshot: toId) }
        var fromSide = try side(fromId)
        var toSide = try side(toId)
        ruleNames = ruleTable.names
        var nodes = NodeMerge()
        // A snapshot whose graphs cover its rows is read in storage order and sorted (the `to`
        // side meanwhile on a connection of its own: the two are independent); otherwise
        // through the attribute index.
        let toSorted = BackgroundRead.start(path: db.path) { try NodeRows.sorted($0, snapshot: toId, values: values) }
        func rows(_ id: Int64, _ sorted: (() throws -> NodeRows?)?) throws -> NodeRows {
            if let rows = try sorted?() ?? NodeRows.sorted(db, snapshot: id, values: values) { return rows }
            return try NodeRows.ordered(db, snapshot: id, values: values)
        }
        let fromRows = try rows(fromId, nil)
        try nodes.run(from: fromRows, to: rows(toId, toSorted), from: &fromSide, to: &toSide)
        from = fromSide
        to = toSide
        toTypes = nodes.toTypes
        fromTypes = nodes.fromTypes
        recycled = nodes.recycled
        pairedAttributes = nodes.paired
        flagsUnknown = nodes.flagsUnknown
        edgeChanges = try Self.edges(from: EdgeRows.streamed(db, snapshot: fromId),
                                     to: toEdges?() ?? EdgeRows.streamed(db, snapshot: toId), recycled: recycled)
    }

    /// The merge's own count of the attributes that pair up: what snapshot-pairing counts,
    /// here for free (SnapshotPairing.warnings takes it instead of running the query).
    var pairing: SnapshotPairing {
        SnapshotPairing(attributesFrom: Int64(from.attributes.count), attributesTo: Int64(to.attributes.count),
                        paired: Int64(pairedAttributes))
    }

    static let edgeChurnColumns = ["change", "src_attribute", "dst_attribute", "offset", "src_rule", "dst_rule", "src_view", "dst_view"]

    /// edge-churn's rows, at most `limit`: one per edge copy added or removed.
    /// A side's debug-tree names (`tree_views`), lowest graph first: with the rules already
    /// read, all a `view` column needs (node_views' body names follow from the rule).
    static func treeViews(in db: Database, snapshot: Int64) throws -> [Int64: String] {
        var views: [Int64: String] = [:]
        let stmt = try ReportRegistry.query("tree-views").prepare(in: db, ["snapshot": .integer(snapshot)])
        try stmt.forEachRow { stmt in
            let a = stmt.int64(0)
            if views[a] == nil, let v = stmt.string(1) { views[a] = v }
        }
        return views
    }

    /// `treeViews` (see `treeViews(in:snapshot:)`) and the rules name the endpoints' views in
    /// the side each row comes from, like the rules.
    func edgeChurnRows(limit: Int, treeViews: (from: [Int64: String], to: [Int64: String]), _ body: ([SQLValue]) -> Void) {
        var ruleViews: [Int32: String?] = [:]
        func view(_ rule: Int32, _ attribute: Int64, _ tree: [Int64: String]) -> SQLValue {
            if ruleViews[rule] == nil { ruleViews[rule] = .some(name(rule).flatMap(ViewName.fromRule)) }
            return (ruleViews[rule]! ?? tree[attribute]).map(SQLValue.text) ?? .null
        }
        var n = 0
        for c in edgeChanges {
            let side = c.change == .added ? to : from
            let tree = c.change == .added ? treeViews.to : treeViews.from
            let srcRule = side.rule(ofAttribute: c.src), dstRule = side.rule(ofAttribute: c.dst)
            let row: [SQLValue] = [.text(c.change.rawValue), .integer(c.src), .integer(c.dst), .integer(c.offset),
                                   name(srcRule).map(SQLValue.text) ?? .null, name(dstRule).map(SQLValue.text) ?? .null,
                                   view(srcRule, c.src, tree), view(dstRule, c.dst, tree)]
            for _ in 0..<c.copies {
                guard n < limit else { return }
                body(row)
                n += 1
            }
        }
    }

    // MARK: Edges

    /// Merges both sides' edges, which arrive grouped by (source, reader); within a group the
    /// offsets are sorted and counted.
    private static func edges(from: EdgeRows, to: EdgeRows, recycled: Set<Int64>) throws -> [EdgeChange] {
        var a = EdgeGroups(from)
        var b = EdgeGroups(to)
        try a.next()
        try b.next()
        var added: [EdgeChange] = [], removed: [EdgeChange] = []
        func emit(_ src: Int64, _ dst: Int64, _ offset: Int64, _ nFrom: Int64, _ nTo: Int64) {
            let touchesRecycled = !recycled.isEmpty && (recycled.contains(src) || recycled.contains(dst))
            guard nFrom != nTo || touchesRecycled else { return }
            let gone = touchesRecycled ? nFrom : nFrom - nTo
            let new = touchesRecycled ? nTo : nTo - nFrom
            if gone > 0 { removed.append(EdgeChange(change: .removed, src: src, dst: dst, offset: offset, copies: gone)) }
            if new > 0 { added.append(EdgeChange(change: .added, src: src, dst: dst, offset: offset, copies: new)) }
        }
        while a.current != nil || b.current != nil {
            let ka = a.current, kb = b.current
            if let ka, kb == nil || (ka.src, ka.dst) < (kb!.src, kb!.dst) {
                for (offset, n) in a.counts { emit(ka.src, ka.dst, offset, n, 0) }
                try a.next()
            } else if let kb, ka == nil || (kb.src, kb.dst) < (ka!.src, ka!.dst) {
                for (offset, n) in b.counts { emit(kb.src, kb.dst, offset, 0, n) }
                try b.next()
            } else if let ka {
                // Same (source, reader): merge the two sorted offset counts.
                var i = 0, j = 0
                while i < a.counts.count || j < b.counts.count {
                    if j == b.counts.count || (i < a.counts.count && a.counts[i].offset < b.counts[j].offset) {
                        emit(ka.src, ka.dst, a.counts[i].offset, a.counts[i].n, 0)
                        i += 1
                    } else if i == a.counts.count || b.counts[j].offset < a.counts[i].offset {
                        emit(ka.src, ka.dst, b.counts[j].offset, 0, b.counts[j].n)
                        j += 1
                    } else {
                        emit(ka.src, ka.dst, a.counts[i].offset, a.counts[i].n, b.counts[j].n)
                        i += 1
                        j += 1
                    }
                }
                try a.next()
                try b.next()
            }
        }
        return added + removed
    }

    /// One side's edges, a (source, reader) group at a time, with its offsets counted in order.
    private struct EdgeGroups {
        var rows: EdgeRows
        var current: (src: Int64, dst: Int64)?
        var counts: [(offset: Int64, n: Int64)] = []
        private var offsets: [Int64] = []
        private var pending: (src: Int64, dst: Int64, offset: Int64)?
        /// Set once the statement has run out: stepping it again would start it over.
        private var done = false

        init(_ rows: EdgeRows) { self.rows = rows }

        mutating func next() throws {
            if pending == nil && !done {
                if try rows.step() { pending = (rows.src, rows.dst, rows.offset) } else { done = true }
            }
            guard let first = pending else {
                current = nil
                return
            }
            current = (first.src, first.dst)
            offsets.removeAll(keepingCapacity: true)
            offsets.append(first.offset)
            pending = nil
            while true {
                guard try rows.step() else {
                    done = true
                    break
                }
                let src = rows.src, dst = rows.dst
                if src != first.src || dst != first.dst {
                    pending = (src, dst, rows.offset)
                    break
                }
                offsets.append(rows.offset)
            }
            if offsets.count > 1 { offsets.sort() }
            counts.removeAll(keepingCapacity: true)
            for offset in offsets {
                if let last = counts.last, last.offset == offset {
                    counts[counts.count - 1].n += 1
                } else {
                    counts.append((offset, 1))
                }
            }
        }
    }
}

/// The node half of `SnapshotComparison`: both sides in attribute order, one attribute's
/// nodes (usually one per side) at a time.
private struct NodeMerge {
    var toTypes: [Int64: SnapshotComparison.TypeCounts] = [:]
    var fromTypes: [Int64: SnapshotComparison.TypeCounts] = [:]
    var recycled: Set<Int64> = []
    /// Attributes whose nodes pair up with the same rule on both sides.
    var paired = 0
    /// Nodes present on both sides whose flags one dump or both leave out.
    var flagsUnknown: Int64 = 0
    mutating func run(from fromRows: NodeRows, to toRows: NodeRows,
                      from: inout SnapshotComparison.Side, to: inout SnapshotComparison.Side) throws {
        var a = NodeGroups(fromRows)
        var b = NodeGroups(toRows)
        try a.next(side: &from)
        try b.next(side: &to)
        while a.attribute != nil || b.attribute != nil {
            if let x = a.attribute, b.attribute == nil || x < b.attribute! {
                for n in a.nodes { fromTypes[n.typeKey, default: .init()].removed += 1 }
                try a.next(side: &from)
            } else if let y = b.attribute, a.attribute == nil || y < a.attribute! {
                for n in b.nodes { toTypes[n.typeKey, default: .init()].added += 1 }
                try b.next(side: &to)
            } else {
                pair(a, b)
                try a.next(side: &from)
                try b.next(side: &to)
            }
        }
    }

    /// The nodes of one attribute on both sides: each is matched with the other side's nodes
    /// of the same rule name.
    private mutating func pair(_ a: NodeGroups, _ b: NodeGroups) {
        var attributePaired = false
        defer { if attributePaired { paired += 1 } }
        for y in b.nodes {
            var matched = false
            for x in a.nodes where x.rule == y.rule {
                matched = true
                attributePaired = true
                // Flags one dump leaves out are unknown: neither changed nor the same.
                if let fx = x.flags, let fy = y.flags {
                    if fx != fy { toTypes[y.typeKey, default: .init()].flagsChanged += 1 }
                } else {
                    flagsUnknown += 1
                }
                if y.value != x.value { toTypes[y.typeKey, default: .init()].valuesChanged += 1 }
            }
            if !matched { toTypes[y.typeKey, default: .init()].added += 1 }
        }
        for x in a.nodes {
            var matched = false
            for y in b.nodes {
                if x.rule == y.rule { matched = true } else { recycled.insert(b.attribute!) }
            }
            if !matched { fromTypes[x.typeKey, default: .init()].removed += 1 }
        }
    }
}

/// One side's nodes, an attribute at a time, their values as digests: the comparison holds no
/// value and allocates nothing per node.
private struct NodeGroups {
    struct Node {
        var typeKey: Int64
        var rule: Int32
        /// nil: the dump leaves the node's flags out.
        var flags: Int64?
        var value: ValueDigest

        var graph: Int64 { typeKey >> 32 }
    }

    private var rows: NodeRows
    var attribute: Int64?
    var nodes: [Node] = []
    private var pendingAttribute: Int64?
    private var done = false

    init(_ rows: NodeRows) { self.rows = rows }

    mutating func next(side: inout SnapshotComparison.Side) throws {
        nodes.removeAll(keepingCapacity: true)
        if pendingAttribute == nil && !done {
            if try rows.step() { pendingAttribute = rows.attribute } else { done = true }
        }
        guard let current = pendingAttribute else {
            attribute = nil
            return
        }
        attribute = current
        pendingAttribute = nil
        // The row under the cursor belongs to `current`; take it and every following one that does.
        repeat {
            take(side: side)
            if try rows.step() {
                let next = rows.attribute
                if next != current {
                    pendingAttribute = next
                    break
                }
            } else {
                done = true
                break
            }
        } while true
        // The attribute's rule, for naming: that of its node in the lowest graph.
        var best = nodes[0]
        for n in nodes.dropFirst() where n.graph < best.graph { best = n }
        side.attributes.append(current)
        side.attributeRules.append(best.rule)
    }

    private mutating func take(side: SnapshotComparison.Side) {
        let graph = rows.graphIndex, type = rows.typeIndex
        nodes.append(Node(typeKey: SnapshotComparison.typeKey(graph, type), rule: side.rule(graph: graph, type: type),
                          flags: rows.flags, value: rows.value))
    }
}

