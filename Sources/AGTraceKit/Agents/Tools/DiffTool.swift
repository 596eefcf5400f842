/// `diff`: two snapshots compared, as `agtrace diff S1 S2 --format json` (or `--details`).
enum DiffTool {
    static let summarySchema: JSONValue = [
        "type": "object",
        "properties": [
            "diff": ["type": "object", "description": "with details false: the summary as `agtrace diff --format json` prints it"],
            "columns": ["type": "array", "items": ["type": "string"]],
            "rows": ["type": "array", "items": ["type": "object"], "description": "with details: one row per change"],
            "rowCount": ["type": "integer"], "truncated": ["type": "boolean"],
            "notes": ["type": "array", "items": ["type": "string"]],
        ],
        "required": ["notes"],
    ]

    static let tool = MCPTool(
        name: "diff", title: "Compare two snapshots",
        description: DomainPrimer.describe("""
        Two snapshots (dumps) compared, as `agtrace diff`: nodes and edges added and removed, \
        flags and values changed, graph counters, and the rules with most changes; details: \
        one row per changed node or edge. A node is the same in both when it has the same \
        attribute and rule. For recordings (traces, runs) use compare.
        """),
        arguments: [
            ToolArgument("from", .string, "the earlier snapshot", required: true),
            ToolArgument("to", .string, "the later snapshot", required: true),
            ToolArgument("details", .boolean, "one row per changed node or edge instead of the summary"),
            ToolArgument("limit", .integer(minimum: 1, maximum: nil), "with details: return at most this many rows"),
        ],
        outputSchema: summarySchema
    ) { args, context in
        let from = try args.requiredString("from"), to = try args.requiredString("to")
        let db = try context.openDatabase()
        if try args.bool("details") {
            var warnings = try SnapshotPairing.warnings(in: db, from: from, to: to)
            let (rows, flags) = try SnapshotDiff.detailsWithFlagsWarning(in: db, from: from, to: to)
            if let flags { warnings.append(flags) }
            for w in warnings { context.log.say(.warning(w)) }
            return ToolOutput.cut(ComputedRows(columns: SnapshotDiff.detailColumns, rows: rows),
                                  limit: try args.int("limit", minimum: 1).map(Int.init), context: context, command: "diff")
        }
        guard try args.int("limit") == nil else { throw ToolError("diff: limit goes with details") }
        let diff = try SnapshotDiff.compute(in: db, from: from, to: to)
        var warnings = try SnapshotPairing.warnings(in: db, from: from, to: to, counted: diff.pairing)
        if let flags = diff.flagsWarning { warnings.append(flags) }
        let notes = warnings.map { "warning: \($0)" }
        let summary = StringSink()
        diff.writeSummary(format: .table, to: summary)
        return ToolResult(structured: .object([("diff", .raw(diff.json().oneLine)), ("notes", .array(notes.map { .string($0) }))]),
                          text: summary.text + notes.map { $0 + "\n" }.joined())
    }
}
