import AGTraceKit
import CommandLineOptions
import Foundation

/// The options of `baseline` and `check` that name where the counts come from (`GateSources`):
/// labels of the database (`--run R`, `--snapshot S`), or files imported into a private
/// temporary database for this command alone (`--transcript FILE`, `--archive FILE`, `--trace
/// FILE`), so that a pipeline depends on no label and no database an earlier job left behind.
/// Declared from the kinds the gate counts (`MeasuredKind`, each from its format's folder).
enum CountSources {
    /// A kind's file option (`--transcript FILE`; `--trace FILE|T`, which takes a label too).
    static func fileOption(_ kind: MeasuredKind) -> OptionSpec {
        let label = kind.stored.options[0].placeholder
        return OptionSpec(name: kind.fileOption, valueName: kind.sharesItsOption ? "\(kind.filePlaceholder)|\(label)" : kind.filePlaceholder,
                          help: kind.fileHelp)
    }

    /// A kind's label option (`--run R`), when it has one of its own.
    static func labelOption(_ kind: MeasuredKind) -> OptionSpec? {
        kind.sharesItsOption ? nil : OptionSpec(name: kind.stored.option, valueName: kind.stored.options[0].placeholder, help: kind.labelHelp)
    }

    /// Said when `baseline` or `check` is given a positional.
    static var inputHint: String {
        "the input is given with \(GateSources.options.map { "--" + $0 }.listed("or"))"
    }

    /// The input, one of `(--transcript FILE [--archive DUMP] | --archive DUMP | --trace FILE|T | --run R | --snapshot S)`:
    /// each kind's file (with the file of the kind that names it, optional), then the labels
    /// (a run named by a snapshot, `--run R --snapshot S`, is said in the help).
    static var usage: UsageTerm {
        let kinds = MeasuredKind.gateOrder
        let files: [[UsageTerm]] = kinds.map { kind in
            [.option(fileOption(kind))] + (kind.namer.map { [.optional(fileOption($0))] } ?? [])
        }
        let labels: [[UsageTerm]] = kinds.compactMap { labelOption($0).map { [.option($0)] } }
        return UsageTerm.oneOf(files + labels)
    }

    /// More recordings of the input given (`--trace t1 t2 t3`): repeated recordings of one
    /// interaction, counted as one (medians; with `check --time`, compared by the interval).
    static let more = Positional("RECORDING", .zeroOrMore,
                                 help: "more recordings of the same kind as the input (--trace t1 t2 t3), files or labels as the input is: repeated recordings of one interaction, counted by their medians; 'check --time' compares each key's seconds by the 95% interval of the ratio of medians (docs/statistics.md)")

    /// The sources the options name (`GateSources` refuses the combinations that cannot be counted).
    static func parse(_ args: ParsedArguments) throws -> GateSources {
        try refuseStrayArguments(args)
        return try GateSources(values: values(args), more: args.positionals)
    }

    /// A word with no input option before it is no recording: the input is given with an option.
    static func refuseStrayArguments(_ args: ParsedArguments) throws {
        if let first = args.positionals.first, values(args).isEmpty {
            throw UsageError(message: "unexpected argument '\(first)' (\(inputHint))")
        }
    }

    private static func values(_ args: ParsedArguments) -> [String: String] {
        var values: [String: String] = [:]
        for kind in MeasuredKind.gateOrder {
            for option in [fileOption(kind)] + [labelOption(kind)].compactMap({ $0 }) {
                if let value = args.value(option) { values[option.name] = value }
            }
        }
        return values
    }
}
