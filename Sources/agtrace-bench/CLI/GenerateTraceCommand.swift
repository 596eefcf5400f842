import CommandLineOptions
import Foundation

/// `generate trace --events N --output FILE [--seed S] [--rows R]`: exact counts to stderr.
enum GenerateTraceCommand {
    static let events = OptionSpec(name: "events", valueName: "N", help: "events to write (about 13 bytes each)", kind: .count,
                                   required: "give --events N (e.g. 1500000)")
    static let output = OptionSpec(name: "output", valueName: "FILE", help: "the trace to write", required: "missing --output")
    static let seed = OptionSpec(name: "seed", valueName: "S", help: "the random seed (default 1)", kind: .count)
    static let rows = OptionSpec(name: "rows", valueName: "R", help: "the app's rows, each built before the first write (default 512)", kind: .count)
    static let usage = UsageForm([.option(events), .option(output), .optional(seed), .optional(rows)])

    static func run(_ words: [String]) throws {
        guard let args = try BenchOptions.parse(words, usage, command: "generate trace") else { return }
        let output = try args.required(Self.output)
        guard let events = args.count(Self.events), events > 0 else { throw UsageError("give --events N (e.g. 1500000)") }
        guard (args.count(rows) ?? 512) >= 1 else { throw UsageError("--rows must be at least 1") }
        let counts = try TraceGenerator.run(events: events, seed: UInt64(args.count(seed) ?? 1), output: output, rows: args.count(rows) ?? 512)
        FileHandle.standardError.write((counts.text + "\n").data(using: .utf8)!)
    }
}
