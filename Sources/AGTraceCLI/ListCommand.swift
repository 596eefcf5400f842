import AGTraceKit
import CommandLineOptions

enum ListCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "list"
    static let summary = "List the imported \(KindWords.plurals("and")) with their counts"
    static let usage = [UsageForm([.optional(Options.format), .optional(Options.wide)])]
    static var discussion: String {
        let kinds = InputFormats.storedKinds
        let rows = kinds.map { kind in
            "\(kind.noun) (\(InputFormats.format(storing: kind).map(\.noun) ?? kind.noun))"
        }
        return wrap(
            "One row per \(rows.listed("and")), in that order, each in import order. kind says which; label is what you "
            + "pass to \(KindWords.options("and")) in other commands (aliases: its other names, made when the same bytes "
            + "were imported again under another label). Then what it holds, in columns of each kind's own (empty on the "
            + "other kinds' rows): \(kinds.map(\.listedHelp).joined(separator: "; ")). end_reason says how the recording "
            + "ended, as the import saw it: a trace with \"no EndTrace\" was cut short (its process crashed or was killed "
            + "while tracing), and check and baseline refuse it unless --allow-incomplete. imported_at and source say when "
            + "and from which file (its absolute path; - for standard input). 'agtrace delete LABEL' removes one.",
                    width: 90).joined(separator: "\n")
    }

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let format = args.format
        let db = try context.openDatabase(.read)
        let result = try Catalog.list(db)
        RowWriter(format: format, out: context.out, wide: args.has(Options.wide)).write(columns: result.columns, rows: result.rows)
        return 0
    }
}
