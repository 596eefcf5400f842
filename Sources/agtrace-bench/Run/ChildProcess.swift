import AGTraceKit
import Foundation

/// How one child process ended and what it cost.
struct ChildResult {
    var seconds: Double
    /// Peak resident set size: wait4's rusage, or the child's own high-water mark where the
    /// rusage starts from the harness's (`Platform.childPeakIncludesSpawner`).
    var peakRSSBytes: Int
    /// The child ended before its own peak could be sampled and stayed below the harness's
    /// RSS, so `peakRSSBytes` (the harness's peak) is only an upper bound.
    var peakRSSIsUpperBound = false
    var exitCode: Int32?
    var signal: Int32?
    var timedOut: Bool
    var stdoutPath: String
    var stderrPath: String
    /// What it wrote (standard output and its --output file), when the caller counted it.
    var outputBytes = 0

    var succeeded: Bool { exitCode == 0 && !timedOut }

    /// "exit 1", "killed by signal 9", "timed out"; for failure messages.
    var ending: String {
        if timedOut { return "timed out" }
        if let exitCode { return "exit \(exitCode)" }
        return "killed by signal \(signal ?? 0)"
    }

    /// The last lines the child wrote to stderr (why it failed).
    func stderrTail(lines: Int = 3) -> String {
        let text = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(lines).joined(separator: " | ")
    }

    func stdoutText() -> String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }

    /// The number after `key ` on a line of stdout, or after `key ` anywhere on one line of
    /// stderr (agtrace and the scripts report counts as `key value` pairs).
    func value(_ key: String) -> Double? {
        let stderrText = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        for text in [stdoutText(), stderrText] {
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if let at = words.firstIndex(of: Substring(key)), at + 1 < words.count, let value = Double(words[at + 1]) {
                    return value
                }
            }
        }
        return nil
    }
}

/// Runs a command as a child with posix_spawn (PATH lookup), output to files, and waits with
/// wait4, so every contender's wall clock and peak RSS are measured the same way. A monitor
/// thread samples its RSS and kills it after `timeout` seconds.
enum ChildProcess {
    static func run(_ arguments: [String], stdout: String, stderr: String, timeout: Double) throws -> ChildResult {
        precondition(!arguments.isEmpty)
        let actions = SpawnFileActions()
        actions.open(0, "/dev/null", O_RDONLY)
        actions.open(1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        actions.open(2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let harnessPeak = Platform.ownPeakResidentBytes()
        let started = DispatchTime.now().uptimeNanoseconds
        let pid: pid_t
        switch actions.spawn(arguments[0], arguments: arguments, environment: ProcessInfo.processInfo.environment, searchPath: true) {
        case .success(let child): pid = child
        case .failure(let error): throw ChildError("cannot start \(arguments[0]): \(error)")
        }
        let monitor = Monitor(pid: pid, timeout: timeout)
        monitor.start()

        // Wait for the exit without reaping, so the monitor never samples a reused pid; then reap.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 {
            if errno != EINTR { throw ChildError("waitid failed for \(arguments[0]): \(String(cString: strerror(errno)))") }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let (timedOut, sampledPeak) = monitor.finish()
        var waitStatus: Int32 = 0
        var usage = rusage()
        while wait4(pid, &waitStatus, 0, &usage) < 0 {
            if errno != EINTR { throw ChildError("wait4 failed for \(arguments[0]): \(String(cString: strerror(errno)))") }
        }

        // Linux charges the spawning process's own high-water mark to the child's ru_maxrss
        // (the child starts in our address space until exec). Above our peak it is the child's
        // own; otherwise the child stayed below us and its sampled high-water marks are its
        // real peak. (Darwin's ru_maxrss is the child's own.)
        let rusagePeak = Platform.peakResidentBytes(usage)
        let inherited = Platform.childPeakIncludesSpawner && rusagePeak <= harnessPeak
        let peak = inherited && sampledPeak > 0 ? sampledPeak : rusagePeak
        let low = waitStatus & 0x7F
        return ChildResult(seconds: seconds, peakRSSBytes: peak, peakRSSIsUpperBound: inherited && sampledPeak == 0,
                           exitCode: low == 0 ? (waitStatus >> 8) & 0xFF : nil,
                           signal: low == 0 ? nil : low, timedOut: timedOut,
                           stdoutPath: stdout, stderrPath: stderr)
    }

}

/// Samples the child's peak RSS every 20 ms and kills it if it outlives its deadline. It only
/// acts while the child is unreaped (see `run`), so it never touches a reused pid.
private final class Monitor: @unchecked Sendable {
    private let pid: pid_t
    private let timeout: Double
    private let lock = NSCondition()
    private var done = false
    private var fired = false
    private var peak = 0

    init(pid: pid_t, timeout: Double) {
        self.pid = pid
        self.timeout = timeout
    }

    func start() {
        let thread = Thread { [self] in
            let deadline = Date(timeIntervalSinceNow: timeout)
            lock.lock()
            while !done {
                // 0 (none seen) where the platform keeps no high-water mark of another process.
                let sample = Platform.highWaterBytes(of: pid) ?? 0
                if sample > peak { peak = sample }
                if Date() >= deadline {
                    fired = true
                    kill(pid, SIGKILL)
                    break
                }
                _ = lock.wait(until: min(deadline, Date(timeIntervalSinceNow: 0.02)))
            }
            lock.unlock()
        }
        thread.start()
    }

    /// Stops the monitor: whether it had to kill the child, and the highest high-water mark it
    /// saw (0: none).
    func finish() -> (timedOut: Bool, peak: Int) {
        lock.lock()
        done = true
        lock.signal()
        let result = (fired, peak)
        lock.unlock()
        return result
    }
}

struct ChildError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
