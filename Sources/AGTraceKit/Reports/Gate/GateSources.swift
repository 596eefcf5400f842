import Foundation

/// Where `baseline` and `check` take their counts from: labels of the database (`--run R`,
/// `--snapshot S`), or files imported into a private temporary database for this command
/// alone (`--transcript FILE`, `--archive FILE`, `--trace FILE`), so that a pipeline depends on
/// no label and no database an earlier job left behind.
public struct GateSources: Equatable, Sendable {
    public var run, snapshot, transcript, archive: String?
    /// A trace: a file (imported privately) or the label of a trace in the database.
    public var trace: String?

    /// Refuses (a usage problem) a trace counted with anything else, and labels mixed with files.
    public init(run: String? = nil, snapshot: String? = nil, transcript: String? = nil, archive: String? = nil,
                trace: String? = nil) throws {
        self.run = run
        self.snapshot = snapshot
        self.transcript = transcript
        self.archive = archive
        self.trace = trace
        if trace != nil && (run != nil || snapshot != nil || transcript != nil || archive != nil) {
            throw CheckProblem(.usage, "--trace is counted alone (its own types name its rules and views): give no --run, --snapshot, --transcript or --archive with it")
        }
        if (run != nil || snapshot != nil) && (transcript != nil || archive != nil) {
            throw CheckProblem(.usage, "give labels (--run, --snapshot) or files (--transcript, --archive), not both")
        }
    }

    /// Whether a private database is made: files given (a trace given as a file is known once
    /// `open` tells a file from a label).
    public var usesFiles: Bool { transcript != nil || archive != nil || traceFile != nil }
    /// The files this command reads, which its output must not replace.
    public var fileInputs: [OutputFile.Input] {
        [(InputKind.transcript, transcript), (.archive, archive), (.trace, traceFile)]
            .compactMap { kind, path in path.map { OutputFile.Input(option: PrivateDatabase.option(kind), path: $0) } }
    }
    public var hasTrace: Bool { trace != nil }
    public var hasRun: Bool { run != nil || transcript != nil }
    public var hasSnapshot: Bool { snapshot != nil || archive != nil }
    var runOption: String { transcript != nil ? PrivateDatabase.option(.transcript) : "--run" }
    var snapshotOption: String { archive != nil ? PrivateDatabase.option(.archive) : "--snapshot" }

    /// `--trace X` names a file when X is one (or `-`, standard input), else a label of the
    /// database. Both at once is refused rather than guessed: `./X` names the file.
    public var traceFile: String? {
        guard let trace else { return nil }
        var isDirectory: ObjCBool = false
        return trace == "-" || (FileManager.default.fileExists(atPath: trace, isDirectory: &isDirectory) && !isDirectory.boolValue)
            ? trace : nil
    }

    /// Refuses a `--trace X` that is both a file and a trace's label in the database.
    func refuseAmbiguousTrace(database: String, openDatabase: () throws -> Database) throws {
        guard let trace, traceFile != nil, trace != "-", FileManager.default.fileExists(atPath: database) else { return }
        guard let db = try? openDatabase(), (try? LabelLookup.resolve(trace, kind: "trace", in: db)) ?? nil != nil else { return }
        throw CheckProblem(.usage, "--trace \(trace) is both a file and the label of a trace in \(database): write ./\(trace) for the file")
    }

    /// The database counted in and the labels of the run, snapshot and trace there.
    struct Opened {
        var db: Database
        var run, snapshot, trace: String?
        /// Must stay alive while counting; closed by `close()`.
        var privateDatabase: PrivateDatabase?
        func close() { privateDatabase?.close() }
    }

    /// Opens the database to count in. Files are imported (a line each in `log`) into a
    /// private database: the one place the gate imports, through `PrivateDatabase`.
    func open(database: String, openDatabase: () throws -> Database, log: CommandLog) throws -> Opened {
        if let trace, traceFile == nil {
            guard FileManager.default.fileExists(atPath: database) else {
                throw CheckProblem(.notCounted, "--trace \(trace): no such file (and no database at \(database) to hold a trace labelled so)")
            }
            let db = try openDatabase()
            guard try LabelLookup.resolve(trace, kind: "trace", in: db) != nil else {
                throw CheckProblem(.notCounted, "--trace \(trace): no such file, and no trace labelled '\(trace)' in \(database) ('agtrace list' shows the labels)")
            }
            return Opened(db: db, trace: trace)
        }
        guard usesFiles else {
            return Opened(db: try openDatabase(), run: run, snapshot: snapshot)
        }
        let scratch = try PrivateDatabase()
        var opened = Opened(db: scratch.db, privateDatabase: scratch)
        if let trace = traceFile {
            let item = try scratch.importFile(trace, as: .trace)
            opened.trace = item.label
            log.say(.imported("read \(trace): \(item.events) events, \(item.updates) evaluations"))
        }
        if let transcript {
            let item = try scratch.importFile(transcript, as: .transcript)
            opened.run = item.label
            log.say(.imported("read \(transcript): \(item.events) events, \(item.end?.reason ?? "end unknown")"))
            for warning in item.warnings { log.say(.importWarning("\(transcript): \(warning)")) }
        }
        if let archive {
            let item = try scratch.importFile(archive, as: .archive)
            opened.snapshot = item.label
            log.say(.imported("read \(archive): \(item.graphs) graphs, \(item.nodes) nodes"))
        }
        return opened
    }
}

/// What to count: a run (named through a snapshot for keys rule and view), a snapshot or a trace.
struct CountInput {
    var kind: MeasuredKind
    var label: String
    var key: BaselineKey
    var namingSnapshot: String?
    /// Traces: record (baseline) or compare (check) the evaluations' total seconds too.
    var withSeconds = false

    /// For a run named through a snapshot: how many of its attributes the snapshot holds (a
    /// warning when some are missing; refused, a ReportError, when all are).
    func match(in db: Database, log: CommandLog) throws -> RunSnapshotMatch? {
        guard kind == .run, let namingSnapshot else { return nil }
        let match = try RunSnapshotMatch.check(in: db, run: try LabelLookup.runId(label, in: db), runLabel: label,
                                               snapshot: try LabelLookup.snapshotId(namingSnapshot, in: db),
                                               snapshotLabel: namingSnapshot)
        if let warning = match.warning { log.say(.warning(warning)) }
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
