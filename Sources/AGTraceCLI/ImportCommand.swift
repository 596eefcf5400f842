import AGTraceKit
import CommandLineOptions
import Foundation

enum ImportCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "import"
    static let summary = "Import \(KindWords.formatPlurals("and"))"
    static let usage = [UsageForm([.optional(label), .optional(replace), .optional(quiet), .optional(timings), .optional(progress), .positional(paths)])]
    /// The paragraphs that list the formats and kinds are made from the registry (`KindWords`).
    static var discussion: String {
        let formats = wrap("""
            Each PATH is a file, a directory (imported recursively, in sorted order; a file that is \
            no input at all, such as a README, {"a": 1}, an empty file or a dangling link, is \
            skipped there with one line, and a last line sums up: imported N, skipped M, failed K; \
            so are FIFOs, sockets, devices, names that are not UTF-8 and links back into the tree: \
            each directory is read once) or - for standard input. What a file holds is decided by \
            its bytes, never its name (docs/formats.md): \(KindWords.signs). \
            Each file is imported in one transaction: a bad file is refused with the reason and \
            position, and leaves the database as it was. Warnings (a recording that did not end \
            normally, hits that could not be read, a trace cut short) go to stderr, --quiet or not.
            """, width: 90)
        let labels = wrap("""
            The label names the \(KindWords.nouns("or")) in every other command (\(KindWords.options("and"))). \
            It defaults to the file name without \(KindWords.labelEndings). A label that is taken, derived or given with \
            --label, is refused (exit 1, nothing stored; a directory import says so for each such \
            file and goes on): --label L gives another, --replace replaces what it names. A replace \
            keeps the kind (a snapshot is replaced by an archive, never by a transcript or a trace: \
            refused) and the label's aliases, which then name the new import; replacing an alias \
            replaces that name only. Empty labels and labels starting with - are refused. \
            Bytes imported before are not stored twice: agtrace says which label holds them.
            """, width: 90)
        return (formats + [""] + labels).joined(separator: "\n") + "\n" + examples
    }
    static let examples = """

    Examples:
      agtrace import SampleArchives
      agtrace import --label before trip-before.ag-json
      agtrace import --label tap $TMPDIR/trace-0001.ag-trace
      agtrace import --label ci-changes ui-tests.log
      agtrace import --quiet --timings recordings/
      gunzip -c graph.ag-gzon | agtrace import --label window -
      agtrace import --replace --label before trip-before.ag-json
    """
    static let label = OptionSpec(name: "label", valueName: "L", help: "label for the \(KindWords.nouns("or")) (one PATH only)")
    static let replace = OptionSpec(name: "replace", valueName: nil,
                                    help: "replace what holds this label (same kind; its aliases kept), and import even bytes already stored")
    static let quiet = OptionSpec(name: "quiet", valueName: nil, help: "print no line per file and no summary (errors and warnings still go to stderr)", short: "q")
    static let timings = OptionSpec(name: "timings", valueName: nil, help: "after each import, print where its time went (seconds since the start, per phase)")
    static let progress = OptionSpec(name: "progress", valueName: nil,
                                     help: "print a progress line to stderr at each percent read (each MB from standard input), also when stderr is no terminal: for logs and scripts")
    static let paths = Positional("PATH", .oneOrMore, help: "a file, a directory (read recursively) or - for standard input")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        var batch: ImportBatch
        do {
            batch = try ImportBatch(paths: args.positionals, label: args.value(Self.label))
        } catch let e as ImportUsageError {
            throw UsageError(message: e.message)
        }
        let db = try context.openDatabase(.write)
        let importer = Importer(database: db)
        let quiet = args.has(Self.quiet)
        if !quiet {
            for entry in batch.passedOver { context.out.write(terminalSafe("skipped \(entry.path): \(entry.reason)") + "\n") }
        }
        for file in batch.files {
            let path = file.path
            let progressLine = ProgressLine(err: context.err)
            var options = ImportOptions(label: args.value(Self.label), replace: args.has(replace))
            if args.has(Self.progress) {
                let log = ProgressLog(err: context.err)
                options.progress = { log.update($0) }
            } else if context.stderrIsTerminal && !quiet {
                // Shown once an import has taken half a second (a large file, or a small one that is slow to read).
                options.progress = { p in
                    guard p.seconds >= 0.5 else { return }
                    progressLine.update(terminalSafe(p.line))
                }
            }
            let result = batch.run(file, importer: importer, options: options)
            progressLine.clear()
            switch result {
            case .done(let outcome):
                if !quiet { context.out.write(terminalSafe(outcome.line) + "\n") }
                if case .imported(let item) = outcome {
                    // As stored in import_notes (read back from there by the import): a line per
                    // kind of note, however many of that kind (every one is a row).
                    for group in ImportNoteGroup.groups(item.notes) {
                        context.err.write("agtrace import: \(group.first.severity): " + terminalSafe("\(item.label): \(group.sentence(stored: true))") + "\n")
                    }
                    if args.has(timings) {
                        for (phase, at) in item.phases {
                            context.out.write("  \(String(format: "%7.3f s", at))  \(phase)\n")
                        }
                    }
                }
            case .skipped(let reason):
                if !quiet { context.out.write(terminalSafe("skipped \(path): \(reason)") + "\n") }
            case .failed(let error):
                context.err.write("agtrace import: error: " + terminalSafe("\(error)") + "\n")
            }
        }
        if let summary = batch.summary, !quiet { context.out.write(summary + "\n") }
        return batch.exitStatus
    }
}
