import Foundation

/// What `agtrace baseline` asked for, its options parsed.
public struct BaselineRequest: Sendable {
    public var sources: GateSources
    /// Where the baseline goes: a file, or `-` for standard output.
    public var output: String
    /// What to count per; nil: attribute for runs, rule for snapshots and traces.
    public var key: BaselineKey?
    public var allowIncomplete = false
    /// A trace's self seconds too (`--time`).
    public var time = false
    /// The database that holds the labels (`--db`).
    public var database: String

    public init(sources: GateSources, output: String, key: BaselineKey? = nil, allowIncomplete: Bool = false, time: Bool = false,
                database: String) {
        self.sources = sources
        self.output = output
        self.key = key
        self.allowIncomplete = allowIncomplete
        self.time = time
        self.database = database
    }
}

/// A baseline taken (and written, unless it goes to standard output), or why it was refused.
public struct BaselineOutcome {
    /// The document; nil when refused.
    public var baseline: Baseline?
    /// The line that says what was written to the file; nil when the document goes to
    /// standard output (`--output -`) or was refused.
    public var written: String?
    /// Why no baseline was written: counts that would compare wrongly forever (2), or a
    /// recording that cannot be judged (3).
    public var refusal: CheckProblem?

    public var status: Int32 { refusal?.exitStatus ?? 0 }
}

/// Takes the counts `check` compares against, refusing what it would refuse.
public enum BaselineGate {
    /// Takes the baseline and writes it to `request.output` (a file; `-` leaves the printing to
    /// the caller). Throws for a usage problem (a `CheckProblem` of kind usage), a refused
    /// output path, an unknown label or nothing to count.
    public static func run(_ request: BaselineRequest, openDatabase: () throws -> Database, log: CommandLog) throws -> BaselineOutcome {
        let sources = request.sources
        if request.time && sources.trace == nil {
            throw CheckProblem(.usage, "--time records a trace's evaluation times: give --trace FILE|T")
        }
        try validate(sources, key: request.key)
        try sources.refuseAmbiguousTrace(database: request.database, openDatabase: openDatabase)
        // Refused (exit 2) before any work: a device, FIFO, directory, an input, a database.
        let file = request.output == "-" ? nil
            : try Baseline.output(request.output, inputs: sources.fileInputs, database: sources.usesFiles ? nil : request.database)
        let opened = try sources.open(database: request.database, openDatabase: openDatabase, log: log)
        defer { opened.close() }
        var input = makeInput(run: opened.run, snapshot: opened.snapshot, trace: opened.trace, key: request.key)
        input.withSeconds = request.time
        if let match = try input.match(in: opened.db, log: log), match.missing > 0, input.key == .rule {
            // A rule-keyed baseline with "(attribute N)" keys would compare ids of one build
            // with another's: refused rather than written.
            return BaselineOutcome(refusal: CheckProblem(.baseline, "--key rule needs every counted attribute named by a rule, but \(match.missing) of \(match.attributes) attributes of run '\(input.label)' have none in snapshot '\(match.snapshotLabel)'; name the run with a dump of the same process"))
        }
        let counts = try input.counts(in: opened.db)
        do {
            if let note = try RecordingGate.check(counts.source, allowIncomplete: request.allowIncomplete) {
                log.say(.note(note))
            }
            // A baseline with an `(unknown)` key would compare unread hits as one key forever.
            try RecordingGate.refuseUnknownAttributes(counts)
        } catch let p as CheckProblem {
            return BaselineOutcome(refusal: p)
        }
        let baseline = Baseline(counts: counts)
        guard let file else { return BaselineOutcome(baseline: baseline) }
        try baseline.write(to: file)
        return BaselineOutcome(baseline: baseline,
                               written: "wrote \(file.path): \(counts.source.phrase) keyed by \(counts.key.rawValue), \(counts.entries.count) \(counts.key.plural), \(counts.total.updates) updates")
    }

    static func validate(_ s: GateSources, key: BaselineKey?) throws {
        if s.hasTrace { return }
        switch (s.hasRun, s.hasSnapshot) {
        case (false, false):
            throw CheckProblem(.usage, "give --transcript FILE, --archive DUMP or --trace FILE (or a label as 'agtrace list' shows them: --run R, --snapshot S, --trace T)")
        case (true, false):
            if let key, key != .attribute {
                throw CheckProblem(.usage, "--key \(key.rawValue) on a run needs a dump of the same build to name its attributes (--archive FILE or --snapshot S)")
            }
        case (false, true):
            break
        case (true, true):
            guard key == .rule || key == .view else {
                throw CheckProblem(.usage, "give \(s.runOption) or \(s.snapshotOption), not both (both only with --key rule or --key view: the dump names the run's attributes)")
            }
        }
    }

    /// Labels (already validated) to an input.
    static func makeInput(run: String?, snapshot: String?, trace: String?, key: BaselineKey?) -> CountInput {
        if let trace {
            return CountInput(kind: .trace, label: trace, key: key ?? .rule)
        }
        if let run {
            return CountInput(kind: .run, label: run, key: key ?? .attribute, namingSnapshot: snapshot)
        }
        return CountInput(kind: .snapshot, label: snapshot!, key: key ?? .rule)
    }
}
