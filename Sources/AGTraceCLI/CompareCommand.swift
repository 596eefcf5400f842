import AGTraceKit
import CommandLineOptions
import Foundation

enum CompareCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "compare"
    static let summary = "Two recordings (or two groups of repeated ones) of one interaction side by side: per view, rule or attribute, or per write"
    static let usage = [
        UsageForm([.positional(a), .positional(b)] + optionTerms),
        UsageForm([.option(groupA), .option(groupB)] + optionTerms),
    ]
    static let optionTerms: [UsageTerm] = [.optional(by), .optional(snapshot), .optional(writes), .optional(sort), .optional(minEffect), .optional(seed)]
        + Options.rows.map { UsageTerm.optional($0) }
    static let discussion = """
    A and B are recordings of the same interaction before and after a change: traces,
    transcripts (runs), profiled dumps, console logs or Instruments recordings, of one kind.
    Each is a label of the database or a file, imported into a private temporary database for
    this command alone (as check does). A folder is read as import reads one: a folder of
    Instruments exports is one recording, any other folder stands for its files (recursively,
    in name order; a file there that is no recording is passed over). --a and --b take groups
    of repeated recordings (--a a1 a2 a3 --b b1 b2 b3).

    Per key (--by view where the recordings name their views; a run: attribute, or view when
    --snapshot names its attributes through a dump of the same build): evaluations
    in A and B, delta and delta_pct, evaluations whose value did not change (the body re-ran
    for the same value: wasted work; empty when the kind cannot tell), self seconds (an
    evaluation's own time, without the evaluations nested in it) and total seconds when the
    recordings are timed, sorted by the size of the change (--sort), and a (total) row last.
    With groups each number is the median over a side's recordings, and self seconds get the
    ratio of medians B/A with a 95% bootstrap interval (seeded: the same input gives the same
    output), the spread (interquartile range) and a Mann-Whitney p-value; time_verdict is
    slower or faster only when the interval excludes 1 by more than --min-effect. Counts equal
    in every recording of each side are exact (evaluations_verdict same, more or fewer).
    With one recording a side times are shown without a verdict, and stderr says why.

    --writes: each write of A matched to B's write of the same rule (the written attribute's;
    the attribute itself with --by attribute) at the same position among that rule's writes,
    with the evaluations it caused (reran), the views it re-ran in each and the views only one
    side re-ran; a write with no partner is "only in A" or "only in B". Traces record writes;
    so do runs (their invalidate hits, with what each push walk explains: edges from add_input
    hits or from --snapshot, which also names them).

    Doubts go to stderr: A and B sharing few names (different apps or builds), untimed
    recordings (whole-second timestamps: no time is compared, never a 0), attribute ids across
    builds. --format markdown writes a comment for a pull request: the verdict, then the
    regressions, then the improvements. docs/compare.md says what self time is, what the
    interval means and how many recordings to take.

    Examples (SampleArchives):
      agtrace compare SampleArchives/traces/trip-taps.ag-trace SampleArchives/traces/trip-taps.ag-trace
      agtrace compare before.ag-trace after.ag-trace --by rule --limit 10
      agtrace compare before.ag-trace after.ag-trace --writes
      agtrace compare tap-stepper tap-stepper-regressed --snapshot planner-a --snapshot planner-b
      agtrace compare --a before/ --b after/ --format markdown > comment.md
    """
    static let a = Positional("A", help: "the recording before: a label or a file (trace, transcript, dump, console log)")
    static let b = Positional("B", help: "the recording after, of the same kind")
    static let groupA = OptionSpec(name: "a", valueName: "A...", help: "repeated recordings before (labels, files, or a folder of files; a folder of Instruments exports is one)",
                                   repeatable: true, takesSeveral: true)
    static let groupB = OptionSpec(name: "b", valueName: "B...", help: "repeated recordings after, as many or not",
                                   repeatable: true, takesSeveral: true)
    static let by = Option<BaselineKey>(name: "by",
                                        help: "the key (default: view where the recordings name views, else the kind's own: a run's attribute); attribute ids hold within one build only")
    static let snapshot: OptionSpec = {
        var option = Options.snapshot.explained("runs: a dump that names their attributes (for rule and view; then --by view is the default); given twice, A's then B's (each side's own build): a label, or a file when A and B are files",
                                                valueName: "S|DUMP")
        option.repeatable = true
        return option
    }()
    static let writes = OptionSpec(name: "writes", valueName: nil, help: "per write instead of per key: A's writes matched to B's, with the views each re-ran")
    static let sort = Option<CompareSort>(name: "sort",
                                          help: "change (default: self seconds grown or shrunk, then evaluations), evaluations, or key")
    static let minEffect = Option<Percent>(name: "min-effect",
                                           help: "the smallest change of self time called slower or faster, in percent (default: 5)")
    static let seed = Option<UInt64>(name: "seed", help: "seeds the bootstrap (default: \(CompareRequest.defaultSeed))")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let groups = !args.values(groupA).isEmpty || !args.values(groupB).isEmpty
        var request: CompareRequest
        if groups {
            guard args.positionals.isEmpty else {
                throw UsageError("unexpected argument '\(args.positionals[0])': with --a and --b, every recording is given with one of them")
            }
            guard !args.values(groupA).isEmpty, !args.values(groupB).isEmpty else { throw UsageError("give both --a and --b") }
            request = CompareRequest(a: args.values(groupA), b: args.values(groupB), database: context.databasePath)
        } else {
            guard args.positionals.count == 2 else {
                throw UsageError("compare takes two recordings, A and B (or groups: --a A1 A2 … --b B1 B2 …), not \(args.positionals.count)")
            }
            request = CompareRequest(a: [args.positionals[0]], b: [args.positionals[1]], database: context.databasePath)
        }
        request.by = args.value(by)
        request.writes = args.has(writes)
        request.namingSnapshots = args.values(snapshot)
        request.sort = args.value(sort) ?? .change
        request.minEffect = args.value(minEffect)?.fraction ?? CompareRequest.defaultMinEffect
        request.seed = args.value(seed) ?? CompareRequest.defaultSeed
        request.limit = args.rowLimit
        let outcome = try usageErrors {
            try CompareRunner.run(request, openDatabase: { try context.openDatabase(.read) }, log: context.log(name))
        }
        if args.format == .markdown {
            context.out.write(CompareComment.text(outcome))
        } else {
            // Cut by the request (the totals row kept), so written whole.
            outcome.write(to: RowWriter(format: args.format, out: context.out, wide: args.has(Options.wide)))
        }
        context.noteMoreRows(outcome.leftOut > 0, command: name, limit: request.limit)
        return 0
    }
}
