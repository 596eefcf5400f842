import AGTraceKit
import Foundation

/// The options of `baseline` and `check` that name where the counts come from (`GateSources`).
enum CountSources {
    static let options = [
        Options.run.explained("the run labelled R in the database"),
        Options.snapshot.explained("snapshot S in the database (or, with a run and --key rule|view, the dump that names the run's attributes)"),
        Options.transcript,
        Options.archive,
        Options.trace.explained("an AttributeGraph trace: a file (AG_TRACE; imported privately like --transcript) or the label of a trace in the database; its rule evaluations, named by its own types",
                                valueName: "FILE|T"),
    ]

    /// The sources the options name (`GateSources` refuses the combinations that cannot be counted).
    static func parse(_ args: ParsedArguments) throws -> GateSources {
        try GateSources(run: args.value(Options.run), snapshot: args.value(Options.snapshot), transcript: args.value(Options.transcript),
                        archive: args.value(Options.archive), trace: args.value(Options.trace))
    }
}
