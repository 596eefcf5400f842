import Foundation

/// The HTML report's cycles section: every chain of AttributeGraph cycle reports the database
/// holds, as `agtrace cycles` lists them (named from the page's snapshot when it has one), with
/// the loops drawn. Absent when the database holds none.
enum HTMLCycles {
    /// Whether the section is shown at all.
    static func present(in db: Database) throws -> Bool {
        try db.scalar("SELECT EXISTS (SELECT 1 FROM cycles)")?.intValue == 1
    }

    static func section(_ page: HTMLPage, db: Database, snapshot: String?, options: HTMLReport.Options) throws {
        let log = CommandLog()
        let outcome = try CycleRunner.run(CycleRequest(snapshot: snapshot), in: db, log: log)
        page.html("<section id=\"cycles\"><h2>Cycles</h2>\n<p class=\"note\">")
        page.text("AttributeGraph's cycle reports, grouped by their stacks: the loop runs from the outermost frame whose attribute is "
                  + "the reported one up to the top frame. Names come from the page's snapshot (a dump taken at the cycle), a trace's "
                  + "types, the recorder's names or the console's digraph labels, in that order; an empty name is unknown. "
                  + "docs/cycles.md says more.")
        page.html("</p>\n")
        for message in log.messages {
            switch message {
            case .warning(let text): page.warning(text)
            case .line(let text), .note(let text), .imported(let text), .importWarning(let text):
                page.html("<p class=\"note\">"); page.text(text); page.html("</p>\n")
            }
        }
        let rows = outcome.rows
        page.table(title: "Chains, frame by frame (top first)", columns: rows.columns, rows: rows.rows, limit: options.tableRows)
        if options.graphviz != nil {
            let dot = StringSink()
            CycleDot.write(outcome, to: dot)
            page.picture(dot.text)
        }
        page.html("</section>\n")
    }
}
