import AGTraceKit
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `export html` starts Graphviz's dot; dot never outlives agtrace. A stand-in `dot` on the
/// PATH writes its pid and sleeps; agtrace is sent SIGTERM (SIGINT) while it waits for it.
final class GraphvizSignalCLITests: CLITestCase {
    func testDotIsKilledWhenAgtraceIsTerminatedOrInterrupted() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, CLI.samples + "/trip-1-before.ag-json"]).status, 0)
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let pidFile = dir.appendingPathComponent("dot.pid")
        // exec: the pid written is the sleeping process's own.
        let standIn = bin.appendingPathComponent("dot")
        try "#!/bin/sh\necho $$ > '\(pidFile.path).tmp' && mv '\(pidFile.path).tmp' '\(pidFile.path)'\nexec sleep 300\n"
            .write(to: standIn, atomically: true, encoding: .utf8)
        chmod(standIn.path, 0o755)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for (sig, status) in [(SIGTERM, Int32(143)), (SIGINT, Int32(130))] {
            try? FileManager.default.removeItem(at: pidFile)
            let process = CLI.process(CLI.binary, ["export", "html", "--db", db, "--snapshot", "trip-1-before",
                                                   "-o", dir.appendingPathComponent("page.html").path],
                                      environment: ["PATH": path], directory: dir)
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            var waited = 0
            while !FileManager.default.fileExists(atPath: pidFile.path) && waited < 6000 && process.isRunning {
                usleep(10_000)
                waited += 1
            }
            let dot = try XCTUnwrap(pid_t(String(decoding: try Data(contentsOf: pidFile), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)), "the stand-in started")
            XCTAssertTrue(Self.alive(dot), "the stand-in runs while agtrace waits for it")
            // A moment for agtrace to block reading dot's output: a signal landing on that read
            // once made Foundation trap on EINTR (exit 132, not 143).
            usleep(300_000)
            kill(process.processIdentifier, sig)
            process.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(process.terminationReason, .exit, "handled the signal: \(stderr)")
            XCTAssertEqual(process.terminationStatus, status, stderr)
            // Killed before agtrace exited; give the init process a moment to reap it.
            var gone = !Self.alive(dot)
            for _ in 0..<500 where !gone {
                usleep(10_000)
                gone = !Self.alive(dot)
            }
            if !gone { kill(dot, SIGKILL) }
            XCTAssertTrue(gone, "dot (pid \(dot)) outlived agtrace after signal \(sig)")
        }
    }

    /// The process exists and is not a zombie waiting to be reaped (unknown: alive).
    static func alive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        return Platform.isZombie(pid) != true
    }
}
