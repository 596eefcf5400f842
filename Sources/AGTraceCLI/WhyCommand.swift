import AGTraceKit
import CommandLineOptions
import Foundation

enum WhyCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "why"
    static let summary = "Explain why a node (or every node of a view) ran or is dirty: the write behind it"
    static let usage = [
        UsageForm([start, .oneOf([[.option(snapshot)], [.option(run), .optional(snapshot)]])] + Options.rows.map { UsageTerm.optional($0) }),
        UsageForm([start, .option(trace)] + Options.rows.map { UsageTerm.optional($0) }),
    ]
    static let start = UsageTerm.oneOf([[.positional(StartingPoint.attribute)], [.option(view)]])
    static let discussion = """
    Over a dump (--snapshot S, taken after an invalidation, before the body ran): the
    explanation upstream of ATTR. Its dirty inputs (flag bit 0), recursively, down to the
    causes: a clean input whose edge into a dirty reader carries the changed flag (8) — the
    written state's signal, typically — or a dirty node with neither a dirty input nor an
    input through a changed edge (it was invalidated itself). One row per node on those paths:
    attribute, depth (edges upstream of ATTR), rule, view, dirty, changed_edge (its edge into
    the node below changed), cause (1 or 0). Clean inputs without a changed edge explain
    nothing and are not listed.

    Over a transcript (--run R): one row per update of ATTR and invalidation that caused it:
    update_seq, attribute, cause_seq, cause_root; with --snapshot S also rule and view (and
    S's edges join the run's add_input edges). A cause is an invalidation after ATTR's
    previous update whose push walk marks ATTR (or that invalidated ATTR). An update nothing
    caused, such as a first build, has one row with an empty cause. Without add_input hits and
    without --snapshot no walk is known: the causes are empty and stderr says so.

    Over a trace (--trace T): one row per evaluation of ATTR (a BeginValueUpdate):
    update_seq, its rule and view, seconds (its duration; empty when the trace's timestamps
    cannot time it), changed, and its cause: cause_seq, the write (BeginGraphInvalidation)
    whose dirty marks included ATTR since its previous evaluation, and cause_root, the
    attribute that write set, with cause_rule and cause_view, marked_seq (the write's
    NodeSetDirty of ATTR) and cause_marked (how many nodes it marked: 'report dirty-walks
    --trace T --details' lists them). A first build has an empty cause. The trace shows the
    marks: nothing is predicted.

    --view NAME starts from every node the view names (node_views; with --run it needs
    --snapshot to know them; with --trace, the nodes whose rule is the view's body, all their
    evaluations in trace order). ATTR is decimal or 0x-hex.

    Examples:
      agtrace why 3216 --snapshot trip-3-after-invalidate
      agtrace why --view Trip --snapshot trip-3-after-invalidate
      agtrace why 3152 --run trip-frame-info
      agtrace why --view Trip --run trip-frame-info --snapshot trip-1-before --format json
      agtrace why 1048 --trace trip-taps
      agtrace why --view TripView --trace trip-taps
    """
    static let snapshot = Options.snapshot.explained("the dump to explain from, or (with --run) to name nodes and add edges")
    static let run = Options.run.explained("the transcript whose updates to explain")
    static let trace = Options.trace.explained("the trace whose evaluations of ATTR (or of the view) to explain")
    static let view = StartingPoint.view.explained("explain every node of this view instead of ATTR")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        try args.checkRowOptions()
        let start = try StartingPoint.parse(args)
        let runLabel = args.value(Self.run), snapshotLabel = args.value(Self.snapshot)
        if let traceLabel = args.value(Self.trace) {
            guard runLabel == nil, snapshotLabel == nil else {
                throw UsageError(message: "--trace explains from the trace alone: give it without --run or --snapshot")
            }
            let db = try context.openDatabase(.read)
            let trace = try LabelLookup.traceId(traceLabel, in: db)
            let result: (columns: [String], rows: [[SQLValue]])
            switch start {
            case .attribute(let attribute): result = try TraceWhy.rows(in: db, trace: trace, label: traceLabel, attribute: attribute)
            case .view(let view): result = try TraceWhy.rows(in: db, trace: trace, label: traceLabel, view: view)
            }
            try context.writeRows(columns: result.columns, rows: result.rows, args: args, command: name, units: TraceWhy.units)
            return 0
        }
        if runLabel == nil && snapshotLabel == nil {
            throw UsageError(message: "give --snapshot S (a dump), --run R (a transcript) or --trace T (a trace) to explain from")
        }
        if case .view = start, let runLabel, snapshotLabel == nil {
            // A label that is no run (a trace, a snapshot) is said first: asking for --snapshot
            // would send the user the wrong way.
            if FileManager.default.fileExists(atPath: context.databasePath) {
                _ = try LabelLookup.runId(runLabel, in: try context.openDatabase(.read))
            }
            throw UsageError(message: "--view with --run needs --snapshot S to know which nodes the view names")
        }
        let db = try context.openDatabase(.read)
        let snapshot = try snapshotLabel.map { try LabelLookup.snapshotId($0, in: db) }
        let views = snapshot.map { NodeViews(in: db, snapshot: $0) }
        let roots = try views.map { try start.attributes(views: $0, snapshotLabel: snapshotLabel!) }
            ?? start.attributes(views: NodeViews(), snapshotLabel: "")
        let columns: [String]
        let rows: [[SQLValue]]
        if let runLabel {
            let run = try LabelLookup.runId(runLabel, in: db)
            if let snapshot, let snapshotLabel {
                let match = try RunSnapshotMatch.check(in: db, run: run, runLabel: runLabel, snapshot: snapshot, snapshotLabel: snapshotLabel)
                if let warning = match.warning { context.note("agtrace why: warning: \(terminalSafe(warning))") }
            }
            let report = try RunWhy.report(in: db, run: run, snapshot: snapshot, attributes: roots)
            if !report.causes.edgesKnown { context.note("agtrace why: warning: \(terminalSafe(RunCauses.noEdgesHint(run: runLabel)))") }
            if report.rows.isEmpty {
                context.err.write("agtrace why: run '\(terminalSafe(runLabel))' has no update of \(roots.map(String.init).joined(separator: ", "))\n")
            }
            (columns, rows) = (report.columns, report.rows)
        } else {
            let steps = try DumpWhy.run(in: db, snapshot: snapshot!, label: snapshotLabel!, from: roots, views: views)
            if !steps.contains(where: \.dirty) {
                context.err.write("agtrace why: nothing is dirty there in snapshot '\(terminalSafe(snapshotLabel!))': dump the graph after the invalidation and before the body runs\n")
            }
            (columns, rows) = (DumpWhy.columns, DumpWhy.rows(steps))
        }
        try context.writeRows(columns: columns, rows: rows, args: args, command: name)
        return 0
    }
}
