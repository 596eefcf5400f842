import Foundation

/// `run`: inputs, then the six comparisons of the brief, each printed as soon as it is
/// known, then the Markdown table. A contender that is missing or fails is reported as such
/// and the run goes on.
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
        let repeats = options.quick ? 1 : options.repeats
        let inputs = try BenchInputs.prepare(sizes: sizes, directory: options.work + "/inputs",
                                             regenerate: options.regenerate, log: log)
        let contenders = try Contenders(options: options)
        let db = contenders.dbDirectory
        var report = ResultsReport(machine: machine,
                                   mode: options.quick ? "quick (small inputs, 1 run: a smoke test, not comparable)" : "full, best of \(repeats)",
                                   agtrace: contenders.agtraceDetail)
        if contenders.agtrace == nil { log(contenders.agtraceDetail + "; measuring the baselines only") }
        report.inputs = [inputs.archive, inputs.archiveGzip, inputs.bigA, inputs.bigB, inputs.transcript, inputs.trace]
        func add(_ row: ResultRow) {
            report.rows.append(row)
            // Unbuffered, so results and progress lines interleave in order.
            FileHandle.standardOutput.write((ResultsReport.consoleLine(row) + "\n").data(using: .utf8)!)
        }
        let small = "\(sizes.archiveNodes / 1000)k"
        let big = "\(sizes.bigNodes / 1000)k"

        // 1. Archive import against the obvious Python script and against the SQLite floor.
        log("1. importing the \(small)-node archive: python, agtrace (plain and gzip), floor")
        // Python and agtrace take turns, plain and gzip too (gzip is item 4, reported below).
        let firstRound = contenders.measure([
            contenders.pythonJob("python-import", script: "python_import.py", ["--db", db + "/python.db", inputs.archive.path],
                                 freshDatabase: db + "/python.db"),
            contenders.agtraceJob("agtrace-import-plain", ["import", "--db", db + "/plain.db", inputs.archive.path],
                                  freshDatabase: db + "/plain.db"),
            contenders.agtraceJob("agtrace-import-gzip", ["import", "--db", db + "/gzip.db", inputs.archiveGzip.path],
                                  freshDatabase: db + "/gzip.db"),
        ], runs: repeats)
        let (python, plain, gzip) = (firstRound[0], firstRound[1], firstRound[2])
        let floor = contenders.floor(archive: inputs.archive.path, runs: repeats)
        let plainRows = checkRows(plain, db + "/plain.db", expected: inputs.archive.manifest)
        add(plainRows.apply(to: .ratio(id: "1a", "import \(small)-node archive vs python_import.py", subject: plain,
                                       baseline: python, baselineName: "python", limit: 0.33)))
        add(plainRows.apply(to: .ratio(id: "1b", "import \(small)-node archive vs SQLite floor", subject: plain,
                                       baseline: floor, baselineName: "floor (inserts only)", limit: 1.5)))

        // 2. Memory: streaming import of a 1M-node gzip archive; this is also snapshot A for 5.
        log("2. importing the \(big)-node gzip archives A and B into one database")
        let two = db + "/two-snapshots.db"
        Contenders.removeDatabase(two)
        let importA = contenders.measure(contenders.agtraceJob("agtrace-import-A", ["import", "--db", two, "--label", "A", inputs.bigA.path]), runs: 1)
        var rss = ResultRow(id: "2", measurement: "peak RSS importing the \(big)-node gzip archive (\(ByteSize.format(inputs.bigA.jsonBytes)) JSON)",
                            subject: importA.text, baseline: "—", ratio: "—", target: "≤ 150 MB",
                            verdict: .notRun("missing measurement"))
        switch importA {
        case .measured(let result, _):
            rss.subject = "\(result.peakRSSIsUpperBound ? "≤ " : "")\(Format.megabytes(result.peakRSSBytes)) (import took \(Format.seconds(result.seconds)))"
            rss.verdict = result.peakRSSBytes <= 150 * 1_048_576 ? .pass : .fail
        case .failed: rss.verdict = .fail
        case .unavailable(let why): rss.verdict = .notRun(why)
        }
        add(checkRows(importA, two, expected: inputs.bigA.manifest).apply(to: rss))
        let importB: Outcome = importA.result == nil ? .unavailable("snapshot A was not imported")
            : contenders.measure(contenders.agtraceJob("agtrace-import-B", ["import", "--db", two, "--label", "B", inputs.bigB.path]), runs: 1)
        log("   snapshot B: \(importB.text)")

        // 3. Transcript import against a plain regex pass counting the hits.
        log("3. importing the \(ByteSize.format(inputs.transcript.fileBytes)) transcript")
        let thirdRound = contenders.measure([
            contenders.pythonJob("python-count-hits", script: "python_count_hits.py", [inputs.transcript.path]),
            contenders.agtraceJob("agtrace-import-transcript", ["import", "--db", db + "/transcript.db", inputs.transcript.path],
                                  freshDatabase: db + "/transcript.db"),
        ], runs: repeats)
        let (countHits, transcript) = (thirdRound[0], thirdRound[1])
        add(.ratio(id: "3", "import \(ByteSize.format(inputs.transcript.fileBytes)) lldb transcript vs python_count_hits.py",
                   subject: transcript, baseline: countHits, baselineName: "python", limit: 0.25,
                   note: hitCheck(countHits, expected: inputs.transcript.items)))

        // 4. gzip must cost little over plain (inflate is cheap next to parsing and inserting).
        log("4. the same archive gzip-compressed (measured with 1)")
        add(checkRows(gzip, db + "/gzip.db", expected: inputs.archiveGzip.manifest)
            .apply(to: .ratio(id: "4", "import gzip vs plain (same \(small) archive)", subject: gzip, baseline: plain,
                              baselineName: "plain", limit: 1.3)))

        // 5. Every report, walk and diff on two big snapshots against importing one of them.
        log("5. reports on the two-snapshot database, against one import (\(importA.text))")
        let values = ["db": two, "A": "A", "B": "B",
                      "SIGNAL": "\(Int(inputs.bigA.manifest["signal_attribute"] ?? 0))",
                      "HUB": "\(Int(inputs.bigA.manifest["hub_attribute"] ?? 0))"]
        for (i, command) in ReportCommand.all.enumerated() {
            let outcome: Outcome
            if contenders.agtrace == nil {
                outcome = .unavailable(contenders.agtraceProblem)
            } else if importA.result == nil {
                outcome = .unavailable("snapshot A was not imported")
            } else if importB.result == nil {
                outcome = .unavailable("snapshot B was not imported")
            } else {
                outcome = contenders.measure(contenders.agtraceJob(command.name, command.resolved(values)), runs: repeats)
            }
            add(.ratio(id: "5.\(i + 1)", "\(command.name) (\(big) + \(big) nodes)", subject: outcome, baseline: importA,
                       baselineName: "import of A", limit: 1.0,
                       note: "`agtrace \(command.resolved(values).joined(separator: " ").replacingOccurrences(of: two, with: "DB"))`"))
        }

        // 6. Trace import: against the floor of its event rows, a Python walk of the wire format
        //    that stores nothing, and in memory.
        log("6. importing the \(ByteSize.format(inputs.trace.fileBytes)) trace (\(inputs.trace.items) events)")
        let traceRound = contenders.measure([
            contenders.pythonJob("python-trace-walk", script: "python_trace_walk.py", [inputs.trace.path]),
            contenders.agtraceJob("agtrace-import-trace", ["import", "--db", db + "/trace.db", inputs.trace.path],
                                  freshDatabase: db + "/trace.db"),
        ], runs: repeats)
        let (walk, trace) = (traceRound[0], traceRound[1])
        let traceFloor = contenders.floor(trace: inputs.trace.path, runs: repeats)
        let traceRows = checkTraceRows(trace, db + "/trace.db", events: inputs.trace.items,
                                       evaluations: Int(inputs.trace.manifest["evaluations"] ?? -1))
        add(traceRows.apply(to: .ratio(id: "6a", "import \(ByteSize.format(inputs.trace.fileBytes)) trace vs SQLite floor (its event rows)",
                                       subject: trace, baseline: traceFloor, baselineName: "floor (inserts only)", limit: 1.5)))
        add(.ratio(id: "6b", "import \(ByteSize.format(inputs.trace.fileBytes)) trace vs python_trace_walk.py (stores nothing)",
                   subject: trace, baseline: walk, baselineName: "python", limit: 0.33))
        var traceRSS = ResultRow(id: "6c", measurement: "peak RSS importing the \(ByteSize.format(inputs.trace.fileBytes)) trace",
                                 subject: trace.text, baseline: "—", ratio: "—", target: "≤ 64 MB", verdict: .notRun("missing measurement"))
        switch trace {
        case .measured(let result, _):
            traceRSS.subject = "\(result.peakRSSIsUpperBound ? "≤ " : "")\(Format.megabytes(result.peakRSSBytes))"
            traceRSS.verdict = result.peakRSSBytes <= 64 * 1_048_576 ? .pass : .fail
        case .failed: traceRSS.verdict = .fail
        case .unavailable(let why): traceRSS.verdict = .notRun(why)
        }
        add(traceRSS)

        try write(report.markdown(), to: options.out)
        let passed = report.rows.filter { $0.verdict == .pass }.count
        let failed = report.rows.filter { $0.verdict == .fail }.count
        log("\(passed) passed, \(failed) failed, \(report.rows.count - passed - failed) not run; results in \(options.out)")
    }

    /// Did agtrace import every node and edge? Counted straight from its (fresh) database: a
    /// fast import that lost rows, or wrote none, must not pass.
    private func checkRows(_ outcome: Outcome, _ path: String, expected manifest: [String: Double]) -> RowCheck {
        guard outcome.result != nil else { return RowCheck(ok: true, note: "") }
        do {
            let database = try SQLiteDatabase(path: path, readOnly: true)
            let nodes = try database.scalar("SELECT count(*) FROM nodes")
            let edges = try database.scalar("SELECT count(*) FROM edges")
            let wantNodes = Int(manifest["nodes"] ?? -1), wantEdges = Int(manifest["edges"] ?? -1)
            if nodes == wantNodes && edges == wantEdges {
                return RowCheck(ok: true, note: "rows checked: \(nodes) nodes, \(edges) edges")
            }
            return RowCheck(ok: false, note: "wrong row counts: \(nodes) nodes (expected \(wantNodes)), \(edges) edges (expected \(wantEdges))")
        } catch {
            return RowCheck(ok: false, note: "imported rows not found: \(error)")
        }
    }

    /// Did agtrace store every event of the trace, and find every evaluation?
    private func checkTraceRows(_ outcome: Outcome, _ path: String, events: Int, evaluations: Int) -> RowCheck {
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

    private func hitCheck(_ outcome: Outcome, expected: Int) -> String {
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

    private func log(_ text: String) {
        FileHandle.standardError.write(("bench: " + text + "\n").data(using: .utf8)!)
    }
}
