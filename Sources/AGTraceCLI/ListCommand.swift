import AGTraceKit
import CommandLineOptions

enum ListCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "list"
    static let summary = "List the imported snapshots, runs, traces, consoles and recordings with their counts"
    static let usage = [UsageForm([.optional(Options.format), .optional(Options.wide)])]
    static let discussion = """
    One row per snapshot (an archive), run (a transcript), trace (a trace file) and console (a
    console log), in that order, each in import order. kind says which; label is what you pass
    to --snapshot, --run, --trace and --console in other commands (aliases: its other names, made when the same bytes were
    imported again under another label). Then what it holds: graphs, nodes and edges of a
    snapshot; events, skipped_lines (lines that were no part of a hit) and incomplete_hits
    (hits whose attribute could not be read) of a run; nodes (one per attribute, an indirect
    node once), edges (live at its end) and events of a trace. end_reason says how a run's
    recording or a trace ended: a trace with "no EndTrace" was cut short (its process crashed
    or was killed while tracing), and check and baseline refuse it unless --allow-incomplete.
    A console's row says what it holds in end_reason's place: its cycle reports, body runs
    (_printChanges lines) and warnings.
    imported_at and source say when and from which file (its absolute path; - for standard input).
    'agtrace delete LABEL' removes one.
    """

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let format = args.format
        let db = try context.openDatabase(.read)
        let result = try Catalog.list(db)
        RowWriter(format: format, out: context.out, wide: args.has(Options.wide)).write(columns: result.columns, rows: result.rows)
        return 0
    }
}
