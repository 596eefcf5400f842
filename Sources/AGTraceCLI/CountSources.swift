import AGTraceKit
import CommandLineOptions
import Foundation

/// Where `baseline` and `check` take their counts from: labels of the database (`--run R`,
/// `--snapshot S`), or files imported into a private temporary database for this command
/// alone (`--transcript FILE`, `--archive FILE`, `--trace FILE`), so that a pipeline depends on
/// no label and no database an earlier job left behind.
struct CountSources {
    var run, snapshot, transcript, archive: String?
    /// A trace: a file (imported privately) or the label of a trace in the database.
    var trace: String?

    /// Said when `baseline` or `check` is given a positional.
    static let inputHint = "the input is given with --transcript, --archive, --trace, --run or --snapshot"

    /// The input, one of `(--transcript FILE [--archive DUMP] | --archive DUMP | --trace FILE|T | --run R | --snapshot S)`,
    /// worded for counting (a run named by a snapshot, `--run R --snapshot S`, is said in the help).
    static let usage = UsageTerm.oneOf([
        [.option(Options.transcript), .optional(Options.archive)],
        [.option(Options.archive)],
        [.option(Options.trace.explained("an AttributeGraph trace: a file (AG_TRACE; imported privately like --transcript) or the label of a trace in the database; its rule evaluations, named by its own types",
                                         valueName: "FILE|T"))],
        [.option(Options.run.explained("the run labelled R in the database"))],
        [.option(Options.snapshot.explained("snapshot S in the database (or, with a run and --key rule|view, the dump that names the run's attributes)"))],
    ])

    init(_ args: ParsedArguments) throws {
        run = args.value(Options.run)
        snapshot = args.value(Options.snapshot)
        transcript = args.value(Options.transcript)
        archive = args.value(Options.archive)
        trace = args.value(Options.trace)
        if trace != nil && (run != nil || snapshot != nil || transcript != nil || archive != nil) {
            throw UsageError(message: "--trace is counted alone (its own types name its rules and views): give no --run, --snapshot, --transcript or --archive with it")
        }
        if (run != nil || snapshot != nil) && (transcript != nil || archive != nil) {
            throw UsageError(message: "give labels (--run, --snapshot) or files (--transcript, --archive), not both")
        }
    }

    /// Whether a private database is made: files given (a trace given as a file is known once
    /// `open` tells a file from a label).
    var usesFiles: Bool { transcript != nil || archive != nil || traceFile != nil }
    /// The files this command reads, which its output must not replace.
    var fileInputs: [OutputFile.Input] {
        [(Options.transcript, transcript), (Options.archive, archive), (Options.trace, traceFile)]
            .compactMap { option, path in path.map { OutputFile.Input(option: "--" + option.name, path: $0) } }
    }
    var hasTrace: Bool { trace != nil }
    var hasRun: Bool { run != nil || transcript != nil }
    var hasSnapshot: Bool { snapshot != nil || archive != nil }
    var runOption: String { "--" + (transcript != nil ? Options.transcript : Options.run).name }
    var snapshotOption: String { "--" + (archive != nil ? Options.archive : Options.snapshot).name }

    /// `--trace X` names a file when X is one (or `-`, standard input), else a label of the
    /// database. Both at once is refused rather than guessed: `./X` names the file.
    var traceFile: String? {
        guard let trace else { return nil }
        var isDirectory: ObjCBool = false
        return trace == "-" || (FileManager.default.fileExists(atPath: trace, isDirectory: &isDirectory) && !isDirectory.boolValue)
            ? trace : nil
    }

    /// Refuses a `--trace X` that is both a file and a trace's label in the database.
    func refuseAmbiguousTrace(_ context: Context) throws {
        guard let trace, traceFile != nil, trace != "-", FileManager.default.fileExists(atPath: context.databasePath) else { return }
        guard let db = try? context.openDatabase(.read), (try? LabelLookup.resolve(trace, kind: "trace", in: db)) ?? nil != nil else { return }
        throw UsageError(message: "--trace \(trace) is both a file and the label of a trace in \(context.databasePath): write ./\(trace) for the file")
    }

    /// The database to count in, and the labels of the run and snapshot there. Files are
    /// imported (a line each on stderr); `privateDatabase` must stay alive while counting.
    func open(_ context: Context) throws -> (db: Database, run: String?, snapshot: String?, trace: String?, privateDatabase: PrivateDatabase?) {
        if let trace, traceFile == nil {
            guard FileManager.default.fileExists(atPath: context.databasePath) else {
                throw CheckProblem(.notCounted, "--trace \(trace): no such file (and no database at \(context.databasePath) to hold a trace labelled so)")
            }
            let db = try context.openDatabase(.read)
            guard try LabelLookup.resolve(trace, kind: "trace", in: db) != nil else {
                throw CheckProblem(.notCounted, "--trace \(trace): no such file, and no trace labelled '\(trace)' in \(context.databasePath) ('agtrace list' shows the labels)")
            }
            return (db, nil, nil, trace, nil)
        }
        guard usesFiles else {
            return (try context.openDatabase(.read), run, snapshot, nil, nil)
        }
        let scratch = try PrivateDatabase()
        var runLabel: String?, snapshotLabel: String?, traceLabel: String?
        if let trace = traceFile {
            let item = try scratch.importFile(trace, as: .trace)
            traceLabel = item.label
            context.err.write(terminalSafe("agtrace: read \(trace): \(item.events) events, \(item.updates) evaluations") + "\n")
        }
        if let transcript {
            let item = try scratch.importFile(transcript, as: .transcript)
            runLabel = item.label
            context.err.write(terminalSafe("agtrace: read \(transcript): \(item.events) events, \(item.end?.reason ?? "end unknown")") + "\n")
            for warning in item.warnings { context.err.write(terminalSafe("agtrace: warning: \(transcript): \(warning)") + "\n") }
        }
        if let archive {
            let item = try scratch.importFile(archive, as: .archive)
            snapshotLabel = item.label
            context.err.write(terminalSafe("agtrace: read \(archive): \(item.graphs) graphs, \(item.nodes) nodes") + "\n")
        }
        return (scratch.db, runLabel, snapshotLabel, traceLabel, scratch)
    }
}

/// What to count: a run (named through a snapshot for keys rule and view) or a snapshot.
struct CountInput {
    var kind: MeasuredKind
    var label: String
    var key: BaselineKey
    var namingSnapshot: String?
    /// Traces: record (baseline) or compare (check) the evaluations' total seconds too.
    var withSeconds = false

    /// For a run named through a snapshot: how many of its attributes the snapshot holds (a
    /// warning when some are missing; refused, exit 1, when all are).
    func match(in db: Database, context: Context, command: String) throws -> RunSnapshotMatch? {
        guard kind == .run, let namingSnapshot else { return nil }
        let match = try RunSnapshotMatch.check(in: db, run: try LabelLookup.runId(label, in: db), runLabel: label,
                                               snapshot: try LabelLookup.snapshotId(namingSnapshot, in: db),
                                               snapshotLabel: namingSnapshot)
        if let warning = match.warning { context.err.write("agtrace \(command): warning: \(terminalSafe(warning))\n") }
        return match
    }

    func counts(in db: Database) throws -> UpdateCounts {
        switch kind {
        case .trace: return try UpdateCounts.trace(label, key: key, withSeconds: withSeconds, in: db)
        case .run: return try UpdateCounts.run(label, key: key, namingSnapshot: namingSnapshot, in: db)
        case .snapshot: return try UpdateCounts.snapshot(label, key: key, in: db)
        }
    }
}
