/// The HTML report's section on an Instruments recording: what it holds, its SwiftUI updates
/// per view (`report updates --by view`), and each hitch and hang explained (`report hitches`),
/// from the same reports the command line runs.
enum HTMLXctrace {
    static func section(_ page: HTMLPage, db: Database, label: String, recording: Int64, options: HTMLReport.Options) throws {
        page.html("<section id=\"xctrace\"><h2>Instruments recording</h2>\n")
        let facts = try db.rows("""
            SELECT label, source, device, os_version, process, template, instruments_version, duration_ns
            FROM xctrace_recordings WHERE id = ?1
            """, [.integer(recording)])
        if let r = facts.first {
            page.html("<dl class=\"facts\">")
            for (k, v) in zip(["recording", "source", "device", "OS", "process", "template", "Instruments", "duration (ns)"], r) {
                page.html("<dt>"); page.text(k); page.html("</dt><dd>"); page.text(v == .null ? "—" : v.description); page.html("</dd>")
            }
            page.html("</dl>\n")
        }
        page.html("<p class=\"note\">")
        page.text("SwiftUI updates (swiftui-updates) per view: the update's own main-thread time (duration) and what it caused "
                  + "(downstream-cost). Empty times are unknown (not recorded), never 0. The SwiftUI tables are read to their documented "
                  + "columns (docs/xctrace-reports.md).")
        page.html("</p>\n")
        let byView = try ReportRunner.rows(ReportRequest(name: "updates", options: ["xctrace": label], by: "view"), in: db)
        let units = ReportRegistry.report(named: "updates")!.variants.first { $0.fileName == "xctrace-updates-by-view.sql" }!.units
        page.bars(title: "own time by view", byView.rows.compactMap { r in r[4].doubleValue.map { (r[0].description, $0) } },
                  unit: "", shown: HTMLSections.seconds)
        page.table(title: "updates per view", columns: byView.columns, rows: byView.rows, limit: options.tableRows, units: units)
        let hitches = try ReportRunner.rows(ReportRequest(name: "hitches", options: ["xctrace": label]), in: db)
        page.table(title: "hitches and hangs, explained (one row per window and view inside it)", columns: hitches.columns,
                   rows: hitches.rows, limit: options.tableRows, units: ReportRegistry.report(named: "hitches")!.variants[0].units)
        page.html("</section>\n")
    }
}
