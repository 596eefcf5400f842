import AGTraceKit
import CommandLineOptions
import Foundation

/// One `agtrace` subcommand: its help text and how to run it. Commands parse and print; the
/// work happens in AGTraceKit.
struct Command: Sendable {
    var name: String
    var summary: String
    /// The ways to call it, made of its option and positional declarations: the usage line,
    /// the options the parser accepts and the lists of `--help` all come from these.
    var forms: [UsageForm]
    /// Teaching text shown by `--help`: what it does, then examples. Made when asked for:
    /// some is built from the report registry, which every other command can do without.
    var discussion: String { makeDiscussion() }
    private var makeDiscussion: @Sendable () -> String
    /// The command's own options (every command takes `Options.common` too), each once.
    var options: [OptionSpec] { UsageForm.options(of: forms) }
    var positionals: [Positional] { UsageForm.positionals(of: forms) }
    /// `agtrace NAME ...`, one line per form (the later ones indented under the first).
    var usage: String { forms.map { $0.line("agtrace \(name)") }.joined(separator: "\n       ") }
    var run: @Sendable (ParsedArguments, Context) throws -> Int32
    /// Why the command takes no positional, said when one is given (nil: it takes some).
    var noArguments: String?

    /// `args` (after the command's name) read against what the command declares, and the
    /// options every command takes.
    func parse(_ args: [String]) throws -> ParsedArguments {
        try ParsedArguments.parse(args, options: options + Options.common, command: name)
    }

    /// What parsing alone cannot say (it lets `--help` through): a required option left out, an
    /// argument given to a command that declares none.
    func check(_ parsed: ParsedArguments) throws {
        try parsed.checkRequired()
        if let noArguments, let first = parsed.positionals.first {
            throw UsageError(message: "unexpected argument '\(first)' (\(noArguments))")
        }
    }

    /// The same command (one that declares no positional), saying why in its own words.
    func takingNoArguments(_ why: String) -> Command {
        var copy = self
        copy.noArguments = why
        return copy
    }

    /// Called when the command line did not parse (exit 2), with the message and the raw
    /// arguments: `check` still writes the report its `--format` asked for.
    var reportFailure: (@Sendable (String, [String], TextSink) -> Void)?

    init(name: String, summary: String, usage forms: [UsageForm], discussion: @autoclosure @escaping @Sendable () -> String,
         run: @escaping @Sendable (ParsedArguments, Context) throws -> Int32,
         reportFailure: (@Sendable (String, [String], TextSink) -> Void)? = nil) {
        self.name = name
        self.summary = summary
        self.forms = forms
        if forms.allSatisfy({ $0.terms.allSatisfy(\.takesNoWords) }) { noArguments = "\(name) takes no arguments" }
        makeDiscussion = discussion
        self.run = run
        self.reportFailure = reportFailure
    }
}

/// What a command needs from its surroundings.
struct Context {
    var databasePath: String
    var out: TextSink
    var err: TextSink
    var stderrIsTerminal: Bool
    /// The connections opened for writing, checkpointed when the command ends.
    let writers = Writers()

    final class Writers: @unchecked Sendable {
        var opened: [Database] = []
    }

    func openDatabase(_ mode: DatabaseOpener.Mode) throws -> Database {
        let settings: DatabaseOpener.Settings
        do { settings = try .fromEnvironment() } catch let e as DatabaseOpener.Settings.Invalid { throw UsageError(message: e.description) }
        let db = try DatabaseOpener.open(databasePath, mode: mode, settings: settings)
        if mode == .write { writers.opened.append(db) }
        return db
    }

    /// Every command that wrote ends here: the WAL is copied back into the database file and
    /// emptied, so that `agtrace.db` alone is a complete copy (a CI cache or artifact of the
    /// file alone holds everything). Then the connections close.
    func finishWriting() {
        for db in writers.opened {
            do {
                if try !db.checkpoint() {
                    err.write("agtrace: note: another process still reads \(terminalSafe(databasePath)); part of the write-ahead log (\(terminalSafe(databasePath))-wal) stays until the last agtrace using it ends\n")
                }
            } catch {
                err.write("agtrace: warning: could not fold the write-ahead log back into \(terminalSafe(databasePath)) (\(terminalSafe("\(error)"))); keep \(terminalSafe(databasePath))-wal beside it when copying\n")
            }
        }
        writers.opened.removeAll()
    }

    /// One line on stderr after what stdout holds so far (a terminal shows them in order).
    func note(_ line: String) {
        (out as? StreamSink)?.flush()
        err.write(line + "\n")
    }

    /// Rows computed whole: at most `--limit` of them in `--format` (`--wide`; `format`: a
    /// command's own `--format`, of another type), and the note when some were left out.
    func writeRows(columns: [String], rows: [[SQLValue]], args: ParsedArguments, command: String,
                   units: [String: ColumnUnit] = [:], format: OutputFormat? = nil) {
        let limit = args.rowLimit
        let writer = RowWriter(format: format ?? args.format, out: out, wide: args.has(Options.wide))
        writer.units = units
        writer.write(columns: columns, rows: Array(rows.prefix(limit ?? Int.max)))
        noteMoreRows(rows.count > (limit ?? Int.max), command: command, limit: limit)
    }

    /// One line on stderr when `--limit` left rows out, so a cut table is not taken for all.
    func noteMoreRows(_ more: Bool, command: String, limit: Int?) {
        guard more, let limit else { return }
        note("agtrace \(command): more rows exist than the \(limit) shown (--limit)")
    }
}

extension ParsedArguments {
    /// `--limit N` (parsed: 1 or more); nil: every row.
    var rowLimit: Int? { value(Options.limit)?.value }

    /// `--format` (parsed), table when not given.
    var format: OutputFormat { value(Options.format) ?? .table }
}

/// `--help`: the summary, the usage line, the discussion, then the arguments and options, all
/// but the discussion made from the declarations.
func helpText(for command: Command) -> String {
    var text = "\(command.summary)\n\nUsage: \(command.usage)\n"
    if !command.discussion.isEmpty { text += "\n" + command.discussion + "\n" }
    return text + HelpList.render(positionals: command.positionals, options: command.options + Options.common)
}
