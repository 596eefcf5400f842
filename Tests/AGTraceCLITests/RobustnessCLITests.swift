import AGTraceKit
import CSQLite
import Foundation
import XCTest

/// agtrace as CI uses it: parallel jobs on one database, jobs killed half-way, files from
/// anywhere, full disks and read-only databases. Each test runs the built binary.
final class RobustnessCLITests: CLITestCase {
    // MARK: Helpers

    /// A synthetic archive: `nodes` nodes over 20 rule types, two edges per node, one subgraph.
    static func archive(nodes: Int, seed: Int, typeName: String = "Rule") -> Data {
        var parts: [String] = []
        parts.reserveCapacity(nodes * 3 + 30)
        let types = (0..<20).map { #"{"id":\#($0),"name":\#(json("\(typeName)\($0)<Seed\(seed)>")),"value":"Int","size":8}"# }
        let nodeList = (0..<nodes).map { #"{"id":\#($0 * 4 + 4),"type":\#($0 % 20),"desc":"node \#($0) of \#(seed)","flags":\#($0 & 9)}"# }
        let edgeList = (0..<(2 * nodes)).map { i -> String in
            let src = (i / 2), dst = (i * 7 + seed) % max(nodes, 1)
            return #"{"src":\#(src),"dst":\#(dst)\#(i % 3 == 0 ? ",\"flags\":8" : "")}"#
        }
        parts.append(#"{"version":2,"graphs":[{"id":\#(seed),"update_count":\#(nodes),"types":["#)
        parts.append(types.joined(separator: ","))
        parts.append(#"],"nodes":["#)
        parts.append(nodeList.joined(separator: ","))
        parts.append(#"],"edges":["#)
        parts.append(edgeList.joined(separator: ","))
        parts.append(#"],"subgraphs":[{"id":1,"context_id":1,"nodes":["#)
        parts.append((0..<nodes).map(String.init).joined(separator: ","))
        parts.append("]}]}]}")
        return Data(parts.joined().utf8)
    }

    static func json(_ s: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [s]), as: UTF8.self).dropFirst().dropLast().description
    }

    @discardableResult
    func writeArchive(_ name: String, nodes: Int, seed: Int) throws -> String {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.archive(nodes: nodes, seed: seed).write(to: url)
        return url.path
    }

    /// Starts `import --progress ARGS` and kills it (SIGKILL) once it reports having read
    /// `percent` of its input: a point of the import's own, whatever the machine's speed
    /// (the whole input is read before the import commits). Returns the job, ended, and the
    /// percent it had reported (nil: it ended before reporting that far).
    func importKilled(at percent: Int, _ args: [String]) throws -> (job: Running, reported: Int?) {
        let job = try Running(["import", "--progress", "--db", db] + args)
        let reported = job.waitForProgress(percent)
        kill(job.process.processIdentifier, SIGKILL)
        _ = job.wait()
        return (job, reported)
    }

    /// Starts the binary without waiting; output goes to files.
    final class Running {
        let process: Process
        let out: URL, err: URL
        init(_ args: [String], environment: [String: String] = [:], executable: URL = CLI.binary, prefix: [String] = []) throws {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("agtrace-run-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            out = scratch.appendingPathComponent("out")
            err = scratch.appendingPathComponent("err")
            FileManager.default.createTestFile(atPath: out.path, contents: nil)
            FileManager.default.createTestFile(atPath: err.path, contents: nil)
            process = prefix.isEmpty
                ? CLI.process(executable, args, environment: environment)
                : CLI.process(URL(fileURLWithPath: prefix[0]), Array(prefix.dropFirst()) + [executable.path] + args, environment: environment)
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        /// Waits (at most `timeout` seconds) and returns the result; nil on timeout.
        func wait(timeout: Double = 120) -> CLIResult? {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            guard !process.isRunning else { return nil }
            defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
            return CLIResult(status: process.terminationStatus,
                             stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                             stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
        }

        var wasKilledBySignal: Bool { process.terminationReason == .uncaughtSignal }

        /// Waits until the import (started with `--progress`) reports having read at least
        /// `percent` of its input, and returns the percent it reported; nil when it ended
        /// first. The wait is bounded only so that a hung import fails the test.
        func waitForProgress(_ percent: Int, timeout: Double = 120) -> Int? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                let running = process.isRunning
                let text = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
                if let reached = Self.percents(text).first(where: { $0 >= percent }) { return reached }
                guard running else { return nil }
                usleep(1_000)
            }
            return nil
        }

        /// The percents of `import --progress` lines ("importing PATH: 42% (1.7 MB of 4.2 MB)").
        static func percents(_ stderr: String) -> [Int] {
            stderr.split(separator: "\n").compactMap { line in
                guard line.hasPrefix("importing "), let colon = line.range(of: ": ", options: .backwards),
                      let sign = line[colon.upperBound...].firstIndex(of: "%") else { return nil }
                return Int(line[colon.upperBound..<sign])
            }
        }
    }

    func rows(_ sql: String, in path: String? = nil) throws -> [[String]] {
        let database = try DatabaseOpener.open(path ?? db, mode: .read)
        return try database.rows(sql).map { $0.map(\.description) }
    }

    func integrity(_ path: String? = nil) throws -> [String] {
        try rows("PRAGMA integrity_check", in: path).map { $0[0] }
    }

    static let snapshotTables = ["graphs", "types", "node_rows", "subgraph_nodes", "edges", "subgraphs", "subgraph_children",
                                 "tree_items", "tree_item_values", "tree_item_nodes", "profile_events", "profile_marks"]
    static let traceTables = ["trace_event_rows", "trace_types", "trace_nodes", "trace_edges", "trace_subgraphs",
                              "trace_update_rows", "trace_writes", "trace_marks", "trace_indirect_sources"]

    /// A big trace: the sample trace's records `copies` times over (a valid trace: events
    /// number on, each copy adds its evaluations and writes).
    func writeTrace(_ name: String, copies: Int) throws -> String {
        let one = try Data(contentsOf: URL(fileURLWithPath: SampleTraces.trip))
        var all = Data(capacity: one.count * copies)
        for _ in 0..<copies { all.append(one) }
        let url = dir.appendingPathComponent(name)
        try all.write(to: url)
        return url.path
    }

    /// Rows that belong to no snapshot or run: what a half-done import would leave.
    func orphans() throws -> [String: String] {
        var found: [String: String] = [:]
        for table in Self.snapshotTables {
            let n = try rows("SELECT count(*) FROM \(table) WHERE snapshot_id NOT IN (SELECT id FROM snapshots)")[0][0]
            if n != "0" { found[table] = n }
        }
        for table in ["events", "frames"] {
            let n = try rows("SELECT count(*) FROM \(table) WHERE run_id NOT IN (SELECT id FROM runs)")[0][0]
            if n != "0" { found[table] = n }
        }
        for table in Self.traceTables {
            let n = try rows("SELECT count(*) FROM \(table) WHERE trace_id NOT IN (SELECT id FROM traces)")[0][0]
            if n != "0" { found[table] = n }
        }
        return found
    }

    /// Every row of every table, as text.
    func fingerprint(_ path: String? = nil) throws -> [String] {
        var out: [String] = []
        for table in ["snapshots", "runs", "events", "frames", "traces"] + Self.snapshotTables + Self.traceTables {
            out += try rows("SELECT * FROM \(table)", in: path).map { table + ":" + $0.joined(separator: "|") }
        }
        return out.sorted()
    }

    func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    // MARK: Concurrency

    func testParallelImportsIntoAFreshDatabaseAllSucceedWhileQueriesRun() throws {
        let paths = try (1...6).map { try writeArchive("job\($0).ag-json", nodes: 2000 + 100 * $0, seed: $0) }
        let imports = try paths.map { try Running(["import", "--db", db, $0]) }
        // Readers during the imports, once the file exists.
        var readers: [CLIResult] = []
        let deadline = Date().addingTimeInterval(60)
        while imports.contains(where: { $0.process.isRunning }) && Date() < deadline {
            if FileManager.default.fileExists(atPath: db) {
                let q = try Running(["query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM nodes"])
                let l = try Running(["list", "--db", db, "--format", "json"])
                readers += [q.wait(), l.wait()].compactMap { $0 }
            } else {
                usleep(5_000)
            }
        }
        for (i, job) in imports.enumerated() {
            let r = try XCTUnwrap(job.wait(), "import \(i) finished")
            XCTAssertEqual(r.status, 0, "import \(i): \(r.stderr)")
            XCTAssertTrue(r.stdout.hasPrefix("imported job\(i + 1) (archive)"), r.stdout)
        }
        XCTAssertGreaterThan(readers.count, 0, "some reads ran during the imports")
        for r in readers {
            XCTAssertEqual(r.status, 0, "a reader failed during the imports: \(r.stderr)")
        }
        XCTAssertEqual(try rows("SELECT label, (SELECT count(*) FROM node_rows n WHERE n.snapshot_id = s.id) FROM snapshots s ORDER BY label"),
                       (1...6).map { ["job\($0)", String(2000 + 100 * $0)] })
        XCTAssertEqual(try integrity(), ["ok"])
    }

    func testParallelImportsOfSameNamedFilesStoreOneAndRefuseTheOthers() throws {
        let paths = try (1...4).map { try writeArchive("d\($0)/window.ag-json", nodes: 500, seed: $0) }
        let jobs = try paths.map { try Running(["import", "--db", db, $0]) }
        let results = try jobs.map { try XCTUnwrap($0.wait()) }
        XCTAssertEqual(results.filter { $0.status == 0 }.count, 1, results.map(\.stderr).joined())
        for r in results where r.status != 0 {
            XCTAssertEqual(r.status, 1)
            XCTAssertTrue(r.stderr.contains("the label 'window' (from the file's name) is taken by snapshot 'window'"), r.stderr)
        }
        XCTAssertEqual(try rows("SELECT label FROM snapshots ORDER BY label").map { $0[0] }, ["window"])
        XCTAssertEqual(try integrity(), ["ok"])
    }

    func testParallelImportsOfTheSameBytesStoreThemOnce() throws {
        let path = try writeArchive("same.ag-json", nodes: 1500, seed: 9)
        let jobs = try (0..<5).map { _ in try Running(["import", "--db", db, path]) }
        let results = try jobs.map { try XCTUnwrap($0.wait()) }
        XCTAssertTrue(results.allSatisfy { $0.status == 0 }, results.map(\.stderr).joined())
        XCTAssertEqual(results.filter { $0.stdout.hasPrefix("imported same ") }.count, 1)
        XCTAssertEqual(results.filter { $0.stdout.contains("already stored as snapshot 'same'") }.count, 4)
        XCTAssertEqual(try rows("SELECT count(*) FROM snapshots"), [["1"]])
    }

    // MARK: Crash safety

    /// The points the kills below wait for: `import --progress` reports each percent it read,
    /// in order, to a stderr that is a file.
    func testProgressReportsEachPercentReadInOrder() throws {
        let path = try writeArchive("steps.ag-json", nodes: 30_000, seed: 4)
        let r = try CLI.run(["import", "--progress", "--db", db, path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let percents = Running.percents(r.stderr)
        XCTAssertGreaterThan(percents.count, 2, r.stderr)
        XCTAssertEqual(percents, percents.sorted(), r.stderr)
        XCTAssertEqual(Set(percents).count, percents.count, "one line per step")
        XCTAssertEqual(percents.last, 100, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("imported steps (archive): graphs 1, nodes 30000"), r.stdout)
    }

    func testAnImportKilledAtAnyMomentLeavesNoTraceAndCanBeRedone() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, CLI.samples + "/trip-1-before.ag-json"]).status, 0)
        let before = try fingerprint()
        let big = try writeArchive("big.ag-json", nodes: 100_000, seed: 3)
        // The kills land where the import reports having read this much of the file (its
        // first report, then further on), so they fall mid-import whether it takes 0.3 s or 3 s.
        var killedMidway = 0
        for percent in [0, 10, 30, 60, 85] {
            let (job, reported) = try importKilled(at: percent, [big])
            let at = "after a kill at \(reported.map { "\($0)%" } ?? "the end") read"
            XCTAssertNotNil(reported, "the import reported \(percent)% read before it ended")
            XCTAssertEqual(try integrity(), ["ok"], at)
            XCTAssertEqual(try orphans(), [:], at)
            if job.wasKilledBySignal, try rows("SELECT count(*) FROM snapshots WHERE label = 'big'") == [["0"]] {
                killedMidway += 1
                XCTAssertEqual(try fingerprint(), before, "\(at) nothing of the import is left")
            } else {
                // It finished before the kill, or committed and was killed while folding the
                // log back (after its commit): whole, then. Undo it for the next round.
                if job.wasKilledBySignal {
                    XCTAssertEqual(try rows("SELECT sum(node_count) FROM graphs g JOIN snapshots s ON s.id = g.snapshot_id WHERE s.label = 'big'"),
                                   [["100000"]], "a kill after the commit leaves the whole import")
                }
                XCTAssertEqual(try CLI.run(["delete", "--db", db, "big"]).status, 0)
                XCTAssertEqual(try fingerprint(), before)
            }
        }
        XCTAssertGreaterThanOrEqual(killedMidway, 4, "the import was killed midway \(killedMidway) times of 5")
        let again = try CLI.run(["import", "--db", db, big])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.hasPrefix("imported big (archive): graphs 1, nodes 100000, edges 200000"), again.stdout)
        XCTAssertEqual(try integrity(), ["ok"])
    }

    func testATraceImportKilledMidwayLeavesNothingAndParallelTraceImportsSucceed() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, SampleTraces.trip]).status, 0)
        let before = try fingerprint()
        let big = try writeTrace("big.ag-trace", copies: 4000)
        var killedMidway = 0
        for percent in [20, 50, 80] {
            let (job, reported) = try importKilled(at: percent, [big])
            XCTAssertNotNil(reported, "the import reported \(percent)% read before it ended")
            XCTAssertEqual(try integrity(), ["ok"])
            XCTAssertEqual(try orphans(), [:])
            if job.wasKilledBySignal, try rows("SELECT count(*) FROM traces WHERE label = 'big'") == [["0"]] {
                killedMidway += 1
                XCTAssertEqual(try fingerprint(), before, "nothing of the killed trace import is left")
            } else {
                // Finished, or killed after its commit (whole, then): undo it.
                XCTAssertEqual(try CLI.run(["delete", "--db", db, "big"]).status, 0)
            }
        }
        XCTAssertGreaterThanOrEqual(killedMidway, 2, "the import was killed midway \(killedMidway) times of 3")
        // Three traces (different bytes) imported at once into the same database, with a query beside them.
        let paths = try (1...3).map { try writeTrace("job\($0).ag-trace", copies: 50 * $0) }
        let jobs = try paths.map { try Running(["import", "--db", db, $0]) } + [try Running(["list", "--db", db])]
        let results = try jobs.map { try XCTUnwrap($0.wait()) }
        XCTAssertTrue(results.allSatisfy { $0.status == 0 }, results.map(\.stderr).joined())
        XCTAssertEqual(try rows("SELECT label, event_count FROM traces ORDER BY label"),
                       [["job1", "3250"], ["job2", "6500"], ["job3", "9750"], ["trip-taps", "65"]])
        XCTAssertEqual(try integrity(), ["ok"])
    }

    func testAReplaceKilledHalfWayKeepsTheOldSnapshot() throws {
        let small = try writeArchive("v1.ag-json", nodes: 300, seed: 1)
        XCTAssertEqual(try CLI.run(["import", "--db", db, "--label", "window", small]).status, 0)
        let before = try fingerprint()
        let big = try writeArchive("v2.ag-json", nodes: 40_000, seed: 2)
        let (job, reported) = try importKilled(at: 50, ["--replace", "--label", "window", big])
        XCTAssertNotNil(reported, "the import reported half its file read before it ended")
        XCTAssertTrue(job.wasKilledBySignal, "killed before it finished")
        XCTAssertEqual(try fingerprint(), before, "the old 'window' is intact")
        XCTAssertEqual(try integrity(), ["ok"])
        let redo = try CLI.run(["import", "--db", db, "--replace", "--label", "window", big])
        XCTAssertTrue(redo.stdout.hasPrefix("replaced window (archive): graphs 1, nodes 40000"), redo.stdout + redo.stderr)
        XCTAssertEqual(try rows("SELECT count(*) FROM snapshots"), [["1"]])
    }

    // MARK: query

    func testCtrlCInterruptsALongQueryWithStatus130() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, CLI.samples + "/trip-1-before.ag-json"]).status, 0)
        let before = try fingerprint()
        let job = try Running(["query", "--db", db,
                               "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT count(*) FROM c"])
        usleep(1_000_000)
        XCTAssertTrue(job.process.isRunning, "the query is still running")
        let sent = Date()
        job.process.interrupt()
        let r = try XCTUnwrap(job.wait(timeout: 10), "stopped after Ctrl-C")
        XCTAssertLessThan(Date().timeIntervalSince(sent), 5, "promptly")
        XCTAssertEqual(r.status, 130, r.stderr)
        XCTAssertFalse(job.wasKilledBySignal, "it handled the signal and exited")
        XCTAssertTrue(r.stderr.contains("agtrace query: interrupted (Ctrl-C)"), r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "one line, no stack: \(r.stderr)")
        XCTAssertEqual(try fingerprint(), before)
        XCTAssertEqual(try integrity(), ["ok"])
    }

    func testQueryRefusesEveryKindOfWriteAndLeavesTheFilesAlone() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, CLI.samples]).status, 0)
        let before = try fingerprint()
        let other = dir.appendingPathComponent("other.db").path
        let files = [db, db + "-wal"].map(fileBytes)
        let statements = [
            "INSERT INTO snapshots(label) VALUES ('x')", "UPDATE node_rows SET flags = 0", "DELETE FROM edges",
            "DROP TABLE edges", "DROP VIEW nodes", "CREATE TABLE t(a)", "CREATE TEMP TABLE t(a)", "CREATE INDEX i ON edges(flags)",
            "ALTER TABLE imports ADD COLUMN x", "ALTER TABLE imports RENAME TO s2", "REINDEX", "ANALYZE", "VACUUM",
            "VACUUM INTO '\(other)'", "ATTACH DATABASE '\(other)' AS o", "DETACH main",
            "PRAGMA user_version = 99", "PRAGMA application_id = 1", "PRAGMA journal_mode = DELETE", "PRAGMA wal_checkpoint(TRUNCATE)",
            "PRAGMA writable_schema = ON", "PRAGMA query_only = 0", "PRAGMA optimize", "PRAGMA incremental_vacuum",
            "INSERT INTO snapshots(label) VALUES ('x') RETURNING id", "WITH x AS (SELECT 1) DELETE FROM runs",
            "UPDATE sqlite_master SET sql = ''", "SELECT load_extension('/tmp/none.so')",
            "SELECT 1; DELETE FROM edges", "SELECT count(*) FROM nodes; DROP TABLE edges",
        ]
        // Apple's SQLite is built without load_extension (SQLITE_OMIT_LOAD_EXTENSION): there the
        // call names no function at all rather than a refused one.
        let noExtensions = sqlite3_compileoption_used("OMIT_LOAD_EXTENSION") != 0
        for sql in statements {
            let r = try CLI.run(["query", "--db", db, sql])
            XCTAssertEqual(r.status, 1, "\(sql): \(r.stdout)")
            let refusals = noExtensions && sql.contains("load_extension") ? ["no such function: load_extension"]
                : ["read-only", "not authorized", "may not be modified", "only one statement"]
            XCTAssertTrue(refusals.contains { r.stderr.contains($0) }, "\(sql): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("agtrace query: error: "), r.stderr)
        }
        XCTAssertEqual([db, db + "-wal"].map(fileBytes), files, "the database files are byte-for-byte the same")
        XCTAssertFalse(FileManager.default.fileExists(atPath: other), "nothing was created through VACUUM INTO or ATTACH")
        XCTAssertEqual(try fingerprint(), before)
        // Reading stays possible, pragmas that only read included.
        for sql in ["PRAGMA integrity_check", "PRAGMA table_info(nodes)", "SELECT name FROM pragma_table_info('edges')",
                    "PRAGMA user_version", "SELECT 1;  -- a trailing comment"] {
            let r = try CLI.run(["query", "--db", db, sql])
            XCTAssertEqual(r.status, 0, "\(sql): \(r.stderr)")
        }
        let missing = try CLI.run(["query", "--db", db, "SELECT * FROM no_such_table"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no such table: no_such_table"), missing.stderr)
    }

    // MARK: Files that are not agtrace databases

    func testEveryCommandRefusesWhatIsNotAnAgtraceDatabaseAndLeavesItUntouched() throws {
        var cases: [(name: String, expect: String)] = []
        // SQLite of another application.
        let foreign = dir.appendingPathComponent("foreign.db").path
        try Self.sqlite(foreign, "CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers(name) VALUES ('a');")
        cases.append(("foreign.db", "not an agtrace database"))
        // A newer agtrace's.
        let newer = dir.appendingPathComponent("newer.db").path
        XCTAssertEqual(try CLI.run(["import", "--db", newer, CLI.samples + "/trip-1-before.ag-json"]).status, 0)
        try Self.sqlite(newer, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE; PRAGMA user_version = 999;")
        cases.append(("newer.db", "written by a newer agtrace (schema version 999"))
        // SQLite's header, then garbage.
        var corrupt = Data("SQLite format 3\0".utf8)
        corrupt.append(Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) }))
        try corrupt.write(to: dir.appendingPathComponent("corrupt.db"))
        cases.append(("corrupt.db", "not a usable SQLite database"))
        // Not SQLite at all.
        try Data("name,count\nText,3\n".utf8).write(to: dir.appendingPathComponent("notes.csv"))
        cases.append(("notes.csv", "not a SQLite database"))
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 * 31) }).write(to: dir.appendingPathComponent("random.bin"))
        cases.append(("random.bin", "not a SQLite database"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder"), withIntermediateDirectories: true)
        cases.append(("folder", "is a directory"))

        for (name, expect) in cases {
            let path = dir.appendingPathComponent(name).path
            let bytes = fileBytes(path)
            let siblings = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            for args in [["import", CLI.samples + "/trip-3-after-invalidate.ag-json"], ["query", "SELECT 1"], ["list"]] {
                let r = try CLI.run(args + ["--db", path])
                XCTAssertEqual(r.status, 1, "\(name) \(args[0]): \(r.stdout)")
                XCTAssertTrue(r.stderr.contains(expect), "\(name) \(args[0]): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains(path), "\(name): the message names the file: \(r.stderr)")
                XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "\(name): one line: \(r.stderr)")
            }
            XCTAssertEqual(fileBytes(path), bytes, "\(name) is byte-for-byte untouched")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), siblings,
                           "\(name): no -wal, -shm or -journal file was created beside it")
        }
    }

    /// Runs SQL through the sqlite3 C API with no agtrace checks (to build foreign files).
    static func sqlite(_ path: String, _ sql: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open(path, &handle) == SQLITE_OK, let handle else { throw CocoaError(.fileReadUnknown) }
        defer { sqlite3_close(handle) }
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "?"
            sqlite3_free(message)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: text])
        }
    }

    // MARK: Disk full, read-only

    func testAFullDiskIsAClearErrorAndTheDatabaseIsUnchanged() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, CLI.samples + "/trip-1-before.ag-json"]).status, 0)
        let before = try fingerprint()
        let pages = try XCTUnwrap(Int(rows("PRAGMA page_count")[0][0]))
        let big = try writeArchive("big.ag-json", nodes: 5000, seed: 4)
        let r = try CLI.run(["import", "--db", db, big], environment: ["AGTRACE_MAX_PAGE_COUNT": String(pages + 10)])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("big.ag-json") || r.stderr.contains(db), r.stderr)
        XCTAssertTrue(r.stderr.contains("the disk is full"), r.stderr)
        XCTAssertTrue(r.stderr.contains("nothing from this import was kept"), r.stderr)
        XCTAssertEqual(try fingerprint(), before)
        XCTAssertEqual(try integrity(), ["ok"])
        // With room again, the same import works.
        XCTAssertEqual(try CLI.run(["import", "--db", db, big]).status, 0)
    }

    func testAReadOnlyDatabaseIsAClearErrorAndUnchanged() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, CLI.samples + "/trip-1-before.ag-json"]).status, 0)
        let before = try fingerprint()
        // After the fingerprint's read: a first import leaves no log beside the file (nothing
        // was ever written to one), and a reader makes an empty one.
        let files = [db, db + "-wal"].map(fileBytes)
        // The input beside the database: 'nobody' may not enter the checkout (a clone under a
        // 0700 directory, as `mktemp -d` makes), and the test is about the database.
        let input = dir.appendingPathComponent("planner-profiled.ag-json").path
        try FileManager.default.copyItem(atPath: CLI.samples + "/planner-profiled.ag-json", toPath: input)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: input)
        // Root writes anywhere whatever the permissions: run agtrace as 'nobody' then.
        var prefix: [String] = []
        if geteuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                throw XCTSkip("running as root without setpriv: cannot make the database read-only for agtrace")
            }
            prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
            for f in [db, db + "-wal", db + "-shm"] where FileManager.default.fileExists(atPath: f) {
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: f)
            }
        } else {
            for f in [db, db + "-wal", db + "-shm"] where FileManager.default.fileExists(atPath: f) {
                try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: f)
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: dir.path)
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path) }
        let job = try Running(["import", "--db", db, input], prefix: prefix)
        let r = try XCTUnwrap(job.wait())
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stderr.contains("read-only"), r.stderr)
        XCTAssertTrue(r.stderr.contains("nothing was changed"), r.stderr)
        XCTAssertEqual([db, db + "-wal"].map(fileBytes), files)
        let query = try XCTUnwrap(Running(["query", "--db", db, "--format", "csv", "SELECT label FROM snapshots"], prefix: prefix).wait())
        XCTAssertEqual(query.status, 0, "reading still works: \(query.stderr)")
        XCTAssertEqual(query.stdout, "label\ntrip-1-before\n")
        XCTAssertEqual(try fingerprint(), before)
    }

    /// A file's name and bytes reach the terminal in messages too: `imported LABEL`, the error
    /// that quotes a bad escape or key. None may carry a raw control sequence.
    func testMessagesQuotingTheInputCarryNoControlSequences() throws {
        let evil = "evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}1m\u{202E}"
        let good = dir.appendingPathComponent(evil + ".ag-json")
        try Data(#"{"graphs":[]}"#.utf8).write(to: good)
        let bad = dir.appendingPathComponent("bad-" + evil + ".ag-json")
        try Data(("{\"graphs\":[{\"types\":[{\"name\":\"x\\" + "\u{1B}" + "[31m\"}]}]}").utf8).write(to: bad)
        let dupe = dir.appendingPathComponent("dupe.ag-json")
        try Data(("{\"graphs\":[{\"k\u{1B}[2J\":1,\"k\u{1B}[2J\":2}]}").utf8).write(to: dupe)
        var outputs: [String] = []
        for path in [good, bad, dupe] {
            let r = try CLI.run(["import", "--db", db, path.path])
            outputs += [r.stdout, r.stderr]
        }
        let del = try CLI.run(["delete", "--db", db, Labels.defaultLabel(for: good.path)])
        outputs += [del.stdout, del.stderr]
        let joined = outputs.joined()
        XCTAssertTrue(joined.contains("imported evil\\u{1b}]0;pwned\\u{7}\\u{1b}[2J\\u{9b}1m\\u{202e}"), joined)
        XCTAssertTrue(joined.contains("invalid escape"), joined)
        XCTAssertFalse(joined.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}") },
                       "raw control characters reached the terminal: \(joined.debugDescription)")
    }

    // MARK: Memory

    /// Runs the binary and returns its exit status and peak resident memory in MB: the kernel's
    /// high-water mark of its own address space (Linux's VmHWM), read until it exits. (rusage's
    /// ru_maxrss would include the memory of this test process, which spawned it.)
    func peakMemory(_ args: [String]) throws -> (status: Int32, megabytes: Double) {
        let job = try Running(args)
        var peak = 0
        while job.process.isRunning {
            if let highWater = Platform.highWaterBytes(of: job.process.processIdentifier) {
                peak = max(peak, highWater)
            }
            usleep(2_000)
        }
        let result = try XCTUnwrap(job.wait())
        return (result.status, Double(peak) / 1_048_576)
    }

    /// Hostile shapes that make a reader hold memory: repeated references, distinct forward
    /// references, one huge string, many edges held until their nodes arrive. Memory may grow
    /// with what must be kept (distinct references, edges, the longest token), never with
    /// repetition, and never beyond a few times the file's size.
    func testMemoryStaysInProportionToTheInput() throws {
        guard Platform.highWaterBytes(of: getpid()) != nil else {
            throw XCTSkip("needs a running process's own peak memory, which only Linux's /proc tells")
        }
        let size = 3_000_000
        let repeated = String(repeating: "1,", count: size / 2) + "1"
        let distinct = (1...(size / 8)).map(String.init).joined(separator: ",")
        let inputs: [(name: String, json: String, repeats: Bool)] = [
            ("links", #"{"graphs":[{"subgraphs":[{"id":1},{"id":2,"children":[\#(repeated)]}]}]}"#, true),
            ("members", #"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0},{"id":8,"type":0}],"subgraphs":[{"nodes":[\#(repeated)]}]}]}"#, true),
            ("tree-children", #"{"graphs":[{"trees":[{"children":[\#(repeated)]},{}]}]}"#, true),
            ("skipped", #"{"graphs":[],"unknown":[\#(repeated)]}"#, true),
            ("distinct-links", #"{"graphs":[{"subgraphs":[{"id":1},{"id":2,"children":[\#(distinct)]}]}]}"#, false),
            ("forward-trees", #"{"graphs":[{"trees":[{"children":[\#(distinct)]}]}]}"#, false),
            ("string", #"{"graphs":[{"types":[{"name":"\#(String(repeating: "a", count: size))"}]}]}"#, false),
            ("edges", #"{"graphs":[{"edges":[\#(String(repeating: #"{"src":0,"dst":1},"#, count: size / 18)){"src":1,"dst":0}],"#
                + #""nodes":[{"id":4,"type":0},{"id":8,"type":0}],"types":[{}]}]}"#, false),
        ]
        let baseline = try peakMemory(["import", "--db", dir.appendingPathComponent("base.db").path, CLI.samples + "/trip-1-before.ag-json"])
        XCTAssertEqual(baseline.status, 0)
        var report: [String] = []
        for input in inputs {
            let path = dir.appendingPathComponent(input.name + ".json")
            try Data(input.json.utf8).write(to: path)
            let megabytes = Double(input.json.utf8.count) / 1_048_576
            let run = try peakMemory(["import", "--db", dir.appendingPathComponent(input.name + ".db").path, path.path])
            let growth = run.megabytes - baseline.megabytes
            report.append(String(format: "%@: %.1f MB in, +%.1f MB (exit %d)", input.name, megabytes, growth, run.status))
            // SQLite's page cache (16 MB for an import) comes on top of what the reader holds.
            let allowed = input.repeats ? 24 : 24 + 6 * megabytes
            XCTAssertLessThan(growth, allowed, "\(input.name): \(report.last!)")
        }
        print("peak memory above a small import (\(String(format: "%.1f", baseline.megabytes)) MB): " + report.joined(separator: "; "))
    }

    // MARK: Output

    /// Labels, type names and descriptions from the files are data in every format.
    func testHostileNamesSurviveEveryOutputFormat() throws {
        let nasty = "Evil<T, \"U\">|x,y\n\u{1B}[31m\u{9B}\r\n'--\t\u{202E}"
        let archive = Self.archive(nodes: 3, seed: 1, typeName: nasty)
        let path = dir.appendingPathComponent("nasty.ag-json")
        try archive.write(to: path)
        XCTAssertEqual(try CLI.run(["import", "--db", db, "--label", nasty, path.path]).status, 0)
        let sql = "SELECT s.label, r.rule, r.description FROM node_rules r JOIN snapshots s ON s.id = r.snapshot_id ORDER BY r.attribute"
        let json = try CLI.run(["query", "--db", db, "--format", "json", sql])
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.count, 3)
        XCTAssertEqual(objects[0]["label"] as? String, nasty)
        XCTAssertEqual(objects[0]["rule"] as? String, "\(nasty)0<Seed1>")
        let list = try CLI.run(["list", "--db", db, "--format", "json"])
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])?.first?["label"] as? String, nasty)

        let csv = try CLI.run(["query", "--db", db, "--format", "csv", sql])
        let records = try XCTUnwrap(CSV.parse(csv.stdout))
        XCTAssertEqual(records.count, 4)
        // CSV shows control characters other than tab, LF and CR as \u{…} (docs/robustness.md).
        let csvNasty = "Evil<T, \"U\">|x,y\n\\u{1b}[31m\\u{9b}\r\n'--\t\\u{202e}"
        XCTAssertEqual(records[1][0], csvNasty)
        XCTAssertEqual(records[1][1], "\(csvNasty)0<Seed1>")

        let dot = try CLI.run(["export", "dot", "--db", db, "--snapshot", nasty])
        XCTAssertEqual(dot.status, 0, dot.stderr)
        XCTAssertTrue(dot.stdout.contains("\ndigraph "), dot.stdout)
        XCTAssertFalse(dot.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\r" }, "DOT holds no raw control characters")
        var inString = false, escaped = false, depth = 0
        for c in dot.stdout.unicodeScalars {
            if inString {
                XCTAssertNotEqual(c, "\n", "a quoted DOT string spans lines")
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c == "\"" { inString = true } else if c == "{" { depth += 1 } else if c == "}" { depth -= 1 }
        }
        XCTAssertFalse(inString, "every DOT string ends")
        XCTAssertEqual(depth, 0, "braces balance")

        for format in ["table", "markdown"] {
            let r = try CLI.run(["query", "--db", db, "--format", format, sql])
            let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            XCTAssertEqual(lines.count, 5, "\(format): header, rule and one line per row:\n\(r.stdout)")
            XCTAssertFalse(r.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\r" || $0 == "\u{202E}" },
                           "\(format) holds no raw control characters")
        }
    }
}

/// A strict RFC 4180 reader (quoted fields with "" for a quote; LF or CRLF between records).
enum CSV {
    static func parse(_ text: String) -> [[String]]? {
        var records: [[String]] = [], record: [String] = [], field = String.UnicodeScalarView()
        var inQuotes = false, quoted = false
        let s = Array(text.unicodeScalars)
        var i = 0
        while i < s.count {
            let c = s[i]
            if inQuotes {
                if c == "\"" {
                    if i + 1 < s.count && s[i + 1] == "\"" { field.append("\""); i += 1 } else { inQuotes = false }
                } else { field.append(c) }
            } else if c == "\"" {
                guard field.isEmpty, !quoted else { return nil }
                inQuotes = true; quoted = true
            } else if c == "," {
                record.append(String(field)); field = .init(); quoted = false
            } else if c == "\n" || (c == "\r" && i + 1 < s.count && s[i + 1] == "\n") {
                if c == "\r" { i += 1 }
                record.append(String(field)); field = .init(); quoted = false
                records.append(record); record = []
            } else {
                guard !quoted else { return nil }
                field.append(c)
            }
            i += 1
        }
        if inQuotes { return nil }
        if !field.isEmpty || !record.isEmpty { record.append(String(field)); records.append(record) }
        return records
    }
}
