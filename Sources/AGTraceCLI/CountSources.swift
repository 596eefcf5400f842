import AGTraceKit
import CommandLineOptions
import Foundation

/// The options of `baseline` and `check` that name where the counts come from (`GateSources`):
/// labels of the database (`--run R`, `--snapshot S`), or files imported into a private
/// temporary database for this command alone (`--transcript FILE`, `--archive FILE`, `--trace
/// FILE`), so that a pipeline depends on no label and no database an earlier job left behind.
enum CountSources {
    /// Said when `baseline` or `check` is given a positional.
    static let inputHint = "the input is given with --transcript, --archive, --trace, --run or --snapshot"

    /// The input, one of `(--transcript FILE [--archive DUMP] | --archive DUMP | --trace FILE|T | --run R | --snapshot S)`,
    /// worded for counting (a run named by a snapshot, `--run R --snapshot S`, is said in the help).
    static let usage = UsageTerm.oneOf([
        [.option(Options.transcript), .optional(Options.archive)],
        [.option(Options.archive)],
        [.option(Options.trace.explained("an AttributeGraph trace: a file (AG_TRACE; imported privately like --transcript) or the label of a trace in the database; its rule evaluations, named by its own types",
                                         valueName: "FILE|T"))],
        [.option(Options.run.explained("the run labelled R in the database"))],
        [.option(Options.snapshot.explained("snapshot S in the database (or, with a run and --key rule|view, the dump that names the run's attributes)"))],
    ])

    /// The sources the options name (`GateSources` refuses the combinations that cannot be counted).
    static func parse(_ args: ParsedArguments) throws -> GateSources {
        try GateSources(run: args.value(Options.run), snapshot: args.value(Options.snapshot), transcript: args.value(Options.transcript),
                        archive: args.value(Options.archive), trace: args.value(Options.trace))
    }
}
