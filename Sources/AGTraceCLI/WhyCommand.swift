import AGTraceKit
import CommandLineOptions
import Foundation

enum WhyCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "why"
    static let summary = "Explain why a node (or every node of a view) ran or is dirty: the write behind it"
    static let usage = [
        UsageForm([start, .oneOf([[.option(snapshot)], [.option(run), .optional(snapshot)]]), .optional(by)] + Options.rows.map { UsageTerm.optional($0) }),
        UsageForm([start, .option(trace), .optional(by)] + Options.rows.map { UsageTerm.optional($0) }),
        UsageForm([.option(view), .option(xctrace), .optional(by)] + Options.rows.map { UsageTerm.optional($0) }),
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
    nothing and are not listed. A node whose flags the dump leaves out has an empty dirty
    (unknown): it is not followed as dirty, and through a changed edge its cause is empty too.

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

    Over an Instruments recording (--xctrace R, only with --view V): one row per cause edge
    Instruments recorded into V (its swiftui-causes table: an edge whose destination is V,
    V.body or the description of one of V's updates), in time order: cause_position,
    seconds (when), source (a state such as @AppStorage Type.prop, an environment writer,
    another view), destination, label, value_type, changed_properties, and the first update
    of V at or after it (update_position, update_start, update_seconds: its own time; empty
    when none followed). A recording exported without swiftui-causes has no rows; stderr
    says so.

    --by cause sums a recording's rows (--run, --trace, --xctrace) per cause, most first:
    cause (an Instruments cause's source, such as @AppStorage FeedModel.rowHeight; a trace
    write's view, rule or attribute; a transcript's invalidated root), rows, seconds (the
    updates' own time, when the rows carry it) and first (the first row's position): "60
    from @AppStorage rowHeight, 60 from ColorScheme" without SQL. Rows with no cause (a
    first build) are summed as (no cause).

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
      agtrace why --view FeedRow --xctrace feed-xcode27
      agtrace why --view FeedRow --xctrace feed-after --by cause
    """
    static let snapshot = Options.snapshot.explained("the dump to explain from, or (with --run) to name nodes and add edges")
    static let run = Options.run.explained("the transcript whose updates to explain")
    static let trace = Options.trace.explained("the trace whose evaluations of ATTR (or of the view) to explain")
    static let xctrace = Options.label(named: "xctrace").explained("the Instruments recording whose cause edges into the view to list")
    static let view = StartingPoint.view.explained("explain every node of this view instead of ATTR")
    static let by = Option<WhyGrouping>(name: "by",
                                        help: "cause: sum a recording's rows per cause (the write or state behind them), most first")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let request = WhyRequest(start: try StartingPoint.parse(args), run: args.value(Self.run), snapshot: args.value(Self.snapshot),
                                 trace: args.value(Self.trace), xctrace: args.value(Self.xctrace), byCause: args.value(Self.by) != nil)
        let result = try usageErrors {
            try WhyRunner.run(request, database: context.databasePath, openDatabase: { try context.openDatabase(.read) }, log: context.log(name))
        }
        context.writeRows(columns: result.columns, rows: result.rows, args: args, command: name, units: result.units)
        return 0
    }
}
