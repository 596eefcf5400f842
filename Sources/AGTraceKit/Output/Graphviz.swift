import Foundation

/// Lays out pictures with Graphviz `dot` when it is on the PATH (agtrace writes no layout
/// engine). Several graphs go through one `dot` process: it writes one SVG document per graph.
public struct Graphviz: Sendable {
    public let executable: String

    /// `dot` found on `PATH`, or nil.
    public static func find(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> Graphviz? {
        for dir in (path ?? "").split(separator: ":") where !dir.isEmpty {
            let candidate = "\(dir)/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return Graphviz(executable: candidate) }
        }
        return nil
    }

    /// Seconds dot may take for all the pictures of one page before it is stopped (a graph
    /// Graphviz lays out for hours is a picture nobody waits for).
    public var timeLimit: TimeInterval

    public init(executable: String, timeLimit: TimeInterval = 120) {
        self.executable = executable
        self.timeLimit = timeLimit
    }

    /// dot exited with an error, or gave a different number of pictures than it was given graphs.
    public struct Failed: Error, CustomStringConvertible {
        public var executable: String
        /// What dot wrote on stderr.
        public var messages: String
        public var description: String { "Graphviz (\(executable)) failed: \(messages.prefix(300))" }
    }

    /// dot ran past `timeLimit` and was stopped.
    public struct TimedOut: Error, CustomStringConvertible {
        public var seconds: TimeInterval
        public var description: String {
            "Graphviz took more than \(Int(seconds)) s to lay out the pictures and was stopped; the page has none (export dot --focus N draws one node's surroundings)"
        }
    }

    /// dot never outlives agtrace for long: on SIGINT and SIGTERM (every platform)
    /// `SignalCleanup` kills it before agtrace exits. For SIGKILL, which no handler sees, on Linux
    /// dot is started through util-linux's `setpriv --pdeathsig KILL` when it is there: the
    /// kernel then kills dot when agtrace ends (a CI timeout's SIGKILL included). Only from the
    /// main thread: the death signal follows the thread that started the child. Everywhere (macOS
    /// has no death signal), dot also runs under a CPU-time limit just past `timeLimit`
    /// (`launch`), which the kernel enforces whether agtrace is alive or not.
    static let deathSignalWrapper: String? = Platform.parentDeathSignalWrapper

    /// How to start `executable`: through `/bin/sh`, which sets the CPU-time limit (`ulimit -t`:
    /// the kernel sends SIGXCPU, then SIGKILL, once the child has used that much CPU, so a dot
    /// whose agtrace was killed stops by itself) and then becomes it (`exec`); through the
    /// death-signal wrapper first when there is one.
    static func launch(_ executable: String, arguments: [String], cpuSeconds: Int,
                       deathSignal wrapper: String?) -> (executable: String, arguments: [String]) {
        // The executable and its arguments are sh's $0 and $@, never parsed as shell text.
        let shell = ["/bin/sh", "-c", "ulimit -t \(max(1, cpuSeconds)) && exec \"$0\" \"$@\"", executable] + arguments
        guard let wrapper else { return (shell[0], Array(shell.dropFirst())) }
        return (wrapper, ["--pdeathsig", "KILL", "--"] + shell)
    }

    /// SVG for each DOT graph, in order (the XML prolog and DOCTYPE removed, so each can be
    /// inlined in HTML). Throws when dot fails or returns a different number of pictures, and
    /// `TimedOut` when it runs past `timeLimit` (it is then killed).
    public func svg(_ graphs: [String]) throws -> [String] {
        guard !graphs.isEmpty else { return [] }
        let process = Process()
        let launch = Self.launch(executable, arguments: ["-Tsvg"], cpuSeconds: Int(timeLimit.rounded(.up)) + 1,
                                 deathSignal: Thread.isMainThread ? Self.deathSignalWrapper : nil)
        process.executableURL = URL(fileURLWithPath: launch.executable)
        process.arguments = launch.arguments
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        // Killed with agtrace on SIGINT or SIGTERM (SignalCleanup), on Linux on SIGKILL too (the
        // death signal above).
        try SignalCleanup.shared.startChild {
            try process.run()
            return process.processIdentifier
        }
        defer { SignalCleanup.shared.remove(child: process.processIdentifier) }
        let stopped = StopFlag()
        let limit = timeLimit
        let watchdog = Thread {
            guard exited.wait(timeout: .now() + limit) == .timedOut else { exited.signal(); return }
            stopped.set()
            kill(process.processIdentifier, SIGKILL)
            exited.signal()
        }
        watchdog.start()
        // Write from another thread: dot starts printing before it has read everything.
        let text = Data(graphs.joined(separator: "\n").utf8)
        let writer = Thread {
            input.fileHandleForWriting.write(text)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if stopped.isSet { throw TimedOut(seconds: limit) }
        let pictures = Self.svgElements(data)
        guard process.terminationStatus == 0, pictures.count == graphs.count else {
            throw Failed(executable: executable, messages: String(decoding: messages, as: UTF8.self))
        }
        return pictures
    }

    /// Each `<svg …>…</svg>` in dot's output, in order: a search of the bytes (Foundation's
    /// `range(of:)` on the text cost a few percent of a large `export html`).
    static func svgElements(_ data: Data) -> [String] {
        let close: StaticString = "</svg>"
        return [UInt8](data).withUnsafeBufferPointer { bytes in
            var pictures: [String] = []
            var at = 0
            while let start = bytes.find("<svg", from: at), let end = bytes.find(close, from: start + 4) {
                at = end + close.utf8CodeUnitCount
                pictures.append(String(decoding: bytes[start..<at], as: UTF8.self))
            }
            return pictures
        }
    }
}


/// Set once by the watchdog, read by the thread that waits for dot.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
