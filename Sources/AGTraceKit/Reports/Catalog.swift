/// What `agtrace list` shows: every snapshot, run and trace with its counts (a trace's nodes and
/// its edges live at the end).
public enum Catalog {
    public static func list(_ db: Database) throws -> (columns: [String], rows: [[SQLValue]]) {
        let sql = """
            SELECT 'snapshot' AS kind, s.label,
                   (SELECT count(*) FROM graphs g WHERE g.snapshot_id = s.id) AS graphs,
                   (SELECT coalesce(sum(node_count), 0) FROM graphs g WHERE g.snapshot_id = s.id) AS nodes,
                   (SELECT coalesce(sum(edge_count), 0) FROM graphs g WHERE g.snapshot_id = s.id) AS edges,
                   NULL AS events, NULL AS skipped_lines, NULL AS incomplete_hits, NULL AS end_reason,
                   (SELECT group_concat(a.label, ', ') FROM (SELECT label FROM aliases WHERE kind = 'snapshot' AND target_id = s.id ORDER BY label) a) AS aliases,
                   s.imported_at, s.source, s.id AS sort_id, 0 AS sort_kind
            FROM snapshots s
            UNION ALL
            SELECT 'run', r.label, NULL, NULL, NULL, r.event_count, r.skipped_lines, r.incomplete_hits, r.end_reason,
                   (SELECT group_concat(a.label, ', ') FROM (SELECT label FROM aliases WHERE kind = 'run' AND target_id = r.id ORDER BY label) a),
                   r.imported_at, r.source, r.id, 1
            FROM runs r
            UNION ALL
            SELECT 'trace', t.label, NULL,
                   (SELECT count(*) FROM trace_nodes n WHERE n.trace_id = t.id),
                   NULL, -- edges: trace-live-edges, below
                   t.event_count, NULL, NULL, t.end_reason,
                   (SELECT group_concat(a.label, ', ') FROM (SELECT label FROM aliases WHERE kind = 'trace' AND target_id = t.id ORDER BY label) a),
                   t.imported_at, t.source, t.id, 2
            FROM traces t
            ORDER BY sort_kind, sort_id
            """
        let stmt = try db.prepare(sql)
        let columns = (0..<(stmt.columnCount - 2)).map { stmt.columnName($0) }
        var rows: [[SQLValue]] = []
        let edges = columns.firstIndex(of: "edges")!
        let liveEdges = try ReportRegistry.query("trace-live-edges")
        try stmt.forEachRow { stmt in
            var row = (0..<columns.count).map { stmt.value($0) }
            if stmt.int64(columns.count + 1) == 2 {
                // A trace's edges live at its end: those of destroyed subgraphs are gone too.
                row[edges] = try liveEdges.rows(in: db, ["trace": .integer(stmt.int64(columns.count))]).rows.first?.first ?? .null
            }
            rows.append(row)
        }
        return (columns, rows)
    }
}

/// A label that names no snapshot or run.
public struct UnknownLabel: Error, CustomStringConvertible, Equatable {
    public var label: String
    public var description: String { "no snapshot, run or trace is labelled '\(label)' (see agtrace list)" }
}

extension Catalog {
    /// Deletes the labelled snapshots, runs and traces in one transaction; all or nothing.
    public static func delete(labels: [String], in db: Database) throws -> [String] {
        try db.writeTransaction {
            for label in labels {
                guard try SnapshotDeletion.deleteLabel(label, in: db) else { throw UnknownLabel(label: label) }
            }
            return labels
        }
    }
}
