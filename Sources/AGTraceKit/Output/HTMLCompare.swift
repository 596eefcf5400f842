/// The compare section of the HTML report: `diff`'s counts, then the nodes and edges added and
/// removed and the nodes whose flags or value changed (before and after), named by view.
extension HTMLSections {
    static func compare(_ page: HTMLPage, db: Database, from: String, to: String, ids: (Int64, Int64),
                        options: HTMLReport.Options) throws {
        let diff = try SnapshotDiff.compute(in: db, from: from, to: to)
        let fromViews = try NodeViews(db: db, snapshot: ids.0), toViews = try NodeViews(db: db, snapshot: ids.1)
        var nodeRows: [[SQLValue]] = []
        var nodeTotal = 0
        var names: [Int32: SQLValue] = [:]
        let comparison = try SnapshotComparison(in: db, from: ids.0, to: ids.1) { d in
            nodeTotal += 1
            guard nodeRows.count < options.tableRows else { return }
            let views = d.change == "removed" ? fromViews : toViews
            nodeRows.append([.text(d.change), .integer(d.attribute), views.view(d.attribute).map(SQLValue.text) ?? .null,
                             .integer(Int64(d.rule)), d.flagsFrom.map(SQLValue.integer) ?? .null, d.flagsTo.map(SQLValue.integer) ?? .null,
                             d.valueFrom.map { .text(clip($0)) } ?? .null, d.valueTo.map { .text(clip($0)) } ?? .null])
        }
        for i in nodeRows.indices {
            let r = Int32(nodeRows[i][3].intValue ?? -1)
            if names[r] == nil { names[r] = comparison.name(r).map(SQLValue.text) ?? .null }
            nodeRows[i][3] = names[r]!
        }
        var edgeRows: [[SQLValue]] = []
        var edgeTotal = 0
        comparison.edgeChurnRows(limit: Int.max) { row in
            edgeTotal += 1
            guard edgeRows.count < options.tableRows else { return }
            let views = row[0] == .text("removed") ? fromViews : toViews
            let srcView = views.view(row[1].intValue ?? -1).map(SQLValue.text) ?? .null
            let dstView = views.view(row[2].intValue ?? -1).map(SQLValue.text) ?? .null
            edgeRows.append([row[0], row[1], srcView, row[4], row[2], dstView, row[5], row[3]])
        }

        page.html("<section id=\"compare\"><h2>Compare</h2>\n<p class=\"note\">")
        page.text("\(from) → \(to). A node is the same node in both when it has the same attribute and rule; edges compare as a multiset of (source, reader, offset).")
        page.html("</p>\n")
        page.table(title: "counts", columns: ["", "from", "to", "added", "removed", "changed"], rows: [
            [.text("nodes"), .integer(diff.nodesFrom), .integer(diff.nodesTo), .integer(diff.nodesAdded), .integer(diff.nodesRemoved), .null],
            [.text("edges"), .integer(diff.edgesFrom), .integer(diff.edgesTo), .integer(diff.edgesAdded), .integer(diff.edgesRemoved), .null],
            [.text("node flags"), .null, .null, .null, .null, .integer(diff.flagsChanged)],
            [.text("node values"), .null, .null, .null, .null, .integer(diff.valuesChanged)],
        ])
        page.bars(title: "changes by rule", diff.rules.map { ($0.rule ?? "(unnamed type)", Double($0.total)) }, unit: "changes")
        page.table(title: "changes by rule", columns: SnapshotDiff.ruleColumns, rows: diff.rules.map(SnapshotDiff.ruleRow),
                   limit: options.tableRows)
        page.table(title: "nodes added, removed, or changed (flags or value: before → after)",
                   columns: ["change", "attribute", "view", "rule", "flags_before", "flags_after", "value_before", "value_after"],
                   rows: nodeRows, limit: options.tableRows, total: nodeTotal)
        page.table(title: "edges added and removed (input → reader)",
                   columns: ["change", "src_attribute", "src_view", "src_rule", "dst_attribute", "dst_view", "dst_rule", "offset"],
                   rows: edgeRows, limit: options.tableRows, total: edgeTotal)
        page.html("</section>\n")
    }

    /// Values are cut at 1000 characters in the page (the database keeps them whole).
    static func clip(_ s: String) -> String { s.count > 1000 ? String(s.prefix(1000)) + "… (cut)" : s }
}
