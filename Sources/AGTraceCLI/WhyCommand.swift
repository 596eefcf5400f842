import AGTraceKit

enum WhyCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion,
                                 options: options, run: run)

    static let name = "why"
    static let summary = "Why did a rule run: each evaluation of an attribute and the write that caused it"
    static let usage = "agtrace why ATTR --trace T [--format F] [--limit N]"
    static let discussion = """
    Over a trace: one row per evaluation of ATTR (a BeginValueUpdate): update_seq (the
    event's seq), its rule and view, seconds (its duration; NULL when the trace's timestamps
    cannot time it), changed, and its cause: cause_seq, the write (BeginGraphInvalidation)
    whose dirty marks included ATTR since its previous evaluation, and cause_root, the
    attribute that write set, with its rule and view. A first build, or a pull no write
    explains, has a NULL cause. ATTR is decimal or 0x-hex.

    Examples:
      agtrace why 1048 --trace trip-taps
      agtrace why 0x418 --trace trip-taps --format json
    """
    static let options = [
        OptionSpec(name: "trace", valueName: "T", help: "the trace whose evaluations to explain"),
        formatOption,
        OptionSpec(name: "limit", valueName: "N", help: "print at most N rows"),
    ]

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let format = try args.format()
        let attribute = try args.attribute("explain (e.g. 1048)")
        guard let trace = args.value("trace") else { throw UsageError(message: "--trace T is required") }
        let limit = try args.int("limit")
        if let limit, limit < 0 { throw UsageError(message: "--limit takes a number of rows, 0 or more") }
        let db = try context.openDatabase(.read)
        let result = try TraceWhy.rows(in: db, trace: try LabelLookup.traceId(trace, in: db), label: trace, attribute: attribute)
        RowWriter(format: format, out: context.out).write(columns: result.columns, rows: Array(result.rows.prefix(limit ?? Int.max)))
        return 0
    }
}
