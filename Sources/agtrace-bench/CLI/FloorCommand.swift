import CommandLineOptions
import Foundation

/// `floor (--archive FILE | --trace FILE | --transcript FILE) --db DB [--repeat N]`: parse (untimed), then time
/// the inserts; the best of N runs is printed (see FloorTiming) for the benchmark to read.
enum FloorCommand {
    static let archive = OptionSpec(name: "archive", valueName: "FILE", help: "the archive whose rows to insert")
    static let trace = OptionSpec(name: "trace", valueName: "FILE", help: "the trace whose event rows to insert")
    static let transcript = OptionSpec(name: "transcript", valueName: "FILE", help: "the transcript whose events and frames to insert")
    static let db = OptionSpec(name: "db", valueName: "DB", help: "the database to write", required: "missing --db")
    static let repeats = OptionSpec(name: "repeat", valueName: "N", help: "runs, the best printed (default 1)", kind: .count)
    static let usage = UsageForm([.oneOf([[.option(archive)], [.option(trace)], [.option(transcript)]]), .option(db), .optional(repeats)])

    static func run(_ words: [String]) throws {
        guard let args = try BenchOptions.parse(words, usage, command: "floor") else { return }
        let db = try args.required(Self.db)
        let repeats = max(1, args.count(Self.repeats) ?? 1)
        if let trace = args.value(Self.trace) {
            try TraceFloor.run(trace: trace, db: db, repeats: repeats)
            return
        }
        if let transcript = args.value(Self.transcript) {
            try TranscriptFloor.run(transcript: transcript, db: db, repeats: repeats)
            return
        }
        let archive = try args.required(Self.archive)
        try FloorTiming.run("parsed \(archive)", repeats: repeats, load: { try ArchiveLoader.load(path: archive) },
                            counts: \.counts, insert: { try FloorInserter.insert($0, into: db) })
    }
}
