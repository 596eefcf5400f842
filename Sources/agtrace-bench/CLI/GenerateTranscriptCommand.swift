import Foundation

/// `generate transcript …`: options → TranscriptGenerator; exact counts to stderr.
enum GenerateTranscriptCommand {
    static func run(_ words: [String]) throws {
        let args = try Arguments(words, options: ["hits", "bytes", "seed", "shape", "output"], flags: ["help"])
        if args.flag("help") { print(Usage.text); return }
        var options = TranscriptOptions()
        options.output = try args.required("output")
        options.seed = UInt64(try args.int("seed") ?? 1)
        options.hits = try args.int("hits")
        if let text = args.string("bytes") {
            guard let bytes = ByteSize.parse(text) else { throw UsageError("--bytes: not a size: \(text) (e.g. 10MB)") }
            options.bytes = bytes
        }
        guard (options.hits == nil) != (options.bytes == nil) else { throw UsageError("give exactly one of --hits N or --bytes SIZE") }
        if let shape = args.string("shape") {
            guard let parsed = TranscriptShape(rawValue: shape), parsed != .logLines else {
                throw UsageError("--shape must be frame-info, interactive, bt-registers, expressions or mixed")
            }
            options.shape = parsed
        }
        let counts = try TranscriptGenerator.run(options)
        FileHandle.standardError.write((counts.text + "\n").data(using: .utf8)!)
    }
}
