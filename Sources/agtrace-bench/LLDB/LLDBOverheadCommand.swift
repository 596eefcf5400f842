import CommandLineOptions
import Foundation

/// `agtrace-bench lldb-overhead`: what one breakpoint hit costs the app under each way of
/// capturing it. Builds a C++ program whose `IAG::Graph::update_attribute` runs N times, runs it
/// under `lldb --batch` once without breakpoints and once per capture shape, and prints
/// (shape's wall time - no breakpoints' wall time) / N: the time lldb adds per hit.
enum LLDBOverheadCommand {
    struct Shape: Sendable {
        var name: String
        /// lldb commands between `target create` and the launch (`SCRIPT`, `OUTPUT` replaced).
        var setup: [String]
        var after: [String] = []
        /// Where to count the hits: the recording's lines, or lldb's `frame #0:` lines.
        var records = false
    }

    static let shapes: [Shape] = [
        Shape(name: "no breakpoints (baseline)", setup: []),
        Shape(name: "agtrace record (Python callback, one line per hit)",
              setup: ["command script import SCRIPT", "agtrace record --kinds update --output OUTPUT"],
              after: ["agtrace record --stop"], records: true),
        Shape(name: "-C \"frame info\", auto-continue (shape 1)",
              setup: ["breakpoint set -n IAG::Graph::update_attribute -G true -C \"frame info\""]),
        Shape(name: "-C \"bt 1\" -C \"register read esi\", auto-continue (shape 3)",
              setup: ["breakpoint set -n IAG::Graph::update_attribute -G true -C \"bt 1\" -C \"register read esi\""]),
    ]

    static let program = StandInEngine.declarations + #"""
    __attribute__((noinline)) uint32_t IAG::Graph::update_attribute(data::ptr<Node> node, unsigned int options) {
        work += node._offset;
        return options;
    }
    int main(int argc, char **argv) {
        IAG::Graph graph;
        long n = argc > 1 ? atol(argv[1]) : 1000;
        for (long i = 0; i < n; i++) graph.update_attribute({uint32_t(4 * (i % 1000) + 536)}, 0);
        return int(graph.work & 1);
    }
    """#

    static let script = OptionSpec(name: "script", valueName: "FILE", help: "the recorder script (agtrace lldb-script --output FILE)",
                                   required: "--script FILE: the recorder script (agtrace lldb-script --output FILE)")
    static let hits = OptionSpec(name: "hits", valueName: "N", help: "update_attribute calls per run (default 2000)", kind: .count)
    static let repeats = OptionSpec(name: "repeat", valueName: "R", help: "runs per shape, the median printed (default 3)", kind: .count)
    static let lldb = OptionSpec(name: "lldb", valueName: "PATH", help: "the lldb to run (clang++ is taken beside it; default /opt/swift/usr/bin/lldb)")
    static let work = OptionSpec(name: "work", valueName: "DIR", help: "where the program and recordings go (default Benchmarks/out/lldb-overhead)")
    static let usage = UsageForm([.option(script), .optional(hits), .optional(repeats), .optional(lldb), .optional(work)])

    static func run(_ words: [String]) throws {
        guard let args = try BenchOptions.parse(words, usage, command: "lldb-overhead") else { return }
        let hits = args.count(Self.hits) ?? 2000
        let repeats = max(1, args.count(Self.repeats) ?? 3)
        let env = ProcessInfo.processInfo.environment
        let toolDir = args.value(Self.lldb).map { ($0 as NSString).deletingLastPathComponent } ?? "/opt/swift/usr/bin"
        let lldb = args.value(Self.lldb) ?? toolDir + "/lldb"
        let clang = toolDir + "/clang++"
        guard let script = args.value(Self.script) else {
            throw UsageError("--script FILE: the recorder script (agtrace lldb-script --output FILE)")
        }
        let work = URL(fileURLWithPath: args.value(Self.work) ?? "Benchmarks/out/lldb-overhead")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let source = work.appendingPathComponent("engine.cpp"), binary = work.appendingPathComponent("engine")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let built = try launch(clang, ["-O0", "-g", source.path, "-o", binary.path], extra: [:])
        guard built.status == 0 else { throw ChildError("clang++ failed: \(built.output)") }

        // lldb's Python: the root `.ci/run` finds (docs/recording.md).
        var extra: [String: String] = [:]
        if let home = env["AGTRACE_LLDB_PYTHONHOME"] {
            extra = ["LD_LIBRARY_PATH": home + "/lib", "PYTHONHOME": home]
        }
        print("lldb-overhead: \(hits) hits of IAG::Graph::update_attribute, median of \(repeats) runs each")
        var baseline: Double?
        for shape in shapes {
            let output = work.appendingPathComponent("recording.lldb").path
            var commands = ["target create \(binary.path)"]
            commands += shape.setup.map {
                $0.replacingOccurrences(of: "SCRIPT", with: script).replacingOccurrences(of: "OUTPUT", with: output)
            }
            commands += ["process launch -- \(hits)"] + shape.after
            var times: [Double] = []
            for _ in 0..<repeats {
                let started = DispatchTime.now().uptimeNanoseconds
                let result = try launch(lldb, ["--batch", "--no-lldbinit"] + commands.flatMap { ["-o", $0] }, extra: extra)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                guard result.status == 0, result.output.contains("exited with status") else {
                    throw ChildError("lldb failed under \(shape.name): \(result.output.suffix(400))")
                }
                try check(shape, result.output, recording: output, hits: hits)
                times.append(seconds)
            }
            let median = times.sorted()[times.count / 2]
            let name = shape.name.padding(toLength: 62, withPad: " ", startingAt: 0)
            if let base = baseline {
                let perHit = (median - base) / Double(hits) * 1e6
                print("  \(name) \(String(format: "%7.3f s  %7.1f µs per hit", median, perHit))")
            } else {
                baseline = median
                print("  \(name) \(String(format: "%7.3f s", median))")
            }
        }
    }

    /// Every hit was captured: the recording has `hits` lines, the transcripts `hits` frames.
    private static func check(_ shape: Shape, _ output: String, recording: String, hits: Int) throws {
        var seen: Int?
        if shape.records {
            let text = try String(contentsOfFile: recording, encoding: .utf8)
            seen = text.split(separator: "\n").filter { $0.contains(" update ") }.count
        } else if !shape.setup.isEmpty {
            seen = output.components(separatedBy: "frame #0:").count - 1
        }
        if let seen, seen != hits {
            throw ChildError("\(shape.name): \(seen) hits captured, \(hits) expected")
        }
    }

    private static func launch(_ tool: String, _ args: [String], extra: [String: String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = args
        var env = ProcessInfo.processInfo.environment
        for (k, v) in extra { env[k] = v }
        process.environment = env
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("agtrace-bench-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
