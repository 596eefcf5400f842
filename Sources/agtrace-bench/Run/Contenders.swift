import Foundation

/// Runs the contenders (agtrace, the Python scripts, the floor) as child processes the same
/// way, best of N, with databases removed before each run.
final class Contenders {
    let options: RunOptions
    let agtrace: String?
    /// Short reason for table cells ("agtrace not built"), and the full one for the header.
    let agtraceProblem: String
    let agtraceDetail: String
    let pythonProblem: String?
    let dbDirectory: String
    let logDirectory: String
    private var counter = 0

    init(options: RunOptions) throws {
        self.options = options
        dbDirectory = options.work + "/db"
        logDirectory = options.work + "/logs"
        for directory in [dbDirectory, logDirectory] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        if access(options.agtrace, X_OK) == 0 {
            agtrace = options.agtrace
            agtraceProblem = ""
            agtraceDetail = options.agtrace
        } else {
            agtrace = nil
            agtraceProblem = "agtrace not built"
            agtraceDetail = "agtrace not built: no executable at \(options.agtrace)\(options.agtraceGiven ? "" : " (build it with `swift build -c release`, or pass --agtrace PATH)")"
        }
        var problem: String? = nil
        if let probe = try? ChildProcess.run([options.python, "--version"], stdout: logDirectory + "/python-version.out",
                                             stderr: logDirectory + "/python-version.err", timeout: 30) {
            if !probe.succeeded { problem = "\(options.python) --version: \(probe.ending)" }
        } else {
            problem = "\(options.python) not found"
        }
        pythonProblem = problem
    }

    static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// Best of `runs` (fewer when one run already takes over 20 s); the first failure ends it.
    func measure(_ label: String, _ arguments: [String], runs: Int, freshDatabase: String? = nil) -> Outcome {
        var best: ChildResult?
        var done = 0
        for _ in 0..<max(1, runs) {
            if let db = freshDatabase { Contenders.removeDatabase(db) }
            counter += 1
            let stem = "\(logDirectory)/\(counter)-\(label.replacingOccurrences(of: " ", with: "-"))"
            let result: ChildResult
            do {
                result = try ChildProcess.run(arguments, stdout: stem + ".out", stderr: stem + ".err", timeout: options.timeout)
            } catch {
                return .failed("\(error)")
            }
            guard result.succeeded else {
                let tail = result.stderrTail()
                return .failed("\(result.ending)\(tail.isEmpty ? "" : ": \(tail)") [\(arguments.joined(separator: " "))]")
            }
            done += 1
            if best == nil || result.seconds < best!.seconds { best = result }
            if result.seconds > 20 { break }
        }
        return .measured(best!, runs: done)
    }

    func agtrace(_ label: String, _ arguments: [String], runs: Int, freshDatabase: String? = nil) -> Outcome {
        guard let agtrace else { return .unavailable(agtraceProblem) }
        return measure(label, [agtrace] + arguments, runs: runs, freshDatabase: freshDatabase)
    }

    func python(_ label: String, script: String, _ arguments: [String], runs: Int, freshDatabase: String? = nil) -> Outcome {
        if let pythonProblem { return .unavailable(pythonProblem) }
        let path = "\(options.scripts)/\(script)"
        guard FileManager.default.fileExists(atPath: path) else {
            return .unavailable("\(path) not found (run from the package root or pass --scripts DIR)")
        }
        return measure(label, [options.python, path] + arguments, runs: runs, freshDatabase: freshDatabase)
    }

    /// The floor runs in this same binary; its insert time comes from its own output, since the
    /// parse before it is deliberately not counted.
    func floor(archive: String, runs: Int) -> Outcome {
        let db = dbDirectory + "/floor.db"
        let outcome = measure("floor", [selfPath(), "floor", "--archive", archive, "--db", db, "--repeat", "\(runs)"], runs: 1)
        guard case .measured(var result, _) = outcome else { return outcome }
        let line = result.stdoutText().split(separator: "\n").first { $0.hasPrefix("floor_seconds ") }
        guard let seconds = line.flatMap({ Double($0.dropFirst("floor_seconds ".count)) }) else {
            return .failed("floor printed no floor_seconds line")
        }
        result.seconds = seconds
        return .measured(result, runs: runs)
    }

    private func selfPath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
