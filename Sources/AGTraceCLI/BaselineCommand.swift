import AGTraceKit
import Foundation

enum BaselineCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion,
                                 options: options, run: run)

    static let name = "baseline"
    static let summary = "Record the update counts of a run or snapshot as a baseline file for 'check'"
    static let usage = "agtrace baseline (--run R | --snapshot S) --output FILE [--key attribute|rule]"
    static let discussion = """
    Writes a small JSON file meant to be committed next to the app: what it was taken from
    (label, sha256, import date), the key kind, the total, and one entry per key with its
    update count (rule runs). Entries are sorted, one per line, so a change to a baseline
    reads well in review; writing the same counts again gives the same bytes. 'agtrace check'
    compares a later run or snapshot against it.

    Keys:
      attribute  default for runs: a scripted interaction replays with the same attribute ids.
                 Counts the run's update_attribute hits per attribute.
      rule       default for snapshots: ids change between builds, rule names do not. Counts
                 a profiled snapshot's rule runs per rule (per-type profile summed across
                 graphs; node profiles when a type has none). On a run, give --snapshot S as
                 well: it names the run's attributes by their rules. S must be a dump of the
                 same process: when it lacks any counted attribute the baseline is refused
                 (exit 2; "M of N attributes" on stderr), when it lacks all of them, exit 1.
    A snapshot needs profile data (dumped after AGGraphStartProfiling); a run needs update hits.

    Examples:
      agtrace baseline --run tap-stepper --output Baselines/tap-stepper.json
      agtrace baseline --snapshot planner --output Baselines/planner.json
      agtrace baseline --run tap-stepper --key rule --snapshot planner --output Baselines/tap-rules.json
      agtrace baseline --run tap-stepper --output -        # print instead of writing
    """
    static let options = [
        OptionSpec(name: "run", valueName: "R", help: "take the counts from the run labelled R"),
        OptionSpec(name: "snapshot", valueName: "S",
                   help: "take the counts from snapshot S (or, with --run and --key rule, name the run's attributes)"),
        OptionSpec(name: "output", valueName: "FILE", help: "where to write the baseline (- for standard output)", short: "o"),
        OptionSpec(name: "key", valueName: BaselineKey.names,
                   help: "what to count per (default: attribute for runs, rule for snapshots)"),
    ]

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        guard args.positionals.isEmpty else {
            throw UsageError(message: "unexpected argument '\(args.positionals[0])' (the input is given with --run or --snapshot)")
        }
        guard let output = args.value("output") else {
            throw UsageError(message: "give --output FILE (the baseline to write; - prints it)")
        }
        let input = try CountInput.parse(args, key: args.value("key").map(parseKey))
        let db = try context.openDatabase(.read)
        if let match = try input.match(in: db, context: context, command: name), match.missing > 0 {
            // A rule-keyed baseline with "(attribute N)" keys would compare ids of one build
            // with another's: refused rather than written.
            context.err.write("agtrace baseline: error: " + terminalSafe("--key rule needs every counted attribute named by a rule, but \(match.missing) of \(match.attributes) attributes of run '\(input.label)' have none in snapshot '\(match.snapshotLabel)'; name the run with a dump of the same process") + "\n")
            return 2
        }
        let counts = try input.counts(in: db)
        let baseline = Baseline(counts: counts)
        if output == "-" {
            context.out.write(baseline.rendered())
            return 0
        }
        try baseline.write(to: output)
        let total = counts.total.updates
        context.out.write(terminalSafe("wrote \(output): \(counts.source.phrase) keyed by \(counts.key.rawValue), \(counts.entries.count) \(counts.key.plural), \(total) updates") + "\n")
        return 0
    }

    static func parseKey(_ text: String) throws -> BaselineKey {
        guard let key = BaselineKey(rawValue: text.lowercased()) else {
            throw UsageError(message: "--key must be one of \(BaselineKey.names), not '\(text)'")
        }
        return key
    }
}

/// The input of `baseline` and `check`: a run (optionally named through a snapshot) or a snapshot.
struct CountInput {
    var kind: MeasuredKind
    var label: String
    var key: BaselineKey
    var namingSnapshot: String?

    /// `--run R`, `--snapshot S`, or `--run R --snapshot S` with key `rule`.
    static func parse(_ args: ParsedArguments, key explicitKey: BaselineKey?) throws -> CountInput {
        let run = args.value("run"), snapshot = args.value("snapshot")
        switch (run, snapshot) {
        case (nil, nil):
            throw UsageError(message: "give --run R or --snapshot S (labels as 'agtrace list' shows them)")
        case let (run?, nil):
            let key = explicitKey ?? .attribute
            if key == .rule {
                throw UsageError(message: "--key rule on a run needs --snapshot S to name its attributes by their rules")
            }
            return CountInput(kind: .run, label: run, key: key)
        case let (nil, snapshot?):
            return CountInput(kind: .snapshot, label: snapshot, key: explicitKey ?? .rule)
        case let (run?, snapshot?):
            guard explicitKey == .rule else {
                throw UsageError(message: "give --run or --snapshot, not both (both only with --key rule: the snapshot names the run's attributes)")
            }
            return CountInput(kind: .run, label: run, key: .rule, namingSnapshot: snapshot)
        }
    }

    /// For a run named through a snapshot: how many of its attributes the snapshot holds (a
    /// warning when some are missing; refused, exit 1, when all are).
    func match(in db: Database, context: Context, command: String) throws -> RunSnapshotMatch? {
        guard kind == .run, let namingSnapshot else { return nil }
        let match = try RunSnapshotMatch.check(in: db, run: try LabelLookup.runId(label, in: db), runLabel: label,
                                               snapshot: try LabelLookup.snapshotId(namingSnapshot, in: db),
                                               snapshotLabel: namingSnapshot)
        if let warning = match.warning { context.err.write("agtrace \(command): warning: \(terminalSafe(warning))\n") }
        return match
    }

    func counts(in db: Database) throws -> UpdateCounts {
        switch kind {
        case .run: return try UpdateCounts.run(label, key: key, namingSnapshot: namingSnapshot, in: db)
        case .snapshot: return try UpdateCounts.snapshot(label, key: key, in: db)
        }
    }
}
