import Foundation

/// The best of a floor's insert runs, printed on stdout for the benchmark to read:
/// `floor_seconds S` (BEGIN to the connection closed) and `commit_seconds S` (BEGIN to COMMIT).
enum FloorTiming {
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
