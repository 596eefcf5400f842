import AGTraceKit
import CommandLineOptions
import Foundation

enum FindingsCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "findings"
    static let summary = "Name what to fix: wasted body runs, broad writes, cycles, slow bodies… from any recording"
    static let usage = [UsageForm([.optional([.oneOf([[.option(snapshot)], [.option(run)], [.option(trace)], [.option(console)], [.option(xctrace)]])]),
                                   .positional(inputs), .optional(source), .optional([.option(baseline), .optional(updateBaseline)]),
                                   .optional(format), .optional(Options.wide)])]
    static let discussion = """
    Reads every kind of evidence agtrace imports and names what to fix, costliest first
    (seconds where the evidence is timed, evaluations otherwise). Each finding has a kind,
    the view (and attribute ids), the evidence (counts, the write or token behind it, its
    positions: a console's lines, a trace's seqs, an Instruments table's rows), a severity,
    a stable fingerprint, and the fix in one sentence with its entry in docs/findings.md.

    The catalogue (thresholds and evidence per input in docs/findings.md):
      wasted-body-runs        a body ran and produced the same value (>= 3 runs, >= 1/3 of them):
                              _printChanges `unchanged`, a trace's changed flag, a profiled
                              dump's updates minus changes
      broad-invalidation      one write re-ran >= 3 bodies, most unchanged (a trace's writes);
                              one _printChanges token re-ran >= 3 views
      whole-object-dependency views re-run again and again (>= 3) by one shared object token
                              (`_model changed.`) with no value of their own changed
      identity-churn          `@identity` >= 2 times after the view had already run
      dependency-cycle        AttributeGraph's cycle reports (console, trace, record --cycles)
      state-modified-during-update  "Modifying state during view update", "Publishing
                              changes from within view updates" (console, trace log)
      slow-body               a body over 500 µs of its own time (over 1 ms: an error), the
                              marks of Instruments' SwiftUI template (trace, Instruments)
      update-in-hitch         a view's updates fill >= 25% of a hitch (Instruments)
      repeated-body-in-pass   a body evaluated twice or more in one update of the graph (trace)
      repeating-write         one node written >= 10 times at a steady rate, re-running bodies
                              each time: a timer or an animation (trace)

    What to read: labels of the database (--console C, --trace T, … or LABEL… of any kind),
    or FILE… (recordings of any kind, or folders of them) imported into a private temporary
    database for this command alone. Nothing given: every recording of the database.

    --source DIR maps each view to the file:line of its declaration in the app's Swift
    sources (a struct, class, enum or actor conforming to View, or an extension … : View;
    nested types as Outer.Inner; generic arguments left out). Comments, strings and #if
    branches that cannot be decided are skipped; a name declared twice is ambiguous and
    left without a line (stderr says so), never guessed.

    --baseline F fails (exit 1) when a finding's fingerprint is not in F: commit the file
    of accepted findings, block new ones. --update-baseline writes the current findings to F
    (exit 0); review its diff and commit it. A finding's fingerprint is its kind, view and
    subject (the token, the written rule): counts, labels and positions may change.

    Formats: table (default); json (the whole result, as the MCP tool returns it); markdown
    (a pull-request comment); sarif (SARIF 2.1.0 for GitHub code scanning: rules with help
    URIs, partialFingerprints, level from severity; without --source each result's location
    is the recording file); github (workflow commands, ::warning file=…,line=…,title=…::…,
    escaped as the syntax requires, so the job's annotations show them without an upload).

    Exit status: 0 done (findings or not); 1 a finding not in --baseline, or bad input;
    2 a usage error or a baseline that cannot be read.

    Examples:
      agtrace findings --console ui-tests
      agtrace findings SampleArchives/findings/console/wasted-rows.log
      agtrace findings --trace feed-select --format markdown > comment.md
      agtrace findings ui-tests.log --source Sources/App --format sarif > findings.sarif
      agtrace findings ui-tests.log --baseline .agtrace/findings-baseline.json
      agtrace findings ui-tests.log --baseline .agtrace/findings-baseline.json --update-baseline
    """
    static let snapshot = Options.snapshot.explained("a profiled dump: body runs that changed nothing")
    static let run = Options.run.explained("a recording (agtrace record --cycles): its cycle reports")
    static let trace = Options.trace.explained("a trace: every evaluation's changed flag, self time and write")
    static let console = Options.console.explained("a console log: its _printChanges lines, cycle reports and SwiftUI warnings")
    static let xctrace = Options.label(named: "xctrace").explained("an Instruments recording: slow body updates and hitches")
    static let inputs = Positional("INPUT", .zeroOrMore, help: "labels of any kind, or files and folders of recordings imported privately (not both); none: every recording of the database")
    static let source = OptionSpec(name: "source", valueName: "DIR", help: "the app's Swift sources: each view mapped to the file:line of its declaration")
    static let baseline = OptionSpec(name: "baseline", valueName: "FILE", help: "accepted findings (fingerprints): exit 1 on a finding the file does not hold")
    static let updateBaseline = OptionSpec(name: "update-baseline", valueName: nil, help: "write the current findings to --baseline FILE (exit 0)")
    static let format = Option<FindingsFormat>(name: Options.format.name, help: "output format (default: table)")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let format = args.value(Self.format) ?? .table
        try usageErrors { try FindingsGate.check(baseline: args.value(baseline), update: args.has(updateBaseline)) }
        var request = FindingsRequest(snapshots: args.values(snapshot), runs: args.values(run), traces: args.values(trace),
                                      consoles: args.values(console), recordings: args.values(xctrace), inputs: args.positionals,
                                      sourceDirectory: args.value(source))
        request.thresholds = FindingThresholds()
        let result = try usageErrors {
            try FindingsRunner.run(request, database: context.databasePath, openDatabase: { try context.openDatabase(.read) }, log: context.log(name))
        }
        context.out.write(format.render(result, wide: args.has(Options.wide)))
        let gate = try usageErrors { try FindingsGate.run(result.findings, baseline: args.value(baseline), update: args.has(updateBaseline)) }
        for line in gate.lines { context.note("agtrace findings: " + terminalSafe(line)) }
        return gate.status
    }
}
