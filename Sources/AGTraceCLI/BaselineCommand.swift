import AGTraceKit
import CommandLineOptions
import Foundation

enum BaselineCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "baseline"
    static let summary = "Record the update counts of a \(MeasuredKind.gateOrder.map(\.rawValue).listed("or")) as a baseline file for 'check'"
    static let usage = [UsageForm([CountSources.usage, .positional(CountSources.more), .option(output), .optional(key), .optional(Options.allowIncomplete), .optional(Options.time)])]
    static let discussion = """
    Writes a small JSON file meant to be committed next to the app: what it was taken from
    (label, sha256, import date), the key kind, the total, and one entry per key with its
    update count (rule runs). Entries are sorted, one per line, so a change to a baseline
    reads well in review; writing the same counts again gives the same bytes. 'agtrace check'
    compares a later run, snapshot or trace against it.

    The input: files (--transcript, --archive, --trace), imported into a private temporary
    database for this command alone (what a CI job wants), or labels of the database (--run,
    --snapshot, --trace). A trace counts rule evaluations, keyed by rule (default), view or
    attribute from its own types: it needs no dump. A console log (--console FILE|C: Xcode's
    console, log stream, a UI test job's output) counts body runs per view from its
    _printChanges / _logChanges lines, one line a run (no lldb, no private API); key view only.

    Keys:
      attribute  default for runs: counts the run's update_attribute hits per attribute id.
                 Ids hold only while the build is the same: any change to the view
                 structure shifts them.
      rule       default for snapshots: per rule (type) name, which survives a rebuild.
                 A profiled snapshot's rule runs (per-type profile summed across graphs;
                 node profiles when a type has none). On a run, give the dump that names its
                 attributes as well (--archive DUMP or --snapshot S). It must be a dump of the
                 same process: when it lacks any counted attribute the baseline is refused
                 (exit 2; "M of N attributes" on stderr).
      view       per view name (node_views: the body's view type, or the debug tree's
                 entry), which survives a rebuild and reads like the app's code. Needs a
                 dump of the same build for a run, as for rule. Nodes of no view count as
                 "(no view)"; a run's attributes the dump lacks as "(not in the dump)".
    A snapshot needs profile data (dumped after AGGraphStartProfiling); a run needs update hits;
    a trace, evaluations. --time (a trace only) records each key's self seconds too.

    Repeated recordings of one interaction (--trace t1 t2 t3, files or labels; any input
    given alone; or a folder, --trace runs/, which stands for its files, read as import reads
    a folder: a folder of Instruments exports is one recording) make one baseline: per key the median count and, with --time, the median
    self seconds and each recording's ("self_seconds_each"), which 'check --time' compares
    by the interval of the ratio of medians instead of a bare tolerance (docs/statistics.md).

    A recording that crashed, failed or was cut (a recorder's file without its stop line) is
    refused with exit status 3, unless --allow-incomplete, as 'check' refuses it; so is one
    whose update hits have no readable attribute (they would be written as the key
    "(unknown)"), --allow-incomplete or not. A trace with no EndTrace (its app crashed or was
    killed while tracing) is refused as a cut recording is.

    Examples:
      agtrace baseline --transcript tap-stepper.lldb.log --archive tap-stepper.ag-json --key view --output Baselines/tap-stepper.json
      agtrace baseline --transcript tap-stepper.lldb.log --output Baselines/tap-stepper.json
      agtrace baseline --run tap-stepper --output Baselines/tap-stepper.json
      agtrace baseline --snapshot planner --output Baselines/planner.json
      agtrace baseline --run tap-stepper --key rule --snapshot planner --output Baselines/tap-rules.json
      agtrace baseline --run tap-stepper --output -        # print instead of writing
      agtrace baseline --console ui-tests.log --output Baselines/ui-body-runs.json
      agtrace baseline --time --trace runs/tap-1.ag-trace runs/tap-2.ag-trace runs/tap-3.ag-trace runs/tap-4.ag-trace runs/tap-5.ag-trace --output Baselines/tap-time.json
    """
    static let output = Options.output.explained("where to write the baseline (- for standard output); a regular file, replaced whole through a temporary file (a device, FIFO, directory, an input or a database: exit 2)")
        .required("give --output FILE (the baseline to write; - prints it)")
    static let key = Option<BaselineKey>(name: "key",
                                         help: "what to count per (default: attribute for runs, rule for snapshots and traces)")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        try CountSources.refuseStrayArguments(args)
        guard let output = args.value(Self.output) else {
            throw UsageError(message: "give --output FILE (the baseline to write; - prints it)")
        }
        let sources = try usageErrors { try CountSources.parse(args) }
        let request = BaselineRequest(sources: sources, output: output, key: args.value(Self.key),
                                      allowIncomplete: args.has(Options.allowIncomplete), time: args.has(Options.time),
                                      database: context.databasePath)
        let outcome = try usageErrors {
            try BaselineGate.run(request, openDatabase: { try context.openDatabase(.read) }, log: context.log(name))
        }
        if let refusal = outcome.refusal {
            context.err.write("agtrace baseline: error: " + terminalSafe(refusal.message) + "\n")
        } else if let written = outcome.written {
            context.out.write(terminalSafe(written) + "\n")
        } else if let baseline = outcome.baseline {
            context.out.write(baseline.rendered())
        }
        return outcome.status
    }
}
