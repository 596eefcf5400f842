import Foundation

/// What measuring one contender gave: its best run, or why there is no number.
enum Outcome {
    case measured(ChildResult, runs: Int)
    case failed(String)
    case unavailable(String)

    var result: ChildResult? {
        if case .measured(let result, _) = self { return result }
        return nil
    }

    var seconds: Double? { result?.seconds }

    /// "0.712 s (best of 3)", "failed: exit 1: …", "not run: agtrace not built".
    var text: String {
        switch self {
        case .measured(let result, let runs): return Format.seconds(result.seconds) + (runs > 1 ? " (best of \(runs))" : "")
        case .failed(let why): return "failed: \(why)"
        case .unavailable(let why): return "not run (\(why))"
        }
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
    var id: String
    var measurement: String
    var subject: String
    var baseline: String
    var ratio: String
    var target: String
    var verdict: Verdict
    var note = ""

    /// A ratio row: subject / baseline against `limit`; either side missing makes it "not run".
    static func ratio(id: String, _ measurement: String, subject: Outcome, baseline: Outcome, baselineName: String,
                      limit: Double, note: String = "") -> ResultRow {
        var row = ResultRow(id: id, measurement: measurement, subject: subject.text,
                            baseline: "\(baselineName): \(baseline.text)", ratio: "—",
                            target: "≤ \(Format.ratio(limit))", verdict: .notRun("no measurement"), note: note)
        switch (subject, baseline) {
        case (.measured(let s, _), .measured(let b, _)) where b.seconds > 0:
            let r = s.seconds / b.seconds
            row.ratio = Format.ratio(r)
            row.verdict = r <= limit ? .pass : .fail
        case (.failed, _): row.verdict = .fail
        case (.unavailable(let why), _): row.verdict = .notRun(why)
        case (_, .failed): row.verdict = .notRun("\(baselineName) failed")
        case (_, .unavailable): row.verdict = .notRun("no \(baselineName) measurement")
        default: break
        }
        return row
    }
}

enum Format {
    static func seconds(_ s: Double) -> String { s < 10 ? String(format: "%.3f s", s) : String(format: "%.1f s", s) }
    static func ratio(_ r: Double) -> String { String(format: r < 10 ? "%.2fx" : "%.0fx", r) }
    /// Mebibytes, which is what "MB" means in the targets.
    static func megabytes(_ bytes: Int) -> String { String(format: "%.0f MB", Double(bytes) / 1_048_576) }
}
