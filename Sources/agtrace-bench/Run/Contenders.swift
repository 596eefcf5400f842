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
        // Logs are per run: stale ones from an earlier run would only mislead.
        try? FileManager.default.removeItem(atPath: logDirectory)
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

    /// Something to measure, or why it cannot be.
    enum Job {
        case run(label: String, arguments: [String], freshDatabase: String?)
        case unavailable(String)
    }

    func agtraceJob(_ label: String, _ arguments: [String], freshDatabase: String? = nil) -> Job {
        guard let agtrace else { return .unavailable(agtraceProblem) }
        return .run(label: label, arguments: [agtrace] + arguments, freshDatabase: freshDatabase)
    }

    func pythonJob(_ label: String, script: String, _ arguments: [String], freshDatabase: String? = nil) -> Job {
        if let pythonProblem { return .unavailable(pythonProblem) }
        let path = "\(options.scripts)/\(script)"
        guard FileManager.default.fileExists(atPath: path) else {
            return .unavailable("\(path) not found (run from the package root or pass --scripts DIR)")
        }
        return .run(label: label, arguments: [options.python, path] + arguments, freshDatabase: freshDatabase)
    }

    /// Best of `runs` for each job, taking turns (a, b, a, b…) so the sides of a ratio see the
    /// same machine load. A job stops repeating after a run over 20 s or its first failure.
    func measure(_ jobs: [Job], runs: Int) -> [Outcome] {
        var outcomes: [Outcome?] = jobs.map { job in
            if case .unavailable(let why) = job { return .unavailable(why) }
            return nil
        }
        var best: [ChildResult?] = Array(repeating: nil, count: jobs.count)
        var done = Array(repeating: 0, count: jobs.count)
        for _ in 0..<max(1, runs) {
            for (i, job) in jobs.enumerated() where outcomes[i] == nil {
                guard case .run(let label, let arguments, let freshDatabase) = job else { continue }
                switch runOnce(label, arguments, freshDatabase: freshDatabase) {
                case .failure(let why):
                    outcomes[i] = .failed(why.why)
                case .success(let result):
                    done[i] += 1
                    if best[i] == nil || result.seconds < best[i]!.seconds { best[i] = result }
                    if result.seconds > 20 { outcomes[i] = .measured(best[i]!, runs: done[i]) }
                }
            }
        }
        return jobs.indices.map { i in outcomes[i] ?? .measured(best[i]!, runs: done[i]) }
    }

    func measure(_ job: Job, runs: Int) -> Outcome { measure([job], runs: runs)[0] }

    private struct RunFailure: Error { var why: String }

    private func runOnce(_ label: String, _ arguments: [String], freshDatabase: String?) -> Result<ChildResult, RunFailure> {
        if let db = freshDatabase { Contenders.removeDatabase(db) }
        counter += 1
        let stem = "\(logDirectory)/\(counter)-\(label.replacingOccurrences(of: " ", with: "-"))"
        let result: ChildResult
        do {
            result = try ChildProcess.run(arguments, stdout: stem + ".out", stderr: stem + ".err", timeout: options.timeout)
        } catch {
            return .failure(RunFailure(why: "\(error)"))
        }
        guard result.succeeded else {
            let tail = result.stderrTail()
            return .failure(RunFailure(why: "\(result.ending)\(tail.isEmpty ? "" : ": \(tail)") [\(arguments.joined(separator: " "))]"))
        }
        return .success(result)
    }

    /// The floor runs in this same binary; its insert time comes from its own output, since the
    /// parse before it is deliberately not counted.
    func floor(archive: String, runs: Int) -> Outcome { floor(["--archive", archive], runs: runs) }

    /// The floor of a trace: its event rows only.
    func floor(trace: String, runs: Int) -> Outcome { floor(["--trace", trace], runs: runs) }

    private func floor(_ input: [String], runs: Int) -> Outcome {
        let db = dbDirectory + "/floor.db"
        let outcome = measure(.run(label: "floor", arguments: [selfPath(), "floor"] + input + ["--db", db, "--repeat", "\(runs)"],
                                   freshDatabase: nil), runs: 1)
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
