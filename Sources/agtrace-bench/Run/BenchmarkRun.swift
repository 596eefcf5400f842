import Foundation

/// `run`: inputs, then the comparisons of Benchmarks/README.md (rows 1-7 of issue #16, gzip
/// and the trace rows), each printed as soon as it is known, then the Markdown table. A
/// contender that is missing or fails is reported as such and the run goes on.

/// Result of counting an import's rows; a wrong count turns its measurement into a FAIL.
struct RowCheck {
    var ok: Bool
    var note: String

    func apply(to row: ResultRow) -> ResultRow {
        var row = row
        if !note.isEmpty { row.note = row.note.isEmpty ? note : row.note + "; " + note }
        if !ok { row.verdict = .fail }
        return row
    }
}

struct BenchmarkRun {
    let options: RunOptions

    func run() throws {
        let machine = MachineInfo.current()
        log("machine: \(machine.summary)")
        let sizes = options.quick ? InputSizes.quick : InputSizes.full
        let pairs = options.pairs ?? (options.quick ? 1 : 5)
        // The scaling series' 3M-node import alone takes ~15 s: at most 3 rounds of it.
        let scalingRounds = min(pairs, 3)
        if options.only == ["sweep"] {
            // The sweep makes its own inputs: the benchmark's (1 GB) are not needed.
            try sweepOnly(machine: machine, pairs: pairs)
            return
        }
        let inputs = try BenchInputs.prepare(sizes: sizes, directory: options.work + "/inputs",
                                             regenerate: options.regenerate, log: log)
        let contenders = try Contenders(options: options)
        let db = contenders.dbDirectory
        let mode = "median of \(pairs) alternating round\(pairs == 1 ? "" : "s") per comparison (row 4: \(scalingRounds))"
        var report = ResultsReport(machine: machine,
                                   mode: options.quick ? "quick (small inputs: a smoke test, not comparable), \(mode)" : "full, \(mode)",
                                   agtrace: contenders.agtraceDetail + (SourceRevision.describe().map { " (revision \($0))" } ?? ""))
        if contenders.agtrace == nil { log(contenders.agtraceDetail + "; measuring the baselines only") }
        report.inputs = inputs.all
        func add(_ row: ResultRow) {
            report.rows.append(row)
            // Unbuffered, so results and progress lines interleave in order.
            FileHandle.standardOutput.write((ResultsReport.consoleLine(row) + "\n").data(using: .utf8)!)
        }
        let small = "\(sizes.archiveNodes / 1000)k"
        let big = "\(sizes.bigNodes / 1000)k"

        // Rows 1 and 2 on the three archive shapes: each round runs agtrace, python_import.py,
        // the floor and the lean script (python_import_lean.py, reported beside row 1) on one
        // file; on the benchmark archive also the gzip import (row 8) and the re-import into a
        // database that already holds the file (row 7).
        let reimportDB = db + "/reimport.db"
        var plainImport: Outcome = .unavailable("not measured")
        var extra: [Outcome] = []
        if options.runs("1") {
            contenders.warm([inputs.archive.path, inputs.treeArchive.path, inputs.flatArchive.path, inputs.archiveGzip.path])
            Contenders.removeDatabase(reimportDB)
            let reimportSetup = contenders.once(contenders.agtraceJob("agtrace-import-for-reimport", ["import", "--db", reimportDB, inputs.archive.path]))
            var rows1: [ResultRow] = [], rows2: [ResultRow] = []
            for (letter, shape, input) in [("a", "benchmark", inputs.archive), ("b", "tree-heavy", inputs.treeArchive),
                                         ("c", "flat-tree", inputs.flatArchive)] {
                log("1\(letter)/2\(letter). the \(small)-node \(shape) archive: agtrace, python, floor\(letter == "a" ? ", gzip, re-import" : ""), \(pairs) rounds")
                let fresh = db + "/import-\(shape).db"
                var jobs = [
                    contenders.freshImport("agtrace-import-\(shape)", input.path, db: fresh),
                    contenders.pythonJob("python-import-\(shape)", script: "python_import.py", ["--db", db + "/python.db", input.path],
                                         freshDatabase: db + "/python.db"),
                    contenders.floorJob("floor-\(shape)", ["--archive", input.path]),
                    contenders.pythonJob("python-import-lean-\(shape)", script: "python_import_lean.py", ["--db", db + "/lean.db", input.path],
                                         freshDatabase: db + "/lean.db"),
                ]
                if letter == "a" {
                    jobs.append(contenders.freshImport("agtrace-import-gzip", inputs.archiveGzip.path, db: db + "/gzip.db"))
                    jobs.append(reimportSetup.result == nil ? .unavailable("the first import failed: \(reimportSetup.text)")
                                : contenders.agtraceJob("agtrace-reimport", ["import", "--db", reimportDB, inputs.archive.path]))
                }
                let outcomes = contenders.rounds(jobs, count: pairs)
                let check = checkRows(outcomes[0], fresh, expected: input.manifest)
                let what = "import \(small)-node \(shape) archive (\(ByteSize.format(input.fileBytes)))"
                rows1.append(check.apply(to: .ratio(id: "1\(letter)", "\(what) vs python_import.py", subject: outcomes[0],
                                                    baseline: outcomes[1], baselineName: "python", limit: 0.25,
                                                    note: leanNote(outcomes[0], lean: outcomes[3]))))
                rows2.append(check.apply(to: .ratio(id: "2\(letter)", "\(what) vs SQLite floor", subject: outcomes[0],
                                                    baseline: outcomes[2], baselineName: "floor (inserts only)", limit: 1.25,
                                                    note: floorRowsNote(outcomes[2]))))
                if letter == "a" {
                    plainImport = outcomes[0]
                    extra = Array(outcomes[4...])
                }
            }
            (rows1 + rows2).forEach(add)
        }

        if options.runs("3") {
            // 3. The archive reader alone against a C scan of the same bytes.
            log("3. reading the \(small)-node archive without storing: agtrace's reader, C byte scan, \(pairs) rounds")
            let readRound = contenders.rounds([contenders.benchJob("read-archive", ["read-archive", inputs.archive.path]),
                                               contenders.byteScanJob(inputs.archive.path)], count: pairs)
            add(readerRow(reader: readRound[0], scan: readRound[1], input: inputs.archive))
        }

        if options.runs("4") {
            // 4. Cost growth: plain imports of growing archives, sizes taking turns.
            log("4. scaling: importing \(inputs.scaling.map { "\($0.items / 1000)k" }.joined(separator: ", ")) nodes, \(scalingRounds) rounds")
            contenders.warm(inputs.scaling.map(\.path))
            let scaleDBs = inputs.scaling.map { db + "/scale-\($0.items / 1000)k.db" }
            let scaled = contenders.rounds(zip(inputs.scaling, scaleDBs).map { input, path in
                contenders.freshImport("agtrace-import-\(input.items / 1000)k", input.path, db: path)
            }, count: scalingRounds)
            scalingRows(scaled, inputs: inputs.scaling, databases: scaleDBs).forEach(add)
        }

        if options.runs("5") {
            // 5. Transcript import against a plain regex pass counting the hits.
            //    Beside it, the floor of the transcript's rows against the same Python: the least
            //    that storing them takes, which bounds what the import can reach.
            log("5. the \(ByteSize.format(inputs.transcript.fileBytes)) transcript: agtrace, python, floor, \(pairs) rounds")
            let transcriptRound = contenders.importAgainstPythonAndFloor("transcript", inputs.transcript.path, python: "python-count-hits",
                                                                         script: "python_count_hits.py", count: pairs)
            add(.ratio(id: "5", "import \(ByteSize.format(inputs.transcript.fileBytes)) lldb transcript vs python_count_hits.py",
                       subject: transcriptRound[0], baseline: transcriptRound[1], baselineName: "python", limit: 0.15,
                       note: [hitCheck(transcriptRound[1], expected: inputs.transcript.items),
                              floorNote(transcriptRound[2], python: transcriptRound[1])].filter { !$0.isEmpty }.joined(separator: "; ")))
        }

        if options.runs("6") {
            // 6. Every report, walk, diff and export on two big snapshots against importing one:
            //    each round imports A into a fresh database, then runs every command once.
            log("6. importing the \(big)-node gzip archives A and B into one database (setup, not timed)")
            contenders.warm([inputs.bigA.path, inputs.bigB.path])
            let two = db + "/two-snapshots.db"
            Contenders.removeDatabase(two)
            let setupA = contenders.once(contenders.agtraceJob("agtrace-import-A", ["import", "--db", two, "--label", "A", inputs.bigA.path]))
            let setupB: Outcome = setupA.result == nil ? .unavailable("snapshot A was not imported: \(setupA.text)")
                : contenders.once(contenders.agtraceJob("agtrace-import-B", ["import", "--db", two, "--label", "B", inputs.bigB.path]))
            let setupCheck = checkRows(setupA, two, expected: inputs.bigA.manifest, snapshot: "A")
            log("   A: \(setupA.text), B: \(setupB.text); \(setupCheck.note)")
            let values = ["db": two, "A": "A", "B": "B",
                          "SIGNAL": "\(Int(inputs.bigA.manifest["signal_attribute"] ?? 0))",
                          "HUB": "\(Int(inputs.bigA.manifest["hub_attribute"] ?? 0))"]
            let ready = setupB.result != nil && setupCheck.ok
            log("6. every report on the two-snapshot database, with a fresh import of A in each round, \(pairs) rounds")
            let one = db + "/one-snapshot.db"
            let reportRound = contenders.rounds(
                [contenders.freshImport("agtrace-import-A-fresh", inputs.bigA.path, db: one, snapshot: "A")]
                + ReportCommand.all.map { command in
                    ready ? contenders.agtraceJob(command.name, command.resolved(values))
                        : .unavailable(setupB.result == nil ? "snapshots not imported" : "snapshot A lost rows")
                }, count: pairs)
            for (i, command) in ReportCommand.all.enumerated() {
                add(.ratio(id: "6.\(i + 1)", "\(command.name) (\(big) + \(big) nodes)", subject: reportRound[i + 1],
                           baseline: reportRound[0], baselineName: "import of A", limit: 0.5,
                           note: "`agtrace \(command.resolved(values).joined(separator: " ").replacingOccurrences(of: two, with: "DB"))`"))
            }
        }

        if options.runs("1") {
            // 7. Importing a file the database already holds must be answered without parsing it.
            log("7. re-importing the \(small)-node archive into the database that holds it (measured with 1a)")
            add(checkReimport(extra.count > 1 ? extra[1] : .unavailable("not measured"), reimportDB, expected: inputs.archive.manifest)
                .apply(to: .ratio(id: "7", "re-import the \(small)-node archive (`agtrace import --db DB FILE` again) vs a fresh import",
                                  subject: extra.count > 1 ? extra[1] : .unavailable("not measured"), baseline: plainImport,
                                  baselineName: "fresh import", limit: 0.1)))

            // 8. gzip must cost little over plain (inflate is cheap next to parsing and inserting).
            log("8. the same archive gzip-compressed (measured with 1a)")
            let gzip = extra.first ?? .unavailable("not measured")
            add(checkRows(gzip, db + "/gzip.db", expected: inputs.archiveGzip.manifest)
                .apply(to: .ratio(id: "8", "import gzip vs plain (same \(small) archive)", subject: gzip, baseline: plainImport,
                                  baselineName: "plain", limit: 1.3)))
        }

        if options.runs("9") {
            // 9. Trace import: against the floor of its event rows, a Python walk of the wire format
            //    that stores nothing, and in memory.
            log("9. the \(ByteSize.format(inputs.trace.fileBytes)) trace (\(inputs.trace.items) events): agtrace, python, floor, \(pairs) rounds")
            let traceRound = contenders.importAgainstPythonAndFloor("trace", inputs.trace.path, python: "python-trace-walk",
                                                                    script: "python_trace_walk.py", count: pairs)
            let trace = traceRound[0]
            let traceRows = checkTraceRows(trace, db + "/trace.db", events: inputs.trace.items,
                                           evaluations: Int(inputs.trace.manifest["evaluations"] ?? -1))
            let traceSize = ByteSize.format(inputs.trace.fileBytes)
            add(traceRows.apply(to: .ratio(id: "9a", "import \(traceSize) trace vs SQLite floor (its event rows)",
                                           subject: trace, baseline: traceRound[2], baselineName: "floor (inserts only)", limit: 1.5)))
            add(.ratio(id: "9b", "import \(traceSize) trace vs python_trace_walk.py (stores nothing)",
                       subject: trace, baseline: traceRound[1], baselineName: "python", limit: 0.33))
            add(.peakRSS(id: "9c", "peak RSS importing the \(traceSize) trace", of: trace, limitMB: 64))
        }

        if options.runs("10") {
            // 10. An Instruments export (swiftui-updates rows with id/ref, 1 GB in the full run):
            //     against a Python iterparse reader that stores nothing, its peak memory, its MB/s.
            let xctraceSize = ByteSize.format(inputs.xctrace.fileBytes)
            log("10. the \(xctraceSize) xctrace export (\(inputs.xctrace.items) rows): agtrace, python iterparse, \(pairs) rounds")
            contenders.warm([inputs.xctrace.path])
            let xctraceRound = contenders.rounds([
                contenders.freshImport("agtrace-import-xctrace", inputs.xctrace.path, db: db + "/xctrace.db"),
                contenders.pythonJob("python-xctrace-iterparse", script: "python_xctrace_iterparse.py", [inputs.xctrace.path]),
            ], count: pairs)
            var xctraceRow = ResultRow.ratio(id: "10a", "import \(xctraceSize) xctrace export vs python_xctrace_iterparse.py (stores nothing)",
                                             subject: xctraceRound[0], baseline: xctraceRound[1], baselineName: "python", limit: 0.5)
            if case .measured(let runs) = xctraceRound[0] {
                let seconds = Stats.median(runs.map(\.seconds))
                xctraceRow.addNote(Format.throughput(bytes: inputs.xctrace.fileBytes, seconds: seconds) + " (target ≥ 100 MB/s)")
                if Double(inputs.xctrace.fileBytes) / seconds < 100e6 { xctraceRow.verdict = .fail }
            }
            add(xctraceRow)
            add(.peakRSS(id: "10b", "peak RSS importing the \(xctraceSize) xctrace export", of: xctraceRound[0], limitMB: 100))
        }

        if options.runs("11") {
            // 11. The cycles row: `cycles` and the gate's `check --max-cycles 0` on a log of
            //     thousands of cycle reports, each against importing that log (issue 45: they
            //     were quadratic in the reports, minutes where the import took seconds).
            let consoleLog = inputs.console
            let size = ByteSize.format(consoleLog.fileBytes)
            log("11. the \(size) console log (\(consoleLog.items) cycle reports): import, cycles, check --max-cycles 0, \(pairs) rounds")
            contenders.warm([consoleLog.path])
            let held = db + "/cycles.db", baseline = db + "/cycles-baseline.json"
            Contenders.removeDatabase(held)
            unlink(baseline)
            let setup = contenders.once(contenders.freshImport("agtrace-import-cycles-setup", consoleLog.path, db: held, snapshot: "loop"))
            let written = setup.result == nil ? setup
                : contenders.once(contenders.agtraceJob("agtrace-baseline-cycles", ["baseline", "--db", held, "--console", "loop", "--output", baseline]))
            func readJob(_ label: String, _ arguments: [String], exit: Int32 = 0) -> Contenders.Job {
                written.result == nil ? .unavailable("the setup failed: \(written.text)") : contenders.agtraceJob(label, arguments, exit: exit)
            }
            let round = contenders.rounds([
                contenders.freshImport("agtrace-import-cycles", consoleLog.path, db: db + "/cycles-fresh.db"),
                readJob("agtrace-cycles", ["cycles", "--db", held, "--console", "loop"]),
                readJob("agtrace-check-cycles", ["check", "--db", held, "--baseline", baseline, "--console", "loop", "--max-cycles", "0"], exit: 1),
            ], count: pairs)
            var cyclesRow = ResultRow.ratio(id: "11a", "cycles on a \(size) console log of \(consoleLog.items) cycle reports vs its import",
                                            subject: round[1], baseline: round[0], baselineName: "import", limit: 2,
                                            note: "`agtrace cycles --db DB --console LOG`")
            if let out = round[1].result?.stdoutText() {
                // One row per frame of each chain (one per chain of a header alone): never none.
                let rows = max(0, out.split(separator: "\n").count - 2)
                cyclesRow.addNote("\(rows) rows printed")
                if rows == 0 { cyclesRow.verdict = .fail }
            }
            add(cyclesRow)
            var checkRow = ResultRow.ratio(id: "11b", "check --max-cycles 0 on the same log (in the database) vs its import",
                                           subject: round[2], baseline: round[0], baselineName: "import", limit: 2,
                                           note: "`agtrace check --db DB --baseline B --console LOG --max-cycles 0`, exit 1 as it must")
            if let out = round[2].result?.stdoutText() {
                let said = out.contains("FAIL: \(consoleLog.items) cycle reports")
                checkRow.addNote(said ? "says FAIL: \(consoleLog.items) cycle reports" : "did not say FAIL: \(consoleLog.items) cycle reports")
                if !said { checkRow.verdict = .fail }
            }
            add(checkRow)
        }

        if options.runs("12") {
            // 12. `findings` over the big profiled dump and the big trace, each against importing
            //     it: naming what to fix must cost less than half of reading the evidence in.
            log("12. findings on the \(big)-node dump and the \(inputs.trace.items)-event trace, each against its import, \(pairs) rounds")
            contenders.warm([inputs.bigA.path, inputs.trace.path])
            let held = db + "/findings.db"
            Contenders.removeDatabase(held)
            let dumpSetup = contenders.once(contenders.freshImport("agtrace-import-findings-dump", inputs.bigA.path, db: held, snapshot: "A"))
            let traceSetup = dumpSetup.result == nil ? dumpSetup
                : contenders.once(contenders.agtraceJob("agtrace-import-findings-trace", ["import", "--db", held, "--label", "T", inputs.trace.path]))
            func findingsJob(_ label: String, _ arguments: [String]) -> Contenders.Job {
                traceSetup.result == nil ? .unavailable("the setup failed: \(traceSetup.text)")
                    : contenders.agtraceJob(label, ["findings", "--db", held, "--format", "json"] + arguments)
            }
            let round = contenders.rounds([
                contenders.freshImport("agtrace-import-findings-dump-fresh", inputs.bigA.path, db: db + "/findings-dump-fresh.db"),
                findingsJob("agtrace-findings-dump", ["--snapshot", "A"]),
                contenders.freshImport("agtrace-import-findings-trace-fresh", inputs.trace.path, db: db + "/findings-trace-fresh.db"),
                findingsJob("agtrace-findings-trace", ["--trace", "T"]),
            ], count: pairs)
            for (id, what, subject, baseline, option) in [("12a", "the \(big)-node dump", round[1], round[0], "--snapshot A"),
                                                          ("12b", "the \(ByteSize.format(inputs.trace.fileBytes)) trace", round[3], round[2], "--trace T")] {
                var row = ResultRow.ratio(id: id, "findings on \(what) vs its import", subject: subject, baseline: baseline,
                                          baselineName: "import", limit: 0.5, note: "`agtrace findings --db DB \(option) --format json`")
                if let out = subject.result?.stdoutText() {
                    // The answer must be one: a JSON object with its findings array.
                    let whole = out.contains("\"findings\"") && out.contains("\"thresholds\"")
                    row.addNote(whole ? "\(out.components(separatedBy: "\"fingerprint\"").count - 1) findings" : "no JSON result printed")
                    if !whole { row.verdict = .fail }
                }
                add(row)
            }
        }

        if options.runs("sweep") {
            let sweep = try sweepRows(contenders: contenders, pairs: pairs)
            sweep.rows.forEach(add)
            report.notes += sweep.notes
        }

        try write(report.markdown(), to: options.out)
        let passed = report.rows.filter { $0.verdict == .pass }.count
        let failed = report.rows.filter { $0.verdict == .fail }.count
        log("\(passed) passed, \(failed) failed, \(report.rows.count - passed - failed) not run; results in \(options.out)")
    }

    /// The scaling sweep: every command and option that reads stored data, at N and 4N of
    /// each kind of input, against importing what it reads (at most 3 rounds).
    func sweepRows(contenders: Contenders, pairs: Int) throws -> (rows: [ResultRow], notes: [String]) {
        let rounds = min(pairs, 3)
        log("sweep: every command and option on inputs of size N and 4N, \(rounds) round\(rounds == 1 ? "" : "s")")
        return try SweepRun(options: options, contenders: contenders, rounds: rounds, log: log).run()
    }

    /// `--only sweep`.
    private func sweepOnly(machine: MachineInfo, pairs: Int) throws {
        let contenders = try Contenders(options: options)
        var report = ResultsReport(machine: machine, mode: (options.quick ? "quick (small inputs: a smoke test, not comparable), " : "full, ")
                                   + "the sweep only, median of \(min(pairs, 3)) alternating rounds",
                                   agtrace: contenders.agtraceDetail + (SourceRevision.describe().map { " (revision \($0))" } ?? ""))
        let sweep = try sweepRows(contenders: contenders, pairs: pairs)
        for row in sweep.rows { FileHandle.standardOutput.write((ResultsReport.consoleLine(row) + "\n").data(using: .utf8)!) }
        report.rows = sweep.rows
        report.notes = sweep.notes
        try write(report.markdown(), to: options.out)
        let passed = report.rows.filter { $0.verdict == .pass }.count
        let failed = report.rows.filter { $0.verdict == .fail }.count
        log("\(passed) passed, \(failed) failed, \(report.rows.count - passed - failed) not run; results in \(options.out)")
    }

    /// Did agtrace import every node, edge, tree entry and tree value? Counted straight from
    /// its database (one snapshot's rows when `snapshot` is given): a fast import that lost
    /// rows, or wrote none, must not pass.
    func checkRows(_ outcome: Outcome, _ path: String, expected manifest: [String: Double], snapshot: String? = nil) -> RowCheck {
        guard outcome.result != nil else { return RowCheck(ok: true, note: "") }
        do {
            let database = try SQLiteDatabase(path: path, readOnly: true)
            let filter = snapshot.map { " WHERE snapshot_id = (SELECT id FROM snapshots WHERE label = '\($0)')" } ?? ""
            var found: [String] = [], wrong: [String] = []
            for (table, key) in [("nodes", "nodes"), ("edges", "edges"), ("tree_items", "trees"), ("tree_item_values", "tree_values")] {
                let count = try database.scalar("SELECT count(*) FROM \(table)\(filter)")
                let want = Int(manifest[key] ?? -1)
                found.append("\(count) \(key)")
                if count != want { wrong.append("\(count) \(key) (expected \(want))") }
            }
            if wrong.isEmpty { return RowCheck(ok: true, note: "rows checked: " + found.joined(separator: ", ")) }
            return RowCheck(ok: false, note: "wrong row counts: " + wrong.joined(separator: ", "))
        } catch {
            return RowCheck(ok: false, note: "imported rows not found: \(error)")
        }
    }

    /// Did agtrace store every event of the trace, and find every evaluation?
    func checkTraceRows(_ outcome: Outcome, _ path: String, events: Int, evaluations: Int) -> RowCheck {
        guard outcome.result != nil else { return RowCheck(ok: true, note: "") }
        do {
            let database = try SQLiteDatabase(path: path, readOnly: true)
            let stored = try database.scalar("SELECT count(*) FROM trace_event_rows")
            let updates = try database.scalar("SELECT count(*) FROM trace_update_rows")
            if stored == events && updates == evaluations {
                return RowCheck(ok: true, note: "rows checked: \(stored) events, \(updates) evaluations")
            }
            return RowCheck(ok: false, note: "wrong row counts: \(stored) events (expected \(events)), \(updates) evaluations (expected \(evaluations))")
        } catch {
            return RowCheck(ok: false, note: "imported rows not found: \(error)")
        }
    }

    /// "floor of its rows (…): 0.039 s, 0.16x python": what inserting the stored rows alone
    /// takes against the same baseline, round by round.
    func floorNote(_ floor: Outcome, python: Outcome) -> String {
        guard case .measured(let f) = floor, case .measured(let p) = python else { return "floor: \(floor.text)" }
        let ratios = Stats.roundRatios(f.map(\.seconds), p.map(\.seconds))
        // A hit's frames are stored once per distinct backtrace (`frames` is a view of them).
        let rows = ["events", "backtraces", "backtrace_frames"].compactMap { key in floor.result?.value(key).map { "\(Int($0)) \(key)" } }
            .joined(separator: ", ")
        return "floor of its rows (\(rows) inserted from memory, 64 to a statement): \(floor.text), "
            + "\(Format.ratio(Stats.median(ratios))) python"
    }

    /// "python_import_lean.py: 1.52 s (median of 5), 0.43x": the second yardstick, beside row 1.
    func leanNote(_ subject: Outcome, lean: Outcome) -> String {
        guard case .measured(let s) = subject, case .measured(let l) = lean else { return "python_import_lean.py: \(lean.text)" }
        let ratios = Stats.roundRatios(s.map(\.seconds), l.map(\.seconds))
        return "python_import_lean.py: \(lean.text), \(Format.ratio(Stats.median(ratios))) of it"
    }

    func hitCheck(_ outcome: Outcome, expected: Int) -> String {
        guard let result = outcome.result else { return "" }
        let line = result.stdoutText().split(separator: "\n").first { $0.hasPrefix("hits ") }
        let counted = line.flatMap { Int($0.dropFirst(5)) }
        return counted == expected ? "python counted all \(expected) hits" : "python counted \(counted.map(String.init) ?? "?") of \(expected) hits"
    }

    private func write(_ text: String, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw GeneratorError("cannot write results to \(path): \(error)")
        }
    }

    func log(_ text: String) {
        FileHandle.standardError.write(("bench: " + text + "\n").data(using: .utf8)!)
    }
}
