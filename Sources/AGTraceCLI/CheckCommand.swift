import AGTraceKit
import CommandLineOptions
import Foundation

enum CheckCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run, reportFailure: reportFailure)
        .takingNoArguments(CountSources.inputHint)

    static let name = "check"
    static let summary = "Check a recording against a baseline: fail when SwiftUI does more work"
    static let usage = [UsageForm([.option(baseline), CountSources.usage, .optional(tolerance), .optional(minCount), .optional(maxDrop),
                                   .optional(allowIncomplete), .optional([.option(time), .optional(timeTolerance)]), .optional(format),
                                   .optional(updateBaseline)])]
    static let discussion = """
    Counts the updates (rule runs; a trace's rule evaluations) of the recording (a run,
    snapshot or trace) the way the baseline was taken (same key: attribute, rule or view),
    and compares the total and every key:

      delta = current - baseline
      a key regresses  <=>  delta >= MIN-COUNT  and  delta > baseline * TOLERANCE / 100

    computed exactly (the tolerance is a decimal, compared in integers: 375 -> 444 passes at
    --tolerance 18.4, 445 fails). A new key (baseline 0) regresses when its whole count is at
    least MIN-COUNT. Keys that dropped or vanished are improvements. The total follows the
    same rule, and a drop of the total by more than --max-drop percent (default 50) fails as
    suspicious: a recording that lost work looks like an improvement.

    The input: --transcript FILE (and --archive DUMP, the dump of the same build that names
    the attributes for a baseline keyed by rule or view) are imported into a private
    temporary database for this check alone: no labels, no database left by an earlier job.
    --trace FILE (an AttributeGraph trace, against a baseline taken from a trace) is imported
    the same way; its evaluations are named by its own types. --trace T names a trace of the
    database when no file is called T (a name that is both is refused: ./T is the file).
    --run R / --snapshot S read labels of the database instead.

    A recording that crashed (any stop but a breakpoint, watchpoint, step or SIGSTOP; Swift's
    "Fatal error:"), failed (exited with a status other than 0) or was cut (mid-hit; a
    recorder's file without its stop line) is refused (exit 3) unless --allow-incomplete: its
    missing updates would pass as an improvement. One whose end the transcript does not show
    ("no end seen") is checked, with a warning. Update hits whose attribute could not be read
    (counted as "(unknown)": register read w1 on x86-64) are refused too (exit 3), always.
    A trace with no EndTrace (its app crashed or was killed while tracing) is refused the
    same way.

    Exit status:
      0  nothing regressed (or --update-baseline rewrote the file)
      1  something regressed, or the total dropped beyond --max-drop
      2  a usage error, or the baseline cannot be used (missing, not a baseline, a key
         named twice, a malformed key, a total that is not the sum of the entries, a count
         outside 0 ... 2^53, taken from the other kind of input); the file and key are named
      3  could not count: no database, no such run, snapshot, trace or file, no update hits,
         no profile data, a recording or trace that did not end normally, hits with no
         attribute
    On 2 and 3, --format junit still writes a valid report with an <error> test case, json a
    {"verdict": "error"} object and markdown a note, so CI shows why.

    Formats: table (default, for people and CI logs); markdown (a pull-request comment);
    junit (JUnit XML, one testcase per key plus the total, a <failure> per regression, for CI
    test reports); json (the full comparison, every key with its status).

    --time compares each key's seconds too (a key regresses when they grow by more than
    --time-tolerance percent, default 20). On a trace: self seconds, each evaluation minus
    the evaluations nested in it, so a slower child does not fail its parents, and the
    total is their sum (the work done once); the baseline must hold them (baseline --time,
    "self_seconds"). On a profiled dump: the profile's seconds, which include nested rule
    runs (a dump records no self time), so a slower child slows its parents too and the
    total's time is not compared. A transcript has no durations. Regressions are then
    listed by how many seconds they grew, most first.

    --update-baseline rewrites FILE with the current counts after a deliberate change (same
    key, current format version; seconds too when the baseline held them), prints what
    changed, and exits 0; review the diff and commit it.

    Examples:
      agtrace check --baseline Baselines/tap-stepper.json --transcript tap-stepper.lldb.log --archive tap-stepper.ag-json
      agtrace check --baseline Baselines/tap-stepper.json --transcript tap-stepper.lldb.log --format junit > agtrace-check.xml
      agtrace check --baseline Baselines/tap-stepper.json --run tap-stepper --tolerance 10% --min-count 3
      agtrace check --baseline Baselines/planner.json --snapshot planner --format markdown > comment.md
      agtrace check --baseline Baselines/tap-stepper.json --transcript tap-stepper.lldb.log --update-baseline
      curl -s https://ci.example/baseline.json | agtrace check --baseline - --run tap-stepper
    """
    static let baseline = OptionSpec(name: "baseline", valueName: "FILE",
                                     help: "the baseline file written by 'agtrace baseline' (- reads standard input)",
                                     required: "give --baseline FILE (written by 'agtrace baseline')", short: "b")
    static let tolerance = OptionSpec(name: "tolerance", valueName: "PCT",
                                      help: "growth allowed per key and for the total, in percent: 10, 10% or 18.4 (default 0)")
    static let minCount = OptionSpec(name: "min-count", valueName: "N", help: "growth smaller than N updates never regresses (default 1)",
                                     kind: .wholeNumber)
    static let maxDrop = OptionSpec(name: "max-drop", valueName: "PCT",
                                    help: "a drop of the total by more than PCT percent fails as suspicious (default 50; none: no limit)")
    static let allowIncomplete = Options.allowIncomplete.explained("check a recording that crashed, failed or was cut (refused with exit 3 otherwise)")
    static let time = Options.time.explained("compare each key's seconds too: a trace's self time, a profiled dump's totals (the baseline must hold them)")
    static let timeTolerance = OptionSpec(name: "time-tolerance", valueName: "PCT",
                                          help: "with --time: growth of a key's seconds allowed, in percent (default \(CheckCommand.defaultTimeTolerance))")
    static let format = Options.format.explained("report format (default: table)", valueName: CheckFormat.names,
                                                 kind: .oneOf(CheckFormat.allCases.map(\.rawValue)))
    static let updateBaseline = OptionSpec(name: "update-baseline", valueName: nil,
                                           help: "rewrite the baseline with the current counts (after a deliberate change); exit 0. FILE must be a regular file (not standard input, a pipe or a device: exit 2)")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let format = (try? parseFormat(args.value(Self.format))) ?? .table
        do {
            return try check(args, context, format: format)
        } catch {
            let problem = classify(error)
            var message = "agtrace check: error: " + terminalSafe(problem.message) + "\n"
            if problem.kind == .usage { message += "Usage: \(command.usage)\nSee 'agtrace help check'.\n" }
            context.err.write(message)
            if format != .table {
                context.out.write(CheckReportFormatter.renderProblem(problem, format: format, baselinePath: args.value(baseline)))
            }
            return problem.exitStatus
        }
    }

    /// A command line that did not parse: the report still goes where the format asked for
    /// (`--format junit` found in the raw arguments), so CI shows the usage error.
    static func reportFailure(_ message: String, _ rawArguments: [String], _ out: TextSink) {
        var format: CheckFormat?
        var baseline: String?
        for (i, a) in rawArguments.enumerated() {
            let next = i + 1 < rawArguments.count ? rawArguments[i + 1] : nil
            if let text = Self.format.value(givenBy: a, next: next) { format = text.flatMap { CheckFormat(rawValue: $0.lowercased()) } }
            if let path = Self.baseline.value(givenBy: a, next: next) { baseline = path }
        }
        guard let format, format != .table else { return }
        out.write(CheckReportFormatter.renderProblem(CheckProblem(.usage, message), format: format, baselinePath: baseline))
    }

    static func classify(_ error: Error) -> CheckProblem {
        switch error {
        case let p as CheckProblem: return p
        case let u as UsageError: return CheckProblem(.usage, u.message)
        case let b as BaselineError: return CheckProblem(.baseline, b.description)
        case let r as OutputRefusal: return CheckProblem(.usage, r.description)
        case let w as OutputWriteError: return CheckProblem(.baseline, w.description)
        default: return CheckProblem(.notCounted, "\(error)")
        }
    }

    static func check(_ args: ParsedArguments, _ context: Context, format: CheckFormat) throws -> Int32 {
        guard args.positionals.isEmpty else {
            throw UsageError(message: "unexpected argument '\(args.positionals[0])' (\(CountSources.inputHint))")
        }
        _ = try parseFormat(args.value(Self.format))
        var limits = try parseLimits(args)
        guard let baselinePath = args.value(Self.baseline) else {
            throw UsageError(message: "give --baseline FILE (written by 'agtrace baseline')")
        }
        let sources = try CountSources(args)
        if !sources.hasRun && !sources.hasSnapshot && !sources.hasTrace {
            throw UsageError(message: "give --transcript FILE, --archive DUMP or --trace FILE (or a label: --run R, --snapshot S, --trace T) to check against the baseline")
        }
        if baselinePath == "-" && args.has(updateBaseline) {
            throw UsageError(message: "--update-baseline rewrites the baseline file; standard input (-) cannot be rewritten")
        }
        // The file --update-baseline rewrites, checked before anything is read or counted.
        let rewritten = args.has(updateBaseline)
            ? try Baseline.output(baselinePath, inputs: sources.fileInputs, database: sources.usesFiles ? nil : context.databasePath, rewriting: true)
            : nil
        let baseline = try Baseline.read(path: baselinePath)
        try matchInput(sources, baseline: baseline, path: baselinePath)
        if args.value(timeTolerance) != nil && !args.has(time) {
            throw UsageError(message: "--time-tolerance goes with --time")
        }
        if args.has(time), let problem = baseline.timeProblem {
            throw BaselineError(path: baselinePath, problem: problem)
        }
        try sources.refuseAmbiguousTrace(context)

        let (db, runLabel, snapshotLabel, traceLabel, scratch) = try sources.open(context)
        defer { scratch?.close() }
        if args.has(time) { limits.timeTolerance = try parseTimeTolerance(args) }
        if let traceLabel {
            return try checkTrace(traceLabel, in: db, args, context, baseline: baseline, baselinePath: baselinePath, rewritten: rewritten,
                                  limits: limits, format: format)
        }
        let key = baseline.counts.key
        let input: CountInput
        switch baseline.counts.source.kind {
        case .run: input = CountInput(kind: .run, label: runLabel!, key: key, namingSnapshot: key == .attribute ? nil : snapshotLabel)
        case .snapshot: input = CountInput(kind: .snapshot, label: snapshotLabel!, key: key)
        case .trace: input = CountInput(kind: .trace, label: traceLabel!, key: key)
        }
        _ = try input.match(in: db, context: context, command: name)
        let current = try input.counts(in: db)
        var notes: [String] = []
        if let note = try RecordingGate.check(current.source, allowIncomplete: args.has(allowIncomplete)) {
            notes.append(note)
            context.err.write("agtrace check: warning: " + terminalSafe(note) + "\n")
        }
        try RecordingGate.refuseUnknownAttributes(current)
        let comparison = BaselineComparison(baseline: baseline, current: current, limits: limits)

        if let rewritten {
            try Baseline(counts: current).write(to: rewritten)
            context.out.write(CheckReportFormatter.renderUpdate(comparison, baselinePath: baselinePath))
            context.err.write("agtrace check: updated \(terminalSafe(baselinePath)) (\(current.entries.count) \(current.key.plural), \(current.total.updates) updates); review the diff and commit it\n")
            return 0
        }
        context.out.write(CheckReportFormatter.render(comparison, format: format, baselinePath: baselinePath, notes: notes))
        return comparison.passed ? 0 : 1
    }

    static let defaultTimeTolerance = 20

    static func parseTimeTolerance(_ args: ParsedArguments) throws -> Tolerance {
        let text = args.value(timeTolerance) ?? String(defaultTimeTolerance)
        guard let tolerance = Tolerance(text) else {
            throw UsageError(message: "--time-tolerance is a percentage of growth allowed (20, 20%, 12.5), not '\(text)'")
        }
        return tolerance
    }

    /// `check --trace T [--time]`: evaluations per key (and their self seconds) against the
    /// baseline. `--update-baseline` times them whenever the baseline held seconds.
    static func checkTrace(_ trace: String, in db: Database, _ args: ParsedArguments, _ context: Context, baseline: Baseline,
                           baselinePath: String, rewritten: OutputFile?, limits: CheckLimits, format: CheckFormat) throws -> Int32 {
        let timed = args.has(time) || (args.has(updateBaseline) && baseline.counts.time != nil)
        let current = try CountInput(kind: .trace, label: trace, key: baseline.counts.key, withSeconds: timed).counts(in: db)
        // A cut trace (no EndTrace) is refused as a cut transcript is.
        var notes: [String] = []
        if let note = try RecordingGate.check(current.source, allowIncomplete: args.has(allowIncomplete)) {
            notes.append(note)
            context.err.write("agtrace check: warning: " + terminalSafe(note) + "\n")
        }
        let comparison = BaselineComparison(baseline: baseline, current: current, limits: limits)
        if let rewritten {
            try Baseline(counts: current).write(to: rewritten)
            context.out.write(CheckReportFormatter.renderUpdate(comparison, baselinePath: baselinePath))
            return 0
        }
        context.out.write(CheckReportFormatter.render(comparison, format: format, baselinePath: baselinePath, notes: notes))
        return comparison.passed ? 0 : 1
    }

    /// The input must be of the kind the baseline was taken from; a run baseline keyed by rule
    /// or view needs the dump that names the run's attributes.
    static func matchInput(_ s: CountSources, baseline: Baseline, path: String) throws {
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
                throw UsageError(message: "give \(s.runOption) or \(s.snapshotOption), not both (both only for a baseline keyed by rule or view; \(path) is keyed by \(key.rawValue))")
            }
        case .snapshot:
            guard s.hasSnapshot, !s.hasRun else {
                throw BaselineError(path: path, problem: "the baseline was taken from \(source.phrase), but a run was given: check a dump against it (--archive DUMP or --snapshot S)")
            }
        }
    }

    static func parseFormat(_ text: String?) throws -> CheckFormat {
        guard let text else { return .table }
        guard let format = CheckFormat(rawValue: text.lowercased()) else {
            throw UsageError(message: "--format must be one of \(CheckFormat.names), not '\(text)'")
        }
        return format
    }

    static func parseLimits(_ args: ParsedArguments) throws -> CheckLimits {
        var limits = CheckLimits()
        if let text = args.value(Self.tolerance) {
            guard let tolerance = Tolerance(text) else {
                throw UsageError(message: "--tolerance is a percentage of growth allowed: a decimal from 0 to \(Tolerance.maxPercent) with at most \(Tolerance.maxScale) digits after the point (10, 10%, 18.4), not '\(text)'")
            }
            limits.tolerance = tolerance
        }
        if let minCount = try args.int(Self.minCount) {
            guard minCount >= 0 else {
                throw UsageError(message: "--min-count is a number of updates, 0 or more, not \(minCount)")
            }
            limits.minCount = Int64(minCount)
        }
        if let text = args.value(maxDrop) {
            if text == "none" {
                limits.maxDrop = nil
            } else {
                guard let drop = Tolerance(text), drop.percent <= 100 else {
                    throw UsageError(message: "--max-drop is a percentage from 0 to 100 (50, 75%, 12.5) or none, not '\(text)'")
                }
                limits.maxDrop = drop
            }
        }
        return limits
    }
}
