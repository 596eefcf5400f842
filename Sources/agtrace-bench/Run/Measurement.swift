import Foundation

/// What measuring one contender over the rounds of a comparison gave: one run per round, in
/// round order, or why there is no number.
enum Outcome {
    case measured([ChildResult])
    case failed(String)
    case unavailable(String)

    var runs: [ChildResult] {
        if case .measured(let runs) = self { return runs }
        return []
    }

    var result: ChildResult? { runs.last }

    var medianSeconds: Double? { runs.isEmpty ? nil : Stats.median(runs.map(\.seconds)) }

    /// The highest peak RSS of all runs, and whether it is only an upper bound (see ChildResult).
    var peakRSS: (bytes: Int, upperBound: Bool)? {
        guard let top = runs.max(by: { $0.peakRSSBytes < $1.peakRSSBytes }) else { return nil }
        return (top.peakRSSBytes, top.peakRSSIsUpperBound)
    }

    /// "0.712 s (median of 5)", "failed: exit 1: …", "not run (agtrace not built)".
    var text: String {
        switch self {
        case .measured(let runs):
            return Format.seconds(Stats.median(runs.map(\.seconds))) + (runs.count > 1 ? " (median of \(runs.count))" : "")
        case .failed(let why): return "failed: \(why)"
        case .unavailable(let why): return "not run (\(why))"
        }
    }
}

enum Stats {
    /// The median (the mean of the middle two for an even count); NaN for none.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// subject / baseline round by round (the runs of one round were measured side by side).
    static func roundRatios(_ subject: [Double], _ baseline: [Double]) -> [Double] {
        zip(subject, baseline).compactMap { $1 > 0 ? $0 / $1 : nil }
    }
}

enum Verdict: Equatable {
    case pass, fail
    case notRun(String)

    var text: String {
        switch self {
        case .pass: return "PASS"
        case .fail: return "FAIL"
        case .notRun: return "—"
        }
    }
}

/// One line of the results table.
struct ResultRow {
    var id, measurement, subject, baseline, ratio, target: String
    var verdict: Verdict
    var note = ""

    /// A ratio row: the median over rounds of subject / baseline against `limit`; either side
    /// missing makes it "not run".
    static func ratio(id: String, _ measurement: String, subject: Outcome, baseline: Outcome, baselineName: String,
                      limit: Double, note: String = "") -> ResultRow {
        var row = ResultRow(id: id, measurement: measurement, subject: subject.text,
                            baseline: "\(baselineName): \(baseline.text)", ratio: "—",
                            target: "≤ \(Format.ratio(limit))", verdict: .notRun("no measurement"), note: note)
        switch (subject, baseline) {
        case (.measured(let s), .measured(let b)):
            let ratios = Stats.roundRatios(s.map(\.seconds), b.map(\.seconds))
            guard !ratios.isEmpty else { break }
            let r = Stats.median(ratios)
            row.ratio = Format.ratio(r)
            row.verdict = r <= limit ? .pass : .fail
            if ratios.count > 1 { row.addNote("round ratios \(Format.range(ratios))") }
        case (.failed, _): row.verdict = .fail
        case (.unavailable(let why), _): row.verdict = .notRun(why)
        case (_, .failed): row.verdict = .notRun("\(baselineName) failed")
        case (_, .unavailable): row.verdict = .notRun("no \(baselineName) measurement")
        }
        return row
    }

    /// A peak-RSS row: the highest peak over all runs of `outcome` against `limitMB`.
    static func peakRSS(id: String, _ measurement: String, of outcome: Outcome, limitMB: Int, extra: String = "") -> ResultRow {
        var row = ResultRow(id: id, measurement: measurement, subject: outcome.text, baseline: "—", ratio: "—",
                            target: "≤ \(limitMB) MB", verdict: .notRun("missing measurement"))
        switch outcome {
        case .measured:
            let peak = outcome.peakRSS!
            row.subject = "\(peak.upperBound ? "≤ " : "")\(Format.megabytes(peak.bytes))\(extra)"
            row.verdict = peak.bytes <= limitMB * 1_048_576 ? .pass : .fail
        case .failed: row.verdict = .fail
        case .unavailable(let why): row.verdict = .notRun(why)
        }
        return row
    }

    mutating func addNote(_ text: String) {
        guard !text.isEmpty else { return }
        note = note.isEmpty ? text : note + "; " + text
    }
}

enum Format {
    static func seconds(_ s: Double) -> String { s < 10 ? String(format: "%.3f s", s) : String(format: "%.1f s", s) }
    static func ratio(_ r: Double) -> String { String(format: r < 0.1 ? "%.3fx" : r < 10 ? "%.2fx" : "%.0fx", r) }
    /// "0.21x–0.26x": the spread of the per-round ratios behind a median.
    static func range(_ ratios: [Double]) -> String {
        "\(ratio(ratios.min() ?? .nan))–\(ratio(ratios.max() ?? .nan))"
    }
    /// Mebibytes, which is what "MB" means in the targets, to a tenth: rounded to whole ones, a
    /// peak of 80.4 printed "80 MB" beside a FAIL of its 80 MB limit.
    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
    /// Decimal megabytes per second.
    static func throughput(bytes: Int, seconds: Double) -> String { String(format: "%.0f MB/s", Double(bytes) / seconds / 1e6) }
}
