extension KindHooks {
    /// What an Instruments recording's rows add to reports (tables it lacks, times beyond any
    /// clock), its timeline (its own clock and threads) and the HTML page (a section of its own).
    static let recording = KindHooks(
        report: ReportHooks(
            notes: { context in
                guard let recording = context.id("xctrace") else { return [] }
                return try XctraceNotes.notes(for: context.variant, recording: recording, label: context.label("xctrace"), in: context.db)
            },
            failure: { error, context in
                // A recording's times beyond any clock (stored before they were refused): the
                // file and the row, not SQL.
                guard error.message.contains("integer overflow"), let recording = context.id("xctrace") else { return nil }
                return try XctraceNotes.timeBeyondRange(recording: recording, label: context.label("xctrace"), in: context.db)
            }),
        timeline: TimelineHook(alone: "an Instruments recording names its own views and threads") { input in
            try XctraceSlices.make(in: input.db, recording: input.id, label: input.label)
        },
        html: RecordingHooks.html,
        findings: { context in
            try XctraceFindings(id: context.id, label: context.label, db: context.db, limits: context.limits).findings()
        },
        exportHelp: "the Instruments recording to export (perfetto, html)")
}

enum RecordingHooks {
    /// A section of its own (its work is there: no block in "Where the work went"), after the
    /// node finder (2).
    static let html = HTMLHooks(showsWork: false) { own, _, given in
        guard let own else { return HTMLPart() }
        let db = given.db, options = given.options
        return HTMLPart(sections: [HTMLSection(id: "xctrace", title: "Instruments recording", rank: 3) { page in
            try HTMLXctrace.section(page, db: db, label: own.label, recording: own.id, options: options)
            return []
        }])
    }
}
