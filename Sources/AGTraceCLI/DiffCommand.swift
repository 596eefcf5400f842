import AGTraceKit
import CommandLineOptions
import Foundation

enum DiffCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "diff"
    static let summary = "Compare two snapshots: nodes, edges, flags, values, graph counters"
    static let usage = [UsageForm([.positional(from), .positional(to), .optional(Options.format), .optional(top),
                                   .optional([.option(details), .optional(Options.limit), .optional(Options.wide)])])]
    static let discussion = """
    A node is the same node in both snapshots when it has the same attribute and the same rule
    (an id reused by a node of another rule is one removal plus one addition, and so are its
    edges). Edges compare as a multiset of (source, reader, offset): a repeated edge that loses
    one copy is one removal. "flags changed" and "values changed" count nodes present in both.
    Graphs pair by graph id; their update, change and transaction counts are shown with the
    difference. Then the rules with the most changes (edges count under their reader's rule).
    A graph whose counters are lower in S2 than in S1 draws a warning on stderr: they only
    grow while a process runs, so S2 is an earlier dump or another process's, where the same
    attribute ids name other nodes. So does a diff (--details too) where fewer than half of
    either snapshot's attributes pair up with the same rule (two apps, launches or builds):
    compare per rule or view instead (report updates --by rule|view, baseline/check --key
    rule|view).

    --format json prints one object: from, to, nodes_from, nodes_to, edges_from, edges_to,
    nodes_added, nodes_removed, edges_added, edges_removed, flags_changed, values_changed,
    graphs (per graph: graph_id, update_count, change_count, transaction_count as differences,
    and each side's value as *_from / *_to) and rules (every rule with a change).
    --format csv prints one table: a total row, a row per graph, a row per changed rule.
    agtrace report edge-churn lists the edges themselves.

    --details lists every change instead, one row each: change (added, removed, changed),
    attribute, rule, view, field, before, after. field is `node` for a node added or
    removed, `flags` or `value` for a node in both, `input SRC` (`input SRC+OFFSET`) for an
    edge from SRC into the attribute: before/after are its copies on each side, or its
    flags when only those changed (8: changed since the reader ran). Values are whole in
    csv and json, cut in the middle in the table unless --wide.

    Examples:
      agtrace diff trip-1-before trip-4-after-body
      agtrace diff trip-2-after-write trip-3-after-invalidate --format json
      agtrace diff before after --format markdown --top 20
      agtrace diff trip-2-after-write trip-3-after-invalidate --details
    """
    static let from = Positional("S1", help: "the earlier snapshot")
    static let to = Positional("S2", help: "the later snapshot")
    static let top = Option<TopRules>(name: "top", help: "how many rules the summary lists (default 10; json and csv list all)")
    static let details = OptionSpec(name: "details", valueName: nil, help: "one row per changed node or edge instead of the summary")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let format = args.format
        guard args.positionals.count == 2 else {
            throw UsageError(message: "give two snapshot labels, the earlier first")
        }
        let top = args.value(top)?.value ?? 10
        if !args.has(details) && (args.rowLimit != nil || args.has(Options.wide)) {
            throw UsageError(message: "--limit and --wide go with --details")
        }
        let db = try context.openDatabase(.read)
        let stop = InterruptOnSignal(db)
        defer { stop.cancel() }
        var warnings: [String] = []
        defer { for warning in warnings { context.note("agtrace diff: warning: \(terminalSafe(warning))") } }
        if args.has(details) {
            warnings = try SnapshotPairing.warnings(in: db, from: args.positionals[0], to: args.positionals[1])
            let (rows, flags) = try SnapshotDiff.detailsWithFlagsWarning(in: db, from: args.positionals[0], to: args.positionals[1])
            if let flags { warnings.append(flags) }
            context.writeRows(columns: SnapshotDiff.detailColumns, rows: rows, args: args, command: name)
            return 0
        }
        let diff = try SnapshotDiff.compute(in: db, from: args.positionals[0], to: args.positionals[1])
        warnings = try SnapshotPairing.warnings(in: db, from: args.positionals[0], to: args.positionals[1], counted: diff.pairing)
        if let flags = diff.flagsWarning { warnings.append(flags) }
        switch format {
        case .json:
            context.out.write(diff.json())
        case .csv:
            RowWriter(format: .csv, out: context.out).write(columns: SnapshotDiff.csvColumns, rows: diff.csvRows())
        case .table, .markdown:
            diff.writeSummary(format: format, to: context.out, topRules: top)
        }
        return 0
    }
}
