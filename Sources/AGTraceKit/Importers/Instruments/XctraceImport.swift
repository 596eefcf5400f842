/// The Instruments half of `Importer`: its `xctrace_recording_facts` row, its tables and values,
/// the duplicate check.
enum XctraceImport {
    static func run(_ job: FormatImport) throws -> (summary: XctraceReader.Summary, sha256: String, ending: RecordingEnding) {
        let (id, read, sha) = try job.file.readRowLast(facts: "xctrace_recording_facts", db: job.db, hash: job.hash) { id in
            let store = try XctraceStore(db: job.db, recordingId: id)
            let firstValue = (try job.db.scalar("SELECT max(id) FROM xctrace_values")?.intValue ?? 0) + 1
            let files = XctraceFolder.files(job.file.path)
            job.mark("read")
            let reader = XctraceReader(source: job.source, firstValueId: firstValue,
                                       path: { files.indices.contains($0) ? files[$0] : job.file.path })
            let pipeline = XctracePipeline(store: store, firstTableId: try job.db.nextRowId(in: "xctrace_tables"))
            pipeline.tick = job.tick
            let summary = try pipeline.drive(mark: job.mark) {
                let summary = try reader.read(into: pipeline)
                try pipeline.flush()
                return summary
            }
            return (summary, run: store.firstRun)
        }
        let (summary, run) = read
        try job.db.prepare("""
            INSERT INTO xctrace_recording_facts(id, import_id, documents,
                device, device_model, device_uuid, platform, os_version, process, pid, template, instruments_version,
                start_date, end_date, duration_ns, runs, first_value_id, last_value_id)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)
            """).runRow(id, job.importId,
                        summary.documents, run?.device, run?.deviceModel, run?.deviceUUID, run?.platform, run?.osVersion,
                        run?.process, run?.pid, run?.template, run?.instrumentsVersion, run?.startDate, run?.endDate,
                        run?.durationNs, summary.runs > 0 ? summary.runs : nil,
                        summary.firstValueId, summary.lastValueId)
        var summary2 = summary
        let impossible = try impossibleDurations(recording: id, in: job.db)
        if let impossible { summary2.notes.append(impossible) }
        let ending = ending(tocReason: run?.endReason, notes: summary.notes).doubted(impossible.map { "impossible durations: \($0.message)" })
        return (summary2, sha, ending)
    }

    /// How the recording ended: cut when an export ends inside a table (its rows are short),
    /// else as the toc's `end-reason` says (a crash fails it; other reasons end it; no toc,
    /// unknown).
    static func ending(tocReason: String?, notes: [ImportNote]) -> RecordingEnding {
        if let cut = notes.first(where: { $0.code == ImportNoteCode.xctraceCut.code }) {
            return .failed("cut: an export ends inside a table\(cut.position.map { " (byte \($0))" } ?? "")")
        }
        guard let reason = tocReason?.trimmingCharacters(in: .whitespacesAndNewlines), !reason.isEmpty else {
            return .unknown(nil)
        }
        let lower = reason.lowercased()
        if ["crash", "fail", "error", "terminated", "killed", "abort"].contains(where: { lower.contains($0) }) {
            return .failed("crashed: \(reason)")
        }
        return .ended(reason)
    }

    /// A row whose duration is below zero (hitches, hangs, updates and their groups): the
    /// recording's times cannot be right. The note names how many and the first, by table and
    /// row; nil when none.
    static func impossibleDurations(recording: Int64, in db: Database) throws -> ImportNote? {
        let rows = try db.rows("""
            SELECT t.schema, t.document, r.position, v.number, count(*) OVER ()
            FROM xctrace_tables t JOIN xctrace_rows r ON r.table_id = t.id JOIN xctrace_values v ON v.id = r.c1
            WHERE t.recording_id = ?1 AND t.schema IN ('swiftui-updates', 'swiftui-update-groups', 'hitches', 'potential-hangs')
              AND v.number < 0
            ORDER BY t.id, r.position LIMIT 1
            """, [.integer(recording)])
        guard let first = rows.first, let count = first[4].intValue else { return nil }
        let ns = first[3].doubleValue ?? 0
        let position = first[2].intValue ?? 0
        return ImportNote(.impossibleDuration,
                          message: "\(count) row\(count == 1 ? "" : "s") with a negative duration (the first, row \(position + 1) of \(first[0].description) in file \((first[1].intValue ?? 0) + 1), lasts -\(TraceTimeline.ImpossibleDurations.seconds(abs(ns) / 1e9))): the recording's times cannot be right; 'check' refuses it unless --allow-incomplete",
                          position: Int(position))
    }
}
