import AGTraceKit
import Foundation

enum WalkCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion,
                                 options: options, run: run)

    static let name = "walk"
    static let summary = "Predict the push (dirty) walk an invalidation of one attribute makes"
    static let usage = "agtrace walk ATTR (--snapshot S | --trace T) [--depth N] [--format F] [--limit N]"
    static let discussion = """
    Invalidating ATTR (AGGraphInvalidateValue) marks every node reachable from it over read-by
    edges: its readers, their readers, and so on. This lists them breadth-first, one row per
    node: attribute, depth (1 = reads ATTR directly), rule, via (the node it was first
    reached from) and dirty (1 when the snapshot shows the node's dirty bit set: compare
    the prediction with a dump taken right after the invalidation). ATTR is decimal or 0x-hex.

    With --trace T the walk goes over the edges live at the end of the trace (added before
    or while it ran, never removed), and each row names the node's rule and view from the
    trace's own types (no dirty column: compare with 'report dirty-walks --trace T').

    Examples:
      agtrace walk 3032 --snapshot trip-1-before
      agtrace walk 3032 --snapshot trip-3-after-invalidate --depth 1
      agtrace walk 0xbd8 --snapshot trip-1-before --format json
      agtrace walk 536 --trace trip-taps
    """
    static let options = [
        OptionSpec(name: "snapshot", valueName: "S", help: "the snapshot whose edges to walk"),
        OptionSpec(name: "trace", valueName: "T", help: "the trace whose edges (live at its end) to walk"),
        OptionSpec(name: "depth", valueName: "N", help: "stop N edges away from ATTR (default: no limit)"),
        formatOption,
        OptionSpec(name: "limit", valueName: "N", help: "print at most N rows"),
    ]

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let format = try args.format()
        let attribute = try args.attribute("start from (e.g. 3032)")
        let trace = args.value("trace")
        guard (args.value("snapshot") == nil) != (trace == nil) else {
            throw UsageError(message: trace == nil ? "--snapshot S is required (or --trace T to walk a trace)" : "give --snapshot S or --trace T, not both")
        }
        let depth = try args.int("depth")
        if let depth, depth < 1 { throw UsageError(message: "--depth takes 1 or more") }
        let limit = try args.int("limit")
        if let limit, limit < 0 { throw UsageError(message: "--limit takes a number of rows, 0 or more") }
        let db = try context.openDatabase(.read)
        if let trace {
            let rows = try TraceWalk.rows(in: db, trace: try LabelLookup.traceId(trace, in: db), label: trace, from: attribute,
                                          maxDepth: depth)
            RowWriter(format: format, out: context.out).write(columns: TraceWalk.columns, rows: Array(rows.prefix(limit ?? Int.max)))
            return 0
        }
        let label = args.value("snapshot")!
        let snapshot = try LabelLookup.snapshotId(label, in: db)
        let steps = try PushWalk.run(in: db, snapshot: snapshot, label: label, from: attribute, maxDepth: depth)
        RowWriter(format: format, out: context.out)
            .write(columns: PushWalk.columns, rows: Array(PushWalk.rows(steps).prefix(limit ?? Int.max)))
        return 0
    }
}
