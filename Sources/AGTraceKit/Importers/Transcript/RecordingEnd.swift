/// How a recording ended, as its transcript shows it (`runs.complete`, `runs.end_reason`).
///
/// A crashed or cut recording holds fewer updates than the interaction made: checked against a
/// baseline it would pass as an improvement. So the importer records how the process ended and
/// `agtrace check` refuses what did not end normally.
///
/// - `exited N`: lldb's `Process 4137 exited with status = N (0x…)` (Xcode's console: `Program
///   ended with exit code: N`); complete when N is 0.
/// - `crashed: EXC_BAD_ACCESS`: a stop whose reason is a Mach exception (`stop reason =
///   EXC_BAD_ACCESS (code=1, address=0x10)`, `EXC_CRASH (SIGABRT)`, `EXC_BREAKPOINT …`).
/// - `signal SIGABRT`: a stop whose reason is a signal (Linux: `stop reason = signal SIGSEGV:
///   invalid address …`), or Xcode's `Message from debugger: Terminated due to signal 15`.
/// - `cut mid-hit`: the text ends inside a hit (its last line has no newline, or its
///   attribute was never printed) with no end before it.
/// - `no end seen`: the text ends after a whole hit but says nothing of how the process ended
///   (a console copied before the end, or a recorder that does not print it).
/// - `stopped`: the lldb recorder's own ending, the `stop` line `agtrace record --stop` writes
///   (`RecordingParser`); its file without that line is `cut mid-hit` (its last line cut) or
///   `no end seen` (lldb quit, or the debugger or the app crashed, between two hits).
///
/// The last of these wins: a breakpoint hit after a stop for a signal (a `SIGSTOP` at attach,
/// a handled signal) means the process went on, so the stop is forgotten.
public enum RecordingEnd: Equatable, Sendable {
    case exited(status: Int64)
    case crashed(exception: String)
    case signal(name: String)
    case cutMidHit
    case noEndSeen
    case stopped

    /// The text of `runs.end_reason`.
    public var reason: String {
        switch self {
        case .exited(let status): return "exited \(status)"
        case .crashed(let exception): return "crashed: \(exception)"
        case .signal(let name): return "signal \(name)"
        case .cutMidHit: return "cut mid-hit"
        case .noEndSeen: return "no end seen"
        case .stopped: return "stopped"
        }
    }

    /// `runs.complete`: the process ran to its end and exited with status 0.
    /// A recorder's file: it was stopped normally (the process may well run on).
    public var isComplete: Bool { self == .exited(status: 0) || self == .stopped }

    /// The reverse of `reason` (for rows read back).
    public init?(reason: String) {
        switch reason {
        case "cut mid-hit": self = .cutMidHit
        case "no end seen": self = .noEndSeen
        case "stopped": self = .stopped
        default:
            if reason.hasPrefix("exited "), let status = Int64(reason.dropFirst(7)) {
                self = .exited(status: status)
            } else if reason.hasPrefix("crashed: ") {
                self = .crashed(exception: String(reason.dropFirst(9)))
            } else if reason.hasPrefix("signal ") {
                self = .signal(name: String(reason.dropFirst(7)))
            } else {
                return nil
            }
        }
    }
}

/// Watches a transcript's lines for how the process ended (the parser feeds it).
struct RecordingEndTracker {
    /// The last terminal line seen (an exit, or a stop for an exception or signal).
    private(set) var seen: RecordingEnd?

    /// A breakpoint hit: the process was running, whatever stopped it before.
    mutating func hit() { seen = nil }

    /// `Process N exited with status = S (0x…)`.
    mutating func processLine(_ bytes: Bytes, from start: Int) {
        guard let at = bytes.find(" exited with status = ", from: start) else { return }
        var i = at + 22
        var negative = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        guard let number = bytes.parseUnsigned(at: i), let value = number.value, value <= UInt64(Int64.max) else {
            return
        }
        seen = .exited(status: negative ? -Int64(value) : Int64(value))
    }

    /// Xcode's console: `Program ended with exit code: N`, `Message from debugger: Terminated
    /// due to signal N`, or `Message from debugger: killed` (Stop pressed).
    mutating func xcodeLine(_ bytes: Bytes, from start: Int) {
        if bytes.matches("Program ended with exit code: ", at: start) {
            var i = start + 30
            var negative = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
            guard let number = bytes.parseUnsigned(at: i), let value = number.value, value <= UInt64(Int64.max) else { return }
            seen = .exited(status: negative ? -Int64(value) : Int64(value))
        } else if bytes.matches("Message from debugger: Terminated due to signal ", at: start) {
            guard let number = bytes.parseUnsigned(at: start + 48), let value = number.value else { return }
            seen = .signal(name: Self.signalNames[value] ?? "\(value)")
        } else if bytes.matches("Message from debugger: killed", at: start) {
            seen = .signal(name: "SIGKILL")
        }
    }

    /// The POSIX signal numbers common to macOS and Linux.
    static let signalNames: [UInt64: String] = [1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT",
                                                8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM"]

    /// A thread header whose stop reason is not a breakpoint.
    mutating func stopLine(_ bytes: Bytes) {
        guard let at = bytes.find("stop reason = ", from: 0) else { return }
        let start = at + 14
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: ":"),
              bytes[end] != UInt8(ascii: "("), bytes[end] != UInt8(ascii: ",") {
            end += 1
        }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        if word.hasPrefix("EXC_") {
            seen = .crashed(exception: word)
        } else if word == "signal" {
            var nameStart = end
            while nameStart < bytes.count, bytes[nameStart] == UInt8(ascii: " ") { nameStart += 1 }
            var nameEnd = nameStart
            while nameEnd < bytes.count, bytes[nameEnd] != UInt8(ascii: " "), bytes[nameEnd] != UInt8(ascii: ":"),
                  bytes[nameEnd] != UInt8(ascii: ",") {
                nameEnd += 1
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self)
            seen = .signal(name: name.isEmpty ? "?" : name)
        }
        // Other reasons (step, trace, watchpoint, exec, instrumentation) do not end a process.
    }

    /// The end, once the text is over. `cutInHit`: the text ended inside a hit.
    func end(cutInHit: Bool) -> RecordingEnd {
        if let seen { return seen }
        return cutInHit ? .cutMidHit : .noEndSeen
    }
}
