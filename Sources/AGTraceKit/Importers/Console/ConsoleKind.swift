extension StoredKind {
    /// A console log's import: its cycle reports (`cycles` of kind 'console', their frames and
    /// labels), its body runs (`body_changes`, their tokens), its warnings.
    public static let console = StoredKind(
        noun: "console", order: 3, table: "consoles",
        options: [("console", "C")],
        deletion: [
            "DELETE FROM cycle_labels WHERE cycle_id IN (SELECT id FROM cycles WHERE kind = 'console' AND owner_id = ?1)",
        ] + CycleWriter.deletion(kind: "console") + [
            "DELETE FROM body_change_tokens WHERE body_change_id IN (SELECT id FROM body_changes WHERE console_id = ?1)",
            "DELETE FROM body_changes WHERE console_id = ?1",
            "DELETE FROM console_warnings WHERE console_id = ?1",
        ],
        listed: [
            ListedColumn("cycles", "(SELECT count(*) FROM cycles y WHERE y.kind = 'console' AND y.owner_id = k.id)"),
            ListedColumn("body_runs", "(SELECT count(*) FROM body_changes b WHERE b.console_id = k.id)"),
            ListedColumn("warnings", "(SELECT count(*) FROM console_warnings w WHERE w.console_id = k.id)"),
        ],
        listedHelp: "cycles (AttributeGraph's cycle reports), body_runs (_printChanges lines) and warnings (SwiftUI's) of a console")
}
