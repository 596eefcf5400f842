/// The compare section of the HTML report: `diff`'s counts, then the nodes and edges added and
/// removed and the nodes whose flags or value changed (before and after), named by view.
extension HTMLSections {
    /// Returns what makes the comparison doubtful (SnapshotPairing.warnings, with the diff's
    /// own count, and nodes whose flags are unknown), shown above its counts too.
    @discardableResult
    static func compare(_ page: HTMLPage, db: Database, from: String, to: String, ids: (Int64, Int64),
                        options: HTMLReport.Options) throws -> [String] {
        let (diff, comparison) = try SnapshotDiff.computeWithComparison(in: db, from: from, to: to)
        let warnings = try SnapshotPairing.warnings(in: db, from: ids.0, to: ids.1, fromLabel: from, toLabel: to, counted: diff.pairing)
            + (diff.flagsWarning.map { [$0] } ?? [])
        // Nodes added, removed, or with other flags or value: diff --details's node rows (its
        // edge rows are the edge table below, with both ends named).
        var nodeRows: [[SQLValue]] = []
        var nodeTotal = 0
        for row in try SnapshotDiff.nodeDetails(in: db, from: from, to: to) {
            nodeTotal += 1
            guard nodeRows.count < options.tableRows else { continue }
            nodeRows.append(row.enumerated().map { i, v in i >= 5 ? v.stringValue.map { .text(clip($0)) } ?? v : v })
        }
        var edgeRows: [[SQLValue]] = []
        var edgeTotal = 0
        let treeViews = (from: try SnapshotComparison.treeViews(in: db, snapshot: ids.0),
                         to: try SnapshotComparison.treeViews(in: db, snapshot: ids.1))
        comparison.edgeChurnRows(limit: Int.max, treeViews: treeViews) { row in
            edgeTotal += 1
            guard edgeRows.count < options.tableRows else { return }
            edgeRows.append([row[0], row[1], row[6], row[4], row[2], row[7], row[5], row[3]])
        }

        page.html("<section id=\"compare\"><h2>Compare</h2>\n<p class=\"note\">")
        page.text("\(from) → \(to). A node is the same node in both when it has the same attribute and rule; edges compare as a multiset of (source, reader, offset).")
        page.html("</p>\n")
        for w in warnings { page.warning(w) }
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
                   columns: SnapshotDiff.detailColumns, rows: nodeRows, limit: options.tableRows, total: nodeTotal)
        page.table(title: "edges added and removed (input → reader)",
                   columns: ["change", "src_attribute", "src_view", "src_rule", "dst_attribute", "dst_view", "dst_rule", "offset"],
                   rows: edgeRows, limit: options.tableRows, total: edgeTotal)
        page.html("</section>\n")
        return warnings
    }

    /// Values are cut at 1000 characters in the page (the database keeps them whole).
    static func clip(_ s: String) -> String { s.count > 1000 ? String(s.prefix(1000)) + "… (cut)" : s }
}
