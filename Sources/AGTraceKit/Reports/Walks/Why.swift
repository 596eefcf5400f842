/// One node on the way from a node up to what made it dirty (`agtrace why ATTR --snapshot S`).
public struct WhyStep: Equatable, Sendable {
    public var attribute: Int64
    /// Edges upstream of the nearest starting node (0 for the starting nodes).
    public var depth: Int
    public var rule: String?
    public var view: String?
    /// The node's dirty bit (bit 0) in the dump; nil when the dump leaves its flags out
    /// (unknown: not followed upstream as dirty, and not called a cause as clean).
    public var dirty: Bool?
    /// It is read by the node it was reached from through an edge with the changed flag (8).
    public var changedEdge: Bool
    /// A cause: a clean input whose edge into a dirty reader changed, or a dirty node with
    /// neither a dirty input nor an input through a changed edge.
    /// nil for an input of unknown flags whose edge changed: clean (a cause) or dirty, the dump
    /// does not say.
    public var cause: Bool?
}

/// `agtrace why ATTR --snapshot S`: over a dump taken after an invalidation, the explanation
/// upstream of a node: its dirty inputs, recursively, down to the causes. Clean inputs
/// without a changed edge explain nothing and are left out.
public enum DumpWhy {
    public static let columns = ["attribute", "depth", "rule", "view", "dirty", "changed_edge", "cause"]

    public static func run(in db: Database, snapshot: Int64, label: String, from roots: [Int64],
                           views: NodeViews? = nil) throws -> [WhyStep] {
        let views = views ?? NodeViews(in: db, snapshot: snapshot)
        // Inputs of every reader, read once: the edges table is clustered by source, not reader.
        var inputs: [Int64: [(src: Int64, changed: Bool)]] = [:]
        let edges = try ReportRegistry.query("why-inputs").prepare(in: db, ["snapshot": .integer(snapshot)])
        try edges.forEachRow { edges in
            inputs[edges.int64(0), default: []].append((edges.int64(1), (edges.int64(2) & 8) != 0))
        }
        let infoQuery = ReportRegistry.query("node-info")
        let infoStmt = try infoQuery.prepare(in: db, ["snapshot": .integer(snapshot), "attribute": .integer(roots.first ?? 0)])
        func info(_ a: Int64) throws -> (rule: String?, dirty: Bool?)? {
            try infoQuery.bind(infoStmt, ["snapshot": .integer(snapshot), "attribute": .integer(a)])
            guard try infoStmt.step() else { return nil }
            return (infoStmt.string(2), infoStmt.isNull(4) ? nil : infoStmt.int64(4) & 1 == 1)
        }

        var steps: [WhyStep] = []
        var index: [Int64: Int] = [:]
        var frontier: [Int64] = []
        for root in roots.sorted() where index[root] == nil {
            guard let node = try info(root) else { throw ReportError(IndirectAttribute.notInSnapshot(root, label: label)) }
            index[root] = steps.count
            steps.append(WhyStep(attribute: root, depth: 0, rule: node.rule, view: views[root], dirty: node.dirty,
                                 changedEdge: false, cause: false))
            if node.dirty == true { frontier.append(root) }
        }
        var depth = 0
        while !frontier.isEmpty {
            depth += 1
            var next: [Int64] = []
            for reader in frontier {
                var explained = false
                for input in (inputs[reader] ?? []).sorted(by: { $0.src < $1.src }) {
                    let node = try info(input.src)
                    // An input the dump does not hold is clean, as before; one without flags unknown.
                    let dirty: Bool? = node.map { $0.dirty } ?? false
                    guard dirty == true || input.changed else { continue }
                    explained = true
                    if let i = index[input.src] {
                        if input.changed { steps[i].changedEdge = true }
                        if dirty == false { steps[i].cause = true }
                        continue
                    }
                    index[input.src] = steps.count
                    steps.append(WhyStep(attribute: input.src, depth: depth, rule: node?.rule, view: views[input.src],
                                         dirty: dirty, changedEdge: input.changed, cause: dirty.map { !$0 }))
                    if dirty == true { next.append(input.src) }
                }
                if !explained, let i = index[reader] { steps[i].cause = true }
            }
            frontier = next
        }
        return steps
    }

    public static func rows(_ steps: [WhyStep]) -> [[SQLValue]] {
        steps.map { s in
            [.integer(s.attribute), .integer(Int64(s.depth)), s.rule.map(SQLValue.text) ?? .null, s.view.map(SQLValue.text) ?? .null,
             s.dirty.map { .integer($0 ? 1 : 0) } ?? .null, .integer(s.changedEdge ? 1 : 0), s.cause.map { .integer($0 ? 1 : 0) } ?? .null]
        }
    }
}

/// `agtrace why ATTR --run R [--snapshot S]`: one row per (update of ATTR, invalidation that
/// caused it), from `RunCauses`; an update nothing caused (a first build) has one row with a
/// NULL cause, and so does every update when no edge is known.
public enum RunWhy {
    public static let columns = ["update_seq", "attribute", "cause_seq", "cause_root"]
    public static let namedColumns = columns + ["rule", "view"]

    /// The rows for `attributes` of run `run`; with `snapshot`, its edges join the run's and its
    /// rules and views name the attributes.
    public static func report(in db: Database, run: Int64, snapshot: Int64?, attributes: [Int64])
        throws -> (columns: [String], rows: [[SQLValue]], edgesKnown: Bool) {
        let causes = try replay(in: db, run: run, snapshot: snapshot, attributes: Set(attributes))
        guard let snapshot else { return (columns, rows(causes, attributes: Set(attributes)), causes.edgesKnown) }
        let views = NodeViews(in: db, snapshot: snapshot)
        var rules: [Int64: String] = [:]
        let info = ReportRegistry.query("node-info")
        for a in Set(attributes) {
            if let rule = try info.rows(in: db, ["snapshot": .integer(snapshot), "attribute": .integer(a)]).rows.first?[2].stringValue {
                rules[a] = rule
            } else if IndirectAttribute.isIndirect(a) {
                rules[a] = IndirectAttribute.rule(source: nil)
            }
        }
        return (namedColumns, rows(causes, attributes: Set(attributes), rules: rules, views: views), causes.edgesKnown)
    }

    /// The updates of `attributes` with their causes, and every invalidation (without its
    /// marked nodes): what the rows need, however long the run.
    static func replay(in db: Database, run: Int64, snapshot: Int64?, attributes: Set<Int64>) throws -> RunCauses {
        var causes = RunCauses()
        var replay = try RunCauses.Replay(in: db, run: run, snapshot: snapshot)
        causes.edgesKnown = replay.edgesKnown
        try replay.run(onInvalidation: { causes.invalidations.append($0) },
                       onUpdate: (attributes, { causes.updates.append($0) }))
        return causes
    }

    static func rows(_ causes: RunCauses, attributes: Set<Int64>, rules: [Int64: String] = [:],
                     views: NodeViews? = nil) -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        for u in causes.updates {
            guard let a = u.attribute, attributes.contains(a) else { continue }
            var tail: [SQLValue] = []
            if let views { tail = [rules[a].map(SQLValue.text) ?? .null, views.value(a)] }
            let found = u.causes ?? []
            if found.isEmpty {
                rows.append([.integer(u.seq), .integer(a), .null, .null] + tail)
            }
            for i in found {
                let cause = causes.invalidations[i]
                rows.append([.integer(u.seq), .integer(a), .integer(cause.seq), cause.root.map(SQLValue.integer) ?? .null] + tail)
            }
        }
        return rows
    }
}
