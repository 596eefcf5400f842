extension KindHooks {
    /// What a run's rows add to reports, timelines and the HTML page; a snapshot given with it
    /// (a dump of the same process) names its attributes, and is checked to be one.
    static let run = KindHooks(
        report: ReportHooks(
            before: { context in
                guard let run = context.id("run"), let snapshot = context.id("snapshot") else { return [] }
                let match = try RunSnapshotMatch.check(in: context.db, run: run, runLabel: context.label("run"), snapshot: snapshot,
                                                       snapshotLabel: context.label("snapshot"))
                return match.warning.map { [$0] } ?? []
            },
            computes: ["dirty-walks": { context, writer, outcome in
                guard let run = context.id("run") else { throw ReportError("dirty-walks: no run") }
                let walks = try DirtyWalks.rows(in: context.db, run: run, snapshot: context.id("snapshot"))
                if !walks.edgesKnown && !walks.rows.isEmpty {
                    outcome.warnings.append(RunCauses.noEdgesHint(run: context.label("run")))
                }
                outcome.moreRows = ReportRunner.write(columns: DirtyWalks.columns, rows: walks.rows, limit: context.request.limit,
                                                      to: writer)
            }]),
        timeline: TimelineHook(namedBy: "snapshot") { input in
            if let naming = input.naming,
               let warning = try RunSnapshotMatch.check(in: input.db, run: input.id, runLabel: input.label, snapshot: naming.id,
                                                        snapshotLabel: naming.label).warning {
                input.log.say(.warning(warning))
            }
            return try RunTimeline.make(in: input.db, run: input.id, label: input.label, snapshot: input.naming?.id)
        },
        html: RunHooks.html,
        findings: { context in
            try CycleFindings(kind: "run", owner: context.id, label: context.label, positionKind: "hit", db: context.db).findings()
        },
        exportHelp: "the run (transcript) to export (perfetto, html)")
}

enum RunHooks {
    /// Its facts, its updates (first of the work: named through the page's snapshot), and
    /// cause -> effect per write.
    static let html = HTMLHooks(showsWork: true) { own, _, given in
        guard let own else { return HTMLPart() }
        let db = given.db, options = given.options, snapshot = given.row(.snapshot)
        var part = HTMLPart()
        // A run named through a snapshot of another process would get wrong names silently.
        if let snapshot,
           let warning = try RunSnapshotMatch.check(in: db, run: own.id, runLabel: own.label, snapshot: snapshot.id, snapshotLabel: snapshot.label).warning {
            part.warnings.append(warning)
        }
        part.facts = { page in try HTMLSections.runFacts(page, db: db, run: own.id) }
        part.work = (0, { page in
            try HTMLSections.runWork(page, db: db, run: own.id, snapshot: snapshot?.id, snapshotLabel: snapshot?.label, options: options)
        })
        // The replay behind cause -> effect runs on a second connection and core while the
        // sections before it are written.
        let run = own.id, snapshotId = snapshot?.id
        let replayed = BackgroundRead.start(path: db.path) { try HTMLSections.runEffects(in: $0, run: run, snapshot: snapshotId) }
        part.sections = [HTMLSection(id: "writes", title: "Cause → effect", rank: 1) { page in
            try HTMLSections.writes(page, db: db, run: run, snapshot: snapshotId, replayed: replayed?(), options: options)
            return []
        }]
        return part
    }
}
