extension StoredKind {
    /// An Instruments recording's import (`xctrace export` XML: a file, or a folder of them):
    /// its toc, tables, columns, values and rows (`xctrace_*`).
    public static let recording = StoredKind(
        noun: "recording", order: 4, table: "xctrace_recordings",
        options: [("xctrace", "R")],
        deletion: [
            "DELETE FROM xctrace_rows WHERE table_id IN (SELECT id FROM xctrace_tables WHERE recording_id = ?1)",
            "DELETE FROM xctrace_columns WHERE table_id IN (SELECT id FROM xctrace_tables WHERE recording_id = ?1)",
            "DELETE FROM xctrace_tables WHERE recording_id = ?1",
            "DELETE FROM xctrace_toc_tables WHERE recording_id = ?1",
            // A recording's values are one id range (`first_value_id` … `last_value_id`).
            """
            DELETE FROM xctrace_children WHERE parent_id BETWEEN (SELECT first_value_id FROM xctrace_recordings WHERE id = ?1)
                                                              AND (SELECT last_value_id FROM xctrace_recordings WHERE id = ?1)
            """,
            """
            DELETE FROM xctrace_values WHERE id BETWEEN (SELECT first_value_id FROM xctrace_recordings WHERE id = ?1)
                                                    AND (SELECT last_value_id FROM xctrace_recordings WHERE id = ?1)
            """,
        ],
        listed: [
            ListedColumn("tables", "(SELECT count(*) FROM xctrace_tables t WHERE t.recording_id = k.id)"),
            ListedColumn("rows", "(SELECT coalesce(sum(t.row_count), 0) FROM xctrace_tables t WHERE t.recording_id = k.id)"),
            ListedColumn("template", "k.template"),
        ],
        listedHelp: "tables, rows and the template (its toc's) of an Instruments recording")
}
