import AGTraceKit
import CommandLineOptions
import Foundation

enum QueryCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "query"
    static let summary = "Run read-only SQL against the database"
    static let usage = [UsageForm(Options.rows.map { UsageTerm.optional($0) } + [.positional(sql)])]
    static let sql = Positional("SQL", help: "the statement to run (quote it), or @FILE.sql to read it from a file")
    static let discussion = """
    The connection is read-only: a statement that would write is refused. SQLite's own
    message is shown for bad SQL (exit 1); empty SQL is a usage error (exit 2). Ctrl-C stops
    a long query cleanly (exit 130). --limit N prints at most N rows and says on stderr when
    more exist. The tables and views are documented in docs/schema.md (node_views names
    nodes by SwiftUI view).

    Examples:
      agtrace query "SELECT label, format_version FROM snapshots"
      agtrace query --format json "SELECT rule, count(*) AS n FROM node_rules GROUP BY rule ORDER BY n DESC"
      agtrace query "SELECT attribute, view FROM node_views WHERE view = 'Trip'"
      agtrace query @my-report.sql --format csv
    """

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let format = args.format
        let limit = args.rowLimit
        guard args.positionals.count == 1 else {
            throw UsageError(message: args.positionals.isEmpty ? "give the SQL to run (or @file.sql)"
                                                                : "give the SQL as one argument (quote it)")
        }
        let source = try QuerySource.parse(args.positionals[0])
        if source.sql.allSatisfy({ $0.isWhitespace || $0 == ";" }) {
            throw UsageError(message: "the query is empty: give the SQL to run (e.g. \"SELECT label FROM snapshots\")")
        }
        let db = try context.openDatabase(.read)
        db.installInterruptCheck()
        let stop = InterruptOnSignal(db)
        defer { stop.cancel() }
        let writer = RowWriter(format: format, out: context.out, wide: args.has(Options.wide))
        do {
            let more = try QueryRunner.run(source, in: db, limit: limit, writer: writer)
            context.noteMoreRows(more, command: name, limit: limit)
        } catch let e as DatabaseError where e.isInterrupt || db.wasInterrupted {
            return interrupted(context)
        }
        if db.wasInterrupted { return interrupted(context) }
        return 0
    }

    /// Ctrl-C: the query stopped; nothing was written (the connection is read-only). 130 is
    /// the shell's status for a command ended by SIGINT.
    static func interrupted(_ context: Context) -> Int32 {
        (context.out as? StreamSink)?.flush()
        context.err.write("\nagtrace query: interrupted (Ctrl-C): the query was stopped; the database is unchanged\n")
        return 130
    }
}
