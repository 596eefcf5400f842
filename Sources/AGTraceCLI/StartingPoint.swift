import AGTraceKit
import CommandLineOptions
import Foundation

/// Where `walk` and `why` start: one attribute (decimal or 0x-hex), or every node of a view.
enum StartingPoint {
    /// `--view NAME`, which each command words for itself.
    static let view = OptionSpec(name: "view", valueName: "NAME", help: "start from every node of this view instead of ATTR")
    /// `ATTR`, the positional both commands start from.
    static let attribute = Positional("ATTR", help: "the attribute to start from: decimal or 0x-hex")

    static func parse(_ args: ParsedArguments) throws -> WalkStart {
        if let view = args.value(Self.view) {
            guard args.positionals.isEmpty else {
                throw UsageError(message: "give an attribute or --view NAME, not both (unexpected '\(args.positionals[0])')")
            }
            guard !view.isEmpty else { throw UsageError(message: "--view needs a view name (e.g. --view Trip)") }
            return .view(view)
        }
        guard args.positionals.count == 1 else {
            throw UsageError(message: args.positionals.isEmpty ? "give the attribute to start from (e.g. 3032) or --view NAME"
                                                                : "give one attribute; unexpected '\(args.positionals[1])'")
        }
        guard let attribute = LabelLookup.attribute(args.positionals[0]) else {
            throw UsageError(message: "'\(args.positionals[0])' is not an attribute (a number, decimal or 0x-hex)")
        }
        return .attribute(attribute)
    }
}
