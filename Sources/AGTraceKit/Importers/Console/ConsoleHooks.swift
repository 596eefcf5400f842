extension KindHooks {
    /// What a console's rows add to reports: why `report updates --console C` has no rows.
    static let console = KindHooks(
        report: ReportHooks(notes: { context in
            guard context.rows == 0, context.request.name == "updates", let console = context.id("console") else { return [] }
            return [try ConsoleHooks.emptyNote(console, label: context.label("console"), in: context.db)]
        }),
        findings: { context in
            let found = try ConsoleFindings(id: context.id, label: context.label, db: context.db, limits: context.limits).findings()
            if let ending = try context.db.rows("SELECT complete, end_reason FROM consoles WHERE id = ?1", [.integer(context.id)]).first,
               ending[0].intValue == 0 {
                context.note("console '\(context.label)' did not end normally (\(ending[1].stringValue ?? "unknown")): what the app did after that is not in it")
            }
            return found
        })
}

enum ConsoleHooks {
    /// Why `report updates --console C` has no rows: the log holds no `_printChanges` lines,
    /// and what it does hold.
    static func emptyNote(_ console: Int64, label: String, in db: Database) throws -> String {
        let cycles = try db.scalar("SELECT count(*) FROM cycles WHERE kind = 'console' AND owner_id = ?1", [.integer(console)])?.intValue ?? 0
        let warnings = try db.scalar("SELECT count(*) FROM console_warnings WHERE console_id = ?1", [.integer(console)])?.intValue ?? 0
        func n(_ count: Int64, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return "console '\(label)' holds \(n(cycles, "cycle report")), \(n(warnings, "warning")) and no _printChanges lines: there are no body runs to count (let _ = Self._printChanges() in a body prints one per run)"
            + (cycles > 0 ? "; 'agtrace cycles --console \(label)' shows the cycles" : "")
    }
}
