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
        if request.time, !sources.kinds.contains(where: \.secondsOnRequest),
           let timed = MeasuredKind.gateOrder.first(where: \.secondsOnRequest) {
            throw CheckProblem(.usage, "--time records a \(timed.rawValue)'s evaluation times: give --\(timed.fileOption) \(timed.filePlaceholder)|\(timed.stored.options[0].placeholder)")
        }
        try validate(sources, key: request.key)
        try sources.refuseAmbiguousLabels(database: request.database, openDatabase: openDatabase)
        // Refused (exit 2) before any work: a device, FIFO, directory, an input, a database.
        let file = request.output == "-" ? nil
            : try Baseline.output(request.output, inputs: sources.fileInputs, database: sources.usesFiles ? nil : request.database)
        let opened = try sources.open(database: request.database, openDatabase: openDatabase, log: log)
        defer { opened.close() }
        var input = makeInput(sources, labels: opened.labels, key: request.key)
        input.withSeconds = request.time
        if let match = try input.match(in: opened.db, log: log), match.missing > 0, input.key == .rule {
            // A rule-keyed baseline with "(attribute N)" keys would compare ids of one build
            // with another's: refused rather than written.
            return BaselineOutcome(refusal: CheckProblem(.baseline, "--key rule needs every counted attribute named by a rule, but \(match.missing) of \(match.attributes) attributes of run '\(input.label)' have none in snapshot '\(match.snapshotLabel)'; name the run with a dump of the same process"))
        }
        let each: [UpdateCounts]
        do {
            for note in try RecordingGate.check(input.kind, labels: [input.label] + opened.more,
                                                allowIncomplete: request.allowIncomplete, in: opened.db) {
                log.say(.note(note))
            }
            each = try input.counts(in: opened.db, more: opened.more)
            // A baseline with an `(unknown)` key would compare unread hits as one key forever.
            for counts in each { try RecordingGate.refuseUnknownAttributes(counts) }
        } catch let p as CheckProblem {
            return BaselineOutcome(refusal: p)
        }
        let counts = RepeatedRecordings.combined(each)
        let baseline = Baseline(counts: counts)
        guard let file else { return BaselineOutcome(baseline: baseline) }
        try baseline.write(to: file)
        return BaselineOutcome(baseline: baseline,
                               written: "wrote \(file.path): \(counts.source.phrase)\(RepeatedRecordings.more(counts.source)) keyed by \(counts.key.rawValue), \(counts.entries.count) \(counts.key.plural), \(counts.total.updates) updates")
    }

    static func validate(_ s: GateSources, key: BaselineKey?) throws {
        if s.kinds.isEmpty {
            throw CheckProblem(.usage, "give \(GateSources.inputChoices(labels: " as 'agtrace list' shows them"))")
        }
        if s.kinds.contains(where: { $0.countedAlone != nil }) { return }
        guard let named = s.kinds.first(where: { $0.namer != nil }), let namer = named.namer else { return }
        if s.has(namer) {
            guard key == .rule || key == .view else {
                throw CheckProblem(.usage, "give \(s.option(named)) or \(s.option(namer)), not both (both only with --key rule or --key view: the \(namer.thing) names the \(named.rawValue)'s attributes)")
            }
        } else if let key, key != .attribute {
            throw CheckProblem(.usage, "--key \(key.rawValue) on a \(named.rawValue) needs a \(namer.thing) of the same build to name its attributes (\(namer.inputUsage))")
        }
    }

    /// The kind counted (one counted alone; else the one another names; else the one given),
    /// its label, and the label that names it.
    static func makeInput(_ s: GateSources, labels: [MeasuredKind: String], key: BaselineKey?) -> CountInput {
        let kinds = s.kinds
        let kind = kinds.first { $0.countedAlone != nil } ?? kinds.first { $0.namer != nil } ?? kinds[0]
        return CountInput(kind: kind, label: labels[kind]!, key: key ?? kind.defaultKey,
                          namingSnapshot: kind.namer.flatMap { labels[$0] })
    }
}
