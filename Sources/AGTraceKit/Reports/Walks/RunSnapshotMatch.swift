/// Whether a snapshot can name a run's attributes: a dump of another process shares few or
/// none of its ids, and rules or views looked up there would be wrong without a word. Every
/// place that joins a run with `--snapshot S` checks this first.
public struct RunSnapshotMatch: Sendable, Equatable {
    public var runLabel: String
    public var snapshotLabel: String
    /// Distinct attributes of the run's update hits.
    public var attributes: Int
    /// How many of them the snapshot does not hold.
    public var missing: Int
    /// Up to five of the missing attributes, smallest first.
    public var examples: [Int64]
    /// Attributes that several graphs of the snapshot hold with different rules or views: left
    /// unnamed (an id is unique per graph, not per dump), smallest first.
    public var ambiguous: [Int64] = []

    /// Counts; throws (a ReportError) when the snapshot holds none of the run's attributes.
    public static func check(in db: Database, run: Int64, runLabel: String, snapshot: Int64, snapshotLabel: String) throws -> RunSnapshotMatch {
        let row = try ReportRegistry.query("run-snapshot-match")
            .rows(in: db, ["run": .integer(run), "snapshot": .integer(snapshot)]).rows.first ?? []
        let examples = row.count > 2 ? row[2].description.split(separator: " ").compactMap { Int64($0) } : []
        var match = RunSnapshotMatch(runLabel: runLabel, snapshotLabel: snapshotLabel,
                                     attributes: Int(row.first?.intValue ?? 0), missing: Int(row.count > 1 ? row[1].intValue ?? 0 : 0),
                                     examples: examples)
        match.ambiguous = try ReportRegistry.query("run-snapshot-ambiguous")
            .rows(in: db, ["run": .integer(run), "snapshot": .integer(snapshot)]).rows.compactMap { $0.first?.intValue }
        if match.attributes > 0 && match.missing == match.attributes {
            throw ReportError("none of the \(match.attributes) attributes of run '\(runLabel)' is in snapshot '\(snapshotLabel)': it is not a dump of the same process (dump the graph while the transcript's process runs)")
        }
        return match
    }

    /// The one stderr line for a partial or ambiguous match, or nil when the snapshot holds
    /// every attribute once (or alike in each graph).
    public var warning: String? {
        var parts: [String] = []
        if missing > 0 {
            let some = examples.map(String.init).joined(separator: ", ") + (missing > examples.count ? ", …" : "")
            parts.append("\(missing) of \(attributes) attributes of run '\(runLabel)' are not in snapshot '\(snapshotLabel)' (\(some)): is it a dump of the same process?")
        }
        if let note = ambiguityNote { parts.append(note) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Why some hits have no rule or view although the snapshot holds their ids.
    public var ambiguityNote: String? {
        guard !ambiguous.isEmpty else { return nil }
        let some = ambiguous.prefix(5).map(String.init).joined(separator: ", ") + (ambiguous.count > 5 ? ", …" : "")
        return "\(ambiguous.count) of \(attributes) attributes of run '\(runLabel)' are held by several graphs of snapshot '\(snapshotLabel)' with different rules or views (\(some)): an id is unique per graph, not per dump, so their hits are not named by it (empty rule and view)"
    }
}
