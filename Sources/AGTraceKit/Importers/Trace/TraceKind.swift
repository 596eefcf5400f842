extension StoredKind {
    /// A trace's import: its events, the graph and evaluations worked out from them, and the
    /// cycles its LogMessages report (`cycles` of kind `trace`).
    public static let trace = StoredKind(
        noun: "trace", order: 2, table: "traces",
        options: [("trace", "T")],
        deletion: TraceFormat.tables.map { "DELETE FROM \($0) WHERE trace_id = ?1" } + CycleWriter.deletion(kind: "trace"),
        listed: [
            ListedColumn("nodes", "(SELECT count(*) FROM trace_nodes n WHERE n.trace_id = k.id)"),
            ListedColumn("edges", "NULL"),  // trace-live-edges, below
            ListedColumn("events", "k.event_count"),
        ],
        listedHelp: "nodes (one per attribute, an indirect node once), edges (live at its end) and events of a trace",
        completeListing: { row, columns, id, db in
            // A trace's edges live at its end: those of destroyed subgraphs are gone too.
            let edges = columns.firstIndex(of: "edges")!
            row[edges] = try ReportRegistry.query("trace-live-edges").rows(in: db, ["trace": .integer(id)]).rows.first?.first ?? .null
        })
}
