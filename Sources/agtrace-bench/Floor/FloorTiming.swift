import Foundation

/// The best of a floor's insert runs, printed on stdout for the benchmark to read:
/// `floor_seconds S` (BEGIN to the connection closed) and `commit_seconds S` (BEGIN to COMMIT).
enum FloorTiming {
    /// A floor's whole run: `load` reads the input into memory (untimed, logged as `verb` with the
    /// `counts` of what it holds), then the best of `repeats` runs of `insert`, printed after the
    /// counts (`NAME N` a line).
    static func run<Loaded>(_ verb: String, repeats: Int, load: () throws -> Loaded,
                            counts: (Loaded) -> [(String, Int)],
                            insert: (Loaded) throws -> FloorInserter.Timing) throws {
        let started = Date()
        let loaded = try load()
        let counted = counts(loaded)
        log("\(verb) in \(String(format: "%.2f", Date().timeIntervalSince(started))) s (untimed): \(counted.map { "\($0.1) \($0.0)" }.joined(separator: ", "))")
        let timing = try best(of: repeats) { try insert(loaded) }
        for (name, count) in counted { print("\(name) \(count)") }
        timing.print()
    }

    static func best(of repeats: Int, _ insert: () throws -> FloorInserter.Timing) throws -> FloorInserter.Timing {
        var best: FloorInserter.Timing?
        for run in 1...max(1, repeats) {
            let timing = try insert()
            log("insert run \(run): \(String(format: "%.3f", timing.seconds)) s (commit at \(String(format: "%.3f", timing.commitSeconds)) s)")
            if best == nil || timing.seconds < best!.seconds { best = timing }
        }
        return best!
    }

    static func log(_ text: String) {
        FileHandle.standardError.write((text + "\n").data(using: .utf8)!)
    }
}

extension FloorInserter.Timing {
    func print() {
        Swift.print("commit_seconds \(String(format: "%.4f", commitSeconds))")
        Swift.print("floor_seconds \(String(format: "%.4f", seconds))")
    }
}
