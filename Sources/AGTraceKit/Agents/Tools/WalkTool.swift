/// `walk`: the push walk an invalidation makes, as `agtrace walk --format json`.
enum WalkTool {
    static let tool = MCPTool(
        name: "walk", title: "Predict a push (dirty) walk",
        description: DomainPrimer.describe("""
        The nodes an invalidation of one attribute (or of every node of a view) marks dirty, \
        breadth-first over read-by edges, as `agtrace walk`: attribute, depth, rule, view, via, \
        dirty. Over a snapshot, or a trace's graph at the attribute's last write (at: a seq \
        from report dirty-walks picks another moment).
        """),
        arguments: StartArguments.arguments + [
            ToolArgument("snapshot", .string, "the snapshot whose edges to walk (give this or trace)"),
            ToolArgument("trace", .string, "the trace whose edges to walk"),
            ToolArgument("at", .integer(minimum: 1, maximum: nil), "with trace: walk the graph as it was at event seq"),
            ToolArgument("depth", .integer(minimum: 1, maximum: nil), "stop this many edges away from the start"),
            ToolArgument("limit", .integer(minimum: 1, maximum: nil), "return at most this many rows"),
        ],
        outputSchema: ToolOutput.rowsSchema
    ) { args, context in
        let start = try StartArguments.start(args)
        let snapshot = try args.string("snapshot"), trace = try args.string("trace")
        guard (snapshot == nil) != (trace == nil) else {
            throw ToolError(trace == nil ? "walk: snapshot is required (or trace to walk a trace)" : "walk: give snapshot or trace, not both")
        }
        let at = try args.int("at", minimum: 1)
        if at != nil && trace == nil { throw ToolError("walk: at picks a moment of a trace: give it with trace") }
        let request = WalkRequest(start: start, snapshot: snapshot, trace: trace, depth: try args.int("depth", minimum: 1).map(Int.init), at: at)
        let result = try WalkRunner.run(request, in: try context.openDatabase(), log: context.log)
        return ToolOutput.cut(result, limit: try StartArguments.limit(args, context), context: context, command: "walk")
    }
}
