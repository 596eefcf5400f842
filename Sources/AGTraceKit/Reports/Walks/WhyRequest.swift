import Foundation

/// What `agtrace why` asked for: explain the start from a dump, a run (named by a dump or
/// not), a trace or an Instruments recording.
public struct WhyRequest: Equatable, Sendable {
    public var start: WalkStart
    public var run, snapshot, trace, xctrace: String?
    /// `--by cause`: the rows summed per cause (`WhyCauses`).
    public var byCause = false

    public init(start: WalkStart, run: String? = nil, snapshot: String? = nil, trace: String? = nil, xctrace: String? = nil,
                byCause: Bool = false) {
        self.byCause = byCause
        self.start = start
        self.run = run
        self.snapshot = snapshot
        self.trace = trace
        self.xctrace = xctrace
    }
}

/// Runs a why request: the rows, and in `log` what qualifies them (a dump of another process,
/// no walk known, nothing to explain).
public enum WhyRunner {
    /// `database` is the path `openDatabase` opens (a run's label is looked up there before a
    /// usage error that would send the user the wrong way). Usage problems: a ReportUsageError.
    public static func run(_ request: WhyRequest, database: String, openDatabase: () throws -> Database,
                           log: CommandLog) throws -> ComputedRows {
        let result = try rows(request, database: database, openDatabase: openDatabase, log: log)
        return request.byCause ? try WhyCauses.grouped(result) : result
    }

    static func rows(_ request: WhyRequest, database: String, openDatabase: () throws -> Database,
                     log: CommandLog) throws -> ComputedRows {
        let start = request.start
        if let label = request.xctrace {
            guard request.run == nil, request.snapshot == nil, request.trace == nil else {
                throw ReportUsageError("--xctrace explains from the recording alone: give it without --run, --snapshot or --trace")
            }
            guard case .view(let view) = start else {
                throw ReportUsageError("an Instruments recording has no attributes: give --view V (its updates' views)")
            }
            let db = try openDatabase()
            let recording = try LabelLookup.id(of: label, kind: .recording, in: db)
            let result = try XctraceWhy.rows(in: db, recording: recording, label: label, view: view, log: log)
            return ComputedRows(columns: result.columns, rows: result.rows, units: XctraceWhy.units)
        }
        if let traceLabel = request.trace {
            guard request.run == nil, request.snapshot == nil else {
                throw ReportUsageError("--trace explains from the trace alone: give it without --run or --snapshot")
            }
            let db = try openDatabase()
            let trace = try LabelLookup.traceId(traceLabel, in: db)
            let result: (columns: [String], rows: [[SQLValue]])
            switch start {
            case .attribute(let attribute): result = try TraceWhy.rows(in: db, trace: trace, label: traceLabel, attribute: attribute)
            case .view(let view): result = try TraceWhy.rows(in: db, trace: trace, label: traceLabel, view: view)
            }
            return ComputedRows(columns: result.columns, rows: result.rows, units: TraceWhy.units)
        }
        if request.run == nil && request.snapshot == nil {
            throw ReportUsageError("give --snapshot S (a dump), --run R (a transcript) or --trace T (a trace) to explain from")
        }
        if case .view = start, let runLabel = request.run, request.snapshot == nil {
            // A label that is no run (a trace, a snapshot) is said first: asking for --snapshot
            // would send the user the wrong way.
            if FileManager.default.fileExists(atPath: database) {
                _ = try LabelLookup.runId(runLabel, in: try openDatabase())
            }
            throw ReportUsageError("--view with --run needs --snapshot S to know which nodes the view names")
        }
        let db = try openDatabase()
        let snapshotLabel = request.snapshot
        let snapshot = try snapshotLabel.map { try LabelLookup.snapshotId($0, in: db) }
        let views = snapshot.map { NodeViews(in: db, snapshot: $0) }
        let roots = try views.map { try start.attributes(views: $0, snapshotLabel: snapshotLabel!) }
            ?? start.attributes(views: NodeViews(), snapshotLabel: "")
        if let runLabel = request.run {
            let run = try LabelLookup.runId(runLabel, in: db)
            if let snapshot, let snapshotLabel {
                let match = try RunSnapshotMatch.check(in: db, run: run, runLabel: runLabel, snapshot: snapshot, snapshotLabel: snapshotLabel)
                if let warning = match.warning { log.say(.warning(warning)) }
            }
            let report = try RunWhy.report(in: db, run: run, snapshot: snapshot, attributes: roots)
            if !report.edgesKnown { log.say(.warning(RunCauses.noEdgesHint(run: runLabel))) }
            if report.rows.isEmpty {
                log.say(.line("run '\(runLabel)' has no update of \(roots.map(String.init).joined(separator: ", "))"))
            }
            return ComputedRows(columns: report.columns, rows: report.rows)
        }
        let steps = try DumpWhy.run(in: db, snapshot: snapshot!, label: snapshotLabel!, from: roots, views: views)
        if !steps.contains(where: { $0.dirty == true }) {
            log.say(.line("nothing is dirty there in snapshot '\(snapshotLabel!)': dump the graph after the invalidation and before the body runs"))
        }
        return ComputedRows(columns: DumpWhy.columns, rows: DumpWhy.rows(steps))
    }
}
