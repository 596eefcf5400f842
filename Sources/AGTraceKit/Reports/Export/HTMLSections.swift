/// The sections of the HTML report, each from the library's own reports.
enum HTMLSections {
    // MARK: What is in it

    /// "What is in it": the warnings on what the page was given, each kind's facts (its
    /// `HTMLPart.facts`), and who made the page.
    static func inputs(_ page: HTMLPage, facts: [(HTMLPage) throws -> Void], options: HTMLReport.Options, warnings: [String]) throws {
        page.html("<section id=\"inputs\"><h2>What is in it</h2>\n")
        for w in warnings { page.warning(w) }
        for write in facts { try write(page) }
        page.html("<p class=\"note\">")
        page.text("Made by \(options.generator) at \(options.madeAt). "
                  + (options.graphviz == nil ? "Graphviz was not on the PATH: no pictures, lists only."
                     : "Pictures laid out by Graphviz (\(options.graphviz!.executable))."))
        page.html("</p></section>\n")
    }

    /// One input's facts: a heading, then a definition list ("—" for what is unknown).
    static func facts(_ page: HTMLPage, title: String, _ pairs: [(String, SQLValue)]) {
        page.html("<h3>"); page.text(title); page.html("</h3>")
        page.html("<dl class=\"facts\">")
        for (k, v) in pairs {
            page.html("<dt>"); page.text(k); page.html("</dt><dd>"); page.text(v == .null ? "—" : v.description); page.html("</dd>")
        }
        page.html("</dl>\n")
    }

    /// A snapshot's facts, once per role it has on the page ("snapshot", "compared from", ...).
    static func snapshotFacts(_ page: HTMLPage, db: Database, roles: [(String, Int64)]) throws {
        for (role, id) in roles {
            let r = try ReportRegistry.query("html-snapshot-facts").rows(in: db, ["snapshot": .integer(id)]).rows[0]
            facts(page, title: "\(role) \(r[0].description)",
                  [("source", r[1]), ("sha256", r[2]), ("imported", r[3]), ("bytes", r[4]), ("graphs", r[5]), ("nodes", r[6]), ("edges", r[7])])
        }
    }

    static func runFacts(_ page: HTMLPage, db: Database, run: Int64) throws {
        let r = try ReportRegistry.query("html-run-facts").rows(in: db, ["run": .integer(run)]).rows[0]
        facts(page, title: "run \(r[0].description)",
              [("source", r[1]), ("sha256", r[2]), ("imported", r[3]), ("bytes", r[4]), ("breakpoint hits", r[5]),
               ("update hits", r[8]), ("invalidate hits (writes)", r[9]), ("add_input hits (edges)", r[10]),
               ("skipped lines", r[6]), ("incomplete hits", r[7])])
    }

    static func traceFacts(_ page: HTMLPage, db: Database, trace: Int64) throws {
        let r = try ReportRegistry.query("html-trace-facts").rows(in: db, ["trace": .integer(trace)]).rows[0]
        facts(page, title: "trace \(r[0].description)",
              [("source", r[1]), ("sha256", r[2]), ("imported", r[3]), ("bytes", r[4]), ("events", r[5]),
               ("evaluations (rule runs)", r[8]), ("writes", r[9]), ("first timestamp (s)", r[6]), ("last timestamp (s)", r[7]),
               ("ended", r[10])])
    }

    // MARK: Where the work went

    /// "Where the work went": the given kinds' blocks in order, or what to give for some.
    static func work(_ page: HTMLPage, blocks: [(HTMLPage) throws -> Void], none: String) throws {
        page.html("<section id=\"work\"><h2>Where the work went</h2>\n")
        for write in blocks { try write(page) }
        if blocks.isEmpty {
            page.html("<p class=\"note\">"); page.text(none); page.html("</p>")
        }
        page.html("</section>\n")
    }

    static func runWork(_ page: HTMLPage, db: Database, run: Int64, snapshot: Int64?, snapshotLabel: String?,
                                options: HTMLReport.Options) throws {
        var names = try NodeNames(db: db, snapshot: snapshot)
        var perAttribute: [[SQLValue]] = []
        var perRule: [String: (updates: Int64, attributes: Int64)] = [:]
        let counts = try ReportRegistry.report(named: "updates")!.variants.first { $0.fileName == "updates-run.sql" }!
            .rows(in: db, ["run": .integer(run)]).rows
        for row in counts {
            let attribute = row[0].intValue
            let n = row[1].intValue ?? 0
            let name = try names.name(attribute)
            perAttribute.append([row[0], name?.view.map(SQLValue.text) ?? .null, name?.rule.map(SQLValue.text) ?? .null, .integer(n)])
            let key = name?.view ?? name?.rule ?? attribute.map { "(attribute \($0))" } ?? "(attribute not read)"
            perRule[key, default: (0, 0)].updates += n
            perRule[key, default: (0, 0)].attributes += 1
        }
        page.html("<h3>Updates in the run</h3>\n<p class=\"note\">")
        page.text("Rule runs (update_attribute hits) per attribute"
                  + (snapshotLabel.map { ", named by view and rule from snapshot \($0)." }
                     ?? ". Give --snapshot S (a dump of the same process) to name them by view and rule."))
        page.html("</p>\n")
        let named = perRule.map { (label: $0.key, value: Double($0.value.updates)) }
        page.bars(title: snapshot == nil ? "updates by attribute" : "updates by view (else rule)", named, unit: "updates")
        page.table(title: "updates per attribute", columns: ["attribute", "view", "rule", "updates"], rows: perAttribute,
                   limit: options.tableRows)
        if snapshot != nil {
            let rows = perRule.sorted { ($0.value.updates, $1.key) > ($1.value.updates, $0.key) }
                .map { [SQLValue.text($0.key), .integer($0.value.updates), .integer($0.value.attributes)] }
            page.table(title: "updates per view (else rule)", columns: ["view_or_rule", "updates", "attributes"], rows: rows,
                       limit: options.tableRows)
        }
    }

    /// The seconds columns of the page's tables, shown as the reports show them (3.91 ms).
    static let secondsColumns: [String: ColumnUnit] = ["total_seconds": .seconds, "self_seconds": .seconds]

    /// A bar's seconds, as the tables and reports show them.
    static func seconds(_ v: Double) -> String { ColumnUnit.seconds.display(.real(v)) }

    static func traceWork(_ page: HTMLPage, db: Database, trace: Int64, options: HTMLReport.Options) throws {
        var perAttribute: [[SQLValue]] = []
        // Per view (else rule): seconds stay unknown (nil) once one of its attributes' is.
        var perName: [String: (evaluations: Int64, total: Double?, selfTime: Double?, untimed: Bool, selfUntimed: Bool)] = [:]
        let rows = try ReportRegistry.query("html-trace-work").prepare(in: db, ["trace": .integer(trace)])
        try rows.forEachRow { rows in
            let rule = rows.string(1), view = rule.flatMap(ViewName.fromRule)
            let total: Double? = rows.isNull(3) ? nil : rows.double(3), selfTime: Double? = rows.isNull(4) ? nil : rows.double(4)
            let n = rows.int64(2)
            perAttribute.append([.integer(rows.int64(0)), view.map(SQLValue.text) ?? .null, rule.map(SQLValue.text) ?? .null, .integer(n),
                                 total.map(SQLValue.real) ?? .null, selfTime.map(SQLValue.real) ?? .null])
            let key = view ?? rule ?? "(attribute \(rows.int64(0)))"
            var e = perName[key] ?? (0, nil, nil, false, false)
            e.evaluations += n
            if let total { e.total = (e.total ?? 0) + total } else { e.untimed = true }
            if let selfTime { e.selfTime = (e.selfTime ?? 0) + selfTime } else { e.selfUntimed = true }
            if e.untimed { e.total = nil }
            if e.selfUntimed { e.selfTime = nil }
            perName[key] = e
        }
        page.html("<h3>Evaluations in the trace</h3>\n<p class=\"note\">")
        page.text("Rule runs (BeginValueUpdate..EndValueUpdate) per attribute, timed by the trace's own timestamps: total, and "
                  + "self (minus the evaluations nested inside). Times are empty where the trace has no clock.")
        page.html("</p>\n")
        let sorted = perName.sorted { ($0.value.evaluations, $1.key) > ($1.value.evaluations, $0.key) }
        page.bars(title: "evaluations by view (else rule)", sorted.map { ($0.key, Double($0.value.evaluations)) }, unit: "evaluations")
        let timed = sorted.filter { ($0.value.selfTime ?? 0) > 0 }
        if !timed.isEmpty {
            page.bars(title: "self time by view (else rule)", timed.map { ($0.key, $0.value.selfTime ?? 0) }, unit: "", shown: seconds)
        }
        page.table(title: "evaluations per view (else rule)", columns: ["view_or_rule", "evaluations", "total_seconds", "self_seconds"],
                   rows: sorted.map { [.text($0.key), .integer($0.value.evaluations), $0.value.total.map(SQLValue.real) ?? .null,
                                       $0.value.selfTime.map(SQLValue.real) ?? .null] }, limit: options.tableRows, units: secondsColumns)
        page.table(title: "evaluations per attribute", columns: ["attribute", "view", "rule", "evaluations", "total_seconds", "self_seconds"],
                   rows: perAttribute, limit: options.tableRows, units: secondsColumns)
    }

    static func snapshotWork(_ page: HTMLPage, db: Database, snapshot: Int64, label: String,
                                     options: HTMLReport.Options) throws {
        page.html("<h3>"); page.text("Snapshot \(label)"); page.html("</h3>\n")
        let profiled = try ReportRegistry.query("profile-present").rows(in: db, ["snapshot": .integer(snapshot)]).rows.first?
            .first?.intValue == 1
        if profiled, let counts = try? UpdateCounts.snapshot(label, key: .rule, in: db) {
            page.html("<p class=\"note\">Rule runs and time per rule from the snapshot's profile (AGGraphStartProfiling).</p>\n")
            let keys = counts.entries.sorted { ($0.value.updates, $1.key) > ($1.value.updates, $0.key) }
            page.bars(title: "updates by rule", keys.map { ($0.key, Double($0.value.updates)) }, unit: "updates")
            let timed = keys.filter { $0.value.seconds != nil }
            if !timed.isEmpty {
                page.bars(title: "time by rule", timed.map { ($0.key, $0.value.seconds ?? 0) }, unit: "", shown: seconds)
            }
            page.table(title: "updates per rule", columns: ["rule", "updates", "total_seconds"],
                       rows: keys.map { [.text($0.key), .integer($0.value.updates), $0.value.seconds.map(SQLValue.real) ?? .null] },
                       limit: options.tableRows, units: secondsColumns)
            // By view: `report updates --by view` (nodes' profiles through node_views), for
            // snapshots where node_views answers quickly.
            let nodes = try ReportRegistry.query("html-snapshot-facts").rows(in: db, ["snapshot": .integer(snapshot)]).rows.first?[6].intValue ?? 0
            if nodes <= Int64(options.fullViewsNodes) {
                let byView = try ReportRunner.rows(ReportRequest(name: "updates", options: ["snapshot": label], by: "view"), in: db)
                let named = byView.rows.filter { $0[0] != .null }
                page.bars(title: "updates by view (nodes' profiles)", named.map { ($0[0].description, Double($0[1].intValue ?? 0)) }, unit: "updates")
                page.table(title: "updates per view (nodes' profiles; nodes no view names count under an empty view)",
                           columns: byView.columns, rows: byView.rows, limit: options.tableRows, units: secondsColumns)
            } else {
                page.html("<p class=\"note left-out\">")
                page.text("Updates by view are left out of this page (the snapshot has \(nodes) nodes: past \(options.fullViewsNodes) "
                          + "the page skips node_views to stay fast). agtrace report updates --snapshot \(label) --by view gives them.")
                page.html("</p>\n")
            }
        } else {
            page.html("<p class=\"note\">")
            page.text("Snapshot \(label) holds no profile data (it was dumped without AGGraphStartProfiling), so no update counts or times. Nodes per rule instead:")
            page.html("</p>\n")
            let rows = try NodesPerRule.rows(in: db, snapshot: snapshot)
            page.bars(title: "nodes by rule", rows.map { ($0[0].description, Double($0[1].intValue ?? 0)) }, unit: "nodes")
            page.table(title: "nodes per rule", columns: NodesPerRule.columns, rows: rows, limit: options.tableRows)
        }
    }
}
