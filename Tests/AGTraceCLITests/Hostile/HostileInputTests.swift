import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The robustness trial's classes of hostile input, each through the built binary under a
/// memory cap (peak RSS of the child, from wait4's rusage) and a time cap. A case fails when the
/// child goes over either, or when its outcome (status, message) is not the documented one.
final class HostileInputTests: CLITestCase {
    /// Peak resident memory allowed to any case, in MB.
    static let memoryCap = 200.0
    /// CPU seconds a case may take (the child's user + system time: a loaded machine stretches
    /// the wall clock, not this). Generous for a debug build; most cases take a second or two.
    static let timeCap = 60.0
    /// Wall-clock seconds before a case is killed: a hang (no CPU spent, nothing ending) is a
    /// failure, not a stuck suite.
    static let wallCap = 300.0

    /// Runs agtrace under the caps and checks them.
    @discardableResult
    func capped(_ args: [String], stdin: String? = nil, environment: [String: String] = [:],
                readThenClose: Int? = nil, memoryCap: Double = HostileInputTests.memoryCap,
                file: StaticString = #filePath, line: UInt = #line) throws -> ChildOutcome {
        let r = try ChildUsage.run(args, scratch: dir, stdinPath: stdin, environment: environment, timeLimit: Self.wallCap,
                                   readThenClose: readThenClose, killAbove: memoryCap * 2)
        XCTAssertFalse(r.timedOut, "agtrace \(args.joined(separator: " ")) ran past \(Self.wallCap) s of wall-clock time", file: file, line: line)
        XCTAssertLessThanOrEqual(r.cpuSeconds, Self.timeCap, "agtrace \(args.joined(separator: " ")) took \(r.cpuSeconds) s of CPU", file: file, line: line)
        XCTAssertLessThanOrEqual(r.peakMegabytes, memoryCap,
                                 "agtrace \(args.joined(separator: " ")) peaked at \(r.peakMegabytes) MB\n\(r.stderr)", file: file, line: line)
        print(String(format: "hostile: agtrace %@: exit %d, peak %.1f MB, %.2f s (%.2f s CPU)", args.prefix(2).joined(separator: " "), r.status, r.peakMegabytes, r.seconds, r.cpuSeconds))
        return r
    }

    func importSample() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, CLI.samples + "/trip-1-before.ag-json"]).status, 0)
    }

    // MARK: Importers

    func testUnterminatedEvaluations() throws {
        let path = try HostileInputs.unterminatedEvaluations(in: dir, count: 1_000_000)
        let r = try capped(["import", "--db", db, path])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("more than 10000 rule evaluations open at once"), r.stderr)
        XCTAssertTrue(r.stderr.contains(": byte "), "with its byte offset: \(r.stderr)")
    }

    func testBigStringsInASmallGzip() throws {
        // Over the string cap: refused at the first, with its offset.
        let over = try HostileInputs.bigStrings(in: dir, count: 10, length: 6_000_000)
        let r = try capped(["import", "--db", db, over])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("longer than 4 MiB (byte "), r.stderr)
        // Just under it, ten of them: imported, the texts crossing to the writer in bounded amounts.
        let under = try HostileInputs.bigStrings(in: dir, count: 10, length: 4_000_000)
        let ok = try capped(["import", "--db", db, under])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("nodes 10"), ok.stdout)
    }

    /// Raw DEFLATE goes through the same inflater as gzip: forty megabytes from a few dozen
    /// kilobytes stream through under the cap.
    func testBigStringsInASmallRawDeflate() throws {
        let path = try HostileInputs.bigStringsRawDeflate(in: dir, count: 10, length: 4_000_000)
        let r = try capped(["import", "--db", db, path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("(archive, raw DEFLATE)") && r.stdout.contains("nodes 10"), r.stdout)
    }

    // MARK: Directories

    func testSymlinkCycles() throws {
        let tree = try HostileInputs.symlinkCycles(in: dir, samples: CLI.samples)
        let r = try capped(["import", "--db", db, tree.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.components(separatedBy: "imported trip-1-before").count - 1, 1, "the archive once: \(r.stdout)")
        XCTAssertTrue(r.stdout.contains("again: a directory already read"), r.stdout)
        XCTAssertTrue(r.stdout.contains("sub/up: a directory already read"), r.stdout)
        XCTAssertTrue(r.stdout.contains("self: a loop of symbolic links (ELOOP)"), r.stdout)
        let loop = try capped(["import", "--db", db, tree.appendingPathComponent("self").path])
        XCTAssertEqual(loop.status, 1)
        XCTAssertTrue(loop.stderr.contains("a loop of symbolic links (ELOOP)"), loop.stderr)
    }

    func testSpecialFiles() throws {
        let (tree, socket) = try HostileInputs.specialFiles(in: dir, samples: CLI.samples)
        defer { close(socket) }
        let r = try capped(["import", "--db", db, tree.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("imported trip-1-before"), r.stdout)
        XCTAssertTrue(r.stdout.contains("fifo: a FIFO (named pipe), not a regular file"), r.stdout)
        XCTAssertTrue(r.stdout.contains("sock: a socket, not a regular file"), r.stdout)
        XCTAssertTrue(r.stdout.contains("zero: a device, not a regular file"), r.stdout)
        XCTAssertTrue(r.stdout.contains("imported 1, skipped 3, failed 0"), r.stdout)
    }

    func testNonUTF8Names() throws {
        let tree = try HostileInputs.nonUTF8Name(in: dir, samples: CLI.samples)
        let r = try capped(["import", "--db", db, tree.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("imported trip-1-before"), r.stdout)
        XCTAssertTrue(r.stdout.contains("bad-\\x{ff}.ag-json: the name is not UTF-8"), r.stdout)
    }

    // MARK: Queries and output

    func testZeroblobAndEndlessQueries() throws {
        try importSample()
        let blob = try capped(["query", "--db", db, "SELECT zeroblob(1000000000)"])
        XCTAssertEqual(blob.status, 1)
        XCTAssertTrue(blob.stderr.contains("too big"), blob.stderr)
        // A million rows as a table: streamed after its first rows, not held.
        let million = try capped(["query", "--db", db, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 1000000) SELECT x, 'row ' || x AS text FROM c"])
        XCTAssertEqual(million.status, 0, million.stderr)
        XCTAssertTrue(million.stdout.hasSuffix("1000000  row 1000000\n"), String(million.stdout.suffix(100)))
        // An endless query whose reader leaves (`| head`): agtrace stops.
        let endless = try capped(["query", "--db", db, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"],
                                 readThenClose: 4096)
        XCTAssertTrue(endless.stdout.hasPrefix("x\n"), endless.stdout)
        // SIGPIPE ends it, or it sees EPIPE and stops; either way within the time cap (before, the
        // table held every row and printed nothing, for ever).
        XCTAssertTrue(endless.signal == SIGPIPE || endless.status == 0, "status \(endless.status), signal \(String(describing: endless.signal))")
    }

    func testAnEndlessBaseline() throws {
        try importSample()
        let r = try capped(["check", "--baseline", "-", "--snapshot", "trip-1-before", "--db", db], stdin: "/dev/zero")
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertTrue((r.stdout + r.stderr).contains("more than 8 MB"), r.stdout + r.stderr)
    }

    func testPerfettoExportOfALargeTraceStreams() throws {
        // 1M events (375k slices, 375k instants): each event's text is spooled to a temporary
        // file and written back one at a time; memory keeps 32 bytes a slice and 16 an instant
        // (what orders them): 49 MB in a debug build (before the spool, 170 MB at 400k). 1M,
        // not 2M, to keep a debug build's export within the time cap on a shared machine.
        let trace = try HostileInputs.timelineTrace(in: dir, frames: 125_000)
        let out = try exportPerfetto(trace, as: "trace", label: "big", memoryCap: 60)
        // Whole: every slice and instant written (one event a line), and the closing brace.
        try assertPhases(["X": 3 * 125_000, "i": 3 * 125_000], in: out)
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: out))
        try handle.seek(toOffset: try handle.seekToEnd() - 2)
        XCTAssertEqual(try handle.readToEnd(), Data("}\n".utf8))
        try handle.close()
        unlink(out)
    }

    func testPerfettoExportOfALongRunStreams() throws {
        // 300k hits: the run's causes are replayed hit by hit and each arrow goes to the spool
        // as it is known (47 MB in a debug build, 32 bytes a hit; before, the hits and causes
        // were held: 79 MB).
        let run = try HostileInputs.longRun(in: dir, writes: 7_300)
        let out = try exportPerfetto(run, as: "run", label: "long", memoryCap: 50)
        // Every hit a slice, every write an instant, 8 arrows per write (a start and an end each).
        try assertPhases(["X": 7_300 * 41, "i": 7_300, "s": 7_300 * 8, "f": 7_300 * 8], in: out)
        unlink(out)
    }

    /// Imports `path` as `label`, exports that `kind` (trace or run) to Perfetto within
    /// `memoryCap` MB, and returns the export's path.
    func exportPerfetto(_ path: String, as kind: String, label: String, memoryCap: Double,
                        file: StaticString = #filePath, line: UInt = #line) throws -> String {
        XCTAssertEqual(try CLI.run(["import", "--db", db, "--label", label, path]).status, 0, file: file, line: line)
        let out = dir.appendingPathComponent("\(label).json").path
        let r = try capped(["export", "perfetto", "--db", db, "--\(kind)", label, "-o", out], memoryCap: memoryCap, file: file, line: line)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        return out
    }

    /// The export at `out` holds `counts[phase]` events of each phase (one event a line).
    func assertPhases(_ counts: [String: Int], in out: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for (phase, count) in counts.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(try Self.lines("\"ph\": \"\(phase)\"", in: out), count, "phase \(phase)", file: file, line: line)
        }
    }

    /// Lines of `path` holding `text` (grep: a debug build's loop over 150 MB is slow).
    static func lines(_ text: String, in path: String) throws -> Int {
        let grep = Process(), out = Pipe()
        grep.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        grep.arguments = ["grep", "-c", "-F", "--", text, path]
        grep.standardOutput = out
        try grep.run()
        let count = out.fileHandleForReading.readDataToEndOfFile()
        grep.waitUntilExit()
        return Int(String(decoding: count, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    // MARK: Databases

    /// A database that carries triggers (a CI cache from an untrusted branch) is refused before
    /// anything runs on it, naming the trigger, and left as it was.
    func testTriggerCarryingDatabases() throws {
        try importSample()
        try HostileInputs.triggerCarryingDatabase(at: db)
        let before = FileManager.default.contents(atPath: db)
        let r = try capped(["import", "--db", db, CLI.samples + "/planner-profiled.ag-json"])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stderr.contains("trigger"), r.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: db), before, "the database is left as it was")
    }
}

/// Readers never write, and read where they may not write; the lock timeout is a setting
/// that is checked.
final class ReadOnlyCLITests: CLITestCase {
    func testListAndQueryLeaveAnEmptyFileEmpty() throws {
        FileManager.default.createTestFile(atPath: db, contents: Data())
        for args in [["list", "--db", db], ["query", "--db", db, "SELECT 1"]] {
            let r = try CLI.run(args)
            XCTAssertEqual(r.status, 1, r.stdout)
            XCTAssertTrue(r.stderr.contains("an empty file, no agtrace database yet"), r.stderr)
        }
        XCTAssertEqual(FileManager.default.contents(atPath: db), Data(), "still empty")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["test.db"], "no -wal, -shm or -journal")
    }

    func testABadLockTimeoutIsAUsageError() throws {
        let r = try CLI.run(["import", "--db", db, CLI.samples + "/trip-1-before.ag-json"], environment: ["AGTRACE_LOCK_TIMEOUT": "10s"])
        XCTAssertEqual(r.status, 2, r.stdout)
        XCTAssertTrue(r.stderr.contains("AGTRACE_LOCK_TIMEOUT=10s: not a number of seconds"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: db))
    }

    /// A database in a directory agtrace may not write, with no `-shm` beside it (copied there,
    /// or the last process removed it): `query` and `list` read it, and nothing appears. As
    /// user `nobody` when the tests run as root (root may write anything).
    func testADatabaseInAReadOnlyDirectoryWithoutShmIsRead() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, CLI.samples + "/trip-1-before.ag-json"]).status, 0)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db + suffix) }
        var prefix: [String] = []
        if geteuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                throw XCTSkip("running as root without setpriv: cannot make the directory read-only for agtrace")
            }
            prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: db)
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: dir.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path) }
        let query = try XCTUnwrap(RobustnessCLITests.Running(["query", "--db", db, "--format", "csv", "SELECT label FROM snapshots"], prefix: prefix).wait())
        XCTAssertEqual(query.status, 0, "reading works: \(query.stderr)")
        XCTAssertEqual(query.stdout, "label\ntrip-1-before\n")
        let list = try XCTUnwrap(RobustnessCLITests.Running(["list", "--db", db], prefix: prefix).wait())
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["test.db"], "nothing written beside it")
    }
}
