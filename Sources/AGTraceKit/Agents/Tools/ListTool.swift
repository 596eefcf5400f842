/// `list`: what the database holds, as `agtrace list --format json`.
enum ListTool {
    static let tool = MCPTool(
        name: "list", title: "List stored evidence",
        description: DomainPrimer.describe("""
        What the database holds, one row per snapshot, run, trace, console and Instruments \
        recording: kind, label (what every other tool takes), and its counts (nodes, edges, \
        events...). end_reason says how a recording ended ("no EndTrace": cut short). Start here.
        """),
        arguments: [], outputSchema: ToolOutput.rowsSchema
    ) { _, context in
        let db = try context.openDatabase()
        let result = try Catalog.list(db)
        return ToolOutput.rows(columns: result.columns, rows: result.rows, limits: context.limits, command: "list")
    }
}
