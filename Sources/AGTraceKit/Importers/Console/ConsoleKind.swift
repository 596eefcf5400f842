extension StoredKind {
    /// A console log's import: its cycle reports (`cycles` of kind 'console', their frames and
    /// labels), its body runs (`body_changes`, their tokens), its warnings.
    public static let console = StoredKind(
        noun: "console", table: "consoles",
        options: [("console", "C")],
        deletion: [
            "DELETE FROM cycle_labels WHERE cycle_id IN (SELECT id FROM cycles WHERE kind = 'console' AND owner_id = ?1)",
        ] + CycleWriter.deletion(kind: "console") + [
            "DELETE FROM body_change_tokens WHERE body_change_id IN (SELECT id FROM body_changes WHERE console_id = ?1)",
            "DELETE FROM body_changes WHERE console_id = ?1",
            "DELETE FROM console_warnings WHERE console_id = ?1",
        ],
        // `list` has no columns of a console's own: what it holds is said in end_reason's place,
        // after how it ended when that was not normally.
        listed: """
            NULL, NULL, NULL, NULL, NULL, NULL,
                   CASE WHEN k.complete = 0 THEN k.end_reason || '; ' ELSE '' END
                   || 'cycles ' || (SELECT count(*) FROM cycles y WHERE y.kind = 'console' AND y.owner_id = k.id)
                   || ', body runs ' || (SELECT count(*) FROM body_changes b WHERE b.console_id = k.id)
                   || ', warnings ' || (SELECT count(*) FROM console_warnings w WHERE w.console_id = k.id)
            """)
}
