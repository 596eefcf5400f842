import AGTraceKit
import CommandLineOptions
import Foundation

enum CheckCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run, reportFailure: reportFailure)

    static let name = "check"
    static let summary = "Check a recording against a baseline: fail when SwiftUI does more work"
    static let usage = [UsageForm([.option(baseline), CountSources.usage, .positional(CountSources.more), .optional(tolerance), .optional(minCount), .optional(maxDrop), .optional(maxCycles),
                                   .optional(maxWarnings), .optional(allowIncomplete), .optional([.option(time), .optional(timeTolerance)]), .optional(format),
                                   .optional(updateBaseline)]),
                        UsageForm([.oneOf([[.option(maxCycles), .optional(maxWarnings)], [.option(maxWarnings)]]), CountSources.usage,
                                   .positional(CountSources.more), .optional(allowIncomplete), .optional(format)])]
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
    --console FILE (a console log: body runs per view from its _printChanges lines, against
    a baseline taken from a console) is imported the same way, or names a console's label.
    --run R / --snapshot S read labels of the database instead.

    A recording that crashed (any stop but a breakpoint, watchpoint, step or SIGSTOP; Swift's
    "Fatal error:"), failed (exited with a status other than 0) or was cut (mid-hit; a
    recorder's file without its stop line) is refused (exit 3) unless --allow-incomplete: its
    missing updates would pass as an improvement. One whose end the transcript does not show
    ("no end seen") is checked, with a warning. Update hits whose attribute could not be read
    (counted as "(unknown)": register read w1 on x86-64) are refused too (exit 3), always.
    A trace with no EndTrace (its app crashed or was killed while tracing) is refused the
    same way.

    --max-cycles N fails the check when the recording holds more than N AttributeGraph cycle
    reports (`=== AttributeGraph: cycle detected through attribute N ===` in a console log, a
    trace's cycle LogMessages, `record --cycles` stops), whatever the counts say, and names
    the views the cycles run through ('agtrace cycles' shows them frame by frame).
    --max-warnings N fails it when the console log holds more than N SwiftUI runtime warnings
    ("Modifying state during view update", "Publishing changes from within view updates",
    "attempting to create attribute with no subgraph"). Both work without --baseline (the
    second form: a job that only wants "no cycle, no SwiftUI warning"), and --console LOG may
    come beside any other recording (--trace, --transcript, --xctrace): the log of the same
    test run, whose cycles and warnings gate while the other recording is counted.
    A console log that shows a crash (Swift's "Fatal error:", "Thread 1: EXC_…", an uncaught
    exception, AttributeGraph's precondition failure, a shell's "Segmentation fault") did not
    end normally and is refused like a crashed transcript.

    Exit status:
      0  nothing regressed (or --update-baseline rewrote the file)
      1  something regressed, the total dropped beyond --max-drop, or more cycle reports
         than --max-cycles
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

    Repeated recordings (--trace t1 t2 t3, files or labels; any input given alone; or a
    folder, --trace runs/, which stands for its files, read as import reads a folder: a
    folder of Instruments exports is one recording) are counted as one: per key the median count and the median seconds. With --time, against
    a baseline of repeated recordings too (baseline --time --trace t1 t2 t3), a key is
    slower only when the whole 95% interval of median(current) / median(baseline), a
    bootstrap over the recordings, lies above 1 + --time-tolerance and Mann-Whitney's
    p < 0.05; the report shows the ratio, interval and p. With one recording on either
    side, or when the recordings cannot say (3 + 3 never reach p < 0.05), the tolerance
    decides on the medians, as for one recording. Take 5 of each (docs/statistics.md).

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
      agtrace check --baseline Baselines/ui-body-runs.json --console ui-tests.log --max-cycles 0
      agtrace check --baseline Baselines/tap-time.json --time --trace runs/tap-*.ag-trace
    """
    static let baseline = OptionSpec(name: "baseline", valueName: "FILE",
                                     help: "the baseline file written by 'agtrace baseline' (- reads standard input); none with --max-cycles or --max-warnings alone",
                                     short: "b")
    static let tolerance = Option<Tolerance>(name: "tolerance",
                                             help: "growth allowed per key and for the total, in percent: 10, 10% or 18.4 (default 0)")
    static let minCount = Option<MinCount>(name: "min-count", help: "growth smaller than N updates never regresses (default 1)")
    static let maxDrop = Option<MaxDrop>(name: "max-drop",
                                         help: "a drop of the total by more than PCT percent fails as suspicious (default 50; none: no limit)")
    static let maxCycles = Option<MaxCycles>(name: "max-cycles",
                                             help: "fail when the recording holds more than N AttributeGraph cycle reports (default: not counted; 0 is the recommended gate)")
    static let maxWarnings = Option<MaxWarnings>(name: "max-warnings",
                                                 help: "fail when the console log holds more than N SwiftUI runtime warnings (Modifying state during view update, …); needs --console LOG")
    static let allowIncomplete = Options.allowIncomplete.explained("check a recording that crashed, failed or was cut (refused with exit 3 otherwise)")
    static let time = Options.time.explained("compare each key's seconds too: a trace's self time, a profiled dump's totals (the baseline must hold them)")
    static let timeTolerance = Option<Tolerance>(name: "time-tolerance",
                                                 help: "with --time: growth of a key's seconds allowed, in percent (default \(CheckCommand.defaultTimeTolerance)); with repeated recordings on both sides, the least growth the whole 95% interval must show")
    static let format = Option<CheckFormat>(name: Options.format.name, help: "report format (default: table)")
    static let updateBaseline = OptionSpec(name: "update-baseline", valueName: nil,
                                           help: "rewrite the baseline with the current counts (after a deliberate change); exit 0. FILE must be a regular file (not standard input, a pipe or a device: exit 2)")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let format = args.value(Self.format) ?? .table
        let outcome: CheckOutcome
        do {
            outcome = CheckGate.run(try request(args, context), openDatabase: context.gateDatabase, log: context.log(name))
        } catch {
            outcome = CheckOutcome(problem: classify(error))
        }
        show(outcome, format: format, baselinePath: args.value(baseline), context)
        return outcome.status
    }

    /// The report the outcome asks for on stdout (with a problem: the error on stderr, and
    /// for formats other than table a report of the error too, so CI shows why).
    static func show(_ outcome: CheckOutcome, format: CheckFormat, baselinePath: String?, _ context: Context) {
        if let problem = outcome.problem {
            var message = "agtrace check: error: " + terminalSafe(problem.message) + "\n"
            if problem.kind == .usage { message += "Usage: \(command.usage)\nSee 'agtrace help check'.\n" }
            context.err.write(message)
            if format != .table {
                context.out.write(CheckReportFormatter.renderProblem(problem, format: format, baselinePath: baselinePath))
            }
        } else if let limits = outcome.limitsOnly {
            context.out.write(CheckReportFormatter.renderLimits(limits, format: format, notes: outcome.notes))
        } else if let comparison = outcome.comparison, let baselinePath {
            context.out.write(outcome.updated ? CheckReportFormatter.renderUpdate(comparison, baselinePath: baselinePath)
                                              : CheckReportFormatter.render(comparison, format: format, baselinePath: baselinePath, notes: outcome.notes))
        }
    }

    /// A command line that did not parse: the report still goes where the format asked for
    /// (`--format junit` found in the raw arguments), so CI shows the usage error.
    static func reportFailure(_ message: String, _ rawArguments: [String], _ out: TextSink) {
        var format: CheckFormat?
        var baseline: String?
        for (i, a) in rawArguments.enumerated() {
            let next = i + 1 < rawArguments.count ? rawArguments[i + 1] : nil
            if let text = Self.format.spec.value(givenBy: a, next: next) { format = text.flatMap { try? CheckFormat(argument: $0) } }
            if let path = Self.baseline.value(givenBy: a, next: next) { baseline = path }
        }
        guard let format, format != .table else { return }
        out.write(CheckReportFormatter.renderProblem(CheckProblem(.usage, message), format: format, baselinePath: baseline))
    }

    static func classify(_ error: Error) -> CheckProblem {
        if let u = error as? UsageError { return CheckProblem(.usage, u.message) }
        return CheckGate.problem(for: error)
    }

    /// The options as a request (their values were made by the parser).
    static func request(_ args: ParsedArguments, _ context: Context) throws -> CheckRequest {
        try CountSources.refuseStrayArguments(args)
        let limits = CheckLimits(tolerance: args.value(tolerance), minCount: args.value(minCount), maxDrop: args.value(maxDrop),
                                 maxCycles: args.value(maxCycles), maxWarnings: args.value(maxWarnings))
        let baselinePath = args.value(Self.baseline)
        if baselinePath == nil && !limits.limitsRecording {
            throw UsageError(message: "give --baseline FILE (written by 'agtrace baseline'), or --max-cycles N / --max-warnings N to gate on cycle reports and SwiftUI warnings alone")
        }
        return CheckRequest(baselinePath: baselinePath, sources: try CountSources.parse(args), limits: limits,
                            allowIncomplete: args.has(allowIncomplete), time: args.has(time), timeTolerance: args.value(timeTolerance),
                            updateBaseline: args.has(updateBaseline), database: context.databasePath)
    }

    static let defaultTimeTolerance = CheckGate.defaultTimeTolerance
}
