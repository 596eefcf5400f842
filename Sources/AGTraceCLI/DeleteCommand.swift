import AGTraceKit
import CommandLineOptions

enum DeleteCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)
    static let name = "delete"
    static let summary = "Delete \(KindWords.plurals("or")) by label"
    static let usage = [UsageForm([.positional(labels)])]
    static let discussion = """
    Removes each labelled \(KindWords.nouns("or")) and every row that belongs to it,
    all in one transaction: if any label is unknown, nothing is deleted (exit 1). Deleting an
    alias (a second name of the same bytes, see agtrace list) removes that name only; deleting
    the label itself removes its aliases too.

    Example:
      agtrace delete trip-1-before trip-2-after-write trip-taps
    """
    static let labels = Positional("LABEL", .oneOrMore, help: "a label of a \(KindWords.nouns("or")), or an alias (see agtrace list)")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        guard !args.positionals.isEmpty else { throw UsageError(message: "name at least one label (see agtrace list)") }
        let db = try context.openDatabase(.write)
        let deleted = try Catalog.delete(labels: args.positionals, in: db)
        for label in deleted { context.out.write("deleted \(terminalSafe(label))\n") }
        return 0
    }
}
