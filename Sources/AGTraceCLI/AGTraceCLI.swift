import AGTraceKit
import CommandLineOptions
import Foundation

let version = "0.1.0"

/// Every command by name, each declared when first asked for: a command's declarations can
/// read registries (`report`'s options come from every query file), which the other commands
/// need not pay for at start.
let commandTable: [(name: String, declare: @Sendable () -> Command)] = [
    (ImportCommand.name, { ImportCommand.command }), (ListCommand.name, { ListCommand.command }),
    (QueryCommand.name, { QueryCommand.command }), (ReportCommand.name, { ReportCommand.command }),
    (DiffCommand.name, { DiffCommand.command }), (CompareCommand.name, { CompareCommand.command }),
    (WalkCommand.name, { WalkCommand.command }), (WhyCommand.name, { WhyCommand.command }),
    (CyclesCommand.name, { CyclesCommand.command }), (ExportCommand.name, { ExportCommand.command }),
    (FindingsCommand.name, { FindingsCommand.command }), (BaselineCommand.name, { BaselineCommand.command }),
    (CheckCommand.name, { CheckCommand.command }), (DeleteCommand.name, { DeleteCommand.command }),
    (LLDBScriptCommand.name, { LLDBScriptCommand.command }), (McpCommand.name, { McpCommand.command }),
]

/// Every command, declared (help, docs, the declaration tests).
var commands: [Command] { commandTable.map { $0.declare() } }

/// The command named `name`, declaring only it.
func command(named name: String) -> Command? {
    commandTable.first { $0.name == name }?.declare()
}

@MainActor func topLevelHelp() -> String {
    var text = wrap("agtrace \(version): SwiftUI's evidence (\(KindWords.formatPlurals("and"))) in one SQLite database.",
                    width: 90).joined(separator: "\n") + """


    Usage: agtrace <command> [options]

    Commands:

    """
    let width = commands.map { $0.name.count }.max() ?? 8
    for c in commands {
        text += "  \(c.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(c.summary)\n"
    }
    text += "  \("help".padding(toLength: width, withPad: " ", startingAt: 0))  Show help for a command\n"
    text += """

    Every command takes --db PATH (or $AGTRACE_DB; default ./agtrace.db; it may also stand
    before the command: agtrace --db x.db list) and --help.
    Exit status: 0 success, 1 bad input or a failed query, 2 usage error.
    'check' exits 1 when something regressed, 2 when its baseline cannot be used, and 3
    when the recording could not be counted (see 'agtrace help check').

    Start with:
      agtrace import SampleArchives        # archives (.ag-json, .ag-gzon), transcripts and traces
      agtrace list                         # what is stored: \(KindWords.plurals("and"))
      agtrace help import                  # any command's options and examples
      agtrace why --view Editor --snapshot planner-after-invalidate   # why a view ran
      agtrace report updates --trace trip-taps --by view              # what a trace re-evaluated

    """
    return text
}

/// The `agtrace` command line as a library: `Sources/agtrace/main.swift` only calls `main`, so
/// everything the CLI does can be reached (and tested) in-process.
public enum AGTraceCLI {
    /// Runs one command line (`argv[0]` is the program name) and returns its exit status.
    @MainActor public static func main(_ argv: [String]) -> Int32 { run(argv) }
}

@MainActor func run(_ argv: [String]) -> Int32 {
    let out = StreamSink(fd: 1)
    let err = StreamSink(fd: 2, bufferSize: 0)
    defer { out.flush(); err.flush() }
    var args = Array(argv.dropFirst())
    // Global options may stand before the command: `agtrace --db x.db list`.
    let global = ParsedArguments.takeLeading(Options.db, from: &args)
    guard let first = args.first else {
        if !global.isEmpty {
            err.write("agtrace: error: \(global[0]) must be followed by a command; see 'agtrace help'\n")
            return 2
        }
        out.write(topLevelHelp())
        return 0
    }
    if first == "--version" || first == "version" {
        out.write("agtrace \(version)\n")
        return 0
    }
    if first == "--help" || first == "-h" {
        out.write(topLevelHelp())
        return 0
    }
    if first == "help" {
        guard args.count > 1, args[1] != "help", args[1] != "--help", args[1] != "-h" else {
            out.write(topLevelHelp())
            return 0
        }
        guard let c = command(named: args[1]) else {
            err.write("agtrace: error: no command '\(terminalSafe(args[1]))'; see 'agtrace help'\n")
            return 2
        }
        out.write(helpText(for: c))
        return 0
    }
    guard let command = command(named: first) else {
        let guess = commandTable.map(\.name).min { Suggestion.distance($0, first) < Suggestion.distance($1, first) }
        var message = "agtrace: error: unknown command '\(first)'"
        if let guess, Suggestion.distance(guess, first) <= 2 { message += " (did you mean '\(guess)'?)" }
        err.write(message + "\nSee 'agtrace help'.\n")
        return 2
    }
    args.removeFirst()
    args = global + args
    do {
        let parsed = try command.parse(args)
        if parsed.has(Options.help) {
            out.write(helpText(for: command))
            return 0
        }
        try command.check(parsed)
        let dbPath = DatabaseOpener.path(given: parsed.value(Options.db), environment: ProcessInfo.processInfo.environment)
        let context = Context(databasePath: dbPath, out: out, err: err, stderrIsTerminal: isatty(2) == 1)
        defer { context.finishWriting() }
        return try command.run(parsed, context)
    } catch let e as UsageError {
        // A message may span lines (a report's forms): each line made safe, the breaks kept.
        let message = e.message.split(separator: "\n", omittingEmptySubsequences: false).map { terminalSafe(String($0)) }
            .joined(separator: "\n")
        err.write("agtrace \(command.name): error: \(message)\nUsage: \(command.usage)\nSee 'agtrace help \(command.name)'.\n")
        command.reportFailure?(e.message, args, out)
        return 2
    } catch let e as OutputRefusal {
        // An output path refused before any work: a usage error, without the usage text.
        err.write("agtrace \(command.name): error: " + terminalSafe(e.description) + "\n")
        return 2
    } catch {
        err.write("agtrace \(command.name): error: " + terminalSafe("\(error)") + "\n")
        return 1
    }
}

