import Foundation

/// The formats `agtrace check` prints.
public enum CheckFormat: String, CaseIterable, Sendable, ArgumentChoice {
    /// For people: the verdict, then regressions worst first, then improvements.
    case table
    /// The full comparison, every key with its status.
    case json
    /// Ready to paste as a pull-request comment.
    case markdown
    /// JUnit XML: one testcase per key (and the total), a `<failure>` per regression.
    case junit

    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}

/// Renders a `BaselineComparison`. Key names are data: rule names hold `<`, `>`, `&`, quotes,
/// and any key may hold control characters; every format escapes them so that nothing breaks
/// (JSON: `JSONText.quote`; table and markdown: `RowWriter`'s cell escaping; XML: entities,
/// and characters XML 1.0 cannot carry at all are written as `\uXXXX`).
public enum CheckReportFormatter {
    /// `notes`: warnings that do not change the verdict (a recording with no end seen), shown
    /// in every format.
    public static func render(_ c: BaselineComparison, format: CheckFormat, baselinePath: String,
                              notes: [String] = []) -> String {
        switch format {
        case .table: return table(c, baselinePath: baselinePath, notes: notes)
        case .json: return json(c, baselinePath: baselinePath, notes: notes)
        case .markdown: return markdown(c, baselinePath: baselinePath, notes: notes)
        case .junit: return junit(c, baselinePath: baselinePath, notes: notes)
        }
    }

    /// `check` with no baseline (`--max-cycles`, `--max-warnings` alone): the verdict, the
    /// recordings read and each limit, in every format.
    public static func renderLimits(_ r: RecordingLimits, format: CheckFormat, notes: [String] = []) -> String {
        let read = r.sources.map { describe($0) }
        var lines: [(name: String, text: String, failed: Bool)] = []
        if let c = r.cycles { lines.append(("cycle reports", "\(c.summary) (--max-cycles \(c.limit))", c.exceeded)) }
        if let w = r.warnings { lines.append(("SwiftUI warnings", "\(w.summary) (--max-warnings \(w.limit))", w.exceeded)) }
        switch format {
        case .table:
            var text = RowWriter.escapeForTable(r.verdict) + "\n"
            for note in notes { text += RowWriter.escapeForTable("note: " + note) + "\n" }
            text += RowWriter.escapeForTable("read:     " + read.joined(separator: "; ")) + "\n"
            for line in lines { text += RowWriter.escapeForTable("\(line.name == "cycle reports" ? "cycles:  " : "warnings:") \(line.text)") + "\n" }
            return text
        case .json:
            var text = "{\n  \"verdict\": \(JSONText.quote(r.passed ? "pass" : "fail")),\n  \"summary\": \(JSONText.quote(r.verdict)),\n"
            text += "  \"baseline\": null,\n  \"read\": [" + read.map(JSONText.quote).joined(separator: ", ") + "],\n"
            if let c = r.cycles {
                text += "  \"cycles\": {\"reports\": \(c.reports), \"max_cycles\": \(c.limit), \"exceeded\": \(c.exceeded), \"views\": ["
                    + c.views.map(JSONText.quote).joined(separator: ", ") + "]},\n"
            }
            if let w = r.warnings {
                text += "  \"warnings\": {\"count\": \(w.warnings), \"max_warnings\": \(w.limit), \"exceeded\": \(w.exceeded), \"kinds\": ["
                    + w.kinds.map { "{\"code\": \(JSONText.quote($0.code)), \"count\": \($0.count), \"first_line\": \($0.firstLine)}" }.joined(separator: ", ") + "]},\n"
            }
            text += "  \"notes\": [" + notes.map(JSONText.quote).joined(separator: ", ") + "]\n}\n"
            return text
        case .markdown:
            var text = r.passed ? "### ✅ agtrace check passed\n\n" : "### ❌ agtrace check failed\n\n"
            text += "**" + markdownText(r.verdict) + "**\n\n"
            for note in notes { text += "> ⚠️ " + markdownText(note) + "\n\n" }
            text += "Read: " + markdownText(read.joined(separator: "; ")) + ".\n"
            for line in lines { text += "\n" + (line.failed ? "❌ " : "") + markdownText(line.name.prefix(1).uppercased() + line.name.dropFirst()) + ": " + markdownText(line.text) + ".\n" }
            return text
        case .junit:
            func x(_ s: String) -> String { xmlEscape(s) }
            let failures = lines.filter(\.failed).count
            var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            text += "<testsuites name=\"agtrace check\" tests=\"\(lines.count)\" failures=\"\(failures)\" errors=\"0\">\n"
            text += "  <testsuite name=\"agtrace check\" tests=\"\(lines.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
            text += "    <properties>\n      <property name=\"verdict\" value=\"\(r.passed ? "pass" : "fail")\"/>\n"
            for source in read { text += "      <property name=\"read\" value=\"\(x(source))\"/>\n" }
            text += "    </properties>\n"
            for line in lines {
                text += "    <testcase classname=\"agtrace.\(line.name == "cycle reports" ? "cycles" : "warnings")\" name=\"\(x(line.name))\" time=\"0\">\n"
                text += line.failed ? "      <failure type=\"limit\" message=\"\(x(line.text))\">\(x(line.text))</failure>\n"
                                    : "      <system-out>\(x(line.text))</system-out>\n"
                text += "    </testcase>\n"
            }
            text += "  </testsuite>\n</testsuites>\n"
            return text
        }
    }

    /// The report when there is no verdict (exit 2 or 3): the reason in every format, so that
    /// a CI page shows why instead of an empty file. JUnit: one `<testcase>` with an
    /// `<error type="usage|baseline|not_counted">`; markdown: a heading and the reason; json:
    /// `{"verdict": "error", …}`; table: `ERROR: …`.
    public static func renderProblem(_ p: CheckProblem, format: CheckFormat, baselinePath: String?) -> String {
        let what: String
        switch p.kind {
        case .usage: what = "usage error"
        case .baseline: what = "the baseline cannot be used"
        case .notCounted: what = "could not count"
        }
        switch format {
        case .table:
            return RowWriter.escapeForTable("ERROR (\(what), exit status \(p.exitStatus)): \(p.message)") + "\n"
        case .json:
            return "{\n  \"verdict\": \"error\",\n  \"exit_status\": \(p.exitStatus),\n  \"error\": {\"type\": \(JSONText.quote(p.kind.rawValue)), "
                + "\"message\": \(JSONText.quote(p.message))},\n  \"baseline\": {\"file\": \(baselinePath.map(JSONText.quote) ?? "null")}\n}\n"
        case .markdown:
            var text = "### ⚠️ agtrace check could not run (\(what))\n\n"
            text += markdownText(p.message) + "\n\n"
            text += "Exit status \(p.exitStatus)" + (baselinePath.map { "; baseline " + markdownText($0) } ?? "") + ".\n"
            return text
        case .junit:
            func x(_ s: String) -> String { xmlEscape(s) }
            let suite = "agtrace check" + (baselinePath.map { " against \($0)" } ?? "")
            var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            text += "<testsuites name=\"agtrace check\" tests=\"1\" failures=\"0\" errors=\"1\">\n"
            text += "  <testsuite name=\"\(x(suite))\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
            text += "    <properties>\n"
            text += "      <property name=\"verdict\" value=\"error\"/>\n"
            text += "      <property name=\"exit_status\" value=\"\(p.exitStatus)\"/>\n"
            if let baselinePath { text += "      <property name=\"baseline\" value=\"\(x(baselinePath))\"/>\n" }
            text += "    </properties>\n"
            text += "    <testcase classname=\"agtrace.check\" name=\"\(x(what))\" time=\"0\">\n"
            text += "      <error type=\"\(p.kind.rawValue)\" message=\"\(x(p.message))\">\(x(p.message))</error>\n"
            text += "    </testcase>\n  </testsuite>\n</testsuites>\n"
            return text
        }
    }

    /// `check --update-baseline`: what changed in the file, for people (not a verdict).
    public static func renderUpdate(_ c: BaselineComparison, baselinePath: String) -> String {
        let sink = StringSink()
        let key = c.baseline.counts.key.rawValue
        sink.write(RowWriter.escapeForTable(updatedLine(c, baselinePath: baselinePath)) + "\n")
        func section(_ title: String, _ rows: [KeyComparison]) {
            guard !rows.isEmpty else { return }
            sink.write("\n\(title):\n")
            if c.current.time != nil {
                RowWriter(format: .table, out: sink).write(columns: [key] + columns + timeColumns, rows: rows.map { cells($0) + timeCells($0) })
            } else {
                RowWriter(format: .table, out: sink).write(columns: [key] + columns, rows: rows.map(cells))
            }
        }
        section("Grew", c.keys.filter { $0.current > $0.baseline }.sorted { $0.delta > $1.delta })
        section("Dropped", c.keys.filter { $0.current < $0.baseline }.sorted { $0.delta < $1.delta })
        return sink.text
    }

    /// A JUnit test case for a limit beside the counts: a `<failure>` when it was passed.
    static func limitCase(_ kind: String, _ name: String, _ summary: String, exceeded: Bool, option: String) -> String {
        func x(_ s: String) -> String { xmlEscape(s) }
        var text = "    <testcase classname=\"agtrace.\(kind)\" name=\"\(x(name))\" time=\"0\""
        if exceeded {
            let message = "\(summary), more than \(option) allows"
            text += ">\n      <failure type=\"\(kind)\" message=\"\(x(message))\">\(x(message))</failure>\n    </testcase>\n"
        } else {
            text += ">\n      <system-out>\(x(summary))</system-out>\n    </testcase>\n"
        }
        return text
    }

    // MARK: Words and numbers shared by the formats

    static func signed(_ v: Int64) -> String { v > 0 ? "+\(v)" : "\(v)" }

    static func percentText(_ k: KeyComparison) -> String {
        if k.isNew { return "new" }
        if k.vanished { return "vanished" }
        guard let p = k.percent else { return "" }
        return String(format: "%+.1f%%", p)
    }

    /// "+290, +2900.0%" / "0" / "+3, new"; with times compared (`timed`) and known on both
    /// sides, "0; time 20.5 ms -> 26.7 ms (+30.0%, slower)".
    static func change(_ k: KeyComparison, timed: Bool = false) -> String {
        let count = k.delta == 0 ? "0" : "\(signed(k.delta)), \(percentText(k))"
        guard timed || k.timeRegressed, let b = k.baselineSeconds, let c = k.currentSeconds else { return count }
        var notes = k.secondsPercent.map { [String(format: "%+.1f%%", $0)] } ?? []
        if let statistics = intervalText(k) { notes.append(statistics) }
        if k.timeRegressed { notes.append("slower") }
        return count + "; time " + seconds(b) + " -> " + seconds(c) + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
    }

    /// With repeated recordings on both sides: "x1.31 in [1.22, 1.40], p 0.008", or why the
    /// recordings could not say; nil for one recording (the report as it always was).
    static func intervalText(_ k: KeyComparison) -> String? {
        guard let s = k.timeStatistics else { return nil }
        if let i = s.interval {
            return String(format: "x%.2f in [%.2f, %.2f]", i.ratio, i.low, i.high) + (s.pValue.map { String(format: ", p %.3f", $0) } ?? "")
        }
        if case .noVerdict(let why) = s.verdict { return "no interval: " + why }
        return nil
    }

    /// Seconds for people, as the reports show them (`ColumnUnit.seconds`: 3.91 ms, 200 µs);
    /// json keeps the exact value.
    static func seconds(_ v: Double) -> String { ColumnUnit.seconds.display(.real(v)) }

    static func timed(_ c: BaselineComparison) -> Bool { c.limits.timeTolerance != nil }

    /// "1 slower" for the verdict: how many of the regressions are (also) time regressions.
    static func slowerText(_ c: BaselineComparison) -> String {
        let slower = c.regressions.filter(\.timeRegressed).count
        return timed(c) ? " (\(slower) slower)" : ""
    }

    /// With `--time`: what the seconds are, said in every format (never pretended).
    static func timeLine(_ c: BaselineComparison) -> String? {
        guard let tolerance = c.limits.timeTolerance else { return nil }
        let measure = c.current.time ?? c.baseline.counts.time ?? .inclusive
        guard let repeated = ([c.total] + c.keys).lazy.compactMap({ $0.timeStatistics }).first,
              let a = repeated.a?.count, let b = repeated.b?.count else { return "compares " + measure.comparedText }
        return "compares " + measure.comparedText + "; medians of \(a) + \(b) recordings: slower when the whole 95% interval of the ratio lies above +\(tolerance)% and p < 0.05 (docs/statistics.md)"
    }

    static func verdict(_ c: BaselineComparison) -> String {
        let noun = c.baseline.counts.key.plural
        var total = "total updates \(c.total.baseline) -> \(c.total.current) (\(change(c.total, timed: timed(c))))"
        switch c.total.status {
        case .regressed: total += ", regressed"
        case .withinLimits: total += ", within the limits"
        case .improved, .unchanged: break
        }
        var exceeded: [String] = []
        if let cycles = c.cycles, cycles.exceeded { exceeded.append("\(cycles.summary), more than --max-cycles \(cycles.limit) allows") }
        if let warnings = c.warnings, warnings.exceeded { exceeded.append("\(warnings.summary), more than --max-warnings \(warnings.limit) allows") }
        if !exceeded.isEmpty {
            let counts = c.countsPassed ? "no regressions in \(c.keys.count) \(noun); \(total)"
                : String(countsVerdict(c, noun: noun, total: total).dropFirst("FAIL: ".count))
            return "FAIL: " + exceeded.joined(separator: "; ") + "; \(counts)"
        }
        return countsVerdict(c, noun: noun, total: total)
    }

    static func countsVerdict(_ c: BaselineComparison, noun: String, total: String) -> String {
        if c.countsPassed {
            return "PASS: no regressions in \(c.keys.count) \(noun); \(total)"
        }
        if c.suspiciousDrop, c.regressions.isEmpty {
            return "FAIL: the total dropped by more than --max-drop \(c.limits.maxDrop!)%: \(total); lost work (a cut or crashed recording, breakpoints that did not resolve) looks like an improvement; look at the recording, or raise --max-drop if the drop is real"
        }
        if c.regressions.isEmpty {
            return "FAIL: the total regressed: \(total); no single \(c.baseline.counts.key.rawValue) grew beyond the limits"
        }
        return "FAIL: \(c.regressions.count) of \(c.keys.count) \(noun) regressed\(slowerText(c)); \(total)"
    }

    /// What the regressions section says when it lists none although the check failed.
    static func noRegressionsLine(_ c: BaselineComparison) -> String {
        let key = c.baseline.counts.key.rawValue
        if c.passed { return "none" }
        if c.countsPassed { return "none; the check failed on its \(limitNames(c)) (see the verdict)" }
        if c.suspiciousDrop { return "none; the check failed on the total's drop (see the verdict)" }
        return "no single \(key) grew beyond the limits; the check failed on the total alone (many small increases)"
    }

    /// "cycle reports", "SwiftUI warnings", or both: the limits beside the counts that failed.
    static func limitNames(_ c: BaselineComparison) -> String {
        var names: [String] = []
        if c.cycles?.exceeded == true { names.append("cycle reports") }
        if c.warnings?.exceeded == true { names.append("SwiftUI warnings") }
        return names.joined(separator: " and ")
    }

    /// The first line of `--update-baseline`'s report: what was written, not a verdict.
    static func updatedLine(_ c: BaselineComparison, baselinePath: String) -> String {
        let grew = c.keys.filter { $0.current > $0.baseline }.count
        let dropped = c.keys.filter { $0.current < $0.baseline }.count
        let key = c.baseline.counts.key
        func noun(_ n: Int) -> String { n == 1 ? key.rawValue : key.plural }
        return "UPDATED \(baselinePath) with the counts of \(c.current.source.phrase): total updates \(c.total.baseline) -> \(c.total.current) (\(change(c.total, timed: c.current.time != nil))); \(grew) \(noun(grew)) grew, \(dropped) dropped"
    }

    static func describe(_ s: MeasuredSource) -> String {
        var parts: [String] = []
        if let sha = s.sha256 { parts.append("sha256 " + String(sha.prefix(12))) }
        if let date = s.importedAt { parts.append("imported " + date) }
        if let namer = s.namedBy { parts.append("named by snapshot '\(namer.label)'") }
        return s.phrase + (parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")") + RepeatedRecordings.more(s)
    }

    static func limitsText(_ l: CheckLimits) -> String {
        "tolerance \(l.tolerance)%, min-count \(l.minCount), max-drop " + (l.maxDrop.map { "\($0)%" } ?? "none")
            + (l.timeTolerance.map { ", time tolerance \($0)%" } ?? "")
    }

    /// `"time_statistics"` in json: the recordings, ratio, interval, p and verdict (null when unknown).
    static func statisticsObject(_ s: SampleComparison) -> String {
        func number(_ v: Double?) -> String { v.map(Baseline.formatSeconds) ?? "null" }
        let verdict: String
        switch s.verdict {
        case .slower: verdict = "slower"
        case .faster: verdict = "faster"
        case .unchanged: verdict = "unchanged"
        case .exact: verdict = "exact"
        case .noVerdict: verdict = "none"
        }
        var fields = ["\"baseline_recordings\": \(s.a?.count ?? 0)", "\"current_recordings\": \(s.b?.count ?? 0)",
                      "\"ratio\": " + number(s.interval?.ratio), "\"low\": " + number(s.interval?.low),
                      "\"high\": " + number(s.interval?.high), "\"p\": " + number(s.pValue), "\"verdict\": " + JSONText.quote(verdict)]
        if case .noVerdict(let why) = s.verdict { fields.append("\"why\": " + JSONText.quote(why)) }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static let columns = ["baseline", "current", "delta", "percent"]

    static func cells(_ k: KeyComparison) -> [SQLValue] {
        [.text(k.key), .text(String(k.baseline)), .text(String(k.current)), .text(signed(k.delta)), .text(percentText(k))]
    }

    /// With `check --time`: the seconds beside the counts.
    static let timeColumns = ["baseline_seconds", "current_seconds", "time"]

    static func timeCells(_ k: KeyComparison) -> [SQLValue] {
        func text(_ v: Double?) -> SQLValue { v.map { .text(seconds($0)) } ?? .null }
        var change = k.secondsPercent.map { String(format: "%+.1f%%", $0) } ?? ""
        if let statistics = intervalText(k) { change += (change.isEmpty ? "" : " ") + statistics }
        if k.timeRegressed { change += change.isEmpty ? "slower" : " slower" }
        return [text(k.baselineSeconds), text(k.currentSeconds), .text(change)]
    }

    // MARK: table

    static func table(_ c: BaselineComparison, baselinePath: String, notes: [String]) -> String {
        let sink = StringSink()
        let key = c.baseline.counts.key.rawValue
        sink.write(RowWriter.escapeForTable(verdict(c)) + "\n")
        for note in notes { sink.write(RowWriter.escapeForTable("note: " + note) + "\n") }
        sink.write(RowWriter.escapeForTable("baseline: \(baselinePath), \(describe(c.baseline.counts.source)), key \(key)") + "\n")
        sink.write(RowWriter.escapeForTable("current:  \(describe(c.current.source))") + "\n")
        sink.write("limits:   \(limitsText(c.limits)) (a key regresses when it grows by at least \(c.limits.minCount) and by more than \(c.limits.tolerance)% of its baseline)\n")
        if let time = timeLine(c) { sink.write("time:     \(time)\n") }
        if let cycles = c.cycles { sink.write(RowWriter.escapeForTable("cycles:   \(cycles.summary) (--max-cycles \(cycles.limit))") + "\n") }
        if let warnings = c.warnings { sink.write(RowWriter.escapeForTable("warnings: \(warnings.summary) (--max-warnings \(warnings.limit))") + "\n") }
        func section(_ title: String, _ rows: [KeyComparison], empty: String = "none") {
            sink.write("\n")
            if rows.isEmpty {
                sink.write("\(title): \(empty)\n")
                return
            }
            sink.write("\(title):\n")
            if c.limits.timeTolerance != nil {
                RowWriter(format: .table, out: sink).write(columns: [key] + columns + timeColumns, rows: rows.map { cells($0) + timeCells($0) })
            } else {
                RowWriter(format: .table, out: sink).write(columns: [key] + columns, rows: rows.map(cells))
            }
        }
        section("Regressions (worst first)", c.regressions, empty: noRegressionsLine(c))
        section("Improvements", c.improvements)
        if !c.withinLimits.isEmpty { section("Grew within the limits", c.withinLimits) }
        return sink.text
    }

    // MARK: json

    static func json(_ c: BaselineComparison, baselinePath: String, notes: [String]) -> String {
        func q(_ s: String) -> String { JSONText.quote(s) }
        func sourceObject(_ s: MeasuredSource) -> String {
            var fields = ["\"kind\": " + q(s.kind.rawValue), "\"label\": " + q(s.label)]
            fields.append("\"sha256\": " + (s.sha256.map(q) ?? "null"))
            fields.append("\"imported_at\": " + (s.importedAt.map(q) ?? "null"))
            if let n = s.namedBy {
                fields.append("\"named_by\": {\"label\": \(q(n.label)), \"sha256\": \(n.sha256.map(q) ?? "null")}")
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        func keyObject(_ k: KeyComparison) -> String {
            var fields = [
                "\"key\": " + q(k.key),
                "\"status\": " + q(k.status.rawValue),
                "\"baseline\": \(k.baseline)",
                "\"current\": \(k.current)",
                "\"delta\": \(k.delta)",
                "\"percent\": " + (k.percent.map { String(format: "%.2f", $0) } ?? "null"),
                "\"new\": \(k.isNew)",
                "\"vanished\": \(k.vanished)",
                "\"allowed\": \(c.limits.allowedCount(baseline: k.baseline))",
            ]
            if let s = k.baselineSeconds { fields.append("\"baseline_seconds\": " + Baseline.formatSeconds(s)) }
            if let s = k.currentSeconds { fields.append("\"current_seconds\": " + Baseline.formatSeconds(s)) }
            if c.limits.timeTolerance != nil { fields.append("\"time_regressed\": \(k.timeRegressed)") }
            if let s = k.timeStatistics { fields.append("\"time_statistics\": " + statisticsObject(s)) }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        func list(_ name: String, _ rows: [KeyComparison], last: Bool = false) -> String {
            let end = last ? "\n" : ",\n"
            if rows.isEmpty { return "  \(q(name)): []" + end }
            return "  \(q(name)): [\n" + rows.map { "    " + keyObject($0) }.joined(separator: ",\n") + "\n  ]" + end
        }
        var text = "{\n"
        text += "  \"verdict\": \(q(c.passed ? "pass" : "fail")),\n"
        text += "  \"suspicious_drop\": \(c.suspiciousDrop),\n"
        text += "  \"notes\": [" + notes.map(q).joined(separator: ", ") + "],\n"
        text += "  \"baseline\": {\"file\": \(q(baselinePath)), \"format_version\": \(c.baseline.formatVersion), "
            + "\"key\": \(q(c.baseline.counts.key.rawValue)), \"source\": \(sourceObject(c.baseline.counts.source))},\n"
        text += "  \"current\": \(sourceObject(c.current.source)),\n"
        var timeFields = ""
        if let t = c.limits.timeTolerance {
            timeFields = ", \"time_tolerance_percent\": \(t), \"time\": \(q((c.current.time ?? c.baseline.counts.time ?? .inclusive).rawValue))"
        }
        text += "  \"limits\": {\"tolerance_percent\": \(c.limits.tolerance), \"min_count\": \(c.limits.minCount), \"max_drop_percent\": \(c.limits.maxDrop.map { "\($0)" } ?? "null")\(timeFields)},\n"
        if let cycles = c.cycles {
            text += "  \"cycles\": {\"reports\": \(cycles.reports), \"max_cycles\": \(cycles.limit), \"exceeded\": \(cycles.exceeded), "
                + "\"views\": [" + cycles.views.map(q).joined(separator: ", ") + "]},\n"
        }
        if let w = c.warnings {
            text += "  \"warnings\": {\"count\": \(w.warnings), \"max_warnings\": \(w.limit), \"exceeded\": \(w.exceeded), \"kinds\": ["
                + w.kinds.map { "{\"code\": \(q($0.code)), \"count\": \($0.count), \"first_line\": \($0.firstLine)}" }.joined(separator: ", ") + "]},\n"
        }
        text += "  \"total\": \(keyObject(c.total)),\n"
        text += list("regressions", c.regressions)
        text += list("improvements", c.improvements)
        text += list("within_limits", c.withinLimits)
        text += list("keys", c.keys, last: true)
        text += "}\n"
        return text
    }

    // MARK: markdown

    /// Rows per section in a pull-request comment; the rest are counted.
    public static let markdownRowLimit = 50

    /// Text for markdown prose and table cells: `RowWriter`'s cell escaping (pipes, `<`, `>`,
    /// `&`, backticks, newlines, control characters), plus the emphasis and link characters.
    static func markdownText(_ s: String) -> String {
        // Controls shown as visible escapes first (C0, C1, DEL, bidi overrides and isolates:
        // a right-to-left override would make a key read backwards in the pull request).
        let cell = RowWriter.markdownCell(RowWriter.escapeForTable(s))
        var out = ""
        for ch in cell {
            if "*_[]~#".contains(ch) { out += "\\" }
            out.append(ch)
        }
        return out
    }

    static func markdown(_ c: BaselineComparison, baselinePath: String, notes: [String]) -> String {
        let key = c.baseline.counts.key.rawValue
        var text = c.passed ? "### ✅ agtrace check passed\n\n" : "### ❌ agtrace check failed\n\n"
        text += "**" + markdownText(verdict(c)).replacingOccurrences(of: " -&gt; ", with: " → ") + "**\n\n"
        for note in notes { text += "> ⚠️ " + markdownText(note) + "\n\n" }
        text += "Baseline " + markdownText(baselinePath) + ": " + markdownText(describe(c.baseline.counts.source))
        text += ", key " + key + ".<br>\n"
        text += "Current: " + markdownText(describe(c.current.source)) + ".<br>\n"
        text += "Limits: " + markdownText(limitsText(c.limits)) + (timeLine(c) == nil ? ".\n" : ".<br>\n")
        if let time = timeLine(c) { text += "Time: " + markdownText(time) + ".\n" }
        if let cycles = c.cycles {
            text += "\n" + (cycles.exceeded ? "❌ " : "") + "Cycles: " + markdownText("\(cycles.summary) (--max-cycles \(cycles.limit))") + ".\n"
        }
        if let warnings = c.warnings {
            text += "\n" + (warnings.exceeded ? "❌ " : "") + "Warnings: " + markdownText("\(warnings.summary) (--max-warnings \(warnings.limit))") + ".\n"
        }
        let withTime = timed(c)
        func table(_ rows: [KeyComparison]) -> String {
            var t = "| " + ([key] + columns + (withTime ? timeColumns : [])).joined(separator: " | ") + " |\n"
            t += "| --- | ---: | ---: | ---: | ---: |" + (withTime ? " ---: | ---: | ---: |" : "") + "\n"
            for k in rows.prefix(markdownRowLimit) {
                t += "| " + markdownText(k.key) + " | \(k.baseline) | \(k.current) | \(signed(k.delta)) | \(percentText(k)) |"
                if withTime { t += timeCells(k).map { " " + markdownText($0 == .null ? "" : $0.description) + " |" }.joined() }
                t += "\n"
            }
            if rows.count > markdownRowLimit {
                t += "\n… and \(rows.count - markdownRowLimit) more (agtrace check --format table lists all).\n"
            }
            return t
        }
        text += "\n#### Regressions (worst first)\n\n"
        text += c.regressions.isEmpty ? markdownText(noRegressionsLine(c).prefix(1).uppercased() + noRegressionsLine(c).dropFirst()) + ".\n" : table(c.regressions)
        if c.improvements.isEmpty {
            text += "\n#### Improvements\n\nNone.\n"
        } else {
            text += "\n<details><summary>Improvements (\(c.improvements.count))</summary>\n\n" + table(c.improvements) + "\n</details>\n"
        }
        if !c.withinLimits.isEmpty {
            text += "\n<details><summary>Grew within the limits (\(c.withinLimits.count))</summary>\n\n" + table(c.withinLimits) + "\n</details>\n"
        }
        return text
    }

    // MARK: junit

    /// XML text: the five entities; tab, newline and carriage return as character references
    /// (so attribute values keep them); characters XML 1.0 forbids as visible `\uXXXX`.
    public static func xmlEscape(_ s: String) -> String { XMLText.escape(s) }

    static func junit(_ c: BaselineComparison, baselinePath: String, notes: [String]) -> String {
        func x(_ s: String) -> String { xmlEscape(s) }
        let key = c.baseline.counts.key.rawValue
        let cases = [c.total] + c.keys
        // With --max-cycles and --max-warnings, one more test case each.
        let limitCases = (c.cycles.map { _ in 1 } ?? 0) + (c.warnings.map { _ in 1 } ?? 0)
        let failures = cases.filter { $0.status == .regressed }.count + (c.suspiciousDrop && c.total.status != .regressed ? 1 : 0)
            + (c.cycles?.exceeded == true ? 1 : 0) + (c.warnings?.exceeded == true ? 1 : 0)
        let suiteName = "agtrace check: \(c.current.source.phrase) against \(baselinePath)"
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<testsuites name=\"agtrace check\" tests=\"\(cases.count + limitCases)\" failures=\"\(failures)\" errors=\"0\">\n"
        text += "  <testsuite name=\"\(x(suiteName))\" tests=\"\(cases.count + limitCases)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        text += "    <properties>\n"
        let properties = [
            ("verdict", c.passed ? "pass" : "fail"),
            ("baseline", baselinePath),
            ("baseline.source", describe(c.baseline.counts.source)),
            ("current", describe(c.current.source)),
            ("key", key),
            ("tolerance_percent", c.limits.tolerance.description),
            ("min_count", String(c.limits.minCount)),
            ("max_drop_percent", c.limits.maxDrop.map { "\($0)" } ?? "none"),
        ] + (c.limits.timeTolerance.map { [("time_tolerance_percent", $0.description), ("time", timeLine(c) ?? "")] } ?? [])
            + notes.map { ("note", $0) }
        for (name, value) in properties {
            text += "      <property name=\"\(x(name))\" value=\"\(x(value))\"/>\n"
        }
        text += "    </properties>\n"
        for (i, k) in cases.enumerated() {
            let isTotal = i == 0
            let classname = isTotal ? "agtrace.updates" : "agtrace.updates.\(key)"
            let name = isTotal ? "total" : k.key
            let what = isTotal ? "total updates" : "updates of \(key) \(k.key)"
            let summary = "\(what): \(k.baseline) -> \(k.current) (\(change(k, timed: timed(c))))"
            // With --time, the key's current seconds are the test case's time, shown by CI pages.
            let time = timed(c) ? k.currentSeconds.map(Baseline.formatSeconds) ?? "0" : "0"
            text += "    <testcase classname=\"\(classname)\" name=\"\(x(name))\" time=\"\(time)\""
            if isTotal && c.suspiciousDrop && k.status != .regressed {
                let message = "\(summary); dropped by more than --max-drop \(c.limits.maxDrop!)%: lost work looks like an improvement"
                text += ">\n      <failure type=\"suspicious-drop\" message=\"\(x(message))\">"
                text += x("\(message) (\(limitsText(c.limits)); baseline \(baselinePath))")
                text += "</failure>\n    </testcase>\n"
                continue
            }
            switch k.status {
            case .regressed:
                var allowed = "\(c.limits.allowedCount(baseline: k.baseline))"
                if let t = c.limits.timeTolerance, let b = k.baselineSeconds { allowed += " updates and " + seconds(b * (1 + t.percent / 100)) }
                let message = "\(summary); allowed up to \(allowed)"
                text += ">\n      <failure type=\"regression\" message=\"\(x(message))\">"
                text += x("\(message) (\(limitsText(c.limits)); baseline \(baselinePath))")
                text += "</failure>\n    </testcase>\n"
            case .improved, .withinLimits:
                text += ">\n      <system-out>\(x(summary))</system-out>\n    </testcase>\n"
            case .unchanged where timed(c) && k.currentSeconds != nil:
                text += ">\n      <system-out>\(x(summary))</system-out>\n    </testcase>\n"
            case .unchanged:
                text += "/>\n"
            }
        }
        // The limits beside the counts, after the keys.
        if let cycles = c.cycles {
            text += limitCase("cycles", "cycle reports", cycles.summary, exceeded: cycles.exceeded, option: "--max-cycles \(cycles.limit)")
        }
        if let warnings = c.warnings {
            text += limitCase("warnings", "SwiftUI warnings", warnings.summary, exceeded: warnings.exceeded,
                              option: "--max-warnings \(warnings.limit)")
        }
        text += "  </testsuite>\n</testsuites>\n"
        return text
    }
}
