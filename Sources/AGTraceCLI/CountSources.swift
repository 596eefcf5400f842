import AGTraceKit
import Foundation

/// Where `baseline` and `check` take their counts from: labels of the database (`--run R`,
/// `--snapshot S`), or files imported into a private temporary database for this command
/// alone (`--transcript FILE`, `--archive FILE`), so that a pipeline depends on no label and
/// no database an earlier job left behind.
struct CountSources {
    var run: String?
    var snapshot: String?
    var transcript: String?
    var archive: String?

    static let options = [
        OptionSpec(name: "run", valueName: "R", help: "the run labelled R in the database"),
        OptionSpec(name: "snapshot", valueName: "S",
                   help: "snapshot S in the database (or, with a run and --key rule|view, the dump that names the run's attributes)"),
        OptionSpec(name: "transcript", valueName: "FILE",
                   help: "an lldb transcript, imported into a private temporary database for this command (no labels, no --db)"),
        OptionSpec(name: "archive", valueName: "FILE",
                   help: "an AttributeGraph archive (a dump), imported the same way; with --transcript it names the run's attributes"),
    ]

    init(_ args: ParsedArguments) throws {
        run = args.value("run")
        snapshot = args.value("snapshot")
        transcript = args.value("transcript")
        archive = args.value("archive")
        if (run != nil || snapshot != nil) && (transcript != nil || archive != nil) {
            throw UsageError(message: "give labels (--run, --snapshot) or files (--transcript, --archive), not both")
        }
    }

    var usesFiles: Bool { transcript != nil || archive != nil }
    var hasRun: Bool { run != nil || transcript != nil }
    var hasSnapshot: Bool { snapshot != nil || archive != nil }
    var runOption: String { transcript != nil ? "--transcript" : "--run" }
    var snapshotOption: String { archive != nil ? "--archive" : "--snapshot" }

    /// The database to count in, and the labels of the run and snapshot there. Files are
    /// imported (a line each on stderr); `privateDatabase` must stay alive while counting.
    func open(_ context: Context) throws -> (db: Database, run: String?, snapshot: String?, privateDatabase: PrivateDatabase?) {
        guard usesFiles else {
            return (try context.openDatabase(.read), run, snapshot, nil)
        }
        let scratch = try PrivateDatabase()
        var runLabel: String?, snapshotLabel: String?
        if let transcript {
            let item = try scratch.importFile(transcript, as: .transcript)
            runLabel = item.label
            context.err.write(terminalSafe("agtrace: read \(transcript): \(item.events) events, \(item.end?.reason ?? "end unknown")") + "\n")
        }
        if let archive {
            let item = try scratch.importFile(archive, as: .archive)
            snapshotLabel = item.label
            context.err.write(terminalSafe("agtrace: read \(archive): \(item.graphs) graphs, \(item.nodes) nodes") + "\n")
        }
        return (scratch.db, runLabel, snapshotLabel, scratch)
    }
}

/// What to count: a run (named through a snapshot for keys rule and view) or a snapshot.
struct CountInput {
    var kind: MeasuredKind
    var label: String
    var key: BaselineKey
    var namingSnapshot: String?

    func counts(in db: Database) throws -> UpdateCounts {
        switch kind {
        case .run: return try UpdateCounts.run(label, key: key, namingSnapshot: namingSnapshot, in: db)
        case .snapshot: return try UpdateCounts.snapshot(label, key: key, in: db)
        }
    }
}
