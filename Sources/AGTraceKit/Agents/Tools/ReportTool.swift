/// `report`: a canned report (Queries/*.sql), as `agtrace report NAME ... --format json`.
enum ReportTool {
    static var arguments: [ToolArgument] {
        [ToolArgument("name", .choice(ReportRegistry.reports.map(\.name)), "the report (the resource agtrace://reports lists them with the options each variant takes)", required: true)]
            + ReportRunner.parameterOptions.map { ToolArgument($0, .string, "the label of the \($0) to report on (see the list tool)") }
            + [ToolArgument("by", .string, "sum the rows per rule, per view (the SwiftUI view), or per token (a console's)"),
               ToolArgument("details", .boolean, "one row per item where the report gives one per group")]
            + ReportRunner.flags.map { ToolArgument($0, .boolean, "the variants that take it (app-only: an Instruments recording's own app updates only)") }
            + [ToolArgument("limit", .integer(minimum: 1, maximum: nil), "return at most this many rows")]
    }

    static let tool = MCPTool(
        name: "report", title: "Run a canned report",
        description: DomainPrimer.describe("""
        A canned report over one stored recording, as `agtrace report NAME`: updates (which \
        nodes or views re-ran, how often; by view or rule), rule-cost (time per rule), \
        dirty-walks (what each write marked), edge-churn, hitches (Instruments) and more. The \
        labels choose the variant: updates with trace: T and by: view answers "which views \
        re-rendered in this trace, how often". An unknown label is an error naming it.
        """),
        arguments: arguments, outputSchema: ToolOutput.rowsSchema
    ) { args, context in
        let name = try args.requiredString("name")
        var labels: [String: String] = [:]
        for option in ReportRunner.parameterOptions {
            if let value = try args.string(option) { labels[option] = value }
        }
        var flags = Set<String>()
        for flag in ReportRunner.flags where try args.bool(flag) { flags.insert(flag) }
        let limit = min(Int(try args.int("limit", minimum: 1) ?? Int64(context.limits.maxRows)), context.limits.maxRows)
        let request = ReportRequest(name: name, options: labels, by: try args.string("by"), limit: limit,
                                    details: try args.bool("details"), flags: flags)
        do {
            _ = try ReportRunner.variant(for: request)
        } catch let e as ReportUsageError {
            throw ToolError("report \(name): \(e.message)")
        }
        let db = try context.openDatabase()
        let rows = RowCollector()
        let outcome = try ReportRunner.run(request, in: db, writer: rows)
        let notes = outcome.warnings.map { "warning: \($0)" } + outcome.notes.map { "note: \($0)" }
        return ToolOutput.rows(columns: rows.columns, rows: rows.rows, more: outcome.moreRows, notes: notes,
                               limits: context.limits, command: "report \(name)")
    }
}
