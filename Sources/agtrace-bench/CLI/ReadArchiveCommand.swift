import AGTraceKit
import Foundation

/// `read-archive FILE` (hidden; the benchmark's reader-only row): runs agtrace's archive reader
/// over FILE with a sink that only counts records, nothing stored, and prints `records N`,
/// `bytes N` (read from the file) and `seconds S` (reading only, for information: the benchmark
/// times the whole process, like every contender).
enum ReadArchiveCommand {
    static func run(_ words: [String]) throws {
        let args = try Arguments(words, options: [], flags: ["help"])
        if args.flag("help") { print(Usage.text); return }
        guard args.positional.count == 1, let path = args.positional.first else {
            throw UsageError("read-archive takes one archive file")
        }
        let started = DispatchTime.now().uptimeNanoseconds
        let (records, bytes) = try ArchiveRecordCount.count(path: path)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        print("records \(records)")
        print("bytes \(bytes)")
        print("seconds \(String(format: "%.4f", seconds))")
    }
}
