import AGTraceKit
import CommandLineOptions

/// The options several commands take with the same meaning. A command words the help of one
/// for itself with `explained`; it stays the same option.
enum Options {
    /// Every command takes these two (`--help` lists them last).
    static let db = OptionSpec(name: "db", valueName: "PATH", help: "the database (default: $AGTRACE_DB, else ./agtrace.db)")
    static let help = OptionSpec(name: "help", valueName: nil, help: "show this help", short: "h")
    static let common = [db, help]

    // What commands print rows with.
    static let format = Option<OutputFormat>(name: "format", help: "output format (default: table); json is an array of objects keyed by column")
    static let limit = Option<RowLimit>(name: "limit", help: "print at most N rows (1 or more); stderr says when more exist")
    static let wide = OptionSpec(name: "wide", valueName: nil, help: "table: print long cells whole (they are cut in the middle otherwise)")
    /// The options of every command that prints rows.
    static let rows = [format.spec, limit.spec, wide]

    // What a command reads: labels of the database (see `agtrace list`).
    static let snapshot = OptionSpec(name: "snapshot", valueName: "S", help: "the snapshot (an archive) to report on, or to name attributes")
    static let run = OptionSpec(name: "run", valueName: "R", help: "the run (a transcript) to report on")
    static let trace = OptionSpec(name: "trace", valueName: "T", help: "the trace (an AttributeGraph trace file) to report on")
    static let console = OptionSpec(name: "console", valueName: "C", help: "the console (an imported console log) to report on")
    static let from = OptionSpec(name: "from", valueName: "S1", help: "the earlier snapshot of a comparison")

    /// The option that takes a label of a stored kind: the one declared here, or, for a kind
    /// brought by a format from outside, one made from its placeholder and noun.
    static func label(named name: String) -> OptionSpec {
        if let known = [run, snapshot, from, to, trace, console].first(where: { $0.name == name }) { return known }
        let kind = InputFormats.storedKinds.first { $0.options.contains { $0.name == name } }
        let placeholder = kind?.options.first { $0.name == name }?.placeholder ?? "L"
        return OptionSpec(name: name, valueName: placeholder, help: "the \(kind?.noun ?? name) labelled \(placeholder)")
    }
    static let to = OptionSpec(name: "to", valueName: "S2", help: "the later snapshot of a comparison")

    /// Where a command writes what it makes (- or none: standard output).
    static let output = OptionSpec(name: "output", valueName: "FILE", help: "write to FILE instead of standard output (- is standard output); a regular file, replaced whole (never a device, FIFO, directory, input or database: exit 2)",
                                   short: "o")
    /// How far from a starting node a graph command goes, in edges.
    static let depth = Option<WalkDepth>(name: "depth", help: "stop N edges away from ATTR (default: no limit)")

    // `baseline` and `check`: what the counts are taken from and how.
    static let transcript = OptionSpec(name: "transcript", valueName: "FILE",
                                       help: "an lldb transcript, imported into a private temporary database for this command (no labels, no --db)")
    static let archive = OptionSpec(name: "archive", valueName: "DUMP",
                                    help: "an AttributeGraph archive (a dump), imported the same way; with --transcript it names the run's attributes")
    static let allowIncomplete = OptionSpec(name: "allow-incomplete", valueName: nil,
                                            help: "take counts from a recording that crashed, failed or was cut (refused otherwise)")
    static let time = OptionSpec(name: "time", valueName: nil,
                                 help: "with --trace: record each key's self seconds too (its evaluations minus those nested in them), for 'check --time'")
}
