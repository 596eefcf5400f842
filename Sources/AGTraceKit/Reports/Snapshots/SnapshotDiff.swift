/// `agtrace diff S1 S2`: what changed between two snapshots. Nodes are identified by
/// (attribute, rule name) and edges compared as a multiset, exactly as edge-churn does (its
/// rows are counted here); `flagsChanged` and `valuesChanged` count nodes present in both.
@dynamicMemberLookup
public struct SnapshotDiff: Equatable, Sendable {
    /// What changed, counted once for the whole diff and once per rule.
    public struct Changes: Equatable, Sendable {
        public var nodesAdded: Int64 = 0
        public var nodesRemoved: Int64 = 0
        /// Per rule: edges counted under the rule of their reader (dst).
        public var edgesAdded: Int64 = 0
        public var edgesRemoved: Int64 = 0
        public var flagsChanged: Int64 = 0
        public var valuesChanged: Int64 = 0
        public var total: Int64 { nodesAdded + nodesRemoved + edgesAdded + edgesRemoved + flagsChanged + valuesChanged }
    }

    public struct GraphDelta: Equatable, Sendable {
        public var graphId: Int64?
        public var graphIndexFrom: Int64?
        public var graphIndexTo: Int64?
        /// (from, to) for update_count, change_count, transaction_count.
        public var updateCount: (from: Int64?, to: Int64?)
        public var changeCount: (from: Int64?, to: Int64?)
        public var transactionCount: (from: Int64?, to: Int64?)

        public static func == (a: GraphDelta, b: GraphDelta) -> Bool {
            a.graphId == b.graphId && a.graphIndexFrom == b.graphIndexFrom && a.graphIndexTo == b.graphIndexTo
                && a.updateCount == b.updateCount && a.changeCount == b.changeCount
                && a.transactionCount == b.transactionCount
        }

        static func delta(_ p: (from: Int64?, to: Int64?)) -> Int64 { (p.to ?? 0) - (p.from ?? 0) }
        public var updateDelta: Int64 { Self.delta(updateCount) }
        public var changeDelta: Int64 { Self.delta(changeCount) }
        public var transactionDelta: Int64 { Self.delta(transactionCount) }
    }

    @dynamicMemberLookup
    public struct RuleChange: Equatable, Sendable {
        public var rule: String?
        public var changes = Changes()
        /// `nodesAdded`, `edgesRemoved`, `total`…: the rule's changes.
        public subscript<T>(dynamicMember path: KeyPath<Changes, T>) -> T { changes[keyPath: path] }
    }

    public var from: String
    public var to: String
    public var nodesFrom: Int64 = 0
    public var nodesTo: Int64 = 0
    public var edgesFrom: Int64 = 0
    public var edgesTo: Int64 = 0
    public var changes = Changes()
    /// `nodesAdded`, `edgesRemoved`…: the changes of the whole diff.
    public subscript<T>(dynamicMember path: KeyPath<Changes, T>) -> T { changes[keyPath: path] }
    public var graphs: [GraphDelta] = []
    /// Rules with at least one change, biggest change first.
    public var rules: [RuleChange] = []
    /// How many attributes pair up with the same rule, counted by the comparison's merge (for
    /// SnapshotPairing.warnings, which then needs no query of its own).
    public var pairing = SnapshotPairing(attributesFrom: 0, attributesTo: 0, paired: 0)
    /// Nodes present in both whose flags one dump or both leave out: unknown, so counted
    /// neither in `flagsChanged` nor as unchanged (`flagsWarning` says so).
    public var flagsUnknown: Int64 = 0

    public static func compute(in db: Database, from: String, to: String) throws -> SnapshotDiff {
        try computeWithComparison(in: db, from: from, to: to).diff
    }

    /// `compute`, and the merge of both snapshots behind it (the HTML page lists its edges).
    static func computeWithComparison(in db: Database, from: String, to: String) throws
        -> (diff: SnapshotDiff, comparison: SnapshotComparison) {
        let fromId = try LabelLookup.snapshotId(from, in: db)
        let toId = try LabelLookup.snapshotId(to, in: db)
        let ids: [String: SQLValue] = ["from": .integer(fromId), "to": .integer(toId)]
        var diff = SnapshotDiff(from: from, to: to)

        if let t = try ReportRegistry.query("diff-totals").rows(in: db, ids).rows.first {
            diff.nodesFrom = t[0].intValue ?? 0
            diff.nodesTo = t[1].intValue ?? 0
            diff.edgesFrom = t[2].intValue ?? 0
            diff.edgesTo = t[3].intValue ?? 0
        }

        var rules: [String?: RuleChange] = [:]
        /// Counts a change in the whole diff and under `rule`.
        func change(_ rule: String?, _ body: (inout Changes) -> Void) {
            body(&diff.changes)
            body(&rules[rule, default: RuleChange(rule: rule)].changes)
        }
        // Nodes and edges, exactly as edge-churn pairs them (one merge of both sides).
        let comparison = try SnapshotComparison(in: db, from: fromId, to: toId)
        diff.pairing = comparison.pairing
        diff.flagsUnknown = comparison.flagsUnknown
        for (key, c) in comparison.toTypes {
            change(comparison.name(comparison.to.rule(ofType: key))) {
                $0.nodesAdded += c.added; $0.flagsChanged += c.flagsChanged; $0.valuesChanged += c.valuesChanged
            }
        }
        for (key, c) in comparison.fromTypes {
            change(comparison.name(comparison.from.rule(ofType: key))) { $0.nodesRemoved += c.removed }
        }
        // Edges count under the rule of their reader, in the side they come from.
        for e in comparison.edgeChanges {
            let added = e.change == .added
            let side = added ? comparison.to : comparison.from
            change(comparison.name(side.rule(ofAttribute: e.dst))) {
                if added { $0.edgesAdded += e.copies } else { $0.edgesRemoved += e.copies }
            }
        }

        for row in try ReportRegistry.query("diff-graphs").rows(in: db, ids).rows {
            diff.graphs.append(GraphDelta(
                graphId: row[0].intValue, graphIndexFrom: row[1].intValue, graphIndexTo: row[2].intValue,
                updateCount: (row[3].intValue, row[4].intValue),
                changeCount: (row[6].intValue, row[7].intValue),
                transactionCount: (row[9].intValue, row[10].intValue)))
        }

        diff.rules = rules.values.filter { $0.total > 0 }.sorted {
            if $0.total != $1.total { return $0.total > $1.total }
            return ($0.rule ?? "") < ($1.rule ?? "")
        }
        return (diff, comparison)
    }

    // MARK: Output

    static func int(_ v: Int64?) -> SQLValue { v.map(SQLValue.integer) ?? .null }
    static func text(_ v: String?) -> SQLValue { v.map(SQLValue.text) ?? .null }

    /// The JSON object: counts, `graphs` (counter deltas, plus each side's value), `rules`.
    public func json() -> String {
        func field(_ key: String, _ value: SQLValue) -> String { JSONText.quote(key) + ": " + RowWriter.jsonValue(value) }
        func object(_ fields: [(String, SQLValue)], indent: String) -> String {
            "{" + fields.map { field($0.0, $0.1) }.joined(separator: ", ") + "}"
        }
        var lines: [String] = []
        let top: [(String, SQLValue)] = [
            ("from", .text(from)), ("to", .text(to)),
            ("nodes_from", .integer(nodesFrom)), ("nodes_to", .integer(nodesTo)),
            ("edges_from", .integer(edgesFrom)), ("edges_to", .integer(edgesTo)),
            ("nodes_added", .integer(changes.nodesAdded)), ("nodes_removed", .integer(changes.nodesRemoved)),
            ("edges_added", .integer(changes.edgesAdded)), ("edges_removed", .integer(changes.edgesRemoved)),
            ("flags_changed", .integer(changes.flagsChanged)), ("values_changed", .integer(changes.valuesChanged)),
        ]
        lines += top.map { "  " + field($0.0, $0.1) + "," }
        let graphObjects = graphs.map { g in
            "    " + object([
                ("graph_id", Self.int(g.graphId)), ("graph_index_from", Self.int(g.graphIndexFrom)),
                ("graph_index_to", Self.int(g.graphIndexTo)),
                ("update_count", .integer(g.updateDelta)), ("change_count", .integer(g.changeDelta)),
                ("transaction_count", .integer(g.transactionDelta)),
                ("update_count_from", Self.int(g.updateCount.from)), ("update_count_to", Self.int(g.updateCount.to)),
                ("change_count_from", Self.int(g.changeCount.from)), ("change_count_to", Self.int(g.changeCount.to)),
                ("transaction_count_from", Self.int(g.transactionCount.from)),
                ("transaction_count_to", Self.int(g.transactionCount.to)),
            ], indent: "    ")
        }
        lines.append("  \"graphs\": [" + (graphObjects.isEmpty ? "]," : "\n" + graphObjects.joined(separator: ",\n") + "\n  ],"))
        let ruleObjects = rules.map { r in
            "    " + object(Self.ruleFields(r), indent: "    ")
        }
        lines.append("  \"rules\": [" + (ruleObjects.isEmpty ? "]" : "\n" + ruleObjects.joined(separator: ",\n") + "\n  ]"))
        return "{\n" + lines.joined(separator: "\n") + "\n}\n"
    }

    static let ruleColumns = ["rule", "nodes_added", "nodes_removed", "edges_added", "edges_removed", "flags_changed", "values_changed"]

    static func ruleFields(_ r: RuleChange) -> [(String, SQLValue)] {
        Array(zip(ruleColumns, ruleRow(r)))
    }

    static func ruleRow(_ r: RuleChange) -> [SQLValue] {
        [text(r.rule), .integer(r.nodesAdded), .integer(r.nodesRemoved), .integer(r.edgesAdded),
         .integer(r.edgesRemoved), .integer(r.flagsChanged), .integer(r.valuesChanged)]
    }

    /// One rectangular table (csv): a `total` row, one `graph` row per graph, one `rule` row
    /// per changed rule; columns that do not apply to a row are empty.
    public static let csvColumns = ["scope", "name", "nodes_added", "nodes_removed", "edges_added", "edges_removed",
                                    "flags_changed", "values_changed", "update_count", "change_count", "transaction_count"]

    public func csvRows() -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        rows.append([.text("total"), .null, .integer(changes.nodesAdded), .integer(changes.nodesRemoved), .integer(changes.edgesAdded),
                     .integer(changes.edgesRemoved), .integer(changes.flagsChanged), .integer(changes.valuesChanged),
                     .integer(graphs.reduce(0) { $0 + $1.updateDelta }), .integer(graphs.reduce(0) { $0 + $1.changeDelta }),
                     .integer(graphs.reduce(0) { $0 + $1.transactionDelta })])
        for g in graphs {
            // Named as the report tables' `graph` column names it: its place in the archive.
            rows.append([.text("graph"), (g.graphIndexTo ?? g.graphIndexFrom).map { .text(String($0)) } ?? .null, .null, .null, .null, .null, .null, .null,
                         .integer(g.updateDelta), .integer(g.changeDelta), .integer(g.transactionDelta)])
        }
        for r in rules {
            rows.append([.text("rule")] + Self.ruleRow(r) + [.null, .null, .null])
        }
        return rows
    }

    /// The readable summary (table or markdown): counts, per-graph counters, then the rules
    /// with the biggest changes (at most `topRules`).
    public func writeSummary(format: OutputFormat, to out: TextSink, topRules: Int = 10) {
        let markdown = format == .markdown
        func heading(_ s: String) { out.write(markdown ? "\n### \(s)\n\n" : "\n\(s)\n") }
        out.write(markdown ? "## \(from) → \(to)\n\n" : "\(from) → \(to)\n\n")
        let counts = RowWriter(format: markdown ? .markdown : .table, out: out)
        counts.write(columns: ["", "from", "to", "added", "removed", "changed"], rows: [
            [.text("nodes"), .integer(nodesFrom), .integer(nodesTo), .integer(changes.nodesAdded), .integer(changes.nodesRemoved), .null],
            [.text("edges"), .integer(edgesFrom), .integer(edgesTo), .integer(changes.edgesAdded), .integer(changes.edgesRemoved), .null],
            [.text("node flags"), .null, .null, .null, .null, .integer(changes.flagsChanged)],
            [.text("node values"), .null, .null, .null, .null, .integer(changes.valuesChanged)],
        ])
        heading("graph counters")
        func pair(_ p: (from: Int64?, to: Int64?)) -> SQLValue {
            let d = (p.to ?? 0) - (p.from ?? 0)
            return .text("\(p.from.map(String.init) ?? "-") → \(p.to.map(String.init) ?? "-") (\(d >= 0 ? "+" : "")\(d))")
        }
        // `graph` is the graph's place in its archive, as the report tables' `graph` column
        // names it (`nodes.graph_index`; the later dump's, or the earlier one's for a graph
        // gone); `graph_id` the archive's own id, by which the two dumps' graphs are paired.
        RowWriter(format: markdown ? .markdown : .table, out: out).write(
            columns: ["graph", "graph_id", "update_count", "change_count", "transaction_count"],
            rows: graphs.map { [Self.int($0.graphIndexTo ?? $0.graphIndexFrom), Self.int($0.graphId), pair($0.updateCount),
                                pair($0.changeCount), pair($0.transactionCount)] })
        heading(rules.count > topRules ? "biggest changes by rule (\(topRules) of \(rules.count))" : "changes by rule")
        RowWriter(format: markdown ? .markdown : .table, out: out)
            .write(columns: Self.ruleColumns, rows: rules.prefix(topRules).map(Self.ruleRow))
    }
}

extension SnapshotDiff {
    /// The warning when nodes present in both have flags in only one dump or in neither (an
    /// archive writer that leaves `flags` out): nil when every such node's flags are known.
    public static func flagsWarning(_ unknown: Int64, from: String, to: String) -> String? {
        guard unknown > 0 else { return nil }
        let nodes = unknown == 1 ? "1 node present in both '\(from)' and '\(to)' has" : "\(unknown) nodes present in both '\(from)' and '\(to)' have"
        return nodes + " no flags in one dump or both (its writer left `flags` out): unknown, so not compared; "
            + "the flags changes counted are those of nodes whose flags both dumps give"
    }

    /// `flagsWarning` for this diff.
    public var flagsWarning: String? { Self.flagsWarning(flagsUnknown, from: from, to: to) }

    /// `flagsWarning` for `diff --details` (diff-unknown-flags.sql: nodes paired as the details pair them).
    public static func detailsFlagsWarning(in db: Database, from: String, to: String) throws -> String? {
        let ids: [String: SQLValue] = ["from": .integer(try LabelLookup.snapshotId(from, in: db)),
                                       "to": .integer(try LabelLookup.snapshotId(to, in: db))]
        let unknown = try ReportRegistry.query("diff-unknown-flags").rows(in: db, ids).rows.first?.first?.intValue ?? 0
        return flagsWarning(unknown, from: from, to: to)
    }

    public static let detailColumns = ["change", "attribute", "rule", "view", "field", "before", "after"]

    /// `diff S1 S2 --details`: one row per changed node or edge (DiffDetails): nodes added
    /// or removed (field `node`), flags or value changed; edges under their reader (field
    /// `input SRC`), with their copies on each side, or their flags when only those changed.
    public static func details(in db: Database, from: String, to: String) throws -> [[SQLValue]] {
        try DiffDetails.rows(in: db, from: try LabelLookup.snapshotId(from, in: db), to: try LabelLookup.snapshotId(to, in: db))
    }

    /// `details` without the edges' rows (fields `node`, `flags` and `value` only).
    static func nodeDetails(in db: Database, from: String, to: String) throws -> [[SQLValue]] {
        try DiffDetails.compute(in: db, from: try LabelLookup.snapshotId(from, in: db), to: try LabelLookup.snapshotId(to, in: db),
                                edges: false).rows
    }

    /// The same rows, and `detailsFlagsWarning`'s warning counted in the same pass.
    public static func detailsWithFlagsWarning(in db: Database, from: String, to: String) throws -> (rows: [[SQLValue]], warning: String?) {
        let result = try DiffDetails.compute(in: db, from: try LabelLookup.snapshotId(from, in: db), to: try LabelLookup.snapshotId(to, in: db))
        return (result.rows, flagsWarning(result.flagsUnknown, from: from, to: to))
    }
}
