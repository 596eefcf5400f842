import AGTraceKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How one run of the agtrace binary went: its status, its output, and what it cost, from
/// the kernel's own account of the child (wait4's rusage), not from polling.
struct ChildOutcome {
    var status: Int32
    /// The signal that ended it, if one did (SIGKILL when it ran past its time limit).
    var signal: Int32?
    var stdout: String
    var stderr: String
    /// Peak resident memory of the child, in MB: wait4's ru_maxrss, except where the child's
    /// own high-water mark (Linux's VmHWM) was seen while it ran. (Linux keeps, across the
    /// exec after posix_spawn's vfork, this test process's high-water mark in the child's
    /// ru_maxrss: a child smaller than the test process reads as big as it; see
    /// `Platform.childPeakIncludesSpawner`. VmHWM is of the child's own image; polled every
    /// 5 ms, it misses at most the last few ms.)
    var peakMegabytes: Double
    var seconds: Double
    /// The child's own CPU time (user + system, wait4's rusage): what a case costs whatever
    /// else the machine is doing.
    var cpuSeconds: Double
    var timedOut: Bool
}

/// Runs the agtrace binary as a direct child with posix_spawn and reaps it with wait4, so that
/// its peak RSS is its own (`RUSAGE_CHILDREN` would be the largest of every child this test
/// process ever waited for). Output goes to files in `scratch`; standard input is a file
/// (read only: `/dev/zero` is fine) or nothing, or a pipe handed back to `feed`.
enum ChildUsage {
    /// `readThenClose`: standard output is a pipe, of which the first that many bytes are read
    /// and then the reading end is closed (`| head -c N`); read without blocking, so the time
    /// cap holds even when nothing comes. A child whose resident memory passes `killAbove` MB
    /// is killed at once (seen in /proc while it runs), so that a runaway case cannot take
    /// the shared machine's memory before the cap is checked.
    static func run(_ args: [String], scratch: URL, stdinPath: String? = nil, environment: [String: String] = [:],
                    timeLimit: Double, readThenClose: Int? = nil, killAbove: Double = 1024) throws -> ChildOutcome {
        let stdoutPipe = readThenClose
        let outPath = scratch.appendingPathComponent("child-\(UUID().uuidString).out").path
        let errPath = scratch.appendingPathComponent("child-\(UUID().uuidString).err").path
        defer { unlink(outPath); unlink(errPath) }
        let actions = SpawnFileActions()
        var pipeFDs: [Int32] = [-1, -1]
        if stdoutPipe != nil {
            guard pipe(&pipeFDs) == 0 else { throw POSIXError(.EMFILE) }
            actions.duplicate(pipeFDs[1], to: 1)
            actions.close(pipeFDs[0])
            actions.close(pipeFDs[1])
        } else {
            actions.open(1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        actions.open(2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let stdinPath {
            actions.open(0, stdinPath, O_RDONLY)
        } else {
            actions.open(0, "/dev/null", O_RDONLY)
        }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "AGTRACE_DB")
        for (k, v) in environment { env[k] = v }
        let start = Date()
        let pid: pid_t
        switch actions.spawn(CLI.binary.path, arguments: [CLI.binary.path] + args, environment: env, searchPath: false) {
        case .success(let child): pid = child
        case .failure(let error): throw POSIXError(POSIXErrorCode(rawValue: error.code) ?? .EINVAL)
        }
        var piped: [UInt8] = []
        var pipeOpen = false
        if stdoutPipe != nil {
            close(pipeFDs[1])
            _ = fcntl(pipeFDs[0], F_SETFL, fcntl(pipeFDs[0], F_GETFL) | O_NONBLOCK)
            pipeOpen = true
        }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        var overMemory = false
        var ownPeak: Int?
        while true {
            if pipeOpen, let want = stdoutPipe {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let n = read(pipeFDs[0], &chunk, chunk.count)
                if n > 0 { piped += chunk.prefix(n) }
                if n == 0 || piped.count >= want { close(pipeFDs[0]); pipeOpen = false }
            }
            let r = wait4(pid, &status, WNOHANG, &usage)
            if r == pid { break }
            if r < 0 && errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
            if Date().timeIntervalSince(start) > timeLimit && !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            if !overMemory, let resident = Platform.residentBytes(of: pid), Double(resident) / 1_048_576 > killAbove {
                overMemory = true
                kill(pid, SIGKILL)
            }
            if let highWater = Platform.highWaterBytes(of: pid) {
                ownPeak = max(ownPeak ?? 0, highWater)
            }
            usleep(5_000)
        }
        if pipeOpen { close(pipeFDs[0]) }
        let seconds = Date().timeIntervalSince(start)
        let peak = Double(ownPeak ?? Platform.peakResidentBytes(usage)) / 1_048_576
        let exited = status & 0x7F == 0
        let read = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        return ChildOutcome(status: exited ? (status >> 8) & 0xFF : -1, signal: exited ? nil : status & 0x7F,
                            stdout: stdoutPipe == nil ? read(outPath) : String(decoding: piped, as: UTF8.self), stderr: read(errPath),
                            peakMegabytes: peak, seconds: seconds,
                            cpuSeconds: Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6,
                            timedOut: timedOut)
    }
}
