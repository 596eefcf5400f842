extension StoredKind {
    /// A transcript's import: its hits as events, their frames.
    public static let run = StoredKind(
        noun: "run", order: 1, table: "runs",
        options: [("run", "R")],
        // A run's events are the id range its row records (`first_event_id` …); its
        // backtraces (few: each distinct one once) and cycles (`agtrace record --cycles`) are
        // found by run and owner.
        deletion: [
            """
            DELETE FROM events
            WHERE id BETWEEN (SELECT first_event_id FROM runs WHERE id = ?1) AND (SELECT last_event_id FROM runs WHERE id = ?1)
            """,
            "DELETE FROM backtrace_frames WHERE backtrace_id IN (SELECT id FROM backtraces WHERE run_id = ?1)",
            "DELETE FROM backtraces WHERE run_id = ?1",
        ] + CycleWriter.deletion(kind: "run"),
        listed: [ListedColumn("events", "k.event_count"), ListedColumn("skipped_lines", "k.skipped_lines"),
                 ListedColumn("incomplete_hits", "k.incomplete_hits")],
        listedHelp: "events, skipped_lines (lines that were no part of a hit) and incomplete_hits (hits whose attribute could not be read) of a run")
}
