import AGTraceKit
import CommandLineOptions
import Foundation

/// `read-archive FILE` (hidden; the benchmark's reader-only row): runs agtrace's archive reader
/// over FILE with a sink that only counts records, nothing stored, and prints `records N`,
/// `bytes N` (read from the file) and `seconds S` (reading only, for information: the benchmark
/// times the whole process, like every contender).
enum ReadArchiveCommand {
    static let file = Positional("FILE", help: "the archive to read")
    static let usage = UsageForm([.positional(file)])

    static func run(_ words: [String]) throws {
        guard let args = try BenchOptions.parse(words, usage, command: "read-archive") else { return }
        guard args.positionals.count == 1, let path = args.positionals.first else {
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
