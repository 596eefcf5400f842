import Foundation

/// What `agtrace check` asked for, its options parsed.
public struct CheckRequest: Sendable {
    /// The baseline file (`-`: standard input); nil: no counts are compared, the recording is
    /// checked against `--max-cycles` and `--max-warnings` alone.
    public var baselinePath: String?
    public var sources: GateSources
    public var limits: CheckLimits
    /// Check a recording that crashed, failed or was cut (refused otherwise).
    public var allowIncomplete = false
    /// Compare each key's seconds too (`--time`).
    public var time = false
    /// `--time-tolerance` (nil: the default, `CheckGate.defaultTimeTolerance`).
    public var timeTolerance: Tolerance?
    /// Rewrite the baseline with the current counts instead of judging them.
    public var updateBaseline = false
    /// The database that holds the labels (`--db`); no file is made there.
    public var database: String

    public init(baselinePath: String?, sources: GateSources, limits: CheckLimits = CheckLimits(), allowIncomplete: Bool = false,
                time: Bool = false, timeTolerance: Tolerance? = nil, updateBaseline: Bool = false, database: String) {
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
    /// The counts compared (nil when there was a problem, or no baseline).
    public var comparison: BaselineComparison?
    /// Without a baseline: the recording against `--max-cycles` and `--max-warnings` alone.
    public var limitsOnly: RecordingLimits?
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

    public init(limitsOnly: RecordingLimits, notes: [String] = []) {
        self.limitsOnly = limitsOnly
        self.notes = notes
    }

    public init(problem: CheckProblem) {
        self.problem = problem
    }

    /// 0 a pass (or the baseline rewritten), 1 a regression or a suspicious drop, 2 a usage or
    /// baseline problem, 3 nothing could be counted.
    public var status: Int32 {
        if let problem { return problem.exitStatus }
        if updated { return 0 }
        if let limitsOnly { return limitsOnly.passed ? 0 : 1 }
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
        let sources = request.sources
        if sources.kinds.isEmpty {
            throw CheckProblem(.usage, "give \(GateSources.inputChoices(labels: "")) to check against the baseline")
        }
        guard let baselinePath = request.baselinePath else {
            return try limitsOnly(request, openDatabase: openDatabase, log: log)
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
        try sources.refuseAmbiguousLabels(database: request.database, openDatabase: openDatabase)

        let opened = try sources.open(database: request.database, openDatabase: openDatabase, log: log)
        defer { opened.close() }
        var limits = request.limits
        if request.time { limits.timeTolerance = request.timeTolerance ?? Tolerance(units: Int64(defaultTimeTolerance), scale: 0) }
        let key = baseline.counts.key
        let kind = baseline.counts.source.kind
        // Seconds a kind gives only on request are asked for whenever --time compares them, or
        // a rewrite keeps the ones the baseline held.
        let timed = kind.secondsOnRequest && (request.time || (request.updateBaseline && baseline.counts.time != nil))
        let input = CountInput(kind: kind, label: opened.labels[kind]!, key: key,
                               namingSnapshot: key == .attribute ? nil : kind.namer.flatMap { opened.labels[$0] },
                               withSeconds: timed)
        _ = try input.match(in: opened.db, log: log)
        // How each recording ended is judged before anything is counted: a crash, a cut or an
        // impossible duration is refused by one rule, whatever the kind (`RecordingGate`).
        let notes = try RecordingGate.check(kind, labels: [input.label] + opened.more, allowIncomplete: request.allowIncomplete,
                                            in: opened.db)
        for note in notes { log.say(.warning(note)) }
        let each = try input.counts(in: opened.db, more: opened.more)
        for counts in each { try RecordingGate.refuseUnknownAttributes(counts) }
        let current = RepeatedRecordings.combined(each)
        var comparison = BaselineComparison(baseline: baseline, current: current, limits: limits)
        comparison.cycles = try tallyCycles(limits, each.map(\.source), sources: sources, opened: opened)
        comparison.warnings = try tallyWarnings(limits, counted: kind, sources: sources, opened: opened)
        if let rewritten {
            try Baseline(counts: current).write(to: rewritten)
            log.say(.line("updated \(baselinePath) (\(current.entries.count) \(current.key.plural), \(current.total.updates) updates); review the diff and commit it"))
            return CheckOutcome(comparison: comparison, updated: true)
        }
        return CheckOutcome(comparison: comparison, notes: notes)
    }

    /// `check --max-cycles N` / `--max-warnings N` with no baseline: "no cycle, no SwiftUI
    /// runtime warning" for a CI job that counts nothing else. Any recording (its cycles), and a
    /// console log (its cycles and warnings), given alone or beside another recording.
    static func limitsOnly(_ request: CheckRequest, openDatabase: () throws -> Database, log: CommandLog) throws -> CheckOutcome {
        let sources = request.sources, limits = request.limits
        guard limits.limitsRecording else {
            throw CheckProblem(.usage, "give --baseline FILE (written by 'agtrace baseline') to compare counts, or --max-cycles N / --max-warnings N to gate on cycle reports and SwiftUI warnings alone")
        }
        if request.updateBaseline { throw CheckProblem(.usage, "--update-baseline rewrites a baseline: give --baseline FILE") }
        if request.time { throw CheckProblem(.usage, "--time compares seconds against a baseline: give --baseline FILE") }
        if request.timeTolerance != nil { throw CheckProblem(.usage, "--time-tolerance goes with --time and a baseline") }
        try sources.refuseAmbiguousLabels(database: request.database, openDatabase: openDatabase)
        let opened = try sources.open(database: request.database, openDatabase: openDatabase, log: log)
        defer { opened.close() }
        guard let kind = sources.counted.first, let label = opened.labels[kind] else {
            throw CheckProblem(.usage, "give \(GateSources.inputChoices(labels: "")) to check")
        }
        let labels = [label] + opened.more
        var notes = try RecordingGate.check(kind, labels: labels, allowIncomplete: request.allowIncomplete, in: opened.db)
        if let logKind = sources.log, let logLabel = opened.labels[logKind] {
            notes += try RecordingGate.check(logKind, labels: [logLabel], allowIncomplete: request.allowIncomplete, in: opened.db)
        }
        for note in notes { log.say(.warning(note)) }
        let recorded = try labels.map { MeasuredSource(kind: kind, label: $0, ending: try UpdateCounts.lookUp(kind, $0, in: opened.db).ending) }
        let result = RecordingLimits(sources: recorded + (sources.log.flatMap { k in opened.labels[k].map { MeasuredSource(kind: k, label: $0) } }.map { [$0] } ?? []),
                                     cycles: try tallyCycles(limits, recorded, sources: sources, opened: opened),
                                     warnings: try tallyWarnings(limits, counted: kind, sources: sources, opened: opened))
        return CheckOutcome(limitsOnly: result, notes: notes)
    }

    /// `--max-cycles`: the cycle reports of the counted recordings and of the log beside them,
    /// the one with the most (a cycle in any of repeated recordings is a bug); nil without.
    static func tallyCycles(_ limits: CheckLimits, _ counted: [MeasuredSource], sources: GateSources,
                            opened: GateSources.Opened) throws -> CycleTally? {
        guard let limit = limits.maxCycles else { return nil }
        var all = counted
        if let logKind = sources.log, let label = opened.labels[logKind] { all.append(MeasuredSource(kind: logKind, label: label)) }
        return try all.map { try CycleTally.count($0, limit: limit, in: opened.db) }.max { $0.reports < $1.reports }
    }

    /// `--max-warnings`: the SwiftUI warnings of the console log (the log beside the recording,
    /// or the console counted); a usage error when no console log is given.
    static func tallyWarnings(_ limits: CheckLimits, counted: MeasuredKind, sources: GateSources,
                              opened: GateSources.Opened) throws -> WarningTally? {
        guard let limit = limits.maxWarnings else { return nil }
        let console = sources.log ?? (counted.accompanies != nil ? counted : nil)
        guard let console, let label = opened.labels[console] else {
            throw CheckProblem(.usage, "--max-warnings counts the SwiftUI warnings of a console log: give --console LOG (the log of the same test run) beside the recording")
        }
        return try WarningTally.count(console: label, limit: limit, in: opened.db)
    }

    /// The input must be of the kind the baseline was taken from; one whose attributes another
    /// kind names (a run keyed by rule or view) needs that kind's input too.
    static func matchInput(_ s: GateSources, baseline: Baseline, path: String) throws {
        let source = baseline.counts.source
        let want = source.kind
        let key = baseline.counts.key
        let others = s.counted.filter { $0 != want && $0 != want.namer }
        if want.countedAlone != nil {
            if !s.has(want) {
                // Another kind counted alone given instead is named; a run or a dump is not.
                let instead = others.first { $0.countedAlone != nil }.map { ", but a \($0.rawValue) was given" } ?? ""
                throw BaselineError(path: path, problem: "the baseline was taken from \(source.phrase)\(instead): check \(want.given) against it")
            }
            return
        }
        if let alone = others.first(where: { $0.countedAlone != nil }) {
            throw BaselineError(path: path, problem: "the baseline was taken from \(source.phrase), but a \(alone.rawValue) was given: check \(want.given) against it")
        }
        if let other = others.first {
            throw BaselineError(path: path, problem: "the baseline was taken from \(source.phrase), but a \(other.rawValue) was given: check \(want.given) against it")
        }
        guard s.has(want) else {
            throw BaselineError(path: path, problem: "the baseline was taken from \(source.phrase), but no \(want.rawValue) was given: check \(want.given) against it")
        }
        guard let namer = want.namer else { return }
        if key != .attribute {
            guard s.has(namer) else {
                let named = source.namedBy.map { " (it was named through \(namer.rawValue) '\($0.label)')" } ?? ""
                throw BaselineError(path: path, problem: "the baseline counts \(source.phrase) by \(key.rawValue)\(named): give the \(namer.thing) of the same build as well (\(namer.inputUsage)), to name the \(want.rawValue)'s attributes")
            }
        } else if s.has(namer) {
            throw CheckProblem(.usage, "give \(s.option(want)) or \(s.option(namer)), not both (both only for a baseline keyed by rule or view; \(path) is keyed by \(key.rawValue))")
        }
    }
}
