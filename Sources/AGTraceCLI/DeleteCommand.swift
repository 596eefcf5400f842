import AGTraceKit

enum DeleteCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion,
                                 options: options, run: run)
    static let name = "delete"
    static let summary = "Delete snapshots or runs by label"
    static let usage = "agtrace delete LABEL..."
    static let discussion = """
    Removes each labelled snapshot or run and every row that belongs to it, all in one
    transaction: if any label is unknown, nothing is deleted (exit 1).

    Example:
      agtrace delete trip-1-before trip-2-after-write
    """
    static let options: [OptionSpec] = []

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        guard !args.positionals.isEmpty else { throw UsageError(message: "name at least one label (see agtrace list)") }
        let db = try context.openDatabase(.write)
        let deleted = try Catalog.delete(labels: args.positionals, in: db)
        for label in deleted { context.out.write("deleted \(terminalSafe(label))\n") }
        return 0
    }
}
