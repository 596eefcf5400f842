import Foundation
import XCTest

/// `agtrace-bench` reads its command lines with agtrace's parser (CommandLineOptions): the same
/// refusals, its usage lines made of its declarations.
final class BenchCLITests: XCTestCase {
    func bench(_ args: [String]) throws -> CLIResult {
        let binary = CLI.binary.deletingLastPathComponent().appendingPathComponent("agtrace-bench")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("no agtrace-bench beside \(CLI.binary.path)") }
        return try CLI.run(binary, args)
    }

    func testUsageLinesComeFromTheDeclarations() throws {
        let help = try bench(["--help"])
        XCTAssertEqual(help.status, 0)
        for line in ["  agtrace-bench generate archive [--nodes N] --output FILE [--seed S] [--gzip] [--graphs G]",
                     "  agtrace-bench generate transcript (--hits N | --bytes SIZE) --output FILE [--seed S]",
                     "  agtrace-bench generate trace --events N --output FILE [--seed S] [--rows R]",
                     "  agtrace-bench floor (--archive FILE | --trace FILE | --transcript FILE) --db DB [--repeat N]",
                     "  agtrace-bench lldb-overhead --script FILE [--hits N] [--repeat R] [--lldb PATH] [--work DIR]"] {
            XCTAssertTrue(help.stdout.contains(line + "\n"), "agtrace-bench --help lacks \(line)\n\(help.stdout)")
        }
        XCTAssertTrue(help.stdout.contains("\nGENERATE ARCHIVE\n"))
        XCTAssertEqual(try bench(["floor", "--help"]).stdout, help.stdout)
    }

    func testUsageErrorsExitTwoNamingTheOption() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("x").path
        let cases: [([String], String)] = [
            (["floor", "--bogus", "1"], "unknown option '--bogus' for 'floor'"),
            (["floor", "--archive", "a.ag-json"], "missing --db"),
            (["generate", "archive", "--nodes", "many", "--output", out], "--nodes: not a number: many"),
            (["generate", "archive", "--nodes", "300k"], "missing --output"),
            (["generate", "transcript", "--bytes", "lots", "--output", out], "--bytes: not a size: lots (e.g. 10MB)"),
            (["generate", "transcript", "--hits", "5", "--shape", "log-lines", "--output", out], "--shape must be frame-info, interactive, bt-registers, expressions or mixed"),
            (["generate", "trace", "--output", out], "give --events N (e.g. 1500000)"),
            (["run", "--timeout", "0"], "--timeout: not a number of seconds: 0"),
            (["run", "--qick"], "unknown option '--qick' for 'run' (did you mean '--quick'?)"),
            (["lldb-overhead", "--hits", "10"], "--script FILE: the recorder script"),
            (["read-archive"], "read-archive takes one archive file"),
        ]
        for (args, message) in cases {
            let r = try bench(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("agtrace-bench: " + message), "\(args): \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(args)")
        }
    }

    /// The scaling sweep's command lines are made from agtrace's declarations: every command
    /// that reads stored data is in it with each of its options (each value of one listing
    /// them), and nothing is left that the sweep cannot feed (a new option or command that
    /// it cannot time fails here, and fails the sweep).
    func testTheSweepFeedsEveryCommandAndOption() throws {
        let r = try bench(["sweep-cases"])
        XCTAssertEqual(r.status, 0, r.stdout.split(separator: "\n").filter { $0.hasPrefix("cannot feed") }.joined(separator: "\n"))
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(Set(lines).count, lines.count, "a command line twice")
        for command in ["list", "query", "report", "diff", "compare", "walk", "why", "cycles", "export", "findings", "baseline", "check", "delete"] {
            XCTAssertTrue(lines.contains { $0.hasPrefix("agtrace \(command) ") || $0 == "agtrace \(command)" }, "no line of \(command)")
        }
        for command in ["import", "lldb-script", "mcp"] {
            XCTAssertFalse(lines.contains { $0.hasPrefix("agtrace \(command)") }, "\(command) reads no stored data")
        }
        for line in ["agtrace compare trace-a trace-b --writes", "agtrace compare run-a run-b --writes",
                     "agtrace compare --a trace-a trace-a2 trace-a3 trace-a4 trace-a5 --b trace-b trace-b2 trace-b3 trace-b4 trace-b5",
                     "agtrace report dirty-walks --run run-a", "agtrace report dirty-walks --run run-a --snapshot run-a-names",
                     "agtrace report updates --trace trace-a --by view", "agtrace report dirty-walks --trace trace-a --details",
                     "agtrace check --baseline BASELINE --trace trace-a --time", "agtrace check --max-cycles 0 --console console-a",
                     "agtrace walk ATTR --trace trace-a --at SEQ", "agtrace diff snapshot-a snapshot-b --details",
                     "agtrace export html --compare trace-a trace-b", "agtrace delete recording-a", "agtrace cycles --format dot"] {
            XCTAssertTrue(lines.contains(line), "no line \(line)")
        }
        // Every report variant: each report name of `agtrace report --list` has a line.
        let raw = try bench(["sweep-cases", "--raw"])
        XCTAssertEqual(raw.status, 0)
        XCTAssertTrue(raw.stdout.contains("case\t0,1\tcheck\t--baseline\t{scratch:baseline}\t--trace\t{label:trace-a}"), raw.stdout)
        XCTAssertTrue(raw.stdout.contains("setup\tbaseline\t--trace\t{label:trace-a}\t--output\t{scratch:baseline}"))
    }

    func testCountsTakeSuffixes() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("t.ag-trace").path
        let r = try bench(["generate", "trace", "--events", "2k", "--seed=3", "--output", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
    }
}
