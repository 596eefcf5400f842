import Foundation

/// `floor --archive FILE --db DB [--repeat N]`: parse (untimed), then time the inserts; the
/// best of N runs is printed as `floor_seconds S` on stdout for the benchmark to read.
enum FloorCommand {
    static func run(_ words: [String]) throws {
        let args = try Arguments(words, options: ["archive", "trace", "db", "repeat"], flags: ["help"])
        if args.flag("help") { print(Usage.text); return }
        let db = try args.required("db")
        let repeats = max(1, try args.int("repeat") ?? 1)
        if let trace = args.string("trace") {
            try TraceFloor.run(trace: trace, db: db, repeats: repeats)
            return
        }
        let archive = try args.required("archive")

        let parseStarted = Date()
        let rows = try ArchiveLoader.load(path: archive)
        let parseSeconds = Date().timeIntervalSince(parseStarted)
        log("parsed \(archive) in \(String(format: "%.2f", parseSeconds)) s (untimed): \(rows.types.count) types, \(rows.nodes.count) nodes, \(rows.edges.count) edges")

        var best = Double.infinity
        for run in 1...repeats {
            let seconds = try FloorInserter.insert(rows, into: db)
            log("insert run \(run): \(String(format: "%.3f", seconds)) s")
            best = min(best, seconds)
        }
        print("types \(rows.types.count)")
        print("nodes \(rows.nodes.count)")
        print("edges \(rows.edges.count)")
        print("floor_seconds \(String(format: "%.4f", best))")
    }

    private static func log(_ text: String) {
        FileHandle.standardError.write((text + "\n").data(using: .utf8)!)
    }
}
