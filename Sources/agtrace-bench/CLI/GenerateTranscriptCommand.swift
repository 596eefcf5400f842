import CommandLineOptions
import Foundation

/// `generate transcript …`: options → TranscriptGenerator; exact counts to stderr.
enum GenerateTranscriptCommand {
    static let hits = OptionSpec(name: "hits", valueName: "N", help: "breakpoint hits to write", kind: .count)
    static let bytes = OptionSpec(name: "bytes", valueName: "SIZE", help: "stop after about this many bytes instead", kind: .size)
    static let seed = OptionSpec(name: "seed", valueName: "S", help: "the random seed (default 1)", kind: .count)
    static let shapes = TranscriptShape.allCases.filter { $0 != .logLines }.map(\.rawValue)
    static let shape = OptionSpec(name: "shape", valueName: shapes.joined(separator: "|"), help: "how each hit is printed (default mixed)",
                                  kind: OptionValueKind { name, text in
                                      shapes.contains(text) ? nil : "--\(name) must be frame-info, interactive, bt-registers, expressions or mixed"
                                  })
    static let output = OptionSpec(name: "output", valueName: "FILE", help: "the transcript to write", required: "missing --output")
    static let dump = OptionSpec(name: "dump", valueName: "FILE", help: "also write a dump of the app it records (its nodes named by view, its edges), to name the run's attributes")
    static let usage = UsageForm([.oneOf([[.option(hits)], [.option(bytes)]]), .option(output), .optional(seed), .optional(shape), .optional(dump)])

    static func run(_ words: [String]) throws {
        guard let args = try BenchOptions.parse(words, usage, command: "generate transcript") else { return }
        var options = TranscriptOptions()
        options.output = try args.required(output)
        options.seed = UInt64(args.count(seed) ?? 1)
        options.hits = args.count(hits)
        options.bytes = args.value(bytes).flatMap(ByteSize.parse)
        guard (options.hits == nil) != (options.bytes == nil) else { throw UsageError("give exactly one of --hits N or --bytes SIZE") }
        if let shape = args.value(shape) { options.shape = TranscriptShape(rawValue: shape)! }
        options.dump = args.value(dump)
        let counts = try TranscriptGenerator.run(options)
        FileHandle.standardError.write((counts.text + "\n").data(using: .utf8)!)
    }
}
