extension KindHooks {
    /// What a snapshot's rows add to reports and to the HTML page (it has no timeline: a dump
    /// is one moment).
    static let snapshot = KindHooks(
        report: ReportHooks(
            before: { context in
                if context.variant.needsProfile, let id = context.id("snapshot") {
                    try SnapshotHooks.requireProfile(snapshot: id, label: context.label("snapshot"), in: context.db)
                }
                guard let from = context.id("from"), let to = context.id("to") else { return [] }
                var warnings: [String] = []
                let fromLabel = context.label("from"), toLabel = context.label("to"), db = context.db
                // edge-churn counts the pairing in its merge, where the query would cost more than it.
                if context.variant.compute != "edge-churn",
                   let warning = try SnapshotPairing.count(in: db, from: from, to: to).warning(in: db, from: from, to: to,
                                                                                                fromLabel: fromLabel, toLabel: toLabel) {
                    warnings.append(warning)
                }
                return warnings + (try SnapshotOrder.warnings(in: db, from: from, to: to, fromLabel: fromLabel, toLabel: toLabel))
            },
            computes: ["edge-churn": SnapshotHooks.edgeChurn]),
        html: SnapshotHooks.html,
        findings: { context in
            if try SnapshotFindings.isProfiled(context.id, in: context.db) {
                return try SnapshotFindings(id: context.id, label: context.label, db: context.db, limits: context.limits).findings()
            }
            // Said when dumps were asked for, not when every recording of a database is read.
            if !context.request.inputs.isEmpty || !context.request.snapshots.isEmpty {
                context.note("snapshot '\(context.label)' holds no profile data: its body runs cannot be judged (dump it with profiling on)")
            }
            return []
        },
        exportHelp: "the snapshot to export (html, perfetto: names the run's nodes)")
}

enum SnapshotHooks {
    /// Its facts (and those of the two it compares), its profile's work (after a run's, which
    /// it names), the node finder, and `--compare A B` of two snapshots (what diff shows).
    static let html = HTMLHooks(showsWork: true, comparesItself: true) { own, compared, given in
        let db = given.db, options = given.options
        var part = HTMLPart(namesCycles: own?.label)
        let roles = (own.map { [("snapshot", $0.id)] } ?? [])
            + (compared.map { [("compared from", $0.from.id), ("compared to", $0.to.id)] } ?? [])
        part.facts = { page in try HTMLSections.snapshotFacts(page, db: db, roles: roles) }
        if let own {
            // The node finder's graph is read meanwhile on another core, on a connection of its
            // own: the sections before it read other tables.
            let graph = BackgroundRead.start(path: db.path) { try SnapshotGraph(in: $0, snapshot: own.id) }
            part.work = (1, { page in try HTMLSections.snapshotWork(page, db: db, snapshot: own.id, label: own.label, options: options) })
            // After the writes (1).
            part.sections.append(HTMLSection(id: "finder-section", title: "Node finder", rank: 2) { page in
                try HTMLSections.finder(page, db: db, snapshot: own.id, label: own.label, options: options, loaded: graph?())
                return []
            })
        }
        if let compared {
            // After the kinds' own sections (an Instruments recording's is 3).
            part.sections.append(HTMLSection(id: "compare", title: "Compare", rank: 4) { page in
                try HTMLSections.compare(page, db: db, from: compared.from.label, to: compared.to.label, ids: (compared.from.id, compared.to.id),
                                         options: options)
            })
        }
        return part
    }

    static func requireProfile(snapshot id: Int64, label: String, in db: Database) throws {
        let present = try ReportRegistry.query("profile-present").rows(in: db, ["snapshot": .integer(id)]).rows.first?.first
        if present?.intValue != 1 {
            throw ReportError("snapshot '\(label)' holds no profile data: dump it with AGGraphStartProfiling on (the rule times come from the profile)")
        }
    }

    /// `report edge-churn --from S1 --to S2`, streamed: two unrelated million-node snapshots
    /// differ by millions of rows.
    @Sendable static func edgeChurn(_ context: ReportContext, _ writer: RowSink, _ outcome: inout ReportOutcome) throws {
        let db = context.db
        let ids = try context.variant.prepare(in: db, context.values)
        guard try ids.step() else { throw ReportError("edge-churn: no snapshots") }
        let comparison = try SnapshotComparison(in: db, from: ids.int64(0), to: ids.int64(1), values: false)
        if let warning = try comparison.pairing.warning(in: db, from: ids.int64(0), to: ids.int64(1),
                                                        fromLabel: context.label("from"), toLabel: context.label("to")) {
            outcome.warnings.insert(warning, at: 0)
        }
        let treeViews = (from: try SnapshotComparison.treeViews(in: db, snapshot: ids.int64(0)),
                         to: try SnapshotComparison.treeViews(in: db, snapshot: ids.int64(1)))
        writer.begin(columns: SnapshotComparison.edgeChurnColumns)
        let limit = context.request.limit ?? Int.max
        var n = 0
        comparison.edgeChurnRows(limit: limit == Int.max ? limit : limit + 1, treeViews: treeViews) { row in
            n += 1
            if n <= limit { writer.row(row) }
        }
        writer.end()
        outcome.moreRows = n > limit
    }
}
