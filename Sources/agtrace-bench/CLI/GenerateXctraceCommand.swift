import CommandLineOptions
import Foundation

/// `generate xctrace --bytes N --output FILE [--seed S]`: exact counts to stderr.
enum GenerateXctraceCommand {
    static let bytes = OptionSpec(name: "bytes", valueName: "N", help: "the export's size in bytes (rows of about 700 bytes)", kind: .count,
                                  required: "give --bytes N (e.g. 1000000000)")
    static let output = OptionSpec(name: "output", valueName: "FILE", help: "the export to write", required: "missing --output")
    static let seed = OptionSpec(name: "seed", valueName: "S", help: "the random seed (default 1)", kind: .count)
    static let usage = UsageForm([.option(bytes), .option(output), .optional(seed)])

    static func run(_ words: [String]) throws {
        guard let args = try BenchOptions.parse(words, usage, command: "generate xctrace") else { return }
        let output = try args.required(Self.output)
        guard let bytes = args.count(Self.bytes), bytes > 0 else { throw UsageError("give --bytes N (e.g. 1000000000)") }
        let counts = try XctraceGenerator.run(bytes: bytes, seed: UInt64(args.count(seed) ?? 1), output: output)
        FileHandle.standardError.write((counts.text + "\n").data(using: .utf8)!)
    }
}
