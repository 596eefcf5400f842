/// `compare --format markdown`: a comment for a pull request. The verdict first, then the
/// regressions, then the improvements, each key with its evaluations and self µs, then what
/// makes the comparison doubtful.
public enum CompareComment {
    public static func text(_ outcome: CompareOutcome) -> String {
        if !outcome.writes.isEmpty || outcome.keys.isEmpty {
            let sink = StringSink()
            outcome.write(to: RowWriter(format: .markdown, out: sink))
            return sink.text
        }
        // Positions in outcome.keys, not copies of the keys: a comparison of 60,000 keys held
        // three more copies of them here.
        let keys = outcome.keys
        let compared = keys.indices.filter { !keys[$0].isTotal }
        let worse = compared.filter { keys[$0].isRegression }, better = compared.filter { keys[$0].isImprovement }
        // No verdict (one recording a side) is no "nothing changed": what differs is shown, most first.
        let differing = worse.isEmpty && better.isEmpty ? differences(compared, in: keys) : []
        var out = "**agtrace compare**: \(verdict(outcome, worse: worse.count, better: better.count, differing: differing))\n\n"
        out += "A: \(sides(outcome.a)); B: \(sides(outcome.b)); by \(outcome.by.rawValue); \(how(outcome))\n"
        for (title, rows) in [("Regressions", worse), ("Improvements", better)] where !rows.isEmpty {
            out += "\n### \(title) (\(rows.count))\n\n" + keyTable(rows.lazy.map { keys[$0] }, outcome)
        }
        if !differing.isEmpty {
            out += "\n### Differences, without a verdict (\(differing.count))\n\n" + keyTable(differing.prefix(20).lazy.map { keys[$0] }, outcome)
            if differing.count > 20 { out += "\n… and \(differing.count - 20) more (agtrace compare --format table lists all).\n" }
        }
        if let total = keys.last, total.isTotal {
            out += "\n### Total\n\n" + keyTable([total], outcome)
        }
        for w in outcome.warnings { out += "\n> **Warning:** \(w)\n" }
        for n in outcome.notes { out += "\n> \(n)\n" }
        return out
    }

    /// `differing`: the positions of the keys that differ, most first (without a verdict).
    static func verdict(_ outcome: CompareOutcome, worse: Int, better: Int, differing: [Int]) -> String {
        let noun = outcome.by.plural
        let what = outcome.repeated && outcome.timed ? ("slower", "faster") : ("more evaluations", "fewer evaluations")
        if worse == 0 && better == 0 {
            guard let first = differing.first else {
                return "no \(outcome.by.rawValue) changed" + (outcome.repeated && outcome.timed ? " beyond the noise" : "")
            }
            let noVerdict = outcome.repeated ? "no \(outcome.by.rawValue) changed beyond the noise" : "one recording a side: no verdict"
            return "\(describe(outcome.keys[first])); \(differing.count == 1 ? "" : "\(differing.count) \(noun) differ; ")\(noVerdict)"
        }
        var parts: [String] = []
        if worse > 0 { parts.append("**\(worse) \(worse == 1 ? outcome.by.rawValue : noun) \(what.0)**") }
        if better > 0 { parts.append("\(better) \(better == 1 ? outcome.by.rawValue : noun) \(what.1)") }
        return parts.joined(separator: ", ")
    }

    /// The positions (of `candidates`, in `keys`) of the keys whose evaluations or self time
    /// differ at all, most first (self time's change when timed, then evaluations).
    static func differences(_ candidates: [Int], in keys: [KeyDifference]) -> [Int] {
        // Self time within 0.1% (or a nanosecond) is the clock's rounding, not a difference.
        candidates.filter { i in
            let k = keys[i]
            return k.delta != 0 || abs(k.selfDelta ?? 0) > max(1e-9, 0.001 * max(k.aSelf ?? 0, k.bSelf ?? 0))
        }
            .sorted { KeyDifferences.order(keys[$0], keys[$1], .change) }
    }

    /// "TextRule self time 34.1 µs -> 234 µs" / "FeedRow evaluations 13 -> 15".
    static func describe(_ k: KeyDifference) -> String {
        if let a = k.aSelf, let b = k.bSelf, a != b {
            return "`\(k.key)` self time \(ColumnUnit.seconds.display(.real(a))) -> \(ColumnUnit.seconds.display(.real(b)))"
        }
        return "`\(k.key)` evaluations \(ColumnUnit.number(k.a)) -> \(ColumnUnit.number(k.b))"
    }

    static func sides(_ recordings: [ComparedRecording]) -> String {
        recordings.count == 1 ? "`\(recordings[0].given)`" : "\(recordings.count) \(recordings[0].kind.rawValue)s"
    }

    static func how(_ outcome: CompareOutcome) -> String {
        if !outcome.timed { return "untimed: evaluations compared, no times" }
        if !outcome.repeated { return "one recording a side: times without a verdict" }
        return "self time: ratio of medians B/A with a 95% interval, slower or faster beyond \(ColumnUnit.fraction.display(.real(outcome.minEffect)))"
    }

    static func keyTable<Keys: Sequence<KeyDifference>>(_ keys: Keys, _ outcome: CompareOutcome) -> String {
        var columns = [outcome.by.rawValue, "A evaluations", "B evaluations", "delta"]
        if outcome.timed { columns += ["A self µs", "B self µs", "ratio"] }
        if outcome.repeated && outcome.timed { columns += ["95% interval", "p"] }
        let sink = StringSink()
        let writer = RowWriter(format: .markdown, out: sink)
        writer.begin(columns: columns)
        for k in keys {
            var row: [SQLValue] = [.text(k.key), CompareRows.number(k.a), CompareRows.number(k.b), CompareRows.number(k.delta)]
            if outcome.timed {
                row += [micro(k.aSelf), micro(k.bSelf), k.ratio.map { .text(ColumnUnit.number($0)) } ?? .null]
            }
            if outcome.repeated && outcome.timed {
                row.append(k.time?.interval.map { .text("\(ColumnUnit.number($0.low))–\(ColumnUnit.number($0.high))") } ?? .null)
                row.append(k.time?.pValue.map { .text(ColumnUnit.number($0)) } ?? .null)
            }
            writer.row(row)
        }
        writer.end()
        return sink.text
    }

    static func micro(_ seconds: Double?) -> SQLValue { seconds.map { .text(ColumnUnit.number($0 * 1_000_000)) } ?? .null }
}
