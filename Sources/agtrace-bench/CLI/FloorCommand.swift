import Foundation

/// `floor (--archive FILE | --trace FILE | --transcript FILE) --db DB [--repeat N]`: parse (untimed), then time
/// the inserts; the best of N runs is printed (see FloorTiming) for the benchmark to read.
enum FloorCommand {
    static func run(_ words: [String]) throws {
        let args = try Arguments(words, options: ["archive", "trace", "transcript", "db", "repeat"], flags: ["help"])
        if args.flag("help") { print(Usage.text); return }
        let db = try args.required("db")
        let repeats = max(1, try args.int("repeat") ?? 1)
        if let trace = args.string("trace") {
            try TraceFloor.run(trace: trace, db: db, repeats: repeats)
            return
        }
        if let transcript = args.string("transcript") {
            try TranscriptFloor.run(transcript: transcript, db: db, repeats: repeats)
            return
        }
        let archive = try args.required("archive")

        let parseStarted = Date()
        let rows = try ArchiveLoader.load(path: archive)
        let counts = rows.counts.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
        FloorTiming.log("parsed \(archive) in \(String(format: "%.2f", Date().timeIntervalSince(parseStarted))) s (untimed): \(counts)")
        let timing = try FloorTiming.best(of: repeats) { try FloorInserter.insert(rows, into: db) }
        for (name, count) in rows.counts { print("\(name) \(count)") }
        timing.print()
    }
}
