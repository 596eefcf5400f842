import Foundation

/// What `agtrace check` asked for, its options parsed.
public struct CheckRequest: Sendable {
    /// The baseline file (`-`: standard input).
    public var baselinePath: String
    public var sources: GateSources
    public var limits: CheckLimits
    /// Check a recording that crashed, failed or was cut (refused otherwise).
    public var allowIncomplete = false
    /// Compare each key's seconds too (`--time`).
    public var time = false
    /// `--time-tolerance` as given, read once the counts are taken (nil: the default).
    public var timeTolerance: String?
    /// Rewrite the baseline with the current counts instead of judging them.
    public var updateBaseline = false
    /// The database that holds the labels (`--db`); no file is made there.
    public var database: String

    public init(baselinePath: String, sources: GateSources, limits: CheckLimits = CheckLimits(), allowIncomplete: Bool = false,
                time: Bool = false, timeTolerance: String? = nil, updateBaseline: Bool = false, database: String) {
        self.baselinePath = baselinePath
        self.sources = sources
        self.limits = limits
        self.allowIncomplete = allowIncomplete
        self.time = time
        self.timeTolerance = timeTolerance
        self.updateBaseline = updateBaseline
        self.database = database
    }
}

/// The verdict of a check, or why there is none, with the exit status that says so.
public struct CheckOutcome {
    /// The counts compared (nil when there was a problem).
    public var comparison: BaselineComparison?
    /// Lines the report carries besides the comparison (an end not seen, --allow-incomplete).
    public var notes: [String] = []
    /// `--update-baseline` rewrote the file: the report is the update's.
    public var updated = false
    /// Why there is no verdict (exit 2 or 3).
    public var problem: CheckProblem?

    public init(comparison: BaselineComparison, notes: [String] = [], updated: Bool = false) {
        self.comparison = comparison
        self.notes = notes
        self.updated = updated
    }

    public init(problem: CheckProblem) {
        self.problem = problem
    }

    /// 0 a pass (or the baseline rewritten), 1 a regression or a suspicious drop, 2 a usage or
    /// baseline problem, 3 nothing could be counted.
    public var status: Int32 {
        if let problem { return problem.exitStatus }
        if updated { return 0 }
        return comparison?.passed == true ? 0 : 1
    }
}

/// The CI gate: counts a recording as its baseline was taken, refuses one that cannot be
/// judged (a crash, a cut, unread attributes), and compares.
public enum CheckGate {
    public static let defaultTimeTolerance = 20

    /// Runs the check; every failure is an outcome with its problem, never a throw.
    /// `openDatabase` opens `request.database` for reading (when labels are counted).
    public static func run(_ request: CheckRequest, openDatabase: () throws -> Database, log: CommandLog) -> CheckOutcome {
        do {
            return try check(request, openDatabase: openDatabase, log: log)
        } catch {
            return CheckOutcome(problem: problem(for: error))
        }
    }

    /// What an error means for the check: its kind, so its exit status.
    public static func problem(for error: Error) -> CheckProblem {
        switch error {
        case let p as CheckProblem: return p
        case let b as BaselineError: return CheckProblem(.baseline, b.description)
        case let r as OutputRefusal: return CheckProblem(.usage, r.description)
        case let w as OutputWriteError: return CheckProblem(.baseline, w.description)
        default: return CheckProblem(.notCounted, "\(error)")
        }
    }

    static func check(_ request: CheckRequest, openDatabase: () throws -> Database, log: CommandLog) throws -> CheckOutcome {
        let sources = request.sources, baselinePath = request.baselinePath
        if !sources.hasRun && !sources.hasSnapshot && !sources.hasTrace {
            throw CheckProblem(.usage, "give --transcript FILE, --archive DUMP or --trace FILE (or a label: --run R, --snapshot S, --trace T) to check against the baseline")
        }
        if baselinePath == "-" && request.updateBaseline {
            throw CheckProblem(.usage, "--update-baseline rewrites the baseline file; standard input (-) cannot be rewritten")
        }
        // The file --update-baseline rewrites, checked before anything is read or counted.
        let rewritten = request.updateBaseline
            ? try Baseline.output(baselinePath, inputs: sources.fileInputs, database: sources.usesFiles ? nil : request.database, rewriting: true)
            : nil
        let baseline = try Baseline.read(path: baselinePath)
        try matchInput(sources, baseline: baseline, path: baselinePath)
        if request.timeTolerance != nil && !request.time {
            throw CheckProblem(.usage, "--time-tolerance goes with --time")
        }
        if request.time, let problem = baseline.timeProblem {
            throw BaselineError(path: baselinePath, problem: problem)
        }
        try sources.refuseAmbiguousTrace(database: request.database, openDatabase: openDatabase)

        let opened = try sources.open(database: request.database, openDatabase: openDatabase, log: log)
        defer { opened.close() }
        var limits = request.limits
        if request.time { limits.timeTolerance = try timeTolerance(request.timeTolerance) }
        let key = baseline.counts.key
        let input: CountInput
        switch baseline.counts.source.kind {
        case .run: input = CountInput(kind: .run, label: opened.run!, key: key, namingSnapshot: key == .attribute ? nil : opened.snapshot)
        case .snapshot: input = CountInput(kind: .snapshot, label: opened.snapshot!, key: key)
        case .trace:
            // A trace is timed whenever --time compares seconds, or a rewrite keeps the ones the baseline held.
            let timed = request.time || (request.updateBaseline && baseline.counts.time != nil)
            input = CountInput(kind: .trace, label: opened.trace!, key: key, withSeconds: timed)
        }
        _ = try input.match(in: opened.db, log: log)
        let current = try input.counts(in: opened.db)
        // A cut trace (no EndTrace) is refused as a cut transcript is.
        var notes: [String] = []
        if let note = try RecordingGate.check(current.source, allowIncomplete: request.allowIncomplete) {
            notes.append(note)
            log.say(.warning(note))
        }
        try RecordingGate.refuseUnknownAttributes(current)
        let comparison = BaselineComparison(baseline: baseline, current: current, limits: limits)
        if let rewritten {
            try Baseline(counts: current).write(to: rewritten)
            // (A trace's rewrite has always gone without this line.)
            if input.kind != .trace {
                log.say(.line("updated \(baselinePath) (\(current.entries.count) \(current.key.plural), \(current.total.updates) updates); review the diff and commit it"))
            }
            return CheckOutcome(comparison: comparison, updated: true)
        }
        return CheckOutcome(comparison: comparison, notes: notes)
    }

    static func timeTolerance(_ text: String?) throws -> Tolerance {
        let text = text ?? String(defaultTimeTolerance)
        guard let tolerance = Tolerance(text) else {
            throw CheckProblem(.usage, "--time-tolerance is a percentage of growth allowed (20, 20%, 12.5), not '\(text)'")
        }
        return tolerance
    }

    /// The input must be of the kind the baseline was taken from; a run baseline keyed by rule
    /// or view needs the dump that names the run's attributes.
    static func matchInput(_ s: GateSources, baseline: Baseline, path: String) throws {
        let source = baseline.counts.source
        let key = baseline.counts.key
        if (source.kind == .trace) != s.hasTrace {
            throw BaselineError(path: path, problem: source.kind == .trace
                ? "the baseline was taken from \(source.phrase): check a trace against it (--trace FILE or a trace's label)"
                : "the baseline was taken from \(source.phrase), but a trace was given: check a \(source.kind == .run ? "recording (--transcript FILE or --run R)" : "dump (--archive DUMP or --snapshot S)") against it")
        }
        switch source.kind {
        case .trace:
            break
        case .run:
            guard s.hasRun else {
                throw BaselineError(path: path, problem: "the baseline was taken from \(source.phrase), but no run was given: check a recording against it (--transcript FILE or --run R)")
            }
            if key != .attribute {
                guard s.hasSnapshot else {
                    let namer = source.namedBy.map { " (it was named through snapshot '\($0.label)')" } ?? ""
                    throw BaselineError(path: path, problem: "the baseline counts \(source.phrase) by \(key.rawValue)\(namer): give the dump of the same build as well (--archive DUMP or --snapshot S), to name the run's attributes")
                }
            } else if s.hasSnapshot {
                throw CheckProblem(.usage, "give \(s.runOption) or \(s.snapshotOption), not both (both only for a baseline keyed by rule or view; \(path) is keyed by \(key.rawValue))")
            }
        case .snapshot:
            guard s.hasSnapshot, !s.hasRun else {
                throw BaselineError(path: path, problem: "the baseline was taken from \(source.phrase), but a run was given: check a dump against it (--archive DUMP or --snapshot S)")
            }
        }
    }
}
