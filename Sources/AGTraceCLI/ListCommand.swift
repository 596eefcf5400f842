import AGTraceKit

enum ListCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion,
                                 options: options, run: run)

    static let name = "list"
    static let summary = "List the imported snapshots and runs with their counts"
    static let usage = "agtrace list [--format table|csv|json|markdown] [--wide]"
    static let discussion = """
    One row per snapshot (an archive) and per run (a transcript): its label, which you pass
    to --snapshot and --run in other commands, and what it holds: graphs, nodes and edges of
    a snapshot; events, skipped_lines (lines that were no part of a hit) and incomplete_hits
    (hits whose attribute could not be read) of a run.
    """
    static let options = [Options.format, Options.wide]

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let format = try args.format()
        let db = try context.openDatabase(.read)
        let result = try Catalog.list(db)
        RowWriter(format: format, out: context.out, wide: args.has(Options.wide)).write(columns: result.columns, rows: result.rows)
        return 0
    }
}
