import CommandLineOptions
import Foundation

/// `generate console --reports N --output FILE [--frames F] [--seed S]`: exact counts to stderr.
enum GenerateConsoleCommand {
    static let reports = OptionSpec(name: "reports", valueName: "N", help: "cycle reports to write, in rounds of 14 (at least N)", kind: .count,
                                    required: "give --reports N (e.g. 28000)")
    static let frames = OptionSpec(name: "frames", valueName: "F", help: "one more report first, of F frame lines and F digraph labels", kind: .count)
    static let output = OptionSpec(name: "output", valueName: "FILE", help: "the console log to write", required: "missing --output")
    static let seed = OptionSpec(name: "seed", valueName: "S", help: "the random seed (default 1)", kind: .count)
    static let usage = UsageForm([.option(reports), .option(output), .optional(frames), .optional(seed)])

    static func run(_ words: [String]) throws {
        guard let args = try BenchOptions.parse(words, usage, command: "generate console") else { return }
        let output = try args.required(Self.output)
        guard let reports = args.count(Self.reports) else { throw UsageError("give --reports N (e.g. 28000)") }
        if let f = args.count(frames), f < 2 { throw UsageError("--frames is at least 2 (the top frame and N)") }
        let counts = try ConsoleGenerator.run(reports: reports, frames: args.count(frames), seed: UInt64(args.count(seed) ?? 1), output: output)
        FileHandle.standardError.write((counts.text + "\n").data(using: .utf8)!)
    }
}
