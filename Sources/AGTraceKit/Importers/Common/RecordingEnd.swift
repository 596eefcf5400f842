/// How a recording ended, as its transcript shows it (`runs.complete`, `runs.end_reason`).
///
/// A crashed or cut recording holds fewer updates than the interaction made: checked against a
/// baseline it would pass as an improvement. So the importer records how the process ended and
/// `agtrace check` and `agtrace baseline` refuse what did not end normally.
///
/// - `exited N`: lldb's `Process 4137 exited with status = N (0x…)` (Xcode's console: `Program
///   ended with exit code: N`); complete when N is 0.
/// - `crashed: REASON`: a stop whose reason is anything but a breakpoint, a watchpoint, a step
///   (or trace, exec, fork, thread exit) or a plain `signal SIGSTOP` (attach, interrupt): a
///   Mach exception (`EXC_BAD_ACCESS`, `EXC_BREAKPOINT`: a Swift trap on macOS; the code is
///   dropped), a signal (`signal SIGTRAP`, Linux's Swift trap; the description is dropped),
///   Swift's and lldb's recognisers (`Swift runtime failure: Unexpectedly found nil …`,
///   `Fatal error: …`, `hit program assert`), a sanitizer's report, any reason lldb adds
///   later. Also Swift's own console line before it traps (`Fatal error: …`, `File.swift:12:
///   Fatal error: …`, `Precondition failed: …`, `Assertion failed: …`), Swift's backtracer
///   (`💣 Program crashed: Bad pointer dereference at 0x0`) and Xcode's banner (`Thread 1: Fatal
///   error: …`, `Thread 1: EXC_BAD_ACCESS (code=1, …)`).
/// - `signal SIGTERM`: Xcode's `Message from debugger: Terminated due to signal 15` (or
///   `… killed`): the process was killed from outside.
/// - `cut mid-hit`: the text ends inside a hit (its last line has no newline, or its
///   attribute was never printed) with no end before it.
/// - `no end seen`: the text ends after a whole hit but says nothing of how the process ended
///   (a console copied before the end).
/// - `stopped`: the lldb recorder's own ending, the `stop` line `agtrace record --stop` writes
///   (`RecordingParser`): complete. Its file without that line is `cut: no stop line` (lldb
///   quit, or the debugger or the app died, before `agtrace record --stop`); one whose `stop`
///   line counts more hits than the file holds is `cut: the stop line counts N hits, M read`.
///
/// Which wins when several are seen: a crash is kept over anything after it but an exit with
/// status 0 (the process survived it: a handled signal, an app that logs "Fatal error:" for
/// its own reasons), and over a later crash (the first names the cause). A breakpoint hit after
/// a stop for a signal means the process went on (the signal was handled), so that stop is
/// forgotten; a hit after any other crash is not (lldb prints the program's output and its
/// stops from different threads: a hit can be printed after the line of the crash it
/// preceded). An exit is forgotten by a later hit (a second `run`).
public enum RecordingEnd: Equatable, Sendable {
    case exited(status: Int64)
    case crashed(reason: String)
    case signal(name: String)
    case cutMidHit
    case noEndSeen
    case stopped
    /// A recorder's file cut short: `no stop line`, or a `stop` line counting more hits than
    /// the file holds.
    case cut(String)

    /// A recorder's file without its `stop` line.
    public static let cutNoStopLine = RecordingEnd.cut("no stop line")

    /// The text of `runs.end_reason`.
    public var reason: String {
        switch self {
        case .exited(let status): return "exited \(status)"
        case .crashed(let reason): return "crashed: \(reason)"
        case .signal(let name): return "signal \(name)"
        case .cutMidHit: return "cut mid-hit"
        case .noEndSeen: return "no end seen"
        case .stopped: return "stopped"
        case .cut(let detail): return "cut: \(detail)"
        }
    }

    /// `runs.complete`: the process ran to its end and exited with status 0, or the lldb
    /// recorder was stopped normally (the process may well run on).
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
                self = .crashed(reason: String(reason.dropFirst(9)))
            } else if reason.hasPrefix("cut: ") {
                self = .cut(String(reason.dropFirst(5)))
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
    /// The last terminal line seen (an exit, or a stop for a crash), per the rules of
    /// `RecordingEnd`.
    private(set) var seen: RecordingEnd?
    /// `seen` is a crash from a stop for a signal (a later hit forgets it).
    private var crashIsSignal = false

    /// The longest reason kept (a sanitizer's or Swift's message can be long).
    static let maxReasonBytes = 200

    /// A breakpoint hit: the process was running, whatever stopped it for a signal before.
    mutating func hit() {
        switch seen {
        case .crashed? where !crashIsSignal: return
        default: seen = nil
        }
    }

    private var crashed: Bool {
        if case .crashed? = seen { return true }
        return false
    }

    /// A crash: kept unless one is already (the first names the cause).
    mutating func crash(_ reason: String, signal: Bool) {
        if crashed && !crashIsSignal { return }
        seen = .crashed(reason: reason)
        crashIsSignal = signal
    }

    /// The process ended: status 0 overrides a crash (it survived it), another status does not
    /// (the crash says more).
    private mutating func ended(_ end: RecordingEnd) {
        if crashed && end != .exited(status: 0) { return }
        seen = end
        crashIsSignal = false
    }

    /// `Process N exited with status = S (0x…)`, wherever it starts on the line (a program's
    /// output without a newline may come before it).
    mutating func processLine(_ bytes: Bytes, from start: Int) {
        guard let at = bytes.find(" exited with status = ", from: start) else { return }
        var i = at + 22
        var negative = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        guard let number = bytes.parseUnsigned(at: i), let value = number.value, value <= UInt64(Int64.max) else {
            return
        }
        ended(.exited(status: negative ? -Int64(value) : Int64(value)))
    }

    /// Xcode's console: `Program ended with exit code: N`, `Message from debugger: Terminated
    /// due to signal N`, or `Message from debugger: killed` (Stop pressed).
    mutating func xcodeLine(_ bytes: Bytes, from start: Int) {
        if bytes.matches("Program ended with exit code: ", at: start) {
            var i = start + 30
            var negative = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
            guard let number = bytes.parseUnsigned(at: i), let value = number.value, value <= UInt64(Int64.max) else { return }
            ended(.exited(status: negative ? -Int64(value) : Int64(value)))
        } else if bytes.matches("Message from debugger: Terminated due to signal ", at: start) {
            guard let number = bytes.parseUnsigned(at: start + 48), let value = number.value else { return }
            ended(.signal(name: Self.signalNames[value] ?? "\(value)"))
        } else if bytes.matches("Message from debugger: killed", at: start) {
            ended(.signal(name: "SIGKILL"))
        }
    }

    /// The POSIX signal numbers common to macOS and Linux.
    static let signalNames: [UInt64: String] = [1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT",
                                                8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM"]

    /// A thread header that names no breakpoint: records a crash when its stop reason is one.
    /// Returns whether it was.
    mutating func stopLine(_ bytes: Bytes) -> Bool {
        guard let (reason, signal) = Self.crashReason(ofHeader: bytes) else { return false }
        crash(reason, signal: signal)
        return true
    }

    /// The crash a thread header's `stop reason = …` says, if any.
    static func crashReason(ofHeader bytes: Bytes) -> (String, Bool)? {
        guard let at = bytes.find("stop reason = ", from: 0) else { return nil }
        return crashReason(bytes, (at + 14)..<bytes.count)
    }

    /// The first words of the stop reasons that do not end a process: lldb's own stops (steps
    /// and thread plans print `step over`, `step in`, `instruction step into`, `run to address`
    /// …), a watchpoint, a fork, and `signal SIGSTOP` (an attach, `process interrupt`).
    private static let benignReasons: [StaticString] = [
        "breakpoint", "watchpoint", "step", "instruction step", "trace", "plan complete", "exec", "fork", "vfork",
        "thread exiting", "history boundary", "async interrupt", "interrupt", "run to address", "processor trace",
        "none", "signal SIGSTOP",
    ]

    /// The crash a stop reason (`range`, the text after `stop reason = `) says, as stored, and
    /// whether it is a signal; nil when the reason does not end a process.
    static func crashReason(_ bytes: Bytes, _ range: Range<Int>) -> (String, Bool)? {
        let r = bytes.trimmed(range)
        guard !r.isEmpty else { return nil }
        // Whole words: `step over` is a step, `signal SIGSTOPX` would not be SIGSTOP.
        for benign in benignReasons where bytes.matches(benign, at: r.lowerBound) {
            let end = r.lowerBound + benign.utf8CodeUnitCount
            if end == r.upperBound || !ASCII.isIdentifier(bytes[end]) { return nil }
        }
        if bytes.matches("EXC_", at: r.lowerBound) {
            // `EXC_BAD_ACCESS (code=1, address=0x10)`: the exception's name.
            return (bytes.string(r.lowerBound..<wordEnd(bytes, from: r.lowerBound, to: r.upperBound)), false)
        }
        if bytes.matches("signal ", at: r.lowerBound) {
            // `signal SIGSEGV: invalid address (fault address: 0x0)`: the signal's name.
            let nameStart = bytes.skipSpaces(from: r.lowerBound + 7, to: r.upperBound)
            let name = bytes.string(nameStart..<wordEnd(bytes, from: nameStart, to: r.upperBound))
            return ("signal " + (name.isEmpty ? "?" : name), true)
        }
        return (text(bytes, r), false)
    }

    /// The end of the word at `from`: a blank, `:`, `(` or `,` ends it.
    private static func wordEnd(_ bytes: Bytes, from: Int, to: Int) -> Int {
        var end = from
        while end < to, !ASCII.isSpace(bytes[end]), bytes[end] != ASCII.colon, bytes[end] != ASCII.openParen,
              bytes[end] != ASCII.comma {
            end += 1
        }
        return end
    }

    /// `range` as text, at most `maxReasonBytes` (cut before a UTF-8 continuation byte).
    private static func text(_ bytes: Bytes, _ range: Range<Int>) -> String {
        var end = range.upperBound
        if range.count > maxReasonBytes {
            end = range.lowerBound + maxReasonBytes
            while end > range.lowerBound, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        }
        return bytes.string(range.lowerBound..<end) + (end < range.upperBound ? "…" : "")
    }

    /// A console line that says the process is crashing, not a stop: Swift's runtime before it
    /// traps (`Fatal error: …` at the start, or after `File.swift:12: `; `Precondition
    /// failed`, `Assertion failed` in the `File.swift:12: ` form only, C's assert prints the
    /// same words and then aborts, which its stop says), or Xcode's banner `Thread 1: REASON`
    /// (copied with the console) when REASON is one of those, an `EXC_…` or a signal.
    /// `start`: where the line's text starts. Returns whether it was one.
    mutating func consoleLine(_ bytes: Bytes, from start: Int) -> Bool {
        guard let (reason, _) = Self.consoleCrash(bytes, from: start) else { return false }
        // Never forgotten by a hit, even Xcode's `Thread 1: signal SIGABRT`: the line comes
        // while the last hit may still be open (it closes after), and Xcode shows the banner
        // only where the process stays stopped.
        crash(reason, signal: false)
        return true
    }

    static func consoleCrash(_ bytes: Bytes, from start: Int) -> (String, Bool)? {
        if let ended = abnormalEnd(bytes, from: start) { return (ended, false) }
        // Swift's backtracer (Linux, macOS without a debugger): `💣 Program crashed: Bad pointer
        // dereference at 0x0`, `*** Program crashed: … ***` without colours.
        for prefix: StaticString in ["\u{1F4A3} Program crashed: ", "*** Program crashed: ", "Program crashed: "]
        where bytes.matches(prefix, at: start) {
            let at = start + prefix.utf8CodeUnitCount - 17
            var end = bytes.count
            if bytes.matches(" ***", at: end - 4) { end -= 4 }
            return (text(bytes, bytes.trimmed(at..<end)), false)
        }
        var i = start
        var banner = false
        if bytes.matches("Thread ", at: i), let n = bytes.parseUnsigned(at: i + 7), bytes.matches(": ", at: n.end) {
            // Xcode's banner: `Thread 1: Fatal error: …`, `Thread 1: EXC_BAD_ACCESS (code=1, …)`.
            i = n.end + 2
            banner = true
        } else if let colon = swiftFileLinePrefix(bytes, from: start) {
            // `Planner/StepperRow.swift:14: Fatal error: …` (Swift's stdlib: `Swift/Array.swift:418: `).
            if let failure = swiftFailure(bytes, at: colon, allPrefixes: true) { return failure }
            return nil
        }
        if let failure = swiftFailure(bytes, at: i, allPrefixes: banner) { return failure }
        guard banner else { return nil }
        if bytes.matches("EXC_", at: i) || bytes.matches("signal SIG", at: i) || bytes.matches("hit program assert", at: i)
            || bytes.matches("Swift runtime failure", at: i) {
            return crashReason(bytes, i..<bytes.count)
        }
        return nil
    }

    /// Lines that say the process is ending abnormally, from others than Swift's runtime:
    /// Objective-C's `*** Terminating app due to uncaught exception …`, AttributeGraph's
    /// `AttributeGraph precondition failure: …` (and os_log's `precondition failure: …`, its
    /// prefix taken off by the console reader), an exception's name alone (`EXC_BAD_ACCESS …`),
    /// lldb's `Swift runtime failure: …`, and a shell's words for a child killed by a signal
    /// (`Segmentation fault (core dumped)`, `Abort trap: 6`, `Killed`), alone on their line.
    static func abnormalEnd(_ bytes: Bytes, from start: Int) -> String? {
        for lead: StaticString in ["*** Terminating app due to uncaught exception", "AttributeGraph precondition failure:",
                                   "precondition failure:", "Swift runtime failure:"]
        where bytes.matches(lead, at: start) {
            return text(bytes, bytes.trimmed(start..<bytes.count))
        }
        if bytes.matches("EXC_", at: start), start + 4 < bytes.count, bytes[start + 4] >= 0x41, bytes[start + 4] <= 0x5A {
            return bytes.string(start..<wordEnd(bytes, from: start, to: bytes.count))
        }
        var end = bytes.trimmed(start..<bytes.count).upperBound
        if end - start > 14, bytes.matches(" (core dumped)", at: end - 14) { end -= 14 }
        let line = bytes.string(start..<end)
        return shellSignals[line].map { "signal \($0) (\(line))" }
    }

    /// What a shell prints for a child a signal ended (bash, zsh, dash; macOS and Linux).
    private static let shellSignals: [String: String] = [
        "Segmentation fault": "SIGSEGV", "Segmentation fault: 11": "SIGSEGV", "Illegal instruction": "SIGILL",
        "Illegal instruction: 4": "SIGILL", "Trace/breakpoint trap": "SIGTRAP", "Trace/BPT trap: 5": "SIGTRAP",
        "Bus error": "SIGBUS", "Bus error: 10": "SIGBUS", "Aborted": "SIGABRT", "Abort trap: 6": "SIGABRT",
        "Killed": "SIGKILL", "Killed: 9": "SIGKILL", "Floating point exception": "SIGFPE",
    ]

    /// `Fatal error` (and, with `allPrefixes`, `Precondition failed` / `Assertion failed`)
    /// at `i`, then `:` or the end of the line: the reason, the whole message.
    private static func swiftFailure(_ bytes: Bytes, at i: Int, allPrefixes: Bool) -> (String, Bool)? {
        let prefixes: [StaticString] = allPrefixes ? ["Fatal error", "Precondition failed", "Assertion failed"] : ["Fatal error"]
        for p in prefixes where bytes.matches(p, at: i) {
            let after = i + p.utf8CodeUnitCount
            guard after == bytes.count || bytes[after] == ASCII.colon else { continue }
            return (text(bytes, bytes.trimmed(i..<bytes.count)), false)
        }
        return nil
    }

    /// Where the text after `NAME.swift:LINE: ` starts, when the line starts so.
    private static func swiftFileLinePrefix(_ bytes: Bytes, from start: Int) -> Int? {
        let limit = Swift.min(bytes.count, start + 1024)
        guard let dot = bytes.find(".swift:", from: start, to: limit) else { return nil }
        // No blank in the path (it is one word).
        for k in start..<dot where ASCII.isSpace(bytes[k]) { return nil }
        guard let line = bytes.parseUnsigned(at: dot + 7), bytes.matches(": ", at: line.end) else { return nil }
        return line.end + 2
    }

    /// The end, once the text is over. `cutInHit`: the text ended inside a hit.
    func end(cutInHit: Bool) -> RecordingEnd {
        if let seen { return seen }
        return cutInHit ? .cutMidHit : .noEndSeen
    }
}
