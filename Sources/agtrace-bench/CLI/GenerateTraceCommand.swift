import Foundation

/// `generate trace --events N --output FILE [--seed S]`: exact counts to stderr.
enum GenerateTraceCommand {
    static func run(_ words: [String]) throws {
        let args = try Arguments(words, options: ["events", "seed", "output"], flags: ["help"])
        if args.flag("help") { print(Usage.text); return }
        let output = try args.required("output")
        guard let events = try args.int("events"), events > 0 else { throw UsageError("give --events N (e.g. 1500000)") }
        let counts = try TraceGenerator.run(events: events, seed: UInt64(try args.int("seed") ?? 1), output: output)
        FileHandle.standardError.write((counts.text + "\n").data(using: .utf8)!)
    }
}
