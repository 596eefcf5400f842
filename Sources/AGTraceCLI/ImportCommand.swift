import AGTraceKit
import CommandLineOptions
import Foundation

enum ImportCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "import"
    static let summary = "Import AttributeGraph archives, lldb breakpoint transcripts and AttributeGraph traces"
    static let usage = [UsageForm([.optional(label), .optional(replace), .optional(quiet), .optional(timings), .positional(paths)])]
    static let discussion = """
    Each PATH is a file, a directory (imported recursively, in sorted order; a file that is
    no input at all, such as a README, {"a": 1}, an empty file or a dangling link, is
    skipped there with one line, and a last line sums up: imported N, skipped M, failed K;
    so are FIFOs, sockets, devices, names that are not UTF-8 and links back into the tree:
    each directory is read once) or - for standard input. What a file holds is decided by
    its bytes, never its name: gzip (.ag-gzon, .gz) is undone, JSON is an archive (a
    snapshot), text with breakpoint hits is a transcript (a run), protobuf records are a
    trace (AG_TRACE or AGGraphStartTracing: .ag-trace, .iag-trace, .oag-trace, gzip'd too).
    Each file is imported in one transaction: a bad file is refused with the reason and
    position, and leaves the database as it was. Warnings (a recording that did not end
    normally, hits that could not be read, a trace cut short) go to stderr, --quiet or not.

    The label names the snapshot, run or trace in every other command (--snapshot, --run,
    --trace). It defaults to the file name without .ag-gzon/.ag-json/.json/.gz/.lldb/.log/
    .txt/.ag-trace/.iag-trace/.oag-trace. A label that is taken, derived or given with
    --label, is refused (exit 1, nothing stored; a directory import says so for each such
    file and goes on): --label L gives another, --replace replaces what it names. A replace
    keeps the kind (a snapshot is replaced by an archive, never by a transcript or a trace:
    refused) and the label's aliases, which then name the new import; replacing an alias
    replaces that name only. Empty labels and labels starting with - are refused.
    Bytes imported before are not stored twice: agtrace says which label holds them.

    Examples:
      agtrace import SampleArchives
      agtrace import --label before trip-before.ag-json
      agtrace import --label tap $TMPDIR/trace-0001.ag-trace
      agtrace import --quiet --timings recordings/
      gunzip -c graph.ag-gzon | agtrace import --label window -
      agtrace import --replace --label before trip-before.ag-json
    """
    static let label = OptionSpec(name: "label", valueName: "L", help: "label for the snapshot, run or trace (one PATH only)")
    static let replace = OptionSpec(name: "replace", valueName: nil,
                                    help: "replace what holds this label (same kind; its aliases kept), and import even bytes already stored")
    static let quiet = OptionSpec(name: "quiet", valueName: nil, help: "print no line per file and no summary (errors and warnings still go to stderr)", short: "q")
    static let timings = OptionSpec(name: "timings", valueName: nil, help: "after each import, print where its time went (seconds since the start, per phase)")
    static let paths = Positional("PATH", .oneOrMore, help: "a file, a directory (read recursively) or - for standard input")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        guard !args.positionals.isEmpty else {
            throw UsageError(message: "give at least one file, directory, or - for standard input")
        }
        if let label = args.value(Self.label), let problem = Labels.problem(with: label) {
            throw UsageError(message: problem)
        }
        var items: [(path: String, explicit: Bool)] = []
        var passedOver: [DirectoryWalk.Skipped] = []
        for p in args.positionals {
            let walk = try DirectoryWalk.walk(p)
            items += walk.files.map { ($0, $0 == p) }
            passedOver += walk.skipped
        }
        if args.value(Self.label) != nil && items.count != 1 {
            throw UsageError(message: "--label names one import, but the paths hold \(items.count) files")
        }
        if items.filter({ $0.path == "-" }).count > 1 {
            throw UsageError(message: "standard input (-) can be read only once")
        }
        let db = try context.openDatabase(.write)
        let importer = Importer(database: db)
        let quiet = args.has(Self.quiet)
        var failures = 0, imported = 0, skipped = passedOver.count, unchanged = 0
        if !quiet {
            for entry in passedOver { context.out.write(terminalSafe("skipped \(entry.path): \(entry.reason)") + "\n") }
        }
        for (path, explicit) in items {
            let progressLine = ProgressLine(err: context.err)
            var options = ImportOptions(label: args.value(Self.label), replace: args.has(replace))
            if context.stderrIsTerminal && !quiet {
                // Shown once an import has taken half a second (a large file, or a small one that is slow to read).
                options.progress = { p in
                    guard p.seconds >= 0.5 else { return }
                    progressLine.update(terminalSafe(p.line))
                }
            }
            do {
                let outcome = try importer.importItem(path, options: options)
                progressLine.clear()
                if case .imported = outcome { imported += 1 } else { unchanged += 1 }
                if !quiet { context.out.write(terminalSafe(describe(outcome)) + "\n") }
                if case .imported(let item) = outcome {
                    for warning in item.warnings {
                        context.err.write("agtrace import: warning: " + terminalSafe("\(item.label): \(warning)") + "\n")
                    }
                }
                if case .imported(let item) = outcome, let end = item.end, !end.isComplete {
                    let what = end == .noEndSeen
                        ? "the transcript does not show how the process ended (no end seen); 'check' warns"
                        : "the recording did not end normally (\(end.reason)); 'check' refuses it unless --allow-incomplete"
                    context.err.write(terminalSafe("agtrace import: warning: \(item.label): \(what)") + "\n")
                }
                if args.has(timings), case .imported(let item) = outcome {
                    for (phase, at) in item.phases {
                        context.out.write("  \(String(format: "%7.3f s", at))  \(phase)\n")
                    }
                }
            } catch where !explicit && Importer.isNotAnInput(error) {
                progressLine.clear()
                skipped += 1
                if !quiet { context.out.write(terminalSafe("skipped \(path): \(Self.reason(error))") + "\n") }
            } catch {
                progressLine.clear()
                failures += 1
                context.err.write("agtrace import: error: " + terminalSafe("\(error)") + "\n")
            }
        }
        if items.count + passedOver.count > 1 && !quiet {
            var summary = "imported \(imported), skipped \(skipped), failed \(failures)"
            if unchanged > 0 { summary += ", unchanged \(unchanged)" }
            context.out.write(summary + "\n")
        }
        return failures == 0 ? 0 : 1
    }

    /// Why a file was skipped, without the path the line already names.
    static func reason(_ error: Error) -> String {
        switch error {
        case let e as InputError: return e.message
        case let e as ArchiveFormatError: return e.message
        default: return "\(error)"
        }
    }

    static func describe(_ outcome: ImportOutcome) -> String {
        switch outcome {
        case .imported(let item):
            let how = item.compressed ? "\(item.kind.rawValue), gzip" : item.kind.rawValue
            let verb = item.replaced ? "replaced" : "imported"
            var taken = ""
            if let target = item.replacedAliasOf { taken += ", was an alias of '\(target)', which keeps its bytes" }
            if !item.keptAliases.isEmpty {
                taken += ", aliases kept: " + item.keptAliases.map { "'\($0)'" }.joined(separator: ", ") + " name the new \(item.kind.storedNoun)"
            }
            let time = String(format: "%.2f s", item.seconds)
            switch item.kind {
            case .archive:
                return "\(verb) \(item.label) (\(how)\(taken)): graphs \(item.graphs), nodes \(item.nodes), edges \(item.edges) in \(time)"
            case .transcript:
                let ended = item.end.map { ", \($0.reason)" } ?? ""
                return "\(verb) \(item.label) (\(how)\(taken)): events \(item.events), skipped lines \(item.skippedLines), incomplete hits \(item.incompleteHits)\(ended) in \(time)"
            case .trace:
                let cut = item.traceIncomplete.map { ", incomplete (\($0))" } ?? ""
                return "\(verb) \(item.label) (\(how)\(taken)): events \(item.events), evaluations \(item.updates), writes \(item.writes)\(cut) in \(time)"
            }
        case let .duplicate(path, kind, existing):
            return "unchanged \(path): the same bytes are already stored as \(kind.storedNoun) '\(existing)' (--replace imports them again)"
        case let .aliased(path, kind, existing, alias):
            return "aliased \(alias) -> \(existing): \(path) holds the same bytes as \(kind.storedNoun) '\(existing)', so '\(alias)' is now another name of it (nothing stored twice)"
        }
    }
}
