import AGTraceKit
import Foundation

/// Runs the contenders (agtrace, the Python scripts, the floor, the reader alone, the C scan)
/// as child processes the same way, in rounds, with databases removed before each run.
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

    /// Something to measure, or why it cannot be. `timeKey`: the time is the number the child
    /// prints after this key on stdout (the floor times only its inserts), not its wall clock.
    /// `exit`: the status a run must end with (1 for `check` failing a log with cycles, as it must).
    enum Job {
        case run(label: String, arguments: [String], freshDatabase: String?, timeKey: String?, exit: Int32 = 0)
        case unavailable(String)
    }

    func agtraceJob(_ label: String, _ arguments: [String], freshDatabase: String? = nil, exit: Int32 = 0) -> Job {
        guard let agtrace else { return .unavailable(agtraceProblem) }
        return .run(label: label, arguments: [agtrace] + arguments, freshDatabase: freshDatabase, timeKey: nil, exit: exit)
    }

    /// `agtrace import --db DB FILE [--label L]` into a fresh database (removed before every run).
    func freshImport(_ label: String, _ file: String, db path: String, snapshot: String? = nil) -> Job {
        agtraceJob(label, ["import", "--db", path] + (snapshot.map { ["--label", $0] } ?? []) + [file], freshDatabase: path)
    }

    func pythonJob(_ label: String, script: String, _ arguments: [String], freshDatabase: String? = nil) -> Job {
        if let pythonProblem { return .unavailable(pythonProblem) }
        let path = "\(options.scripts)/\(script)"
        guard FileManager.default.fileExists(atPath: path) else {
            return .unavailable("\(path) not found (run from the package root or pass --scripts DIR)")
        }
        return .run(label: label, arguments: [options.python, path] + arguments, freshDatabase: freshDatabase, timeKey: nil)
    }

    /// This binary's own subcommands: the floor (timed by what it prints) and the reader alone.
    func benchJob(_ label: String, _ arguments: [String], timeKey: String? = nil) -> Job {
        .run(label: label, arguments: [selfPath] + arguments, freshDatabase: nil, timeKey: timeKey)
    }

    /// The floor: parses (untimed), inserts once, prints `floor_seconds`.
    func floorJob(_ label: String, _ input: [String]) -> Job {
        benchJob(label, ["floor"] + input + ["--db", dbDirectory + "/floor.db"], timeKey: "floor_seconds")
    }

    /// The C byte scan, built beside this binary.
    func byteScanJob(_ file: String) -> Job {
        let path = (selfPath as NSString).deletingLastPathComponent + "/CByteScan"
        guard access(path, X_OK) == 0 else { return .unavailable("no CByteScan beside agtrace-bench (swift build -c release builds it)") }
        return .run(label: "c-byte-scan", arguments: [path, file], freshDatabase: nil, timeKey: nil)
    }

    /// `count` rounds, each running every job once in the given order, so the contenders of a
    /// comparison take turns and a ratio can be taken round by round, each round's sides having
    /// seen the same machine load. A job that fails is not run again.
    func rounds(_ jobs: [Job], count: Int) -> [Outcome] {
        var outcomes: [Outcome?] = jobs.map { job in
            if case .unavailable(let why) = job { return .unavailable(why) }
            return nil
        }
        var runs: [[ChildResult]] = Array(repeating: [], count: jobs.count)
        for _ in 0..<max(1, count) {
            for (i, job) in jobs.enumerated() where outcomes[i] == nil {
                guard case .run(let label, let arguments, let freshDatabase, let timeKey, let exit) = job else { continue }
                switch runOnce(label, arguments, freshDatabase: freshDatabase, timeKey: timeKey, exit: exit) {
                case .failure(let why): outcomes[i] = .failed(why.why)
                case .success(let result): runs[i].append(result)
                }
            }
        }
        return jobs.indices.map { i in outcomes[i] ?? .measured(runs[i]) }
    }

    /// Rows 5 and 9: `count` rounds of a fresh import of the `kind` file `path` (transcript or
    /// trace, into DB/KIND.db), the Python `script` over it (as `python`) and the floor of its
    /// rows (`floor --KIND`), after reading the file once: their outcomes in that order.
    func importAgainstPythonAndFloor(_ kind: String, _ path: String, python: String, script: String, count: Int) -> [Outcome] {
        warm([path])
        return rounds([
            freshImport("agtrace-import-\(kind)", path, db: dbDirectory + "/\(kind).db"),
            pythonJob(python, script: script, [path]),
            floorJob("floor-\(kind)", ["--\(kind)", path]),
        ], count: count)
    }

    /// Reads the files once, untimed, so the first round does not pay for a cold page cache
    /// that later rounds (and the other contenders) do not.
    func warm(_ paths: [String]) {
        var buffer = [UInt8](repeating: 0, count: 4 << 20)
        for path in paths {
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else { continue }
            while buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
            close(fd)
        }
    }

    /// One run, for setup steps whose time is not a result (importing what reports then read).
    func once(_ job: Job) -> Outcome { rounds([job], count: 1)[0] }

    private struct RunFailure: Error { var why: String }

    private func runOnce(_ label: String, _ arguments: [String], freshDatabase: String?, timeKey: String?,
                         exit: Int32) -> Result<ChildResult, RunFailure> {
        if let db = freshDatabase { Contenders.removeDatabase(db) }
        counter += 1
        let stem = "\(logDirectory)/\(counter)-\(label.replacingOccurrences(of: " ", with: "-"))"
        let result: ChildResult
        do {
            result = try ChildProcess.run(arguments, stdout: stem + ".out", stderr: stem + ".err", timeout: options.timeout)
        } catch {
            return .failure(RunFailure(why: "\(error)"))
        }
        guard result.exitCode == exit && !result.timedOut else {
            let tail = result.stderrTail()
            return .failure(RunFailure(why: "\(result.ending)\(tail.isEmpty ? "" : ": \(tail)") [\(arguments.joined(separator: " "))]"))
        }
        guard let timeKey else { return .success(result) }
        var timed = result
        guard let seconds = result.value(timeKey) else {
            return .failure(RunFailure(why: "printed no \(timeKey) line [\(arguments.joined(separator: " "))]"))
        }
        timed.seconds = seconds
        return .success(timed)
    }

    private var selfPath: String {
        Platform.executablePath() ?? CommandLine.arguments[0]
    }
}
