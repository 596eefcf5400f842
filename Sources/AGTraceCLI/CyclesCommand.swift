import AGTraceKit
import CommandLineOptions
import Foundation

enum CyclesCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "cycles"
    static let summary = "AttributeGraph's cycle reports, grouped by their chains, each frame named by its view"
    static let usage = [
        UsageForm([.optional([.oneOf([[.option(console)], [.option(trace)], [.option(run)]])]), UsageTerm.optional(snapshot), UsageTerm.optional(format),
                   UsageTerm.optional(Options.limit), UsageTerm.optional(Options.wide)]),
    ]
    static let discussion = """
    A cycle report is what AttributeGraph says when a rule, directly or through other rules,
    reads its own value while it is being updated: `=== AttributeGraph: cycle detected through
    attribute N ===` on the console, with AG_PRINT_CYCLES=2 the evaluation stack (`frame S.F:
    attribute A; count=C, index=I/K FLAGS`, top first), with 3 a digraph of those nodes. It
    also comes as a trace's LogMessage event, or as a stop of `agtrace record --cycles`.

    The reports of one console, trace or run that show the same stack are one chain (reports
    with a header only group by N). The cycle is the part of the stack from the outermost
    frame whose attribute is N up to the top frame, whose read of N closed it (loop: closed,
    in_loop 1). When no printed frame is N the stack was cut, or N sits below the printed
    frames: the chain is open and no loop is made up (in_loop empty). reads is the attribute
    the frame was reading when the frame above it was pushed (for the top frame: N).

    Names come from, in this order (named_by): a dump taken at the cycle (--snapshot S: the
    node of that id in S, its rule and its view), the trace's own types, the recorder's
    stack/text names, the console's digraph labels. An attribute nobody names stays empty:
    unknown, never guessed. Ids are reused once a subgraph is destroyed, so a dump of another
    moment names other nodes: stderr says how many of a chain's frames S names ("names k of
    n", also the snapshot_names column) and warns where S's name contradicts the report's
    own. With S, edge says whether S holds the input edge reads -> attribute; a step with none
    runs through something the dump cannot see.

    Flags: P pending (the update must compute a value), C cancelled, D dirty, V has a value.
    --format dot writes each closed chain's loop, and each open chain's printed stack (never
    called a loop), as Graphviz DOT (input -> reader), for `dot -Tsvg`.
    docs/cycles.md goes from the console message to the views step by step.

    Examples:
      agtrace import console.log && agtrace cycles
      agtrace cycles --console console --snapshot cycle-278848
      agtrace cycles --trace sheet-taps --format json
      agtrace cycles --console console --snapshot cycle-278848 --format dot | dot -Tsvg > cycle.svg
    """
    static let console = OptionSpec(name: "console", valueName: "C", help: "only the reports of this console log (see agtrace list)")
    static let trace = Options.trace.explained("only the reports of this trace (its LogMessage events)")
    static let run = Options.run.explained("only the reports of this recording (agtrace record --cycles)")
    static let snapshot = Options.snapshot.explained("a dump taken at the cycle: names each frame's node, rule and view, and shows the edges")
    static let format = Option<CyclesFormat>(name: Options.format.name,
                                             help: "output format (default: table); dot draws the closed chains' loops and the open chains' stacks as Graphviz DOT")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let format = args.value(format) ?? .rows(.table)
        if format == .dot, args.rowLimit != nil {
            throw UsageError("--limit cuts rows; --format dot draws every chain (give --console, --trace or --run to draw fewer)")
        }
        let request = CycleRequest(console: args.value(console), trace: args.value(trace), run: args.value(run),
                                   snapshot: args.value(snapshot))
        let outcome = try usageErrors {
            try CycleRunner.run(request, in: try context.openDatabase(.read), log: context.log(name))
        }
        guard case .rows(let rowFormat) = format else {
            CycleDot.write(outcome, to: context.out)
            return 0
        }
        let rows = outcome.rows
        context.writeRows(columns: rows.columns, rows: rows.rows, args: args, command: name, format: rowFormat)
        return 0
    }
}
