/// The cause -> effect section of the HTML report: per write (invalidate hit) of a run, the
/// written node, the nodes its push walk marked, the updates it caused (`RunCauses`) and the
/// other updates that ran before the next write, with a picture of that neighbourhood.
extension HTMLSections {
    static func writes(_ page: HTMLPage, db: Database, run: Int64, snapshot: Int64?, options: HTMLReport.Options) throws {
        let causes = try RunCauses.compute(in: db, run: run, snapshot: snapshot)
        var names = try NodeNames(db: db, snapshot: snapshot)
        page.html("<section id=\"writes\"><h2>Cause → effect</h2>\n<p class=\"note\">")
        page.text("Each write (an AGGraphInvalidateValue hit) marks the nodes downstream of the written node over the edges known "
                  + "at that moment (the run's add_input hits before it" + (snapshot == nil ? "" : ", plus the snapshot's edges")
                  + "). It caused an update when the updated node is the written one or one it marked, and had not run since. "
                  + "'Also ran': updates before the next write that this write does not explain.")
        page.html("</p>\n")
        if !causes.edgesKnown {
            page.html("<p class=\"note left-out\">")
            page.text("This run has no add_input hits and no snapshot was given: no edges are known, so marked sets and causes "
                      + "are unknown. Export again with --snapshot S (a dump of the same process), or record add_input.")
            page.html("</p>\n")
        }
        if causes.invalidations.isEmpty { page.html("<p class=\"note\">The run has no invalidate hits.</p>\n") }

        // Edges for the pictures: the run's own, and the snapshot's out of each pictured node.
        var runEdges: [Int64: [Int64]] = [:]
        let edgeRows = try ReportRegistry.query("html-run-edges").prepare(in: db, ["run": .integer(run)])
        while try edgeRows.step() { runEdges[edgeRows.int64(0), default: []].append(edgeRows.int64(1)) }
        let readersQuery = ReportRegistry.query("walk-readers")
        var readersStmt: Statement?
        func readers(_ a: Int64) throws -> [Int64] {
            var out = runEdges[a] ?? []
            guard let snapshot else { return out }
            let values: [String: SQLValue] = ["snapshot": .integer(snapshot), "attribute": .integer(a)]
            if let readersStmt { try readersQuery.bind(readersStmt, values) } else { readersStmt = try readersQuery.prepare(in: db, values) }
            while try readersStmt!.step() { out.append(readersStmt!.int64(0)) }
            return out
        }

        var caused = [[Int64]](repeating: [], count: causes.invalidations.count)
        var alsoRan = [[Int64]](repeating: [], count: causes.invalidations.count)
        // Updates in seq order: each belongs to the last write before it ("also ran" unless caused).
        var w = -1
        for update in causes.updates {
            while w + 1 < causes.invalidations.count && causes.invalidations[w + 1].seq < update.seq { w += 1 }
            for c in update.causes ?? [] { caused[c].append(update.attribute ?? -1) }
            if w >= 0, !(update.causes ?? []).contains(w) { alsoRan[w].append(update.attribute ?? -1) }
        }

        let shown = min(causes.invalidations.count, 200)
        if shown < causes.invalidations.count {
            page.html("<p class=\"note left-out\">")
            page.text("The first \(shown) of \(causes.invalidations.count) writes are shown; agtrace report dirty-walks --run lists them all.")
            page.html("</p>\n")
        }
        for (i, inv) in causes.invalidations.prefix(shown).enumerated() {
            let rootName = try names.name(inv.root)
            page.html("<div class=\"write\"><h3>")
            page.text("write \(i + 1): \(inv.root.map(String.init) ?? "(attribute not read)")"
                      + (rootName.map { " " + ($0.view ?? $0.rule ?? "") } ?? "")
                      + " — hit \(inv.seq)" + (inv.line.map { ", line \($0)" } ?? ""))
            page.html("</h3>\n")
            func chips(_ title: String, _ attributes: [Int64], reran: Set<Int64> = []) throws {
                page.html("<p><b>"); page.text("\(title) (\(attributes.count)): "); page.html("</b>")
                for a in attributes.prefix(300) {
                    let n = try names.name(a)
                    page.html(reran.contains(a) ? "<span class=\"chip reran\">" : "<span class=\"chip\">")
                    page.text(a < 0 ? "(attribute not read)" : "\(a)" + (n.map { " " + ($0.view ?? $0.rule ?? "") } ?? ""))
                    page.html("</span>")
                }
                if attributes.count > 300 { page.html("<span class=\"note\">"); page.text(" … \(attributes.count - 300) more"); page.html("</span>") }
                page.html("</p>\n")
            }
            let reran = Set(caused[i])
            if let marked = inv.marked {
                try chips("marked", marked, reran: reran)
            } else {
                page.html("<p class=\"note\">marked: unknown (no edges known)</p>\n")
            }
            try chips("reran (caused by this write)", caused[i])
            try chips("also ran", alsoRan[i])
            if let root = inv.root, let marked = inv.marked, i < 30 {
                let members = [root] + marked.prefix(39)
                let inPicture = Set(members)
                var nodes: [PictureDOT.Node] = []
                for a in members {
                    let n = try names.name(a)
                    nodes.append(PictureDOT.Node(id: a, label: label(a, view: n?.view, rule: n?.rule), dirty: false,
                                                 emphasis: a == root ? .written : (reran.contains(a) ? .reran : .none)))
                }
                var edges: [PictureDOT.Edge] = []
                var seenEdges = Set<[Int64]>()
                for a in members {
                    for r in try readers(a) where inPicture.contains(r) && seenEdges.insert([a, r]).inserted {
                        edges.append(PictureDOT.Edge(src: a, dst: r, changed: false))
                    }
                }
                page.picture(PictureDOT.make(nodes: nodes, edges: edges))
            }
            page.html("</div>\n")
        }
        page.html("</section>\n")
    }
}
