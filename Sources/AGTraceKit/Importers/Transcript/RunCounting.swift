import Foundation

extension MeasuredKind {
    /// A breakpoint transcript's run: the gate counts its update hits, per attribute (the ids
    /// of a scripted interaction repeat), or per rule or view named through a dump of the same
    /// process. A recording that crashed or was cut, or hits whose attribute was not read,
    /// cannot be judged.
    public static let run = MeasuredKind(
        stored: .run, order: 0, fileOption: "transcript",
        fileHelp: "an lldb transcript, imported into a private temporary database for this command (no labels, no --db)",
        labelHelp: "the run labelled R in the database",
        thing: "recording",
        inputUsage: "--transcript FILE or --run R", namedBy: "snapshot", defaultKey: .attribute,
        untimed: "a transcript's hits, which carry no durations",
        count: { input, db in try UpdateCounts.run(input.label, key: input.key, namingSnapshot: input.namingSnapshot, in: db) },
        readLines: { path, item in
            [.imported("read \(path): \(item.events) events, \(item.end?.reason ?? "end unknown")")]
                + item.warnings.map { .importWarning("\(path): \($0)") }
        },
        refuseCounts: { counts in try UpdateCounts.refuseUnknownAttributes(counts) }, compare: .run)
}

extension UpdateCounts {
    /// Counts a run's update hits. `namingSnapshot` is required for key `rule`.
    public static func run(_ label: String, key: BaselineKey, namingSnapshot: String? = nil,
                           in db: Database) throws -> UpdateCounts {
        let row = try lookUp(.run, label, in: db)
        var source = MeasuredSource(kind: .run, label: label, sha256: row.sha256, importedAt: row.importedAt, ending: row.ending)
        let rows: [[SQLValue]]
        switch key {
        case .attribute:
            rows = try db.rows("""
                SELECT CASE WHEN attribute IS NULL THEN ?2 ELSE CAST(attribute AS TEXT) END AS key, count(*)
                FROM run_events WHERE run_id = ?1 AND kind = 'update'
                GROUP BY attribute
                """, [.integer(row.id), .text(unknownAttributeKey)])
        case .rule, .view:
            guard let namingSnapshot else {
                throw UpdateCountsError("a run keyed by \(key.rawValue) needs a dump of the same build to name its attributes (--snapshot S, or --archive FILE)")
            }
            let namer = try lookUp(.snapshot, namingSnapshot, in: db)
            source.namedBy = NamingSnapshot(label: namingSnapshot, sha256: namer.sha256)
            // The name of attribute c.attribute in snapshot ?2 (?4, ?5, ?6: the view keys' fallbacks).
            // The dump's views are read once: a lookup per attribute into node_views (a union)
            // scans them all.
            let name = key == .rule
                ? """
                  SELECT c.attribute,
                         coalesce((SELECT CASE WHEN count(DISTINCT coalesce(r.rule, '')) = 1 THEN min(coalesce(r.rule, '(unnamed type)')) END
                                   FROM node_rules r WHERE r.snapshot_id = ?2 AND r.attribute = c.attribute),
                                  '(attribute ' || c.attribute || ')') AS key
                  FROM counts c WHERE c.attribute IS NOT NULL
                  """
                : """
                  SELECT c.attribute,
                         CASE WHEN count(x.attribute) = 0 THEN ?4
                              WHEN count(DISTINCT coalesce(v.view, '')) > 1 THEN ?6
                              ELSE coalesce(min(v.view), ?5) END AS key
                  FROM counts c
                  LEFT JOIN nodes x ON x.snapshot_id = ?2 AND x.attribute = c.attribute
                  LEFT JOIN v ON v.graph_index = x.graph_index AND v.attribute = x.attribute
                  WHERE c.attribute IS NOT NULL
                  GROUP BY c.attribute
                  """
            // Count per attribute first (one pass over the run's id range), then name each attribute once.
            rows = try db.rows("""
                WITH counts AS MATERIALIZED (
                    SELECT attribute, count(*) AS n FROM run_events
                    WHERE run_id = ?1 AND kind = 'update' GROUP BY attribute
                ),
                \(key == .view ? "v AS MATERIALIZED (SELECT graph_index, attribute, view FROM node_views WHERE snapshot_id = ?2)," : "")
                named AS (\(name))
                SELECT CASE WHEN c.attribute IS NULL THEN ?3 ELSE named.key END AS key, sum(c.n)
                FROM counts c LEFT JOIN named ON named.attribute = c.attribute GROUP BY key
                """, [.integer(row.id), .integer(namer.id), .text(unknownAttributeKey)]
                    + (key == .rule ? [] : [.text(notInDumpKey), .text(noViewKey), .text(ambiguousKey)]))
        }
        let entries = collect(rows, key: key)
        if entries.isEmpty {
            throw UpdateCountsError("run '\(label)' has no update hits to count (its transcript needs a breakpoint on AG::Graph::update_attribute)")
        }
        return UpdateCounts(source: source, key: key, entries: entries)
    }

    /// Throws (exit 3) when some of a run's update hits are counted under `(unknown)`: their
    /// attribute was never printed readably (`register read w1` on an x86-64 machine, whose
    /// argument is in esi; an expression that failed). Not a verdict either way: 0 of them
    /// under their real keys would pass as an improvement, all of them as one key proves nothing.
    /// `--allow-incomplete` does not take them: it is about how a recording ended.
    static func refuseUnknownAttributes(_ counts: UpdateCounts) throws {
        guard let unknown = counts.entries[UpdateCounts.unknownAttributeKey] else { return }
        let total = counts.total.updates
        throw CheckProblem(.notCounted, "could not count: \(unknown.updates) of \(total) hits of \(counts.source.phrase) have no attribute (the breakpoint's commands printed none that could be read: on arm64 the attribute is in w1, on x86-64 in esi; 'agtrace import' names the lines)")
    }
}
