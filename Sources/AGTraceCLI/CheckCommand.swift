import AGTraceKit
import Foundation

enum CheckCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion,
                                 options: options, run: run)

    static let name = "check"
    static let summary = "Check a run or snapshot against a baseline: fail when SwiftUI does more work"
    static let usage = "agtrace check --baseline FILE (--run R | --snapshot S) [--tolerance PCT] [--min-count N] [--format \(CheckFormat.names)] [--update-baseline]"
    static let discussion = """
    Counts the updates (rule runs) of the run or snapshot the way the baseline was taken
    (same key: attribute or rule), and compares the total and every key:

      delta = current - baseline
      a key regresses  <=>  delta >= MIN-COUNT  and  delta > baseline * TOLERANCE / 100

    A new key (baseline 0) regresses when its whole count is at least MIN-COUNT. Keys that
    dropped or vanished are improvements. The total follows the same rule. The report starts
    with the verdict, then the regressions worst first (largest delta, then largest percent),
    then the improvements.

    Exit status: 0 nothing regressed; 1 something regressed (or the run or snapshot could not
    be counted: unknown label, no profile data); 2 the baseline cannot be read or was taken
    from the other kind of input (the message names the file), or a usage error.

    Formats: table (default, for people and CI logs); markdown (a pull-request comment);
    junit (JUnit XML, one testcase per key plus the total, a <failure> per regression, for CI
    test reports); json (the full comparison, every key with its status).

    --update-baseline rewrites FILE with the current counts after a deliberate change (same
    key, current format version) and exits 0; review the diff and commit it.

    Examples:
      agtrace check --baseline Baselines/tap-stepper.json --run tap-stepper
      agtrace check --baseline Baselines/tap-stepper.json --run tap-stepper --tolerance 10% --min-count 3
      agtrace check --baseline Baselines/planner.json --snapshot planner --format markdown > comment.md
      agtrace check --baseline Baselines/tap-stepper.json --run tap-stepper --format junit > agtrace-check.xml
      agtrace check --baseline Baselines/tap-stepper.json --run tap-stepper --update-baseline
      curl -s https://ci.example/baseline.json | agtrace check --baseline - --run tap-stepper
    """
    static let options = [
        OptionSpec(name: "baseline", valueName: "FILE", help: "the baseline file written by 'agtrace baseline' (- reads standard input)", short: "b"),
        OptionSpec(name: "run", valueName: "R", help: "check the run labelled R"),
        OptionSpec(name: "snapshot", valueName: "S",
                   help: "check snapshot S (or, with --run and a rule-keyed baseline, name the run's attributes)"),
        OptionSpec(name: "tolerance", valueName: "PCT",
                   help: "growth allowed per key and for the total, in percent: 10 or 10% (default 0)"),
        OptionSpec(name: "min-count", valueName: "N",
                   help: "growth smaller than N updates never regresses (default 1)"),
        OptionSpec(name: "format", valueName: CheckFormat.names, help: "report format (default: table)"),
        OptionSpec(name: "update-baseline", valueName: nil,
                   help: "rewrite the baseline with the current counts (after a deliberate change); exit 0"),
    ]

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        guard args.positionals.isEmpty else {
            throw UsageError(message: "unexpected argument '\(args.positionals[0])' (the input is given with --run or --snapshot)")
        }
        let format = try parseFormat(args.value("format"))
        let limits = try parseLimits(args)
        guard let baselinePath = args.value("baseline") else {
            throw UsageError(message: "give --baseline FILE (written by 'agtrace baseline')")
        }
        if args.value("run") == nil && args.value("snapshot") == nil {
            throw UsageError(message: "give --run R or --snapshot S to check against the baseline")
        }
        if baselinePath == "-" && args.has("update-baseline") {
            throw UsageError(message: "--update-baseline rewrites the baseline file; standard input (-) cannot be rewritten")
        }

        let baseline: Baseline
        let input: CountInput
        do {
            baseline = try Baseline.read(path: baselinePath)
            input = try matchInput(args, baseline: baseline, path: baselinePath)
        } catch let e as BaselineError {
            context.err.write("agtrace check: error: " + terminalSafe("\(e)") + "\n")
            return 2
        }

        let db = try context.openDatabase(.read)
        _ = try input.match(in: db, context: context, command: name)
        let current = try input.counts(in: db)
        let comparison = BaselineComparison(baseline: baseline, current: current, limits: limits)
        context.out.write(CheckReportFormatter.render(comparison, format: format, baselinePath: baselinePath))

        if args.has("update-baseline") {
            try Baseline(counts: current).write(to: baselinePath)
            context.err.write("agtrace check: updated \(terminalSafe(baselinePath)) with the counts of \(current.source.phrase) (\(current.entries.count) \(current.key.plural), \(current.total.updates) updates); review and commit it\n")
            return 0
        }
        return comparison.passed ? 0 : 1
    }

    /// The input must be of the kind the baseline was taken from; a rule-keyed run baseline
    /// needs a snapshot to name the run's attributes.
    static func matchInput(_ args: ParsedArguments, baseline: Baseline, path: String) throws -> CountInput {
        let source = baseline.counts.source
        let key = baseline.counts.key
        let run = args.value("run"), snapshot = args.value("snapshot")
        switch source.kind {
        case .run:
            guard let run else {
                throw BaselineError(path: path, problem: "the baseline was taken from \(source.phrase), but --snapshot was given without --run: check a run against it (--run R)")
            }
            if key == .rule {
                guard let snapshot else {
                    let namer = source.namedBy.map { " (it was named through snapshot '\($0.label)')" } ?? ""
                    throw BaselineError(path: path, problem: "the baseline counts \(source.phrase) by rule\(namer): give --snapshot S as well, to name the run's attributes by their rules")
                }
                return CountInput(kind: .run, label: run, key: .rule, namingSnapshot: snapshot)
            }
            if snapshot != nil {
                throw UsageError(message: "give --run or --snapshot, not both (both only for a baseline keyed by rule; \(path) is keyed by \(key.rawValue))")
            }
            return CountInput(kind: .run, label: run, key: key)
        case .snapshot:
            guard let snapshot, run == nil else {
                throw BaselineError(path: path, problem: "the baseline was taken from \(source.phrase), but --run was given: check a snapshot against it (--snapshot S)")
            }
            return CountInput(kind: .snapshot, label: snapshot, key: key)
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
        if let tolerance = try args.double("tolerance") {
            guard tolerance >= 0 else {
                throw UsageError(message: "--tolerance is a percentage of growth allowed, 0 or more, not '\(args.value("tolerance")!)'")
            }
            limits.tolerancePercent = tolerance
        }
        if let minCount = try args.int("min-count") {
            guard minCount >= 0 else {
                throw UsageError(message: "--min-count is a number of updates, 0 or more, not \(minCount)")
            }
            limits.minCount = Int64(minCount)
        }
        return limits
    }
}
