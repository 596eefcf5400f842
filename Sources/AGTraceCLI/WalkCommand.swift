import AGTraceKit
import CommandLineOptions
import Foundation

enum WalkCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "walk"
    static let summary = "Predict the push (dirty) walk an invalidation of one attribute makes"
    static let usage = [UsageForm([.oneOf([[.positional(StartingPoint.attribute)], [.option(view)]]),
                                   .oneOf([[.option(snapshot)], [.option(trace), .optional(at)]]), .optional(Options.depth)]
                                  + Options.rows.map { UsageTerm.optional($0) })]
    static let discussion = """
    Invalidating ATTR (AGGraphInvalidateValue) marks every node reachable from it over read-by
    edges: its readers, their readers, and so on. This lists them breadth-first, one row per
    node: attribute, depth (1 = reads ATTR directly), rule, view (the SwiftUI view that names
    the node, see node_views in docs/schema.md), via (the node it was first reached from) and
    dirty (1 when the snapshot shows the node's dirty bit set, empty when the dump leaves its
    flags out: compare the prediction with a dump taken right after the invalidation). ATTR is decimal or 0x-hex. --view NAME starts
    from every node that view names (with --trace, every node whose rule is its body; depth
    then counts from the nearest of them).

    With --trace T the walk goes over the trace's graph as a write of ATTR found it: the
    edges added before ATTR's last write in the trace and not removed by then, without the
    nodes of subgraphs destroyed before it (stderr names the write). --at SEQ walks the graph
    as it was at event SEQ instead (a write's seq from 'report dirty-walks --trace T'); ATTR
    never written, or --view, walks the edges live at the end of the trace. Indirect nodes (an
    attribute with low bits 01, a binding's view of another node) are passed through to their
    readers, as the engine's push walk passes them: they are not marked, so they are no rows.
    Each row names the node's rule and view from the trace's own types (no dirty column:
    compare with 'report dirty-walks --trace T --details', which lists the nodes each write
    marked).

    Examples:
      agtrace walk 3032 --snapshot trip-1-before
      agtrace walk 3032 --snapshot trip-3-after-invalidate --depth 1
      agtrace walk --view Trip --snapshot trip-1-before
      agtrace walk 0xbd8 --snapshot trip-1-before --format json
      agtrace walk 536 --trace trip-taps
      agtrace walk 536 --trace feed-select --at 71
      agtrace walk --view TripView --trace trip-taps
    """
    static let snapshot = Options.snapshot.explained("the snapshot whose edges to walk")
    static let view = StartingPoint.view.explained("start from every node of this view instead of ATTR")
    static let trace = Options.trace.explained("the trace whose edges (live at its end) to walk")
    static let at = Option<EventSeq>(name: "at", valueName: "SEQ",
                                     help: "with --trace: walk the graph as it was at event SEQ (default: ATTR's last write, else the end of the trace)")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let start = try StartingPoint.parse(args)
        let trace = args.value(Self.trace)
        guard (args.value(snapshot) == nil) != (trace == nil) else {
            throw UsageError(message: trace == nil ? "--snapshot S is required (or --trace T to walk a trace)" : "give --snapshot S or --trace T, not both")
        }
        let at = args.value(Self.at)
        if at != nil && trace == nil { throw UsageError(message: "--at SEQ picks a moment of a trace: give it with --trace T") }
        let db = try context.openDatabase(.read)
        let request = WalkRequest(start: start, snapshot: args.value(snapshot), trace: trace, depth: args.value(Options.depth)?.value,
                                  at: at.map { Int64($0.value) })
        let result = try WalkRunner.run(request, in: db, log: context.log(name))
        context.writeRows(columns: result.columns, rows: result.rows, args: args, command: name)
        return 0
    }
}
