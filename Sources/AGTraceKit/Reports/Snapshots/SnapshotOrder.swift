/// Whether a second snapshot can be a later dump of the first's process. A graph's update,
/// change and transaction counts only grow while its process runs, so a graph whose count
/// is lower in the second snapshot says it is an earlier dump, or another process's (where
/// the same attribute ids name other nodes). Comparisons of two snapshots (diff, edge-churn,
/// dirty-walks) warn rather than refuse: the rows are what the dumps hold, paired by
/// attribute, but the pairing may mean nothing.
public enum SnapshotOrder {
    public static func warnings(in db: Database, from: Int64, to: Int64, fromLabel: String, toLabel: String) throws -> [String] {
        let rows = try ReportRegistry.query("snapshot-counters-down").rows(in: db, ["from": .integer(from), "to": .integer(to)]).rows
        return rows.map { row in
            let counts = [("update_count", 1), ("change_count", 3), ("transaction_count", 5)].compactMap { name, k -> String? in
                guard let a = row[k].intValue, let b = row[k + 1].intValue else { return nil }
                return "\(name) \(a) → \(b)"
            }
            let graph = row[0].intValue.map { "graph \($0)" } ?? "a graph"
            return "\(graph)'s counters go down from '\(fromLabel)' to '\(toLabel)' (\(counts.joined(separator: ", "))): "
                + "they only grow while a process runs, so '\(toLabel)' is no later dump of the same process: an earlier "
                + "one (give the earlier snapshot first) or another process's, where the same attribute ids name other nodes"
        }
    }

    /// `warnings` for two labels.
    public static func warnings(in db: Database, from: String, to: String) throws -> [String] {
        try warnings(in: db, from: LabelLookup.snapshotId(from, in: db), to: LabelLookup.snapshotId(to, in: db),
                     fromLabel: from, toLabel: to)
    }
}
