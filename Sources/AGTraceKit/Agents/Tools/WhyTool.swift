/// `why`: the write behind a node's (or a view's) update, as `agtrace why --format json`.
enum WhyTool {
    static let tool = MCPTool(
        name: "why", title: "Explain why a node or view ran",
        description: DomainPrimer.describe("""
        Why a node (attribute) or every node of a view ran or is dirty, as `agtrace why`: over \
        a snapshot, its dirty inputs down to the cause (the written state's changed edge); over \
        a run or a trace, each update with the write (invalidation) that caused it; over an \
        Instruments recording (xctrace, with view), each cause edge into the view. by: cause \
        sums a recording's rows per cause ("60 from @AppStorage rowHeight").
        """),
        arguments: StartArguments.arguments + [
            ToolArgument("snapshot", .string, "the dump to explain from, or (with run) to name nodes and add edges"),
            ToolArgument("run", .string, "the transcript whose updates to explain"),
            ToolArgument("trace", .string, "the trace whose evaluations to explain"),
            ToolArgument("xctrace", .string, "the Instruments recording whose cause edges into the view to list (with view)"),
            ToolArgument("by", .choice(WhyCauses.choices), "cause: sum a recording's rows per cause, most first"),
            ToolArgument("limit", .integer(minimum: 1, maximum: nil), "return at most this many rows"),
        ],
        outputSchema: ToolOutput.rowsSchema
    ) { args, context in
        let request = WhyRequest(start: try StartArguments.start(args), run: try args.string("run"), snapshot: try args.string("snapshot"),
                                 trace: try args.string("trace"), xctrace: try args.string("xctrace"), byCause: try args.string("by") != nil)
        let result = try WhyRunner.run(request, database: context.databasePath, openDatabase: { try context.openDatabase() }, log: context.log)
        return ToolOutput.cut(result, limit: try StartArguments.limit(args, context), context: context, command: "why")
    }
}

extension ToolOutput {
    /// Rows computed whole, cut at `limit` as the CLI's --limit cuts them.
    static func cut(_ result: ComputedRows, limit: Int?, context: ToolContext, command: String) -> ToolResult {
        let kept = limit.map { Array(result.rows.prefix($0)) } ?? result.rows
        return rows(columns: result.columns, rows: kept, units: result.units, more: kept.count < result.rows.count,
                    notes: notes(context.log, command: command), limits: context.limits, command: command)
    }
}
