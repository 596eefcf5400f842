/// What `agtrace walk` asked for: the push walk of a snapshot's edges, or of a trace's graph.
public struct WalkRequest: Equatable, Sendable {
    public var start: WalkStart
    /// Exactly one of the two.
    public var snapshot, trace: String?
    /// At most this many edges from the start.
    public var depth: Int?
    /// A trace's moment (an event's seq); nil: the start's last write, else the trace's end.
    public var at: Int64?

    public init(start: WalkStart, snapshot: String? = nil, trace: String? = nil, depth: Int? = nil, at: Int64? = nil) {
        self.start = start
        self.snapshot = snapshot
        self.trace = trace
        self.depth = depth
        self.at = at
    }
}

/// Runs a walk request: the rows, and in `log` the moment chosen and what the trace cannot tell.
public enum WalkRunner {
    public static func run(_ request: WalkRequest, in db: Database, log: CommandLog) throws -> ComputedRows {
        if let trace = request.trace {
            let from = request.start.inTrace
            let traceId = try LabelLookup.traceId(trace, in: db)
            var moment = request.at
            if moment == nil {
                let chosen = try TraceWalk.defaultMoment(in: db, trace: traceId, from: from)
                moment = chosen.at
                if let note = chosen.note { log.say(.line(note)) }
            }
            let rows = try TraceWalk.rows(in: db, trace: traceId, label: trace, from: from, maxDepth: request.depth, at: moment)
            if let note = try TraceNotes.unknownIndirectSources(in: db, trace: traceId, label: trace) {
                log.say(.warning(note))
            }
            return ComputedRows(columns: TraceWalk.columns, rows: rows)
        }
        guard let label = request.snapshot else { throw ReportUsageError("--snapshot S is required (or --trace T to walk a trace)") }
        let snapshot = try LabelLookup.snapshotId(label, in: db)
        let views = NodeViews(in: db, snapshot: snapshot)
        let roots = try request.start.attributes(views: views, snapshotLabel: label)
        let steps = try PushWalk.run(in: db, snapshot: snapshot, label: label, from: roots, maxDepth: request.depth, views: views)
        return ComputedRows(columns: PushWalk.columns, rows: PushWalk.rows(steps))
    }
}
