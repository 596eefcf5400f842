/// The compare section of the HTML report for two recordings (traces, runs: what `agtrace
/// compare A B` reads): per view, A's and B's evaluations as bars side by side (and self time
/// when both are timed), then compare's rows, with its doubts.
extension HTMLSections {
    /// Returns the comparison's warnings, shown in the section too.
    static func compareRecordings(_ page: HTMLPage, db: Database, a: String, b: String, options: HTMLReport.Options) throws -> [String] {
        let outcome = try CompareRunner.run(CompareRequest(a: [a], b: [b], database: db.path), openDatabase: { db }, log: CommandLog())
        page.html("<section id=\"compare\"><h2>Compare</h2>\n<p class=\"note\">")
        page.text("\(a) (A) and \(b) (B), by \(outcome.by.rawValue), as agtrace compare \(a) \(b) shows them.")
        page.html("</p>\n")
        for w in outcome.warnings { page.warning(w) }
        for n in outcome.notes { page.html("<p class=\"note\">"); page.text(n); page.html("</p>\n") }
        let keys = outcome.keys.filter { !$0.isTotal }
        let byWork = keys.sorted { (max($0.a, $0.b), $1.key) > (max($1.a, $1.b), $0.key) }
        page.pairedBars(title: "Evaluations per \(outcome.by.rawValue)", byWork.map { ($0.key, $0.a, $0.b) }, names: ("A", "B"),
                        shown: { HTMLPage.format($0) })
        if outcome.timed {
            let bySelf = keys.sorted { (max($0.aSelf ?? 0, $0.bSelf ?? 0), $1.key) > (max($1.aSelf ?? 0, $1.bSelf ?? 0), $0.key) }
            page.pairedBars(title: "Self time per \(outcome.by.rawValue)", bySelf.map { ($0.key, $0.aSelf ?? 0, $0.bSelf ?? 0) },
                            names: ("A", "B"), shown: { ColumnUnit.seconds.display(.real($0)) })
        }
        page.table(title: "Per \(outcome.by.rawValue)", columns: outcome.rows.columns, rows: outcome.rows.rows,
                   limit: options.tableRows, units: outcome.rows.units)
        page.html("</section>\n")
        return outcome.warnings
    }
}
