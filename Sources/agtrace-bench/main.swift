import CommandLineOptions
import Foundation

// agtrace-bench: generators for synthetic inputs, the SQLite floor, and the benchmark run.
// Each subcommand lives in its own file; this only dispatches and reports errors.

let words = Array(CommandLine.arguments.dropFirst())
do {
    switch (words.first, words.dropFirst().first) {
    case ("generate", "archive"):
        try GenerateArchiveCommand.run(Array(words.dropFirst(2)))
    case ("generate", "transcript"):
        try GenerateTranscriptCommand.run(Array(words.dropFirst(2)))
    case ("generate", "trace"):
        try GenerateTraceCommand.run(Array(words.dropFirst(2)))
    case ("generate", "xctrace"):
        try GenerateXctraceCommand.run(Array(words.dropFirst(2)))
    case ("generate", "console"):
        try GenerateConsoleCommand.run(Array(words.dropFirst(2)))
    case ("floor", _):
        try FloorCommand.run(Array(words.dropFirst()))
    case ("lldb-overhead", _):
        try LLDBOverheadCommand.run(Array(words.dropFirst()))
    case ("read-archive", _):
        try ReadArchiveCommand.run(Array(words.dropFirst()))
    case ("run", _):
        try RunCommand.run(Array(words.dropFirst()))
    case ("sweep-cases", _):
        try SweepCasesCommand.run(Array(words.dropFirst()))
    case (nil, _), ("help", _), ("--help", _), ("-h", _):
        print(Usage.text)
    default:
        throw UsageError("unknown command: \(words.joined(separator: " ")) (see agtrace-bench --help)")
    }
} catch let error as UsageError {
    FileHandle.standardError.write("agtrace-bench: \(error)\nRun `agtrace-bench --help` for usage.\n".data(using: .utf8)!)
    exit(2)
} catch {
    FileHandle.standardError.write("agtrace-bench: \(error)\n".data(using: .utf8)!)
    exit(1)
}
