import AGTraceKit
import Foundation

/// `run --only sweep`: every case of `SweepFeeders` timed on inputs of size N and 4N, each
/// against importing what it reads (Benchmarks/README.md, "The scaling sweep").
struct SweepRun {
    let options: RunOptions
    let contenders: Contenders
    let rounds: Int
    let log: (String) -> Void

    /// A row fails when 4N takes more than this many times N.
    static let growthLimit = 5.0
    /// … or its peak RSS at 4N is above this (MiB).
    static let memoryLimitMB = 100
    /// Scales of the two sizes.
    static let scales = [1, 4]

    private var directory: String { options.work + "/sweep" }
    private func database(_ scale: Int) -> String { directory + "/db/sweep-\(scale)x.db" }
    private var sourcesDirectory: String { directory + "/sources" }

    /// What measuring one case gave.
    struct Measured {
        var runs: [Int: [ChildResult]] = [:]
    }

    /// The rows, and the sections that follow the table (what agtrace refused to run).
    func run() throws -> (rows: [ResultRow], notes: [String]) {
        guard let agtrace = contenders.agtrace else {
            return ([ResultRow(id: "S", measurement: "the scaling sweep", subject: "—", baseline: "—", ratio: "—", target: "—",
                               verdict: .notRun(contenders.agtraceProblem))], [])
        }
        let sizes = options.quick ? SweepSizes.quick : SweepSizes.full
        let feeders = SweepFeeders()
        let (cases, gaps) = feeders.cases()
        log("sweep: \(cases.count) command lines from the declarations of \(feeders.declarations.count) commands (\(SweepFeeders.notSwept.keys.sorted().joined(separator: ", ")) not swept), \(gaps.count) pieces the sweep cannot feed")

        let kinds = SweepKind.all.filter { feeders.kinds.contains($0.noun) }
        let inputs = SweepInputs.inputs(kinds: kinds)
        for scale in Self.scales {
            try SweepInputs.generate(inputs, sizes: sizes, scale: scale, directory: directory + "/inputs", regenerate: options.regenerate, log: log)
        }
        try writeSources()

        // Each size's database holds every input under its label (untimed).
        try FileManager.default.createDirectory(atPath: directory + "/db", withIntermediateDirectories: true)
        for scale in Self.scales {
            let db = database(scale)
            Contenders.removeDatabase(db)
            for input in inputs {
                let outcome = contenders.once(contenders.agtraceJob("sweep-setup-import-\(scale)x-\(input.label)",
                                                                    ["import", "--quiet", "--db", db, "--label", input.label,
                                                                     input.path(directory + "/inputs", scale: scale)]))
                guard outcome.result != nil else { throw GeneratorError("sweep: importing \(input.label) at \(scale)N failed: \(outcome.text)") }
            }
        }

        // The budgets: each input's fresh import at both sizes, in alternating rounds.
        log("sweep: timing the import of each of the \(inputs.count) inputs at N and 4N, \(rounds) rounds")
        let scratch = directory + "/db/import.db"
        var importJobs: [Contenders.Job] = []
        for input in inputs {
            for scale in Self.scales {
                importJobs.append(contenders.freshImport("sweep-import-\(scale)x-\(input.label)", input.path(directory + "/inputs", scale: scale),
                                                         db: scratch))
            }
        }
        let importOutcomes = contenders.rounds(importJobs, count: rounds)
        var imports: [Int: [String: Double]] = [:]
        for (i, input) in inputs.enumerated() {
            for (j, scale) in Self.scales.enumerated() {
                guard let seconds = importOutcomes[i * Self.scales.count + j].medianSeconds else {
                    throw GeneratorError("sweep: importing \(input.label) at \(scale)N failed: \(importOutcomes[i * Self.scales.count + j].text)")
                }
                imports[scale, default: [:]][input.label] = seconds
            }
        }

        var values: [Int: [SweepValue: String]] = [:]
        for scale in Self.scales {
            for value in Set(cases.flatMap { $0.words.compactMap { if case .value(let v) = $0 { return v }; return nil } }) {
                if let found = lookUp(value, scale: scale, agtrace: agtrace) { values[scale, default: [:]][value] = found }
            }
        }

        // A first run of each case at N: a line agtrace refuses (compare --writes of two
        // consoles: an exit status it chose) is set aside with its message; one that ran out of
        // time or was killed fails its row; the others are timed.
        var refused: [(SweepCase, String)] = []
        var live: [SweepCase] = []
        var failed: [Int: String] = [:]
        for c in cases {
            switch runOnce(c, scale: 1, inputs: inputs, values: values) {
            case .success: live.append(c)
            case .failure(let why) where why.stopped:
                failed[live.count] = "at N: \(why.message)"
                live.append(c)
            case .failure(let why): refused.append((c, why.message))
            }
        }
        log("sweep: \(live.count) lines run, \(refused.count) refused by agtrace; timing them at N and 4N, \(rounds) rounds")
        var measured = [Measured](repeating: Measured(), count: live.count)
        for _ in 0..<rounds {
            for (i, c) in live.enumerated() where failed[i] == nil {
                for scale in Self.scales {
                    switch runOnce(c, scale: scale, inputs: inputs, values: values) {
                    case .success(let result): measured[i].runs[scale, default: []].append(result)
                    case .failure(let why): failed[i] = "at \(scale)N: \(why.message)"
                    }
                    if failed[i] != nil { break }
                }
            }
        }

        var rows: [ResultRow] = []
        for (i, c) in live.enumerated() {
            rows.append(row(id: "S.\(i + 1)", c, measured[i], failed: failed[i], imports: imports, inputs: inputs))
        }
        rows += coverageRows(cases: live, gaps: gaps, refused: refused, declarations: feeders)
        var notes: [String] = []
        if !refused.isEmpty {
            notes.append("Sweep lines agtrace refused at N (not timed; each option and value still ran in another line, or a row above fails):")
            notes.append("")
            for (c, why) in refused { notes.append("- `\(c.title)`: \(why)") }
        }
        return (rows, notes)
    }

    /// `findings --source`: a folder declaring the generated inputs' views as Swift does.
    private func writeSources() throws {
        try FileManager.default.createDirectory(atPath: sourcesDirectory, withIntermediateDirectories: true)
        var text = "import SwiftUI\n\n"
        for stem in Vocabulary.viewStems {
            for role in ["", "Row", "View"] {
                text += "struct \(stem)\(role): View {\n    var body: some View { Text(\"\(stem)\") }\n}\n\n"
            }
        }
        try text.write(toFile: sourcesDirectory + "/Views.swift", atomically: true, encoding: .utf8)
    }

    private func lookUp(_ value: SweepValue, scale: Int, agtrace: String) -> String? {
        let stem = contenders.logDirectory + "/sweep-value-\(scale)x-\(abs(value.hashValue))"
        guard let result = try? ChildProcess.run([agtrace, "query", "--db", database(scale), "--format", "csv", value.sql],
                                                 stdout: stem + ".out", stderr: stem + ".err", timeout: options.timeout),
              result.succeeded else { return nil }
        let lines = result.stdoutText().split(separator: "\n")
        guard lines.count >= 2 else { return nil }
        let cell = String(lines[1]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        return cell.isEmpty ? nil : cell
    }

    struct RunFailure: Error {
        var message: String
        /// It ran out of time or was killed by a signal: no answer at all, not a refusal.
        var stopped = false
    }

    /// The case's words at `scale`, or nil with why.
    private func arguments(_ c: SweepCase, _ words: [SweepWord], scale: Int, inputs: [SweepInput], values: [Int: [SweepValue: String]],
                           database db: String) -> Result<[String], RunFailure> {
        var args: [String] = []
        for word in words {
            switch word {
            case .text(let t): args.append(t)
            case .database: args.append(db)
            case .label(let l): args.append(l)
            case .file(let input):
                guard let found = inputs.first(where: { $0.label == input }) else { return .failure(RunFailure(message: "no input \(input)")) }
                args.append(found.path(directory + "/inputs", scale: scale))
            case .value(let v):
                guard let found = values[scale]?[v] else { return .failure(RunFailure(message: "no \(v.shown) found by: \(v.sql)")) }
                args.append(found)
            case .output: args.append(directory + "/out.tmp")
            case .scratch(let name): args.append(directory + "/\(name).tmp")
            case .sources: args.append(sourcesDirectory)
            }
        }
        return .success(args)
    }

    /// Numbers the log files of the timed runs.
    final class Counter { var value = 0 }
    private let counter = Counter()

    /// One timed run of `c` at `scale`, after its setup.
    private func runOnce(_ c: SweepCase, scale: Int, inputs: [SweepInput], values: [Int: [SweepValue: String]]) -> Result<ChildResult, RunFailure> {
        guard let agtrace = contenders.agtrace else { return .failure(RunFailure(message: contenders.agtraceProblem)) }
        var db = database(scale)
        if let fresh = c.freshDatabase {
            db = directory + "/db/fresh.db"
            Contenders.removeDatabase(db)
            for label in fresh {
                guard let input = inputs.first(where: { $0.label == label }) else { return .failure(RunFailure(message: "no input \(label)")) }
                let outcome = contenders.once(contenders.agtraceJob("sweep-fresh-import", ["import", "--quiet", "--db", db, "--label", label,
                                                                                           input.path(directory + "/inputs", scale: scale)]))
                if outcome.result == nil { return .failure(RunFailure(message: "setup import: \(outcome.text)")) }
            }
        }
        for step in c.setup {
            switch arguments(c, step, scale: scale, inputs: inputs, values: values, database: db) {
            case .failure(let why): return .failure(why)
            case .success(let args):
                let outcome = contenders.once(contenders.agtraceJob("sweep-setup-\(args.first ?? "")", args))
                if outcome.result == nil { return .failure(RunFailure(message: "setup `agtrace \(args.first ?? "")` \(outcome.text)")) }
            }
        }
        let args: [String]
        switch arguments(c, c.words, scale: scale, inputs: inputs, values: values, database: db) {
        case .failure(let why): return .failure(why)
        case .success(let a): args = a
        }
        counter.value += 1
        let stem = "\(contenders.logDirectory)/sweep-\(counter.value)-\(c.command)-\(scale)x"
        defer { unlink(directory + "/out.tmp") }
        var result: ChildResult
        do {
            result = try ChildProcess.run([agtrace] + args, stdout: stem + ".out", stderr: stem + ".err", timeout: min(options.timeout, 120))
        } catch {
            return .failure(RunFailure(message: "\(error)"))
        }
        // What the command printed is no part of the measurement, only its size; keep the logs small.
        result.outputBytes = (BenchInputs.fileSize(stem + ".out") ?? 0) + (BenchInputs.fileSize(directory + "/out.tmp") ?? 0)
        unlink(stem + ".out")
        guard !result.timedOut, let code = result.exitCode, c.exits.contains(code) else {
            let tail = result.stderrTail()
            return .failure(RunFailure(message: "\(result.ending)\(tail.isEmpty ? "" : ": \(tail)")",
                                       stopped: result.timedOut || result.exitCode == nil))
        }
        return .success(result)
    }

    private func row(id: String, _ c: SweepCase, _ m: Measured, failed: String?, imports: [Int: [String: Double]],
                     inputs: [SweepInput]) -> ResultRow {
        let big = Self.scales.last!, small = Self.scales.first!
        var budget = 0.0
        var budgetText: String
        if c.readsEverything || (c.reads.isEmpty && c.imports.isEmpty) {
            budget = inputs.reduce(0) { $0 + (imports[big]?[$1.label] ?? 0) }
            budgetText = "imports of the database's \(inputs.count) inputs"
        } else {
            budget = c.reads.reduce(0) { $0 + (imports[big]?[$1] ?? 0) } + 2 * c.imports.reduce(0) { $0 + (imports[big]?[$1] ?? 0) }
            var parts: [String] = []
            if !c.reads.isEmpty { parts.append("import of " + c.reads.joined(separator: " + ")) }
            if !c.imports.isEmpty { parts.append("2 x import of " + c.imports.joined(separator: " + ") + " (imported privately)") }
            budgetText = parts.joined(separator: " + ")
        }
        var row = ResultRow(id: id, measurement: c.title, subject: "—", baseline: "\(budgetText) at 4N: \(Format.seconds(budget))",
                            ratio: "—", target: "4N ≤ \(Format.ratio(Self.growthLimit)) N, ≤ import, ≤ \(Self.memoryLimitMB) MB",
                            verdict: .notRun("no measurement"))
        if let failed {
            row.subject = "failed \(failed)"
            row.verdict = .fail
            return row
        }
        guard let n = m.runs[small], let n4 = m.runs[big], !n.isEmpty, !n4.isEmpty else { return row }
        let tN = Stats.median(n.map(\.seconds)), t4 = Stats.median(n4.map(\.seconds))
        let ratios = Stats.roundRatios(n4.map(\.seconds), n.map(\.seconds))
        let growth = Stats.median(ratios)
        let peak = n4.max { $0.peakRSSBytes < $1.peakRSSBytes }!
        row.subject = "N \(Format.seconds(tN)), 4N \(Format.seconds(t4))"
        row.ratio = Format.ratio(growth)
        let ofBudget = budget > 0 ? t4 / budget : .infinity
        var problems: [String] = []
        if growth > Self.growthLimit { problems.append("grows \(Format.ratio(growth))") }
        if t4 > budget { problems.append("slower than its import") }
        if peak.peakRSSBytes > Self.memoryLimitMB * 1_048_576 { problems.append("peak RSS above \(Self.memoryLimitMB) MB") }
        row.verdict = problems.isEmpty ? .pass : .fail
        row.addNote("\(Format.ratio(ofBudget)) of the import at 4N; peak \(peak.peakRSSIsUpperBound ? "≤ " : "")\(Format.megabytes(peak.peakRSSBytes)) at 4N")
        // How much more it printed at 4N: a command whose answer grows faster than its input
        // cannot grow slower than its answer.
        let outN = Stats.median(n.map { Double($0.outputBytes) }), out4 = Stats.median(n4.map { Double($0.outputBytes) })
        if outN > 0 { row.addNote("output \(ByteSize.format(Int(out4))), \(Format.ratio(out4 / outN)) N's") }
        if ratios.count > 1 { row.addNote("round ratios \(Format.range(ratios))") }
        if !problems.isEmpty { row.addNote(problems.joined(separator: ", ")) }
        return row
    }

    /// Every declared option (each value of a listed one) and positional of every swept command
    /// must be in a line that ran; a piece the sweep cannot feed fails too.
    private func coverageRows(cases: [SweepCase], gaps: [SweepGap], refused: [(SweepCase, String)], declarations feeders: SweepFeeders) -> [ResultRow] {
        var rows: [ResultRow] = []
        func fail(_ what: String, _ why: String) {
            rows.append(ResultRow(id: "S.cover", measurement: what, subject: "—", baseline: "—", ratio: "—", target: "run by the sweep",
                                  verdict: .fail, note: why))
        }
        for gap in gaps { fail("agtrace \(gap.command) \(gap.piece)", "the sweep cannot feed it: \(gap.why)") }
        for declaration in feeders.declarations where SweepFeeders.notSwept[declaration.name] == nil {
            let ran = cases.filter { $0.command == declaration.name }
            let tried = refused.filter { $0.0.command == declaration.name }
            func why(_ matches: (SweepCase) -> Bool) -> String {
                let messages = tried.filter { matches($0.0) }.map(\.1)
                return messages.isEmpty ? "no line of the sweep gives it" : "every line giving it was refused, e.g. \(messages[0])"
            }
            if ran.isEmpty { fail("agtrace \(declaration.name)", why { _ in true }); continue }
            for option in declaration.options where !SweepFeeders.ignored.contains(option.name) {
                if !ran.contains(where: { $0.options.contains(option.name) }) {
                    fail("agtrace \(declaration.name) --\(option.name)", why { $0.options.contains(option.name) })
                }
                for value in SweepExpansion.choices(option) ?? [] where !ran.contains(where: { $0.options.contains("\(option.name)=\(value)") }) {
                    fail("agtrace \(declaration.name) --\(option.name) \(value)", why { $0.options.contains("\(option.name)=\(value)") })
                }
            }
            for p in declaration.positionals where !ran.contains(where: { $0.positionals.contains(p.name) }) {
                fail("agtrace \(declaration.name) \(p.name)", why { $0.positionals.contains(p.name) })
            }
        }
        return rows
    }
}
