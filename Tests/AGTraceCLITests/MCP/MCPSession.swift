import Foundation
import XCTest

/// `agtrace mcp` run as a child with pipes, spoken to line by line: what a client sends, and
/// each line the server writes (stdout) and says (stderr), as they come.
final class MCPSession: @unchecked Sendable {
    let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private let lock = NSLock()
    private var lines: [String] = []
    private var stderrText = ""
    private let arrived = DispatchSemaphore(value: 0)
    private let finished = DispatchGroup()

    init(db: String, root: String, environment: [String: String] = [:]) throws {
        process.executableURL = CLI.binary
        process.arguments = ["mcp", "--db", db, "--root", root]
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "AGTRACE_DB")
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        read(output.fileHandleForReading) { line in
            self.lock.lock(); self.lines.append(line); self.lock.unlock()
            self.arrived.signal()
        }
        read(errors.fileHandleForReading) { line in
            self.lock.lock(); self.stderrText += line + "\n"; self.lock.unlock()
        }
    }

    private func read(_ handle: FileHandle, _ each: @escaping @Sendable (String) -> Void) {
        finished.enter()
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                pending += data
                while let newline = pending.firstIndex(of: 0x0A) {
                    each(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[(newline + 1)...])
                }
            }
            if !pending.isEmpty { each(String(decoding: pending, as: UTF8.self)) }
            self.finished.leave()
        }
    }

    var stderr: String { lock.lock(); defer { lock.unlock() }; return stderrText }

    func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }
    func send(_ object: [String: Any]) throws {
        send(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
    }

    /// The next message the server writes, parsed (nil when none comes within `seconds`: a
    /// hang is then a failure, not a stuck suite).
    func next(within seconds: Double = 30) -> [String: Any]? {
        guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
        lock.lock()
        let line = lines.removeFirst()
        lock.unlock()
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    /// The next message that answers `id` (notifications before it passed over).
    func answer(to id: Any, within seconds: Double = 30) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(seconds)
        while case let left = deadline.timeIntervalSinceNow, left > 0, let message = next(within: left) {
            if let got = message["id"], "\(got)" == "\(id)" { return message }
        }
        return nil
    }

    /// Waits until stderr holds `text` (nil: not within `seconds`); how long it took.
    func waitForStderr(_ text: String, within seconds: Double = 30) -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            if stderr.contains(text) { return Date().timeIntervalSince(start) }
            usleep(2_000)
        }
        return nil
    }

    /// Closes the server's input (its end) and waits for it.
    func close() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        finished.wait()
        return process.terminationStatus
    }

    static var modernMeta: [String: Any] { [
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": [String: Any](),
        "io.modelcontextprotocol/clientInfo": ["name": "agtrace-tests", "version": "1"],
    ] }

    /// A stateless (2026-07-28) request.
    static func request(_ id: Any, _ method: String, _ params: [String: Any] = [:]) -> [String: Any] {
        var params = params
        var meta = modernMeta
        for (k, v) in params["_meta"] as? [String: Any] ?? [:] { meta[k] = v }
        params["_meta"] = meta
        return ["jsonrpc": "2.0", "id": id, "method": method, "params": params]
    }
}
