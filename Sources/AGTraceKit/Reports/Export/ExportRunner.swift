/// What `agtrace export` draws, resolved from labels to what the Output writers take: the ids
/// behind the labels, the timeline made, the Graphviz found. Usage problems: a ReportUsageError.
public enum ExportRunner {
    /// `export dot`: the snapshot's database and id.
    public static func dot(snapshot label: String, openDatabase: () throws -> Database) throws -> (db: Database, snapshot: Int64) {
        let db = try openDatabase()
        return (db, try LabelLookup.snapshotId(label, in: db))
    }

    /// `export html`: the database (the page resolves its inputs as it is written) and the
    /// Graphviz that lays out its pictures; `log` says when there is none.
    public static func html(openDatabase: () throws -> Database, log: CommandLog) throws -> (db: Database, graphviz: Graphviz?) {
        let db = try openDatabase()
        let graphviz = Graphviz.find()
        if graphviz == nil {
            log.say(.line("Graphviz (dot) is not on the PATH: the page shows lists instead of pictures (install graphviz for them)"))
        }
        return (db, graphviz)
    }

    /// `export perfetto`: a run (named by `snapshot`, which `log` warns about when it is a dump
    /// of another process) or a trace, laid out in time.
    public static func timeline(run: String?, snapshot: String?, trace: String?, xctrace: String? = nil,
                                openDatabase: () throws -> Database, log: CommandLog) throws -> TimelineSpool {
        if let label = xctrace {
            guard run == nil, trace == nil, snapshot == nil else {
                throw ReportUsageError("give --xctrace R alone (an Instruments recording names its own views and threads)")
            }
            let db = try openDatabase()
            return try XctraceSlices.make(in: db, recording: try LabelLookup.id(of: label, kind: .recording, in: db), label: label)
        }
        switch (run, trace) {
        case (let runLabel?, nil):
            let db = try openDatabase()
            let run = try LabelLookup.runId(runLabel, in: db)
            let snapshotId = try snapshot.map { try LabelLookup.snapshotId($0, in: db) }
            if let snapshotId, let snapshot,
               let warning = try RunSnapshotMatch.check(in: db, run: run, runLabel: runLabel, snapshot: snapshotId, snapshotLabel: snapshot).warning {
                log.say(.warning(warning))
            }
            return try RunTimeline.make(in: db, run: run, label: runLabel, snapshot: snapshotId)
        case (nil, let traceLabel?):
            guard snapshot == nil else {
                throw ReportUsageError("--snapshot names a run's nodes; a trace names its own (drop --snapshot)")
            }
            let db = try openDatabase()
            return try TraceSlices.make(in: db, trace: try LabelLookup.traceId(traceLabel, in: db), label: traceLabel)
        case (nil, nil): throw ReportUsageError("--run R or --trace T is required (what to lay out in time)")
        default: throw ReportUsageError("give --run R or --trace T, not both")
        }
    }
}
