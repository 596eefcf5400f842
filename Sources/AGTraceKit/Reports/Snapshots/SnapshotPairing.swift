/// Whether two snapshots' attribute ids name the same nodes. Nodes of two dumps pair by
/// attribute and are the same node when their rules have the same name (SnapshotComparison);
/// when fewer than half of either side's attributes pair up so, the ids name other nodes
/// (another app, another launch, a rebuild) and node-by-node changes mean nothing. Every
/// comparison of two snapshots says so (diff and diff --details, edge-churn, dirty-walks
/// --from/--to, export html --compare). Those that merge the two sides anyway (diff,
/// edge-churn, the page) pass the merge's count; the others run snapshot-pairing, which counts
/// the same thing exactly up to `sampleSize` attributes and past it on an even sample of
/// about that many of the first snapshot's ids (a lookup per node costs 2-4 s on two 1M-node
/// dumps, more than the comparisons it warns about; a sample of 10,000 decides "fewer than
/// half" as well).
public struct SnapshotPairing: Equatable, Sendable {
    public var attributesFrom: Int64
    public var attributesTo: Int64
    /// Attributes of both sides with a node of the same rule on each (of the sample, when
    /// there is one).
    public var paired: Int64
    /// How many of the first side's attributes were looked at, when not all of them were;
    /// the two sides' sizes are then their graphs' node counts.
    public var sampled: Int64? = nil

    public init(attributesFrom: Int64, attributesTo: Int64, paired: Int64, sampled: Int64? = nil) {
        self.attributesFrom = attributesFrom
        self.attributesTo = attributesTo
        self.paired = paired
        self.sampled = sampled
    }

    /// About this many of the first side's attributes are looked up, past it a sample.
    public static let sampleSize: Int64 = 10_000

    public static func count(in db: Database, from: Int64, to: Int64) throws -> SnapshotPairing {
        func nodes(_ id: Int64) throws -> Int64 {
            try ReportRegistry.query("snapshot-graph-nodes").rows(in: db, ["snapshot": .integer(id)]).rows.first?.first?.intValue ?? 0
        }
        func pairs(every: Int64) throws -> (sampled: Int64, paired: Int64) {
            let row = try ReportRegistry.query("snapshot-pairing").rows(in: db, ["from": .integer(from), "to": .integer(to),
                                                                                 "every": .integer(every)]).rows.first
            return (row?[0].intValue ?? 0, row?[1].intValue ?? 0)
        }
        let nodesFrom = try nodes(from)
        if nodesFrom <= sampleSize {
            // Small: every attribute, counted exactly (ids two graphs share count once).
            let (attributes, paired) = try pairs(every: 1)
            let to = try ReportRegistry.query("snapshot-attribute-count").rows(in: db, ["snapshot": .integer(to)]).rows.first?.first?.intValue ?? 0
            return SnapshotPairing(attributesFrom: attributes, attributesTo: to, paired: paired)
        }
        // Large: the graphs' node counts, and an even sample of the first side's ids.
        let (sampled, paired) = try pairs(every: nodesFrom / sampleSize)
        return SnapshotPairing(attributesFrom: nodesFrom, attributesTo: try nodes(to), paired: paired, sampled: sampled)
    }

    /// The attributes that pair up, counted or (from a sample) estimated.
    public var pairedEstimate: Int64 {
        guard let sampled else { return paired }
        return sampled == 0 ? 0 : paired * attributesFrom / sampled
    }

    /// Nil when at least half of each side's attributes pair up (two empty sides included).
    /// The commands it points to name the two labels, ready to run; `unprofiled`: the labels
    /// of those without profile data, where those commands would refuse (update counts come
    /// from the profile), so it says how to get them instead.
    public func warning(fromLabel: String, toLabel: String, unprofiled: [String] = []) -> String? {
        let pairs = pairedEstimate
        guard pairs * 2 < attributesFrom || pairs * 2 < attributesTo else { return nil }
        let commands = "'agtrace report updates --snapshot \(fromLabel) --by rule' and '--snapshot \(toLabel) --by rule' (or --by view), "
            + "or 'agtrace baseline --snapshot \(fromLabel) --key rule --output FILE' then 'agtrace check --baseline FILE --snapshot \(toLabel)'"
        let how = unprofiled.isEmpty ? ": " + commands
            : ", by update counts (" + unprofiled.map { "'\($0)'" }.joined(separator: " and ")
                + (unprofiled.count == 1 ? " has none: dump it" : " have none: dump them") + " with AGGraphStartProfiling on, "
                + "or record a trace or an lldb transcript of each app): " + commands
        let counted = sampled.map { "about \(pairs) (\(paired) of a sample of \($0))" } ?? "\(paired)"
        let what = sampled == nil ? "attributes" : "nodes"
        return "only \(counted) of the \(attributesFrom) \(what) of '\(fromLabel)' and of the \(attributesTo) of '\(toLabel)' pair up with "
            + "the same rule: the same ids name other nodes (another app, another launch or a rebuild), so the node and edge "
            + "changes mean little; compare by rule or view instead" + how
    }

    /// `warning`, saying which of the two have no profile data (looked up only when it warns).
    public func warning(in db: Database, from: Int64, to: Int64, fromLabel: String, toLabel: String) throws -> String? {
        guard warning(fromLabel: fromLabel, toLabel: toLabel) != nil else { return nil }
        func profiled(_ id: Int64) throws -> Bool {
            try ReportRegistry.query("profile-present").rows(in: db, ["snapshot": .integer(id)]).rows.first?.first?.intValue == 1
        }
        let unprofiled = (try profiled(from) ? [] : [fromLabel]) + (try profiled(to) ? [] : [toLabel])
        return warning(fromLabel: fromLabel, toLabel: toLabel, unprofiled: unprofiled)
    }

    /// Everything that makes a comparison of two snapshots doubtful, for stderr and the page:
    /// ids that rarely pair up, then graphs whose counters go down (SnapshotOrder).
    /// `counted`: the comparison's own count when it has run (otherwise the query counts).
    public static func warnings(in db: Database, from: Int64, to: Int64, fromLabel: String, toLabel: String,
                                counted: SnapshotPairing? = nil) throws -> [String] {
        let pairing = try (counted ?? count(in: db, from: from, to: to)).warning(in: db, from: from, to: to,
                                                                                 fromLabel: fromLabel, toLabel: toLabel)
        return (pairing.map { [$0] } ?? [])
            + (try SnapshotOrder.warnings(in: db, from: from, to: to, fromLabel: fromLabel, toLabel: toLabel))
    }

    /// `warnings` for two labels.
    public static func warnings(in db: Database, from: String, to: String, counted: SnapshotPairing? = nil) throws -> [String] {
        try warnings(in: db, from: LabelLookup.snapshotId(from, in: db), to: LabelLookup.snapshotId(to, in: db),
                     fromLabel: from, toLabel: to, counted: counted)
    }
}
