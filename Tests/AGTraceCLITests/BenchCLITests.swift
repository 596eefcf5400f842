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
                     "  agtrace-bench generate trace --events N --output FILE [--seed S]",
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

    func testCountsTakeSuffixes() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("t.ag-trace").path
        let r = try bench(["generate", "trace", "--events", "2k", "--seed=3", "--output", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
    }
}
