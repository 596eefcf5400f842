/// `compare`: two recordings (or groups) side by side, as `agtrace compare --format json`.
enum CompareTool {
    static let tool = MCPTool(
        name: "compare", title: "Compare two recordings",
        description: DomainPrimer.describe("""
        Two recordings of one interaction (before and after a change; traces, runs, profiled \
        dumps, consoles or Instruments recordings, of one kind) side by side, as `agtrace \
        compare`: per view (or rule, attribute) the evaluations in A and B, delta, unchanged \
        evaluations (wasted work), self and total seconds, sorted by the size of the change, \
        a (total) row last. Groups of repeated recordings (a and b arrays of several) get \
        medians, a 95% interval of the time ratio and a verdict. writes: per write instead. \
        Each is a label or a file under the server's root.
        """),
        arguments: [
            ToolArgument("a", .strings, "the recording(s) before: labels or files under the root (several: repeated recordings)", required: true),
            ToolArgument("b", .strings, "the recording(s) after, of the same kind", required: true),
            ToolArgument("by", .choice(BaselineKey.allCases.map(\.rawValue)), "the key (default: view where the recordings name views)"),
            ToolArgument("snapshot", .strings, "runs: a dump naming their attributes; two: A's then B's"),
            ToolArgument("writes", .boolean, "per write instead of per key"),
            ToolArgument("sort", .choice(CompareSort.allCases.map(\.rawValue)), "change (default), evaluations or key"),
            ToolArgument("minEffect", .number(minimum: 0, maximum: 100), "the smallest change of self time called slower or faster, in percent (default 5)"),
            ToolArgument("seed", .integer(minimum: 0, maximum: nil), "seeds the bootstrap (default \(CompareRequest.defaultSeed))"),
            ToolArgument("limit", .integer(minimum: 1, maximum: nil), "return at most this many keys (the total row kept)"),
        ],
        outputSchema: ToolOutput.rowsSchema
    ) { args, context in
        let a = try args.strings("a").map { try context.root.fileOrLabel($0, argument: "a") }
        let b = try args.strings("b").map { try context.root.fileOrLabel($0, argument: "b") }
        guard !a.isEmpty, !b.isEmpty else { throw ToolError("compare: give both a and b (one recording or more each)") }
        var request = CompareRequest(a: a, b: b, database: context.databasePath)
        request.by = try args.string("by").flatMap { BaselineKey(rawValue: $0.lowercased()) }
        request.writes = try args.bool("writes")
        request.namingSnapshots = try args.strings("snapshot").map { try context.root.fileOrLabel($0, argument: "snapshot") }
        request.sort = try args.string("sort").flatMap { CompareSort(rawValue: $0.lowercased()) } ?? .change
        request.minEffect = try args.number("minEffect").map { $0 / 100 } ?? CompareRequest.defaultMinEffect
        request.seed = try args.int("seed", minimum: 0).map { UInt64($0) } ?? CompareRequest.defaultSeed
        request.limit = try args.int("limit", minimum: 1).map(Int.init)
        let outcome = try CompareRunner.run(request, openDatabase: { try context.openDatabase() }, log: context.log)
        var notes = ToolOutput.notes(context.log, command: "compare")
        if outcome.leftOut > 0 { notes.append("compare: \(outcome.leftOut) keys or writes left out (limit)") }
        return ToolOutput.rows(columns: outcome.rows.columns, rows: outcome.rows.rows, units: outcome.rows.units,
                               more: outcome.leftOut > 0, notes: notes, limits: context.limits, command: "compare")
    }
}
