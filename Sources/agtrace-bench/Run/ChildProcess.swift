import Foundation

/// How one child process ended and what it cost.
struct ChildResult {
    var seconds: Double
    /// Peak resident set size from wait4's rusage (ru_maxrss, kilobytes on Linux).
    var peakRSSBytes: Int
    /// The child ended before its own peak could be sampled and stayed below the harness's
    /// RSS, so `peakRSSBytes` (the harness's peak) is only an upper bound.
    var peakRSSIsUpperBound = false
    var exitCode: Int32?
    var signal: Int32?
    var timedOut: Bool
    var stdoutPath: String
    var stderrPath: String

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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }

        var pid: pid_t = 0
        let harnessPeak = ChildProcess.selfPeakRSS()
        let started = DispatchTime.now().uptimeNanoseconds
        let status = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        guard status == 0 else {
            throw ChildError("cannot start \(arguments[0]): \(String(cString: strerror(status)))")
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
        // own; otherwise the child stayed below us and /proc's VmHWM samples are its real peak.
        let rusagePeak = Int(usage.ru_maxrss) * 1024
        let peak = rusagePeak > harnessPeak || sampledPeak == 0 ? rusagePeak : sampledPeak
        let low = waitStatus & 0x7F
        return ChildResult(seconds: seconds, peakRSSBytes: peak, peakRSSIsUpperBound: rusagePeak <= harnessPeak && sampledPeak == 0,
                           exitCode: low == 0 ? (waitStatus >> 8) & 0xFF : nil,
                           signal: low == 0 ? nil : low, timedOut: timedOut,
                           stdoutPath: stdout, stderrPath: stderr)
    }

    /// This process's peak RSS in bytes.
    static func selfPeakRSS() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Int(usage.ru_maxrss) * 1024
    }

    /// VmHWM (peak RSS of the current image) from /proc/PID/status, in bytes; 0 if unreadable.
    static func sampleHighWater(_ pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
        }
        return 0
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
                let sample = ChildProcess.sampleHighWater(pid)
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

    /// Stops the monitor: whether it had to kill the child, and the highest VmHWM it saw.
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
