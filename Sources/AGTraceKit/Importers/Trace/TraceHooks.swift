extension KindHooks {
    /// What a trace's rows add to reports (what its clock cannot time, rules no view names),
    /// its timeline (the engine's own nesting) and the HTML page.
    static let trace = KindHooks(
        report: ReportHooks(notes: { context in
            guard let trace = context.id("trace") else { return [] }
            let label = context.label("trace"), db = context.db
            var notes: [String] = []
            // Seconds of evaluations its timestamps cannot time (in a variant with a seconds
            // column); with `--by view` the evaluations of rules that name no view.
            if context.variant.units.values.contains(.seconds), let note = try TraceNotes.untimed(in: db, trace: trace, label: label) {
                notes.append(note)
            }
            if context.request.by == "view", let note = try TraceNotes.viewless(in: db, trace: trace, label: label) {
                notes.append(note)
            }
            if context.request.details, let note = try TraceNotes.marksUnknown(in: db, trace: trace, label: label) {
                notes.append(note)
            }
            return notes
        }),
        timeline: TimelineHook { input in try TraceSlices.make(in: input.db, trace: input.id, label: input.label) },
        html: TraceHooks.html,
        findings: { context in
            let found = try TraceFindings(id: context.id, label: context.label, db: context.db, limits: context.limits).findings()
            if try context.db.scalar("SELECT complete FROM traces WHERE id = ?1", [.integer(context.id)])?.intValue == 0 {
                context.note("trace '\(context.label)' did not end normally: what the app did after it was cut is not in it")
            }
            return found
        },
        exportHelp: "the trace to export (perfetto, html)")
}

enum TraceHooks {
    /// Its facts, its evaluations timed by its own clock (after a snapshot's work), and cause
    /// -> effect per write (after a run's).
    static let html = HTMLHooks(showsWork: true) { own, _, given in
        guard let own else { return HTMLPart() }
        let db = given.db, options = given.options
        return HTMLPart(
            facts: { page in try HTMLSections.traceFacts(page, db: db, trace: own.id) },
            work: (2, { page in try HTMLSections.traceWork(page, db: db, trace: own.id, options: options) }),
            sections: [HTMLSection(id: "writes", title: "Cause → effect", rank: 1) { page in
                try HTMLSections.writes(page, db: db, trace: own.id, options: options)
                return []
            }])
    }
}
