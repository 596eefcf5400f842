/// `cycles`: AttributeGraph's cycle reports by chain, as `agtrace cycles --format json`.
enum CyclesTool {
    static let tool = MCPTool(
        name: "cycles", title: "Cycle reports, frame by frame",
        description: DomainPrimer.describe("""
        AttributeGraph's cycle reports ("cycle detected through attribute N"), grouped by \
        chain, one row per frame, each named by its view, as `agtrace cycles`: in_loop marks the \
        frames of the closed loop; reads is what the frame was reading. A snapshot taken at the \
        cycle names the frames and shows the edges. At most one of console, trace, run.
        """),
        arguments: [
            ToolArgument("console", .string, "only the reports of this console log"),
            ToolArgument("trace", .string, "only the reports of this trace"),
            ToolArgument("run", .string, "only the reports of this recording (record --cycles)"),
            ToolArgument("snapshot", .string, "a dump taken at the cycle: names each frame's node, rule and view"),
            ToolArgument("limit", .integer(minimum: 1, maximum: nil), "return at most this many rows"),
        ],
        outputSchema: ToolOutput.rowsSchema
    ) { args, context in
        let request = CycleRequest(console: try args.string("console"), trace: try args.string("trace"), run: try args.string("run"),
                                   snapshot: try args.string("snapshot"))
        let outcome = try CycleRunner.run(request, in: try context.openDatabase(), log: context.log)
        return ToolOutput.cut(outcome.rows, limit: try StartArguments.limit(args, context), context: context, command: "cycles")
    }
}
