/// `diff S1 S2 --details`: one row per changed node or edge, by merging both snapshots' nodes
/// in attribute order and their edges in (source, reader, offset) order (as SnapshotComparison
/// does for the summary), not by joins: on two 200k-node dumps the joins took three times the
/// import of both.
///
/// Nodes are those with a type (node_rules' rows), (attribute, rule) their identity: a node of
/// S1 is removed when S2 has no node of that attribute with the same rule (in any graph), added
/// the other way; a node in both (same attribute, rule and graph) compares its flags (NULL on
/// either side is unknown: not compared, never taken for 0) and its value (NULL is a value).
/// Edges are a multiset of (source, reader, offset) per side, shown under their reader: field
/// `input S` (`input S+OFFSET`); a pair kept with the same count but other flags is `changed`,
/// with the flags of its copies (joined by commas, in order) before and after, and none when a
/// copy's are not given. Rows sorted by attribute, field, change.
enum DiffDetails {
    private struct Node {
        var graph: Int64
        /// Its type's place in `RuleTypes.types`.
        var type: Int
        var flags: Int64?
        /// The value's text (nil: NULL), compared; `storedValue` when SQLite holds it as other
        /// than text (the importer writes text).
        var value: [UInt8]?
        var storedValue: SQLValue?

        var valueValue: SQLValue { storedValue ?? value.map { .text(String(decoding: $0, as: UTF8.self)) } ?? .null }
    }

    /// The rule and view of a type, read once per type instead of joined to every node.
    private struct RuleType {
        /// The same number for the same rule text (bytes) in both snapshots; -1 for none.
        var rule: Int
        var ruleValue: SQLValue
        /// The view its body rule names (nil: none).
        var bodyView: String?
    }

    /// Both snapshots' types, by (graph index, type index) per side.
    private struct RuleTypes {
        struct Key: Hashable {
            var graph: Int64
            var type: Int64
        }
        var types: [RuleType] = []
        var bySide: [[Key: Int]] = [[:], [:]]
        private var rules: [[UInt8]: Int] = [:]

        init(in db: Database, from: Int64, to: Int64) throws {
            let query = ReportRegistry.query("diff-detail-types")
            for (side, snapshot) in [from, to].enumerated() {
                let s = try query.prepare(in: db, ["snapshot": .integer(snapshot)])
                try s.forEachRow { r in
                    var rule = -1
                    if let bytes = r.bytes(2) {
                        let text = Array(bytes)
                        rule = rules[text] ?? rules.count
                        rules[text] = rule
                    }
                    bySide[side][Key(graph: r.int64(0), type: r.int64(1))] = types.count
                    types.append(RuleType(rule: rule, ruleValue: r.value(2), bodyView: r.string(3)))
                }
            }
        }
    }

    private struct EdgeGroup {
        var src: Int64
        var dst: Int64
        var offset: Int64?
        var copies: Int64
        var flags: String?
        var graph: Int64
    }

    private struct Change {
        var change: String
        var attribute: Int64
        var graph: Int64
        var side: Int
        var field: String
        var before: SQLValue
        var after: SQLValue
        var rule: SQLValue
        var edge: Bool
        /// A node's: the view its body rule names.
        var bodyView: String?
    }

    /// A changed edge's reader on one side: its rule in its lowest graph, and the views its
    /// body rules name per graph.
    private struct Reader {
        var rule: SQLValue = .null
        var bodyViews: [(graph: Int64, view: String)] = []
    }

    static func rows(in db: Database, from: Int64, to: Int64) throws -> [[SQLValue]] { try compute(in: db, from: from, to: to).rows }

    /// The rows, and how many nodes in both (same attribute, rule and graph) have flags one
    /// dump or both leave out (diff-unknown-flags' count: those are not compared).
    /// `edges: false` leaves the edges' rows out (not merged at all).
    static func compute(in db: Database, from: Int64, to: Int64, edges withEdges: Bool = true) throws -> (rows: [[SQLValue]], flagsUnknown: Int64) {
        // The edges are merged on another connection and core while this one merges the nodes
        // (on this connection afterwards when there is no second one, or it failed).
        let edges = withEdges ? BackgroundRead.start(path: db.path) { try edgeChanges(in: $0, from: from, to: to) } : nil
        var nodeChanges: [Change] = []
        var readers = ReaderRows(keeping: withEdges)
        let types = try RuleTypes(in: db, from: from, to: to)
        let flagsUnknown = try Self.nodeChanges(in: db, from: from, to: to, types: types, into: &nodeChanges, readers: &readers)
        var changes = withEdges ? try edges?() ?? edgeChanges(in: db, from: from, to: to) : []
        changes += nodeChanges

        // Views: a node's body rule's, and the debug tree's (node_views' two parts), the least
        // of them; an edge's reader's, that of its lowest graph that has one.
        var trees = [TreeViews(db, snapshot: from), TreeViews(db, snapshot: to)]
        var rows: [(key: Change, row: [SQLValue])] = []
        rows.reserveCapacity(changes.count)
        for c in changes {
            let side = c.side == 0 ? 0 : 1
            let view: String?
            let rule: SQLValue
            if c.edge {
                // A changed edge's reader is named by its node in each side's lowest graph.
                let reader = readers.reader(c.attribute, side: side, types: types)
                rule = reader.rule
                var byGraph: [Int64: String] = [:]
                for b in reader.bodyViews { byGraph[b.graph] = least(byGraph[b.graph], b.view) }
                for t in try trees[side].views(c.attribute) { byGraph[t.graph] = least(byGraph[t.graph], t.view) }
                view = byGraph.min { $0.key < $1.key }?.value
            } else {
                rule = c.rule
                var v = c.bodyView
                for t in try trees[side].views(c.attribute) where t.graph == c.graph { v = least(v, t.view) }
                view = v
            }
            rows.append((c, [.text(c.change), .integer(c.attribute), rule, view.map(SQLValue.text) ?? .null, .text(c.field), c.before, c.after]))
        }
        // Stable: rows that tie keep the order they were found in (nodes of one attribute by graph).
        let sorted = rows.enumerated().sorted { a, b in
            let x = a.element.key, y = b.element.key
            if x.attribute != y.attribute { return x.attribute < y.attribute }
            if x.field != y.field { return x.field.utf8.lexicographicallyPrecedes(y.field.utf8) }
            if x.change != y.change { return x.change.utf8.lexicographicallyPrecedes(y.change.utf8) }
            return a.offset < b.offset
        }
        return (sorted.map(\.element.row), flagsUnknown)
    }

    /// The least of two views in byte order, as SQL's min.
    private static func least(_ a: String?, _ b: String) -> String {
        a.map { $0.utf8.lexicographicallyPrecedes(b.utf8) ? $0 : b } ?? b
    }

    /// The debug tree's views of one snapshot's attributes, looked up by key as rows need them.
    private struct TreeViews {
        let db: Database
        let snapshot: Int64
        var statement: Statement?
        var known: [Int64: [(graph: Int64, view: String)]] = [:]

        init(_ db: Database, snapshot: Int64) {
            self.db = db
            self.snapshot = snapshot
        }

        mutating func views(_ attribute: Int64) throws -> [(graph: Int64, view: String)] {
            if let hit = known[attribute] { return hit }
            let query = ReportRegistry.query("diff-detail-tree-views")
            let values: [String: SQLValue] = ["snapshot": .integer(snapshot), "attribute": .integer(attribute)]
            if let s = statement { try query.bind(s, values) } else { statement = try query.prepare(in: db, values) }
            var found: [(graph: Int64, view: String)] = []
            try statement!.forEachRow { r in if let view = r.string(1) { found.append((r.int64(0), view)) } }
            known[attribute] = found
            return found
        }
    }

    // MARK: Edges

    /// One side's edges grouped into (source, reader, offset) multisets, in that order.
    private struct EdgeGroups {
        let statement: Statement
        private var pending: Bool
        var current: EdgeGroup?

        init(_ db: Database, snapshot: Int64) throws {
            statement = try ReportRegistry.query("diff-detail-edges").prepare(in: db, ["snapshot": .integer(snapshot)])
            pending = try statement.step()
            try advance()
        }

        /// Moves `current` to the next group (nil after the last).
        mutating func advance() throws {
            guard pending else { current = nil; return }
            let s = statement
            let src = s.int64(0), dst = s.int64(1)
            let offset: Int64? = s.isNull(2) ? nil : s.int64(2)
            var group = EdgeGroup(src: src, dst: dst, offset: offset, copies: 0, flags: nil, graph: s.int64(4))
            var flags: [Int64] = []
            var allFlags = true
            // Rows of one group are consecutive (the order sorts by the key first); a NULL
            // offset groups with NULL, as SQL's GROUP BY does.
            while pending && s.int64(0) == src && s.int64(1) == dst && (s.isNull(2) ? offset == nil : offset == s.int64(2)) {
                group.copies += 1
                group.graph = min(group.graph, s.int64(4))
                if s.isNull(3) { allFlags = false } else { flags.append(s.int64(3)) }
                pending = try s.step()
            }
            if allFlags { group.flags = flags.map(String.init).joined(separator: ",") }
            current = group
        }
    }

    /// Whether group key `a` comes before `b` (NULL offsets first, as SQL orders them).
    private static func precedes(_ a: EdgeGroup, _ b: EdgeGroup) -> Bool {
        if a.src != b.src { return a.src < b.src }
        if a.dst != b.dst { return a.dst < b.dst }
        switch (a.offset, b.offset) {
        case (nil, nil): return false
        case (nil, _): return true
        case (_, nil): return false
        case let (x?, y?): return x < y
        }
    }

    private static func edgeChanges(in db: Database, from: Int64, to: Int64) throws -> [Change] {
        var f = try EdgeGroups(db, snapshot: from), t = try EdgeGroups(db, snapshot: to)
        var changes: [Change] = []
        func pair(_ te: EdgeGroup?, _ fe: EdgeGroup?) {
            let key = te ?? fe!
            let nFrom = fe?.copies ?? 0, nTo = te?.copies ?? 0
            let flagsFrom = fe?.flags, flagsTo = te?.flags
            let flagsDiffer = flagsFrom != nil && flagsTo != nil && flagsFrom != flagsTo
            guard nTo != nFrom || flagsDiffer else { return }
            var field = "input \(key.src)"
            if let offset = key.offset, offset != 0 { field += "+\(offset)" }
            changes.append(Change(change: nTo > nFrom ? "added" : nTo < nFrom ? "removed" : "changed", attribute: key.dst,
                                  graph: key.graph, side: nTo >= nFrom ? 1 : 0, field: field,
                                  before: nTo == nFrom ? (flagsFrom.map(SQLValue.text) ?? .null) : .integer(nFrom),
                                  after: nTo == nFrom ? (flagsTo.map(SQLValue.text) ?? .null) : .integer(nTo), rule: .null, edge: true, bodyView: nil))
        }
        while f.current != nil || t.current != nil {
            switch (f.current, t.current) {
            case let (fe?, te?) where fe.offset != nil && !precedes(fe, te) && !precedes(te, fe):
                pair(te, fe)
                try f.advance()
                try t.advance()
            case let (fe?, te?):
                // A NULL offset equals nothing: its groups are each side's alone.
                if precedes(fe, te) || (!precedes(te, fe) && fe.offset == nil) {
                    pair(nil, fe)
                    try f.advance()
                } else {
                    pair(te, nil)
                    try t.advance()
                }
            case let (fe?, nil):
                pair(nil, fe)
                try f.advance()
            case let (nil, te?):
                pair(te, nil)
                try t.advance()
            case (nil, nil):
                break
            }
        }
        return changes
    }

    // MARK: Nodes

    /// The statement's node, or nil when its type has no row (as a join to `types` would drop it).
    private static func node(_ s: Statement, types: [RuleTypes.Key: Int]) -> Node? {
        guard let type = types[RuleTypes.Key(graph: s.int64(1), type: s.int64(2))] else { return nil }
        let stored = s.isTextOrNull(4) ? nil : s.value(4)
        return Node(graph: s.int64(1), type: type, flags: s.isNull(3) ? nil : s.int64(3), value: s.bytes(4).map(Array.init),
                    storedValue: stored)
    }

    /// Every attribute's nodes on each side, kept while the edges are merged elsewhere: which
    /// attributes read a changed edge is known only after (16 bytes a node, 16 an attribute).
    /// None are kept when no edge is merged.
    private struct ReaderRows {
        let keeping: Bool
        private var attributes: [Int64] = []
        /// Per side, where each attribute's nodes start in `nodes` (one more than `attributes`).
        private var starts: [[Int32]] = [[0], [0]]
        private var nodes: [[(graph: Int64, type: Int)]] = [[], []]

        init(keeping: Bool) { self.keeping = keeping }

        mutating func add(_ attribute: Int64, from: [Node], to: [Node]) {
            guard keeping else { return }
            attributes.append(attribute)
            for (side, rows) in [from, to].enumerated() {
                for n in rows { nodes[side].append((n.graph, n.type)) }
                starts[side].append(Int32(nodes[side].count))
            }
        }

        /// The reader `attribute` is on `side`: the rule of its first node, the views its body
        /// rules name (none when it has no node there).
        func reader(_ attribute: Int64, side: Int, types: RuleTypes) -> Reader {
            var low = 0, high = attributes.count
            while low < high {
                let mid = (low + high) / 2
                if attributes[mid] < attribute { low = mid + 1 } else { high = mid }
            }
            guard low < attributes.count, attributes[low] == attribute else { return Reader() }
            let rows = nodes[side][Int(starts[side][low])..<Int(starts[side][low + 1])]
            return Reader(rule: rows.first.map { types.types[$0.type].ruleValue } ?? .null,
                          bodyViews: rows.compactMap { n in types.types[n.type].bodyView.map { (n.graph, $0) } })
        }
    }

    /// Appends the node changes; returns how many nodes in both have flags unknown on a side.
    private static func nodeChanges(in db: Database, from: Int64, to: Int64, types: RuleTypes, into changes: inout [Change],
                                    readers: inout ReaderRows) throws -> Int64 {
        var flagsUnknown: Int64 = 0
        let query = ReportRegistry.query("diff-detail-nodes")
        let f = try query.prepare(in: db, ["snapshot": .integer(from)])
        let t = try query.prepare(in: db, ["snapshot": .integer(to)])
        var fPending = try f.step(), tPending = try t.step()
        var fRows: [Node] = [], tRows: [Node] = []
        while fPending || tPending {
            let attribute = !fPending ? t.int64(0) : !tPending ? f.int64(0) : min(f.int64(0), t.int64(0))
            fRows.removeAll(keepingCapacity: true)
            tRows.removeAll(keepingCapacity: true)
            while fPending && f.int64(0) == attribute {
                if let n = node(f, types: types.bySide[0]) { fRows.append(n) }
                fPending = try f.step()
            }
            while tPending && t.int64(0) == attribute {
                if let n = node(t, types: types.bySide[1]) { tRows.append(n) }
                tPending = try t.step()
            }
            readers.add(attribute, from: fRows, to: tRows)
            func rule(_ n: Node) -> Int { types.types[n.type].rule }
            func change(_ change: String, _ n: Node, side: Int, field: String, before: SQLValue = .null, after: SQLValue = .null) {
                let type = types.types[n.type]
                changes.append(Change(change: change, attribute: attribute, graph: n.graph, side: side, field: field,
                                      before: before, after: after, rule: type.ruleValue, edge: false, bodyView: type.bodyView))
            }
            for n in fRows where !tRows.contains(where: { rule($0) == rule(n) }) { change("removed", n, side: 0, field: "node") }
            for n in tRows where !fRows.contains(where: { rule($0) == rule(n) }) { change("added", n, side: 1, field: "node") }
            for n in tRows {
                for old in fRows where rule(old) == rule(n) && old.graph == n.graph {
                    if let a = old.flags, let b = n.flags {
                        if a != b { change("changed", n, side: 1, field: "flags", before: .integer(a), after: .integer(b)) }
                    } else {
                        flagsUnknown += 1
                    }
                    if old.value != n.value {
                        change("changed", n, side: 1, field: "value", before: old.valueValue, after: n.valueValue)
                    }
                }
            }
        }
        return flagsUnknown
    }
}
