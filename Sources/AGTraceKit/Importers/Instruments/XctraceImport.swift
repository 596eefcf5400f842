/// The Instruments half of `Importer`: one `xctrace_recordings` row, its tables and values,
/// the duplicate check.
enum XctraceImport {
    static func run(_ job: FormatImport) throws -> (summary: XctraceReader.Summary, sha256: String) {
        let (id, read, sha) = try job.file.readRowLast(.recording, db: job.db, hash: job.hash) { id in
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
            INSERT INTO xctrace_recordings(id, label, source, sha256, imported_at, compressed, size_bytes, documents,
                device, device_model, device_uuid, platform, os_version, process, pid, template, instruments_version,
                start_date, end_date, duration_ns, end_reason, runs, first_value_id, last_value_id)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24)
            """).runRow(id, job.file.label, job.file.storedPath, sha, Importer.timestamp(), job.file.compressed, job.file.size,
                        summary.documents, run?.device, run?.deviceModel, run?.deviceUUID, run?.platform, run?.osVersion,
                        run?.process, run?.pid, run?.template, run?.instrumentsVersion, run?.startDate, run?.endDate,
                        run?.durationNs, run?.endReason, summary.runs > 0 ? summary.runs : nil,
                        summary.firstValueId, summary.lastValueId)
        return (summary, sha)
    }
}
