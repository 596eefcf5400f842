/// `findings`: what to fix, named, costliest first, as `agtrace findings --format json`.
enum FindingsTool {
    static let outputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "result": ["type": "object",
                       "description": "as `agtrace findings --format json` prints it: findings (kind, severity, view, attributes, cost, evidence with positions, message, fix, helpURI, fingerprint), inputs, notes, thresholds"],
            "findingCount": ["type": "integer", "description": "findings returned"],
            "truncated": ["type": "boolean", "description": "more findings exist than returned (limit or the server's byte cap); result.notes says which"],
        ],
        "required": ["result", "findingCount", "truncated"],
    ]

    static let tool = MCPTool(
        name: "findings", title: "What to fix",
        description: DomainPrimer.describe("""
        Names what to fix from any recording, costliest first (seconds where timed, \
        evaluations otherwise), as `agtrace findings`: wasted body runs (a body ran and \
        changed nothing), broad invalidation (one write re-ran many views), whole-object \
        dependencies, identity churn, dependency cycles, state modified during an update, \
        slow bodies, updates inside hitches, a body run twice in one pass, repeating writes \
        (timers, animations). Each finding has the view and attribute ids, its evidence and \
        positions in the input, a severity, a stable fingerprint and the fix with its doc \
        entry. Name recordings by kind (snapshot, run, trace, console, xctrace labels) or as \
        inputs (labels of any kind, or files and folders under the root, imported privately); \
        nothing given: every recording of the database. source maps views to file:line.
        """),
        arguments: [
            ToolArgument("snapshot", .strings, "profiled dumps (labels): body runs that changed nothing"),
            ToolArgument("run", .strings, "recordings of agtrace record --cycles (labels): their cycle reports"),
            ToolArgument("trace", .strings, "traces (labels): each evaluation's changed flag, self time and write"),
            ToolArgument("console", .strings, "console logs (labels): _printChanges lines, cycle reports, SwiftUI warnings"),
            ToolArgument("xctrace", .strings, "Instruments recordings (labels): slow body updates and hitches"),
            ToolArgument("inputs", .strings, "labels of any kind, or files and folders under the root imported privately (not both)"),
            ToolArgument("source", .string, "the app's Swift sources, a folder under the root: each view mapped to the file:line of its declaration"),
            ToolArgument("limit", .integer(minimum: 1, maximum: nil), "return at most this many findings (the costliest)"),
        ],
        outputSchema: outputSchema
    ) { args, context in
        var request = FindingsRequest(snapshots: try args.strings("snapshot"), runs: try args.strings("run"), traces: try args.strings("trace"),
                                      consoles: try args.strings("console"), recordings: try args.strings("xctrace"),
                                      inputs: try args.strings("inputs").map { try context.root.fileOrLabel($0, argument: "inputs") })
        request.sourceDirectory = try args.string("source").map { try context.root.file($0, argument: "source") }
        var result = try FindingsRunner.run(request, database: context.databasePath, openDatabase: { try context.openDatabase() }, log: context.log)
        let total = result.findings.count
        var truncated = false
        if let limit = try StartArguments.limit(args, context), limit < total {
            result.findings = Array(result.findings.prefix(limit))
            result.notes.append("findings: \(total) findings, the costliest \(limit) returned (limit)")
            truncated = true
        }
        var json = FindingsJSON.encode(result)
        while json.utf8.count > context.limits.maxResultBytes && !result.findings.isEmpty {
            let keep = result.findings.count / 2
            result.findings = Array(result.findings.prefix(keep))
            result.notes.removeAll { $0.hasPrefix("findings: the findings passed") }
            result.notes.append("findings: the findings passed \(context.limits.maxResultBytes) bytes; the costliest \(keep) returned (the server's byte cap)")
            json = FindingsJSON.encode(result)
            truncated = true
        }
        var text = FindingsFormat.table.render(result)
        for note in result.notes + ToolOutput.notes(context.log, command: "findings") { text += note + "\n" }
        return ToolResult(structured: .object([("result", .raw(json.oneLine)), ("findingCount", .int(Int64(result.findings.count))),
                                               ("truncated", .bool(truncated))]),
                          text: text)
    }
}
