import AGTraceKit
import CommandLineOptions
import Foundation

enum BaselineCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)
        .takingNoArguments(CountSources.inputHint)

    static let name = "baseline"
    static let summary = "Record the update counts of a run, snapshot or trace as a baseline file for 'check'"
    static let usage = [UsageForm([CountSources.usage, .option(output), .optional(key), .optional(Options.allowIncomplete), .optional(Options.time)])]
    static let discussion = """
    Writes a small JSON file meant to be committed next to the app: what it was taken from
    (label, sha256, import date), the key kind, the total, and one entry per key with its
    update count (rule runs). Entries are sorted, one per line, so a change to a baseline
    reads well in review; writing the same counts again gives the same bytes. 'agtrace check'
    compares a later run, snapshot or trace against it.

    The input: files (--transcript, --archive, --trace), imported into a private temporary
    database for this command alone (what a CI job wants), or labels of the database (--run,
    --snapshot, --trace). A trace counts rule evaluations, keyed by rule (default), view or
    attribute from its own types: it needs no dump.

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
    """
    static let output = Options.output.explained("where to write the baseline (- for standard output); a regular file, replaced whole through a temporary file (a device, FIFO, directory, an input or a database: exit 2)")
        .required("give --output FILE (the baseline to write; - prints it)")
    static let key = OptionSpec.choice(name: "key", values: BaselineKey.allCases.map(\.rawValue),
                                       help: "what to count per (default: attribute for runs, rule for snapshots and traces)")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        guard args.positionals.isEmpty else {
            throw UsageError(message: "unexpected argument '\(args.positionals[0])' (\(CountSources.inputHint))")
        }
        guard let output = args.value(Self.output) else {
            throw UsageError(message: "give --output FILE (the baseline to write; - prints it)")
        }
        let sources = try CountSources(args)
        let key = try args.value(Self.key).map(parseKey)
        if args.has(Options.time) && sources.trace == nil {
            throw UsageError(message: "--time records a trace's evaluation times: give --trace FILE|T")
        }
        try validate(sources, key: key)
        try sources.refuseAmbiguousTrace(context)
        // Refused (exit 2) before any work: a device, FIFO, directory, an input, a database.
        let file = output == "-" ? nil
            : try Baseline.output(output, inputs: sources.fileInputs, database: sources.usesFiles ? nil : context.databasePath)
        let (db, runLabel, snapshotLabel, traceLabel, scratch) = try sources.open(context)
        defer { scratch?.close() }
        var input = try makeInput(run: runLabel, snapshot: snapshotLabel, trace: traceLabel, key: key)
        input.withSeconds = args.has(Options.time)
        if let match = try input.match(in: db, context: context, command: name), match.missing > 0, input.key == .rule {
            // A rule-keyed baseline with "(attribute N)" keys would compare ids of one build
            // with another's: refused rather than written.
            context.err.write("agtrace baseline: error: " + terminalSafe("--key rule needs every counted attribute named by a rule, but \(match.missing) of \(match.attributes) attributes of run '\(input.label)' have none in snapshot '\(match.snapshotLabel)'; name the run with a dump of the same process") + "\n")
            return 2
        }
        let counts = try input.counts(in: db)
        do {
            if let note = try RecordingGate.check(counts.source, allowIncomplete: args.has(Options.allowIncomplete)) {
                context.err.write("agtrace baseline: note: " + terminalSafe(note) + "\n")
            }
            // A baseline with an `(unknown)` key would compare unread hits as one key forever.
            try RecordingGate.refuseUnknownAttributes(counts)
        } catch let p as CheckProblem {
            context.err.write("agtrace baseline: error: " + terminalSafe(p.message) + "\n")
            return p.exitStatus
        }
        return try write(counts: counts, to: file, context)
    }

    /// Writes the baseline to `output`, or standard output when nil (`--output -`).
    static func write(counts: UpdateCounts, to output: OutputFile?, _ context: Context) throws -> Int32 {
        let baseline = Baseline(counts: counts)
        guard let output else {
            context.out.write(baseline.rendered())
            return 0
        }
        try baseline.write(to: output)
        let total = counts.total.updates
        context.out.write(terminalSafe("wrote \(output.path): \(counts.source.phrase) keyed by \(counts.key.rawValue), \(counts.entries.count) \(counts.key.plural), \(total) updates") + "\n")
        return 0
    }

    static func parseKey(_ text: String) throws -> BaselineKey {
        guard let key = BaselineKey(rawValue: text.lowercased()) else {
            throw UsageError(message: "--key must be one of \(BaselineKey.names), not '\(text)'")
        }
        return key
    }

    static func validate(_ s: CountSources, key: BaselineKey?) throws {
        if s.hasTrace { return }
        switch (s.hasRun, s.hasSnapshot) {
        case (false, false):
            throw UsageError(message: "give --transcript FILE, --archive DUMP or --trace FILE (or a label as 'agtrace list' shows them: --run R, --snapshot S, --trace T)")
        case (true, false):
            if let key, key != .attribute {
                throw UsageError(message: "--key \(key.rawValue) on a run needs a dump of the same build to name its attributes (--archive FILE or --snapshot S)")
            }
        case (false, true):
            break
        case (true, true):
            guard key == .rule || key == .view else {
                throw UsageError(message: "give \(s.runOption) or \(s.snapshotOption), not both (both only with --key rule or --key view: the dump names the run's attributes)")
            }
        }
    }

    /// Labels (already validated) to an input.
    static func makeInput(run: String?, snapshot: String?, trace: String? = nil, key: BaselineKey?) throws -> CountInput {
        if let trace {
            return CountInput(kind: .trace, label: trace, key: key ?? .rule)
        }
        if let run {
            return CountInput(kind: .run, label: run, key: key ?? .attribute, namingSnapshot: snapshot)
        }
        return CountInput(kind: .snapshot, label: snapshot!, key: key ?? .rule)
    }
}
